#!/bin/bash
# A Slurm array job: one task per shard of an optimal search, then a merge.
#
#   sbatch --array=0-31 deploy/slurm-optimal.sh           # the shards
#   sbatch --dependency=afterok:JOBID deploy/slurm-merge.sh   # the merge
#
# Each task writes parts/part-$SLURM_ARRAY_TASK_ID.json and keeps a
# checkpoint, so that a task that is preempted or requeued (sbatch
# --requeue) continues where it stopped. The game and the number of shards
# are set below; SHARDS must equal the size of the array. A shard is a set
# of units of work, each a first guess and one of its answers: a search
# has 52 units with 4 positions and 110 with 5, so that up to that
# many tasks help (mastermind optimal --shard 0/100000 says how many).
#SBATCH --job-name=mastermind-optimal
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=24:00:00
#SBATCH --output=parts/shard-%a.log
#SBATCH --signal=B:INT@120

set -euo pipefail
GAME=${GAME:-"-p 4 -c 10"}
SHARDS=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:-32}}
I=$SLURM_ARRAY_TASK_ID
mkdir -p parts
# shellcheck disable=SC2086
exec mastermind optimal $GAME --shard "$I/$SHARDS" --memory 3GB \
	--checkpoint "parts/shard-$I.ckpt" --out "parts/part-$I.json"
