#!/usr/bin/env bash
# Issue 6, item 1: kill -9. Proves that a writer process killed with SIGKILL at random
# moments never loses an acknowledged event (one whose append returned: with the default
# durability, after its fsync), never stores an event twice, and always leaves a log that
# verifies. Each round starts `antrain-stress write` on the same log, which reports every
# acknowledged offset over a pipe; the test kills it, reopens the log for writing as a
# restarted app would, and checks every event acknowledged in any round so far, gapless
# offsets and stream versions, and the whole hash chain. The suite runs 20 rounds; this
# runs many and prints the summary line for docs/RELIABILITY.md:
#
#   kill-9: R rounds, A acknowledged events, L lost, D duplicated, V failed verifications
#
#   scripts/kill9.sh                                  # 500 rounds
#   scripts/kill9.sh 2000                             # more
#   ANTRAIN_KILL_SEED=123 scripts/kill9.sh 500        # replay a run (its seed is printed)
#   CONFIGURATION=debug scripts/kill9.sh 50           # the debug build (slow: see below)
#
# Built in release by default (with testable imports, as `swift test` builds them): every
# round verifies the whole, growing log, and in a debug build verification costs about a
# millisecond per block, so 500 rounds would take hours.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
config=${CONFIGURATION:-release}
source scripts/build-tests.sh
build_tests kill9.sh -c "$config" -Xswiftc -enable-testing
started=$SECONDS
ANTRAIN_KILL_ROUNDS=${1:-500} swift test -c "$config" --skip-build --filter KillNineTests 2>&1 \
    | tee /tmp/antrain-kill9.log \
    | grep -E "^kill-9|✘|Test run with"
status=${PIPESTATUS[0]}
echo "kill -9: exit $status in $((SECONDS - started)) s (full log: /tmp/antrain-kill9.log)"
exit "$status"
