#!/bin/sh
# Builds the engine of another commit for an SPRT match against this one:
#   tools/engine/build-version.sh REV DIR
# checks REV out in a temporary git worktree, packages it (tests skipped) and copies its runnable
# application (target/quarkus-app) to DIR, so that
#   java -jar target/quarkus-app/quarkus-run.jar sprt --a self --b "usi:java -jar DIR/quarkus-run.jar usi" ...
# plays this build against REV's. DIR must not exist yet; keep it outside the repository.
set -e
if [ $# -ne 2 ]; then
    echo "usage: $0 REV DIR" >&2
    exit 2
fi
rev=$1
out=$2
if [ -e "$out" ]; then
    echo "$0: $out exists" >&2
    exit 2
fi
repo=$(git rev-parse --show-toplevel)
tree=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
git -C "$repo" worktree add --detach "$tree" "$rev" >/dev/null
(cd "$tree" && ./mvnw -B -ntp -q package -DskipTests)
mkdir -p "$out"
cp -R "$tree/target/quarkus-app/." "$out/"
echo "$out: $(git -C "$repo" rev-parse --short "$rev")"
