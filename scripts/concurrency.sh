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
# Stop on a failed build or a warning in our code; never run a stale test binary. (With
# pipefail, `swift build | grep error && exit 1` would carry on after a failed build.)
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
if ! swift build -c "$config" --build-tests -Xswiftc -enable-testing >"$build_log" 2>&1; then
    grep -E "error:" "$build_log" | sort -u | head -20
    echo "concurrency.sh: the build failed (above)" >&2
    exit 1
fi
if grep -E "^$(pwd)/(Sources|Tests)/.*: warning:" "$build_log" | sort -u | grep .; then
    echo "concurrency.sh: the build has warnings in our code (above)" >&2
    exit 1
fi
started=$SECONDS
ANTRAIN_CONCURRENCY_SCALE=${1:-25} swift test -c "$config" --skip-build --filter ConcurrencyTests 2>&1 \
    | tee /tmp/antrain-concurrency.log \
    | grep -E "^concurrency|✘|Test run with"
status=${PIPESTATUS[0]}
echo "concurrency: exit $status in $((SECONDS - started)) s (full log: /tmp/antrain-concurrency.log)"
exit "$status"
