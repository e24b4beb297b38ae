#!/usr/bin/env bash
# The README's test command: set up, check that the generated sources are what their
# generator makes, build everything with no warnings allowed in our own code, then run the
# whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
bash scripts/check-generated.sh

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
if grep -E "^$(pwd)/(Sources|Tests)/.*: warning:" "$log" | sort -u | grep .; then
    echo "test.sh: the build has warnings in our code (above); fix them" >&2
    exit 1
fi
swift test --skip-build "$@"
