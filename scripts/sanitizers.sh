#!/usr/bin/env bash
# Runs the whole test suite under the thread sanitizer and under the address sanitizer
# (issue 6, item 6; in CI since issue 22): data races, use-after-free and buffer overflows in
# the engine's actors, readers and codec, the projections' runtime and the SQLite state
# store's write-back make these runs fail. Leaks are not checked (detect_leaks=0). Each
# sanitizer builds into a scratch folder of its own (.build-tsan, .build-asan), so the normal
# build is left alone.
#
#   scripts/sanitizers.sh            # both
#   scripts/sanitizers.sh thread     # one
#
# A run fails on a failed test, and on any sanitizer report even when the exit status is 0:
# reports of the processes the tests start (the CLI, the stress writer, exit tests) go to
# their captured output, never to the test run's, so every process writes its reports to
# files (log_path), which are added to the run's log and counted there. scripts/asan.supp
# names the few reports of code outside this package that are known and fixed upstream.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

run() {
    local sanitizer=$1 scratch=".build-${1:0:1}san"
    local log="$scratch/sanitizer-test.log" reports="$scratch/sanitizer-reports"
    mkdir -p "$scratch"
    echo "== swift build --build-tests --sanitize=$sanitizer (scratch path $scratch)"
    local started=$SECONDS status=0
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" > "$scratch/sanitizer-build.log" 2>&1 || status=$?
    local build_seconds=$((SECONDS - started))
    echo "sanitizer $sanitizer: build exit $status, $build_seconds s"
    if [ "$status" -ne 0 ]; then
        grep -E "error:" "$scratch/sanitizer-build.log" | sort -u | head -20 || tail -30 "$scratch/sanitizer-build.log"
        return "$status"
    fi

    echo "== swift test --sanitize=$sanitizer"
    rm -rf "$reports" && mkdir -p "$reports"
    started=$SECONDS
    TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 log_path='$PWD/$reports/tsan'" \
    ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:suppressions='$PWD/scripts/asan.supp':log_path='$PWD/$reports/asan'" \
        swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" > "$log" 2>&1 || status=$?
    local run_seconds=$((SECONDS - started))
    local file
    for file in "$reports"/*; do
        [ -e "$file" ] && { echo "== sanitizer output of process ${file##*.}"; cat "$file"; } >> "$log"
    done
    grep -E "Test run with|✘|WARNING: ThreadSanitizer|ERROR: (Address|Thread|Leak)Sanitizer" "$log" || true
    local count
    count=$(grep -cE "WARNING: ThreadSanitizer|ERROR: (Address|Thread|Leak)Sanitizer" "$log" || true)
    echo "sanitizer $sanitizer: exit $status, $count reports, build $build_seconds s, test run $run_seconds s (full log: $log)"
    [ "$status" -eq 0 ] && [ "$count" -eq 0 ]
}

status=0
for sanitizer in ${@:-thread address}; do
    run "$sanitizer" || status=1
done
exit $status
