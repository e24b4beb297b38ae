#!/usr/bin/env bash
# Issue 6, item 6: concurrency. Proves that many appenders with expected versions, readers
# and subscriptions working at once, in one process and across processes, keep every
# invariant: offsets gapless, each stream's versions gapless and never repeated, every
# append attempt answered exactly once (stored once, or one conflict naming a version the
# stream really had), a stored append sent again answered as already stored, every read a
# gapless prefix, every subscription (in this process and in another) seeing every event
# once and in order, and a log that verifies. In one process 16 tasks contend on four
# streams; across processes two `antrain-stress contend` writer processes (8 tasks each)
# take turns on the writer lock beside two reader processes, a subscriber process and a
# subscription in the test process. The suite runs it small; this scales it up:
#
#   scripts/concurrency.sh                 # scale 25: 8,000 appends in one process, 6,000 across
#   scripts/concurrency.sh 100             # larger
#   CONFIGURATION=debug scripts/concurrency.sh 5
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
config=${CONFIGURATION:-release}
source scripts/build-tests.sh
build_tests concurrency.sh -c "$config" -Xswiftc -enable-testing
started=$SECONDS
set +e  # a failed run still prints its summary line below
ANTRAIN_CONCURRENCY_SCALE=${1:-25} swift test -c "$config" --skip-build --filter ConcurrencyTests 2>&1 \
    | tee /tmp/antrain-concurrency.log \
    | grep -E "^concurrency|✘|Test run with"
status=${PIPESTATUS[0]}
set -e
echo "concurrency: exit $status in $((SECONDS - started)) s (full log: /tmp/antrain-concurrency.log)"
exit "$status"
