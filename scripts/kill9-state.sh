#!/usr/bin/env bash
# Issue 23: kill -9 while a command writes the read models' state. Runs StateKillTests with
# many kill points on a larger log: a `rebuild`, a `program` (catching up the training
# models) and a `nutrition` (catching up the diary) are each killed with SIGKILL at points
# spread over their run, then every query must answer exactly as on an untouched copy.
# Prints one line per command:
#
#   state-kill: COMMAND: N kills, L while it ran, over DURATION
#
#   scripts/kill9-state.sh            # 40 kill points per command, 8 athletes (~16k events, doubled)
#   scripts/kill9-state.sh 100 20     # more points, a larger log
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/build-tests.sh
build_tests kill9-state.sh -c release -Xswiftc -enable-testing
started=$SECONDS
ANTRAIN_STATE_KILL_POINTS=${1:-40} ANTRAIN_STATE_KILL_ATHLETES=${2:-8} \
    swift test -c release --skip-build --filter StateKillTests 2>&1 \
    | tee /tmp/antrain-kill9-state.log \
    | grep -E "^state-kill|✘|Test run with"
status=${PIPESTATUS[0]}
echo "kill -9 of state writes: exit $status in $((SECONDS - started)) s (full log: /tmp/antrain-kill9-state.log)"
exit "$status"
