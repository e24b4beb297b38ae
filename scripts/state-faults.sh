#!/usr/bin/env bash
# Issue 36, long versions: derived state that is never wrong. The suite runs each small; this
# runs them large, in a release build of the tests (docs/RELIABILITY.md, item 9).
#
#   scripts/state-faults.sh                    # 2,000 bit flips, concurrency at scale 10
#   scripts/state-faults.sh 10000 30           # 10,000 flips, scale 30
#   CONFIGURATION=debug scripts/state-faults.sh 500 2
#
# Bit flips (StateBitFlipTests): one bit, a byte or 64 bits flipped in the state file's header,
# a table's B-tree page, an index page, a value or anywhere; each query then answers exactly
# what a fresh rebuild answers, or refuses with a clear message; never a wrong figure with
# exit 0. Concurrency (LockHolderRaceTests, ConcurrentCommandsTests): two catch-ups racing
# for the state's lock in both forced orders, and appenders, a recording terminal and query
# loops, compared with a fresh rebuild, positions watched for any step back.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
config=${CONFIGURATION:-release}
source scripts/build-tests.sh
build_tests state-faults.sh -c "$config" -Xswiftc -enable-testing
started=$SECONDS
set +e
ANTRAIN_STATE_FLIPS=${1:-2000} ANTRAIN_STATE_STRESS_SCALE=${2:-10} \
    swift test -c "$config" --skip-build --filter 'AntrainLogCLITests\.(StateBitFlipTests|LockHolderRaceTests|ConcurrentCommandsTests)/' 2>&1 \
    | tee /tmp/antrain-state-faults.log \
    | grep -E "^(state bit flips|lock-holder race|concurrent commands)|✘|Test run with"
status=${PIPESTATUS[0]}
set -e
echo "state-faults: exit $status in $((SECONDS - started)) s (full log: /tmp/antrain-state-faults.log)"
exit "$status"
