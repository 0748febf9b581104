#!/bin/bash
# The merge of the parts that deploy/slurm-optimal.sh wrote: the optimal
# strategy's figures on the log and its tree in tree.json. It fails (status
# 2, naming the shard) if a part is missing or of another search.
#SBATCH --job-name=mastermind-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=00:10:00
#SBATCH --output=parts/merge.log
set -euo pipefail
exec mastermind optimal --merge parts/part-*.json --out tree.json
