#!/bin/bash
# The merge of the bounds that deploy/slurm-prove.sh wrote (see the
# commands there), run from the same folder once every task is done:
#
#   sbatch --dependency=afterok:JOBID deploy/slurm-prove-merge.sh
#
# The game's proven bound (the least over first guesses of the codes plus
# the sum of its answers' bounds) goes to mastermind-prove-merge.log. It
# fails (status 2) if a shard's bounds are missing or of another proof.
#SBATCH --job-name=mastermind-prove-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=00:10:00
#SBATCH --output=%x.log
set -euo pipefail
exec mastermind optimal --merge parts/bounds-*.json
