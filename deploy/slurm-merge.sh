#!/bin/bash
# The merge of the parts that deploy/slurm-optimal.sh wrote (see the
# commands there), run from the same folder once every task is done:
#
#   sbatch --dependency=afterok:JOBID deploy/slurm-merge.sh
#
# The optimal strategy's figures go to mastermind-merge.log and its tree to
# tree.json. It fails (status 2, naming the shard) if a part is missing or
# of another search.
#SBATCH --job-name=mastermind-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=00:10:00
#SBATCH --output=%x.log
set -euo pipefail
exec mastermind optimal --merge parts/part-*.json --out tree.json
