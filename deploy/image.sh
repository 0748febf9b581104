#!/bin/sh
# Builds the container image of "mastermind serve" (deploy/Dockerfile):
# the command linked statically (CGO_ENABLED=0), alone in a FROM scratch
# image, run as a non-root user; "serve --addr :8080" by default.
#
#	deploy/image.sh [TAG]      (default mastermind:dev)
#
# It needs Go and a Docker daemon; nothing is pulled. Then, for example:
#	docker run --rm -p 8080:8080 mastermind:dev
#	docker run --rm --network host mastermind:dev serve --addr 127.0.0.1:8080
set -eu
cd "$(dirname "$0")/.."
tag=${1:-mastermind:dev}
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
# Linux, for the daemon's processor (a Mac's Docker runs Linux too).
arch=$(docker version --format '{{.Server.Arch}}')
CGO_ENABLED=0 GOOS=linux GOARCH="$arch" go build -trimpath -ldflags='-s -w' -o "$context/mastermind" ./cmd/mastermind
cp deploy/Dockerfile "$context/"
# The classic builder where the docker command has no BuildKit (buildx).
if [ -z "${DOCKER_BUILDKIT:-}" ] && ! docker buildx version >/dev/null 2>&1; then
	export DOCKER_BUILDKIT=0
fi
docker build --quiet --tag "$tag" "$context" >/dev/null
size=$(docker image inspect --format '{{.Size}}' "$tag")
echo "$tag: $((size / 1000000)) MB ($size bytes)"
