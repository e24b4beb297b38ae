#!/usr/bin/env bash
# Issue 23's bars, measured: builds the release antrain-log, then runs the package-benchmark
# target CommandLatency (the binary run as a user runs it, on a 100k- and a 5M-event log)
# and, with --rebuild, ProjectionRebuild too (R0 to R3: the rebuild in process, its SQLite
# peer, in-process queries). The raw output goes to Benchmarks/results/DATE-NAME.txt, with
# the commit, the machine and its load before and after.
#
#   scripts/bench-commands.sh                       # CommandLatency, results/DATE-commands.txt
#   scripts/bench-commands.sh --rebuild             # and ProjectionRebuild, results/DATE-rebuild.txt
#   scripts/bench-commands.sh --filter 'K1 prs.*'   # one part (package-benchmark's --filter)
#
# ANTRAIN_BENCH_5M=/path/to/log names a copy of the 5M log (`antrain-log generate --athletes
# 1250 --weeks 26 --seed 21`) to start the fixture from instead of generating it (minutes);
# it is copied, never written. The fixtures stay in /tmp/antrain-bench-commands-* and
# /tmp/antrain-bench-rebuild-* for the next run (about 1 GB each with their state);
# remove them when done.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

rebuild=0
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rebuild) rebuild=1 ;;
        *) args+=("$1") ;;
    esac
    shift
done

swift build -c release --product antrain-log
export ANTRAIN_LOG_BIN="$PWD/.build/release/antrain-log"
mkdir -p Benchmarks/results
stamp=$(date -u +%Y-%m-%dT%H%M)

run() {   # run TARGET NAME
    local out="Benchmarks/results/$stamp-$2.txt"
    {
        echo "# $1, commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with uncommitted changes)'), $(date -u)"
        echo "# $(nproc) cores, $(uname -r); load before: $(uptime)"
    } > "$out"
    (cd Benchmarks && swift package --disable-sandbox benchmark --target "$1" --no-progress ${args[@]+"${args[@]}"}) 2>&1 | tee -a "$out"
    echo "# load after: $(uptime)" >> "$out"
    echo "bench-commands: $out"
}

run CommandLatency commands
[ "$rebuild" -eq 1 ] && run ProjectionRebuild rebuild
exit 0
