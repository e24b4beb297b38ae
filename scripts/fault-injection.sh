#!/usr/bin/env bash
# The long runs of issue 6, items 2 to 4: torn and garbage tails, bit flips in sealed
# segments, and a full disk; and one-byte corruptions read both in place and copied (the
# scan's read path against recovery's, SegmentReaderInPlaceTests). The same tests run in the suite with few rounds; here the
# round counts come from the environment. Each prints one summary line for
# docs/RELIABILITY.md.
#
#   scripts/fault-injection.sh                       # 3,000 flips, 1,000 garbage tails, 20 fills, 5,000 in-place reads
#   FLIPS=10000 GARBAGE=5000 FILLS=50 IN_PLACE=20000 scripts/fault-injection.sh
#
# The full-disk test mounts a tmpfs, so it needs root (it is skipped otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/build-tests.sh
build_tests fault-injection.sh
started=$SECONDS
ANTRAIN_FLIP_ROUNDS=${FLIPS:-3000} ANTRAIN_GARBAGE_ROUNDS=${GARBAGE:-1000} ANTRAIN_FULL_DISK_ROUNDS=${FILLS:-20} \
    ANTRAIN_IN_PLACE_ROUNDS=${IN_PLACE:-5000} \
    swift test --skip-build --filter "TornTailTests|CorruptionTests|FullDiskTests|SegmentReaderInPlaceTests" 2>&1 \
    | tee /tmp/antrain-fault-injection.log \
    | grep -E "^(torn tails|garbage tails|bit flips|full disk|in-place reads):|✘|Test run with"
status=${PIPESTATUS[0]}
echo "fault injection: exit $status in $((SECONDS - started)) s (full log: /tmp/antrain-fault-injection.log)"
exit "$status"
