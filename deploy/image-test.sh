#!/bin/bash
# The container image of "mastermind serve" checked from outside, with a
# real Docker daemon, as CI runs it:
#
#   bash deploy/image-test.sh [TAG]        (default mastermind:dev)
#
# It builds the image (deploy/image.sh), then runs deploy/serve_test.go's
# TestImage on it (MASTERMIND_IMAGE=TAG): the image's size (at most 25 MB),
# user and files; the container, run as the Deployment runs it (read-only,
# no capability) with --network host on 127.0.0.1, plays a classic game
# through /api/next (each answer checked by the test's own scorer), answers
# /healthz and /readyz, and on SIGTERM during a request gives that request
# its whole answer and exits 0 within 11 s; a second SIGTERM stops it at
# once.
#
# Docker: docker.io is installed with apt-get when missing. When no daemon
# answers, it starts a dockerd of its own (as root) on a socket, state and
# images in a temporary folder, with no bridge and no iptables rules (the
# test uses the host's network), and stops it at the end, removing the
# folder; a daemon that fails to start on overlay2 is tried with vfs.
set -euo pipefail
cd "$(dirname "$0")/.."
TAG=${1:-mastermind:dev}

fail() {
	echo "image-test: FAIL: $*" >&2
	exit 1
}

if ! command -v docker >/dev/null || ! command -v dockerd >/dev/null; then
	SUDO=
	[ "$(id -u)" -ne 0 ] && SUDO=sudo
	$SUDO apt-get update
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends docker.io
fi

DOCKERD=
T=
cleanup() {
	status=$?
	if [ -n "$DOCKERD" ]; then
		kill "$DOCKERD" 2>/dev/null || true
		for _ in $(seq 100); do
			kill -0 "$DOCKERD" 2>/dev/null || break
			sleep 0.2
		done
		if kill -0 "$DOCKERD" 2>/dev/null; then
			echo "image-test: dockerd $DOCKERD did not stop on SIGTERM: killed" >&2
			kill -9 "$DOCKERD" 2>/dev/null || true
			status=1
		fi
	fi
	if [ -n "$T" ]; then
		# What dockerd leaves mounted there (its network namespace).
		awk -v t="$T/" 'index($2, t) == 1 { print $2 }' /proc/mounts | sort -r |
			while read -r m; do umount "$m" || true; done
		rm -rf "$T"
	fi
	exit "$status"
}
trap cleanup EXIT

# start_dockerd starts a daemon of this test's own with the flags given,
# and says whether it answers within a minute.
start_dockerd() {
	dockerd --host "unix://$T/docker.sock" --data-root "$T/data" --exec-root "$T/exec" \
		--pidfile "$T/docker.pid" --bridge none --iptables=false "$@" >>"$T/dockerd.log" 2>&1 &
	DOCKERD=$!
	for _ in $(seq 120); do
		docker info >/dev/null 2>&1 && return 0
		kill -0 "$DOCKERD" 2>/dev/null || break
		sleep 0.5
	done
	kill "$DOCKERD" 2>/dev/null && wait "$DOCKERD" 2>/dev/null
	DOCKERD=
	return 1
}

if docker info >/dev/null 2>&1; then
	echo "image-test: the Docker daemon running (docker info answers)"
else
	[ "$(id -u)" -eq 0 ] || fail "no Docker daemon answers, and starting one needs root"
	T=$(mktemp -d /tmp/mastermind-docker.XXXXXX)
	export DOCKER_HOST="unix://$T/docker.sock"
	if start_dockerd; then
		echo "image-test: started dockerd $DOCKERD ($(docker info --format '{{.ServerVersion}}, {{.Driver}}'))"
	elif start_dockerd --storage-driver vfs; then
		echo "image-test: started dockerd $DOCKERD on vfs (overlay2 failed: see below)"
		grep -i "overlay" "$T/dockerd.log" | head -5 >&2 || true
	else
		tail -20 "$T/dockerd.log" >&2
		fail "dockerd did not start"
	fi
fi

bash deploy/image.sh "$TAG"
(cd deploy && MASTERMIND_IMAGE=$TAG go test -count=1 -run '^TestImage$' -v .) || fail "TestImage"
echo "image-test: ok"
