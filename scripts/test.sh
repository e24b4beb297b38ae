#!/usr/bin/env bash
# The README's test command: set up, check that the generated sources are what their
# generator makes, build everything with no warnings allowed in our own code, then run the
# whole test suite. Each step prints how long it took, so that a slowdown shows in CI's log.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
source scripts/setup.sh
source scripts/watched-test.sh
bash scripts/check-generated.sh
echo "test.sh: set-up and generated-code check took $((SECONDS - started)) s"

log=$(mktemp)
trap 'rm -f "$log" "$log.tests"' EXIT
started=$SECONDS
swift build --build-tests 2>&1 | tee "$log"
if grep -E "^$(pwd)/(Sources|Tests)/.*: warning:" "$log" | sort -u | grep .; then
    echo "test.sh: the build has warnings in our code (above); fix them" >&2
    exit 1
fi
echo "test.sh: build took $((SECONDS - started)) s"
started=$SECONDS
status=0
# Watched: a run that hangs is stopped and says where (scripts/watched-test.sh).
WATCHED_TEST_ECHO=1 watched_swift_test "$log.tests" --skip-build "$@" || status=$?
echo "test.sh: tests took $((SECONDS - started)) s (exit $status)"
exit $status
