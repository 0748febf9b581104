#!/bin/bash
# A Slurm array job that proves a lower bound on a game's optimal total by
# shards: each task proves bounds on the optimal totals of its units (a
# first guess and one of its answers) for PROVE, and the merge
# (deploy/slurm-prove-merge.sh) adds them up into the game's bound. Run
# from the folder the bounds go in (on storage that every node sees):
#
#   GAME="-p 4 -c 6" PROVE=1h sbatch --array=0-3 deploy/slurm-prove.sh
#   sbatch --dependency=afterok:JOBID deploy/slurm-prove-merge.sh
#   cat mastermind-prove-merge.log
#
# where JOBID is the number the first sbatch printed. The merge's log then
# says "proven by the shards (their bounds checked, not proven again): the
# optimal total is 5625" (classic: Koyama and Lai's optimum; exact: every
# unit of the best first guess solved; a task ends once its units are
# solved), or "... is at least N".
# GAME is the game's flags (default 7 of 7 distinct), PROVE each task's time
# (default 20h, within --time); the number of shards is the size of the
# array, at most the number of units (a first guess and its answer, split
# by the second guess where the part is large: 71 for 7 of 7 distinct;
# mastermind optimal GAME --prove 1m --shard 0/100000 --out x says how
# many), each task saying first what share of the work it has. Task I writes its bounds to parts/bounds-I.json
# and its log to mastermind-prove-I.log. A task that is requeued or
# preempted saves its checkpoint parts/bounds-I.ckpt on SIGTERM and
# continues from it when it runs again, as deploy/slurm-optimal.sh says
# (its units' proven bounds come back at once; PROVE starts again).
#SBATCH --job-name=mastermind-prove
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=24:00:00
#SBATCH --output=%x-%a.log
#SBATCH --open-mode=append
#SBATCH --requeue
#SBATCH --signal=B:INT@120

set -euo pipefail
GAME=${GAME:-"-p 7 -c 7 --distinct"}
PROVE=${PROVE:-20h}
SHARDS=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:-6}}
I=$SLURM_ARRAY_TASK_ID
mkdir -p parts
echo "task $I of $SHARDS, $GAME, --prove $PROVE, on $(hostname) in $PWD, run $((${SLURM_RESTART_COUNT:-0} + 1)), $(date -u +%FT%TZ)"
if [ -s "parts/bounds-$I.ckpt" ]; then
	echo "continuing from the checkpoint parts/bounds-$I.ckpt ($(stat -c %s "parts/bounds-$I.ckpt") bytes)"
fi
# shellcheck disable=SC2086
exec mastermind optimal $GAME --prove "$PROVE" --shard "$I/$SHARDS" --memory 3GB \
	--checkpoint "parts/bounds-$I.ckpt" --out "parts/bounds-$I.json"
