#!/bin/bash
# A Slurm array job: one task per shard of an optimal search; then the merge
# (deploy/slurm-merge.sh). Run from the folder the parts go in (on storage
# that every node sees; each task makes parts/ there):
#
#   GAME="-p 4 -c 7" sbatch --array=0-7 deploy/slurm-optimal.sh
#   sbatch --dependency=afterok:JOBID deploy/slurm-merge.sh
#   mastermind eval -p 4 -c 7 --tree tree.json
#
# where JOBID is the number the first sbatch printed ("Submitted batch job
# JOBID"). GAME is the game's flags (default 4 positions of 10 colours);
# the number of shards is the size of the array. Task I writes its part to
# parts/part-I.json and its log to mastermind-optimal-I.log in this folder.
# A shard is a set of units of work, each a first guess and one of its
# answers: a search has 52 units with 4 positions and 110 with 5; with
# more than a quarter as many tasks, large parts are split below the first
# answer (4x7 in 40 shards: 9,374 units; docs/cluster.md), and each task
# says first what share of the work it has (mastermind optimal --shard
# 0/100000 says how many units). deploy/slurm-test.sh runs these lines on
# a one-node Slurm.
#
# A task keeps its checkpoint in parts/shard-I.ckpt: a task that is
# preempted or requeued (scontrol requeue JOBID_I) is stopped by SIGTERM,
# which saves the checkpoint, and continues from it when it runs again,
# on any node that sees the folder, even at another path:
#
#   scontrol requeuehold JOBID_I
#   mv FOLDER NEW
#   scontrol update JobId=JOBID_I WorkDir=NEW StdOut=NEW/mastermind-optimal-I.log
#   scontrol release JOBID_I
#
# (and the same update of the merge's job). Its log is appended to, and
# says so. 120 s before its time limit a task is stopped the same way
# (SIGINT) and fails; so does the merge's afterok, for good. To continue:
#
#   scontrol requeue JOBID_I
#   scancel MERGEJOBID
#   sbatch --dependency=afterany:JOBID deploy/slurm-merge.sh
#
# --memory bounds the search and so its checkpoint; keep it below --mem.
# More in docs/cluster.md.
#SBATCH --job-name=mastermind-optimal
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=24:00:00
#SBATCH --output=%x-%a.log
#SBATCH --open-mode=append
#SBATCH --requeue
#SBATCH --signal=B:INT@120

set -euo pipefail
GAME=${GAME:-"-p 4 -c 10"}
SHARDS=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:-32}}
I=$SLURM_ARRAY_TASK_ID
mkdir -p parts
echo "task $I of $SHARDS, $GAME, on $(hostname) in $PWD, run $((${SLURM_RESTART_COUNT:-0} + 1)), $(date -u +%FT%TZ)"
if [ -s "parts/shard-$I.ckpt" ]; then
	echo "continuing from the checkpoint parts/shard-$I.ckpt ($(stat -c %s "parts/shard-$I.ckpt") bytes)"
fi
# shellcheck disable=SC2086
exec mastermind optimal $GAME --shard "$I/$SHARDS" --memory 3GB \
	--checkpoint "parts/shard-$I.ckpt" --out "parts/part-$I.json"
