#!/bin/bash
# The Slurm scripts of deploy/ run on Slurm itself: a one-node cluster on
# localhost (slurmctld, slurmd and munged of their own, with their state,
# spool, logs and key in a temporary folder), as root, as in CI:
#
#   bash deploy/slurm-test.sh
#
# It installs slurm-wlm and munge with apt-get if they are missing, builds
# mastermind, and submits deploy/slurm-optimal.sh and deploy/slurm-merge.sh
# with the commands of their comments:
#  1. 4x7 in 8 shards, merged: total 11228 (Ville 2013); then classic in 2
#     shards that fail (mastermind not on their PATH), requeued and merged
#     after them with afterany, as deploy/slurm-optimal.sh says: 5625
#     (Koyama and Lai 1993);
#  2. 4x8 in 2 shards, merged into the tree of one uninterrupted run, byte
#     for byte, with task 1 requeued mid-search (scontrol requeuehold, as
#     soon as its log says its search started: SIGTERM saves its
#     checkpoint), its folder moved to another path (a checkpoint on shared
#     storage is all a task needs to continue on another node), and resumed
#     from its checkpoint there, its log saying so;
#  3. a proof by deploy/slurm-prove.sh and deploy/slurm-prove-merge.sh:
#     classic in 4 shards, proven exact, 5625 (Koyama and Lai 1993), as the
#     single --prove proves it;
#  4. a proof of 6 of 7 distinct as 32 tasks of 1 s each (two at a time),
#     merged: a bound at most 29156, the tasks' plans saying how the work
#     was spread.
# It fails (status 1) on any mismatch, stops every daemon it started and
# removes its folder (KEEP=1 keeps it). About 3 minutes on 2 cores (the
# steps wait for events, the Slurm jobs' ends and the tasks' logs, never
# for a time; the bounds on those waits are hang detectors, generous).
# MASTERMIND=FILE tests that build of mastermind instead of this tree's.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD

fail() {
	echo "slurm-test: FAIL: $*" >&2
	exit 1
}

# The packages, installed if missing (as .ci/run installs the browser).
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
	! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
	SUDO=
	[ "$(id -u)" -ne 0 ] && SUDO=sudo
	$SUDO apt-get update
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurm-wlm munge
fi
[ "$(id -u)" -eq 0 ] || fail "run as root: the daemons of a cluster of one's own run as root here"

T=$(mktemp -d /tmp/mastermind-slurm.XXXXXX)
PIDS=()
cleanup() {
	status=$?
	cd /
	if [ -n "${SLURM_CONF:-}" ]; then
		timeout 20 scancel --quiet --user=root 2>/dev/null || true
		for _ in $(seq 40); do
			[ -z "$(timeout 10 squeue -h -t RUNNING,COMPLETING 2>/dev/null)" ] && break
			sleep 1
		done
	fi
	# slurmd and slurmctld stop on SIGTERM (and slurmd ends its jobs' steps);
	# munged last, as they use it until they stop.
	for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
		pid=${PIDS[i]}
		kill "$pid" 2>/dev/null || continue
		for _ in $(seq 50); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.2
		done
		if kill -0 "$pid" 2>/dev/null; then
			echo "slurm-test: process $pid did not stop on SIGTERM: killed" >&2
			kill -9 "$pid" 2>/dev/null || true
			status=1
		fi
	done
	# Anything still running from this test's folder (a job's mastermind).
	for p in /proc/[0-9]*; do
		exe=$(readlink "$p/exe" 2>/dev/null) || continue
		cwd=$(readlink "$p/cwd" 2>/dev/null) || cwd=
		if [[ $exe == "$T"/* || $cwd == "$T"/* ]]; then
			echo "slurm-test: process ${p#/proc/} ($exe) left running: killed" >&2
			kill -9 "${p#/proc/}" 2>/dev/null || true
			status=1
		fi
	done
	if [ "$status" -ne 0 ]; then
		for f in "$T"/slurm*.log "$T"/slurm*.out; do
			[ -s "$f" ] && { echo "--- last lines of $f" >&2; tail -n 20 "$f" >&2; }
		done
	fi
	if [ -n "${KEEP:-}" ]; then
		echo "slurm-test: kept $T" >&2
	else
		rm -rf "$T"
	fi
	exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# mastermind, on the PATH of the jobs (sbatch passes its environment on):
# built from this tree, or the build MASTERMIND names.
mkdir -p "$T/bin"
if [ -n "${MASTERMIND:-}" ]; then
	cp "$MASTERMIND" "$T/bin/mastermind"
else
	go build -o "$T/bin/mastermind" ./cmd/mastermind
fi
export PATH="$T/bin:$PATH"

# munge with a key and a socket of its own.
mkdir -p "$T/munge" && chmod 700 "$T/munge"
dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$T/munge/munge.key"
munged --foreground --force --key-file="$T/munge/munge.key" --socket="$T/munge/socket" \
	--pid-file="$T/munge/munged.pid" --log-file="$T/munge/munged.log" \
	--seed-file="$T/munge/seed" >"$T/munge/out.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 50); do [ -S "$T/munge/socket" ] && break; sleep 0.1; done
munge --socket="$T/munge/socket" -n | unmunge --socket="$T/munge/socket" >/dev/null ||
	fail "munged does not answer (see $T/munge/munged.log)"

# Two free ports for slurmctld and slurmd.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORTS=()
for p in $(seq 16817 16899); do
	port_free "$p" && PORTS+=("$p")
	[ ${#PORTS[@]} -eq 2 ] && break
done
[ ${#PORTS[@]} -eq 2 ] || fail "no two free ports in 16817-16899"

# The cluster: this machine as its one node, as slurmd -C describes it;
# processes tracked without cgroups (which a container may not give).
HOST=$(hostname -s)
NODE=$(slurmd -C | head -n 1)
[[ $NODE == NodeName=* ]] || fail "slurmd -C says $NODE"
mkdir -p "$T/state" "$T/spool"
export SLURM_CONF="$T/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=mastermind-test
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=${PORTS[0]}
SlurmdPort=${PORTS[1]}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/socket,cred_expire=10
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerParameters=sched_interval=2
MailProg=/bin/true
ReturnToService=2
KillWait=30
MinJobAge=3600
$NODE NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -i -f "$SLURM_CONF" >"$T/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" >"$T/slurmd.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 60); do
	[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
	sleep 1
done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] || fail "the node is not idle after 60 s: $(sinfo 2>&1)"
echo "slurm-test: cluster up: $NODE, ports ${PORTS[*]}, in $T"

# submit runs sbatch with its arguments and prints the job's id.
submit() {
	local out
	out=$(sbatch "$@") || fail "sbatch $*: $out"
	[[ $out =~ ^Submitted\ batch\ job\ ([0-9]+)$ ]] || fail "sbatch $*: $out"
	echo "${BASH_REMATCH[1]}"
}

# failed prints the states of the jobs job $1 depends on.
failed() {
	local dep
	dep=$(scontrol -o show job "$1" | grep -o 'Dependency=[^ ]*')
	echo "$dep"
	dep=${dep#*:}
	scontrol -o show job "${dep%%_*}" |
		sed -E 's/.* ArrayTaskId=([0-9]+) .* JobState=([A-Z_]+) Reason=([^ ]*) .* ExitCode=([^ ]*) .*/task \1: \2 (\3), exit code \4/'
}

# wait_done waits for the job $1 to end (at most $2 seconds: a hang
# detector), and fails unless every task of it completed with status 0.
wait_done() {
	local q end=$((SECONDS + $2))
	while ((SECONDS < end)); do
		q=$(squeue -h -o "%i %T %r" -j "$1" 2>/dev/null) || q=
		[ -z "$q" ] && break
		[[ $q == *DependencyNeverSatisfied* ]] && fail "job $1 waits for a job that failed: $(failed "$1")"
		sleep 0.25
	done
	[ -z "$(squeue -h -j "$1")" ] || fail "job $1 not done after $2 s: $(squeue -j "$1")"
	local line
	while read -r line; do
		[[ $line == *JobState=COMPLETED* && $line == *" ExitCode=0:0"* ]] ||
			fail "job $1 did not complete: $line"
	done < <(scontrol -o show job "$1")
}

# in_comment fails unless the command $1 is one of the comment's lines in
# the script $2: the test runs what the comments say.
in_comment() {
	grep -qxF "#   $1" "$REPO/$2" || fail "\"$1\" is not a command of $2's comment"
}

# total checks the total of the tree in $2 of the game $1 by eval against
# $3, published by $4.
total() {
	local want=$3 got
	# shellcheck disable=SC2086
	got=$(mastermind eval $1 --tree "$2" | awk '$1 == "total" { print $2 }')
	[ "$got" = "$want" ] || fail "$1: the merged tree's total is ${got:-missing}, want $want ($4)"
	echo "slurm-test: $1: the merged tree's total is $got, as published ($4)"
}

# 1. 4x7 in 8 shards, as the comments say, from a new folder.
SUB='GAME="-p 4 -c 7" sbatch --array=0-7 deploy/slurm-optimal.sh'
MERGE='sbatch --dependency=afterok:JOBID deploy/slurm-merge.sh'
EVAL='mastermind eval -p 4 -c 7 --tree tree.json'
for c in "$SUB" "$MERGE" "$EVAL"; do in_comment "$c" deploy/slurm-optimal.sh; done
in_comment "$MERGE" deploy/slurm-merge.sh
mkdir -p "$T/run1" && cp -r "$REPO/deploy" "$T/run1/"
cd "$T/run1"
start=$SECONDS
JOB=$(GAME="-p 4 -c 7" submit --array=0-7 deploy/slurm-optimal.sh)
MJOB=$(submit --dependency=afterok:"$JOB" deploy/slurm-merge.sh)
wait_done "$MJOB" 300
wait_done "$JOB" 1
total "-p 4 -c 7" tree.json 11228 "Ville 2013"
for i in $(seq 0 7); do
	grep -q "^task $i of 8, -p 4 -c 7, on " "mastermind-optimal-$i.log" ||
		fail "mastermind-optimal-$i.log does not start as the script says: $(cat "mastermind-optimal-$i.log")"
done
echo "slurm-test: 4x7 in 8 shards and the merge: $((SECONDS - start)) s"

# 1b. Tasks that failed (mastermind not on the nodes' PATH yet) and the
# merge's afterok with them, run again as the comment says: requeued, and
# the merge submitted again with afterany.
REQ='scontrol requeue JOBID_I'
CAN='scancel MERGEJOBID'
ANY='sbatch --dependency=afterany:JOBID deploy/slurm-merge.sh'
for c in "$REQ" "$CAN" "$ANY"; do in_comment "$c" deploy/slurm-optimal.sh; done
mkdir -p "$T/run1b/late" && cp -r "$REPO/deploy" "$T/run1b/"
cd "$T/run1b"
start=$SECONDS
JOB=$(PATH="$T/run1b/late:/usr/bin:/bin" GAME="-p 4 -c 6" submit --array=0-1 deploy/slurm-optimal.sh)
MJOB=$(PATH="$T/run1b/late:/usr/bin:/bin" submit --dependency=afterok:"$JOB" deploy/slurm-merge.sh)
for _ in $(seq 120); do
	[[ $(squeue -h -o %r -j "$MJOB") == DependencyNeverSatisfied ]] && break
	sleep 1
done
[[ $(squeue -h -o %r -j "$MJOB") == DependencyNeverSatisfied ]] || fail "the merge of failed tasks: $(squeue -j "$MJOB")"
ln -s "$T/bin/mastermind" late/mastermind
scontrol requeue "${JOB}_0"
scontrol requeue "${JOB}_1"
scancel "$MJOB"
MJOB=$(submit --dependency=afterany:"$JOB" deploy/slurm-merge.sh)
wait_done "$MJOB" 300
wait_done "$JOB" 1
total "-p 4 -c 6" tree.json 5625 "Koyama and Lai 1993"
grep -q "^task 1 of 2, -p 4 -c 6, on .*, run 2, " mastermind-optimal-1.log ||
	fail "task 1's log does not say its second run: $(cat mastermind-optimal-1.log)"
echo "slurm-test: classic in 2 shards that failed, requeued and merged after them: $((SECONDS - start)) s"

# 2. 4x8 in 2 shards (the node runs one task at a time: 2 CPUs each), task
# 1 requeued and held as soon as its log says its search started (it lists
# its units first; a search of seconds, where the requeue takes a fraction
# of one). Its merge must be the tree of one uninterrupted run, byte for
# byte (each set's least total, the earliest guess among equals).
A="$T/node-a/shared/run2" B="$T/node-b/mnt/run2"
mkdir -p "$A" "$(dirname "$B")" && cp -r "$REPO/deploy" "$A/"
cd "$A"
start=$SECONDS
JOB=$(GAME="-p 4 -c 8" submit --array=0-1 deploy/slurm-optimal.sh)
MJOB=$(submit --dependency=afterok:"$JOB" deploy/slurm-merge.sh)
for _ in $(seq 3000); do
	grep -q "^shard 1/2 will search " mastermind-optimal-1.log 2>/dev/null && break
	sleep 0.1
done
grep -q "^shard 1/2 will search " mastermind-optimal-1.log 2>/dev/null ||
	fail "task 1 of 4x8 did not start its search: $(squeue -j "$JOB"; cat mastermind-optimal-1.log 2>&1)"
scontrol requeuehold "${JOB}_1"
for _ in $(seq 120); do
	[[ $(scontrol -o show job "${JOB}_1") == *"JobState=PENDING"* ]] && break
	sleep 1
done
[[ $(scontrol -o show job "${JOB}_1") == *"JobState=PENDING"* ]] ||
	fail "task 1 not pending after its requeue: $(scontrol -o show job "${JOB}_1")"
wait_done "${JOB}_0" 300
[ -s parts/shard-1.ckpt ] || fail "task 1 left no checkpoint: $(ls -l parts)"
grep -q "interrupted" mastermind-optimal-1.log || fail "task 1's log does not say it was interrupted: $(cat mastermind-optimal-1.log)"
[ ! -e parts/part-1.json ] || fail "task 1 had finished before its requeue: the search is too short to test it"
ckpt=$(stat -c %s parts/shard-1.ckpt)

# The shared folder seen at another path, as on another node.
cd /
mv "$A" "$B"
scontrol update JobId="${JOB}_1" WorkDir="$B" StdOut="$B/mastermind-optimal-1.log"
scontrol update JobId="$MJOB" WorkDir="$B" StdOut="$B/mastermind-merge.log"
scontrol release "${JOB}_1"
wait_done "$MJOB" 600
wait_done "$JOB" 1
cd "$B"
mastermind optimal -p 4 -c 8 --out one.json >/dev/null
cmp -s tree.json one.json || fail "4x8: the merged tree differs from one run's (totals $(mastermind eval -p 4 -c 8 --tree tree.json | awk '$1 == "total" { print $2 }') and $(mastermind eval -p 4 -c 8 --tree one.json | awk '$1 == "total" { print $2 }'))"
grep -q "^task 1 of 2, -p 4 -c 8, on .* in $B, run 2, " mastermind-optimal-1.log &&
	grep -qxF "continuing from the checkpoint parts/shard-1.ckpt ($ckpt bytes)" mastermind-optimal-1.log ||
	fail "task 1's log does not say it continued from its checkpoint at $B: $(cat mastermind-optimal-1.log)"
echo "slurm-test: 4x8 in 2 shards, task 1 requeued, moved and continued from its checkpoint ($ckpt bytes), and the merge: one run's tree, byte for byte: $((SECONDS - start)) s"
echo "--- $B/mastermind-optimal-1.log"
cat mastermind-optimal-1.log

# 3. A proof by shards: classic in 4 shards, its bounds merged into the
# optimal total, 5625 (Koyama and Lai 1993), as the single --prove proves it.
SUB='GAME="-p 4 -c 6" PROVE=1h sbatch --array=0-3 deploy/slurm-prove.sh'
MERGE='sbatch --dependency=afterok:JOBID deploy/slurm-prove-merge.sh'
for c in "$SUB" "$MERGE" "cat mastermind-prove-merge.log"; do in_comment "$c" deploy/slurm-prove.sh; done
in_comment "$MERGE" deploy/slurm-prove-merge.sh
mkdir -p "$T/run3" && cp -r "$REPO/deploy" "$T/run3/"
cd "$T/run3"
start=$SECONDS
JOB=$(GAME="-p 4 -c 6" PROVE=1h submit --array=0-3 deploy/slurm-prove.sh)
MJOB=$(submit --dependency=afterok:"$JOB" deploy/slurm-prove-merge.sh)
wait_done "$MJOB" 600
wait_done "$JOB" 1
want="proven by the shards (their bounds checked, not proven again): the optimal total is 5625"
[ "$(cat mastermind-prove-merge.log)" = "$want" ] ||
	fail "classic: the merged bounds say \"$(cat mastermind-prove-merge.log)\", want \"$want\""
single=$(mastermind optimal -p 4 -c 6 --prove 1h)
want="proven: the optimal total is 5625"
[ "$single" = "$want" ] || fail "classic: the single --prove says \"$single\", want \"$want\""
echo "slurm-test: classic in 4 shards: the merged bounds prove the optimal total 5625 (Koyama and Lai 1993), as the single --prove does: $((SECONDS - start)) s"

# 4. A proof of 6 of 7 distinct (open: 28,960..29,156) as 32 tasks on this
# one node, each proving its units for 1 s, merged: a bound, at most the
# total of the best strategy known. Its units are split below the first
# answer where a part is large (816 units, not 11, none over 1% of the
# work), so that every task has work; each task's log says its share of
# the work before it starts, and this log the largest task's. One CPU a
# task here (sbatch's --cpus-per-task over the script's 2), so that the
# node runs two at a time: a task of 1 s is mostly its start.
mkdir -p "$T/run4" && cp -r "$REPO/deploy" "$T/run4/"
cd "$T/run4"
start=$SECONDS
JOB=$(GAME="-p 6 -c 7 --distinct" PROVE=1s submit --array=0-31 --cpus-per-task=1 deploy/slurm-prove.sh)
MJOB=$(submit --dependency=afterok:"$JOB" deploy/slurm-prove-merge.sh)
wait_done "$MJOB" 1800
wait_done "$JOB" 1
got=$(cat mastermind-prove-merge.log)
[[ $got =~ ^proven\ by\ the\ shards\ .*:\ the\ optimal\ total\ is\ at\ least\ ([0-9]+)$ ]] ||
	fail "6 of 7 distinct in 32 tasks: the merge says \"$got\", want a bound"
bound=${BASH_REMATCH[1]}
((bound > 5040 && bound <= 29156)) || fail "6 of 7 distinct: proven at least $bound, not within 5041..29156"
plans=$(grep -h " will prove " mastermind-prove-[0-9]*.log) || fail "6 of 7 distinct: no task said its plan"
[ "$(wc -l <<<"$plans")" -eq 32 ] || fail "6 of 7 distinct: $(wc -l <<<"$plans") plans, want 32"
most=$(sed -E 's/.*about ([0-9.]+)% of the work.*/\1/' <<<"$plans" | sort -g | tail -1)
unit=$(sed -E 's/.*its largest unit ([0-9.]+)%.*/\1/' <<<"$plans" | sort -g | tail -1)
said=$(sed -E 's/.*\(the largest shard ([0-9.]+)%\).*/\1/' <<<"$plans" | sort -u)
[ "$said" = "$most" ] || fail "6 of 7 distinct: the plans say the largest task has $said% of the work, but the largest says $most%"
# Dealt by work (largest first, each to the least loaded task), the
# largest task is near a 32nd (3.13%); dealt in turn it was 5.18%.
awk -v m="$most" 'BEGIN { exit !(m <= 3.6) }' || fail "6 of 7 distinct: the largest task has $most% of the work, more than 1.15 of a 32nd (3.6%)"
echo "slurm-test: 6 of 7 distinct in 32 tasks of 1 s: proven at least $bound (the optimum is 28,960..29,156); the largest task $most% of the work, the largest unit $unit%: $((SECONDS - start)) s"
echo "slurm-test: PASS"
