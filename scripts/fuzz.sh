#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (issue 6, "hostile bytes") of the segment and block
# reader (FuzzSegmentReader, in memory), the binary event decoder (FuzzEventDecoder) and the
# read path on a log directory (FuzzLogDirectory: files, slower), and the importers (FuzzImport:
# events JSON Lines and the Strong, Hevy, FitNotes and Cronometer CSV readers, then the planner). Builds the targets of Fuzz/
# with -sanitize=fuzzer,address, writes seed corpora from the fixtures (FuzzSeeds), then runs
# the targets one after another, each for $FUZZ_SECONDS (default 600). Every crash, hang or
# out-of-memory is triaged by where in the engine it happens, and each new cause is kept in
# fixtures/fuzz/<target>/, where the test suite replays it (FuzzRegressionTests). Exits
# non-zero when any target found one. See fixtures/fuzz/README.md.
#
#   scripts/fuzz.sh                                   # every target, 10 minutes each
#   FUZZ_SECONDS=60 scripts/fuzz.sh FuzzEventDecoder  # one target, one minute
#   FUZZ_WORK=DIR scripts/fuzz.sh                     # keep corpora, logs and artifacts in DIR
#
# libFuzzer runs in fork mode (-fork=1: one worker process at a time) and keeps going after a
# crash (-ignore_crashes=1; OOMs and timeouts likewise), so that a target always gets its whole
# time even while the engine still has a bug that it finds in seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

seconds=${FUZZ_SECONDS:-600}
all=(FuzzSegmentReader FuzzEventDecoder FuzzLogDirectory FuzzImport)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")
for target in "${targets[@]}"; do
    [[ " ${all[*]} " == *" $target "* ]] || { echo "fuzz.sh: no target $target (${all[*]})" >&2; exit 64; }
done

max_len() {
    case "$1" in
        FuzzEventDecoder) echo 4096 ;;  # type, version, payload: the largest real payload is ~2 KiB
        *) echo 16384 ;;                # a mode byte and a segment: most seeds are 0.3 to 4 KiB
    esac
}

work=${FUZZ_WORK:-}
if [ -z "$work" ]; then
    work=$(mktemp -d -t antrain-fuzz.XXXXXX)
    cleanup_work=1
fi
mkdir -p "$work"
# The log-directory target writes a log per execution: on tmpfs when there is one.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then scratch=$(mktemp -d -p /dev/shm antrain-fuzz.XXXXXX); else scratch=$(mktemp -d -p "$work"); fi
trap 'rm -rf "$scratch"; [ -n "${cleanup_work:-}" ] && rm -rf "$work"' EXIT
export ANTRAIN_FUZZ_SCRATCH="$scratch"
# A Swift trap is libFuzzer's to report (with the stack of the input that caused it): Swift's
# own backtracer would take it first, take seconds per crash, and can outlive a killed target.
export SWIFT_BACKTRACE=enable=no

echo "fuzz.sh: building the fuzz targets (Fuzz/, release, -sanitize=fuzzer,address)" >&2
flags=(-c release -Xswiftc -sanitize=fuzzer,address)
build_log="$work/build.log"
if ! (cd Fuzz && swift build "${flags[@]}") >"$build_log" 2>&1; then
    grep -E "error:" "$build_log" >&2 || tail -20 "$build_log" >&2
    echo "fuzz.sh: the build failed (log: $build_log)" >&2
    exit 1
fi
bin=$(cd Fuzz && swift build "${flags[@]}" --show-bin-path)

echo "fuzz.sh: writing seed corpora from fixtures/schema-v1/log and fixtures/events/training-week.jsonl" >&2
rm -rf "$work/seeds"
ASAN_OPTIONS=detect_leaks=0 "$bin/FuzzSeeds" "$(pwd)" "$work/seeds" >&2

# Where in the engine an input fails: "<kind> <file>:<line>", from a fresh run of the target;
# the first frame in Sources/Antrain*/ that is not an entry point's (Sources/AntrainFuzzSupport/).
# A hang's report shows only the fuzzer's own thread (the log-directory target works on
# another): the stack comes from gdb, when there is one, attached to a run left going for 3 s.
signature() {
    local target=$1 input=$2 report kind frame pid
    report=$(timeout 120 "$bin/$target" -runs=1 -rss_limit_mb=2048 -timeout=10 "$input" 2>&1 || true)
    if grep -q "ERROR: libFuzzer: timeout" <<<"$report"; then kind=timeout
    elif grep -qE "out-of-memory|out of memory|allocation-size-too-big|requested allocation size" <<<"$report"; then kind=oom
    elif grep -q "ERROR: LeakSanitizer" <<<"$report"; then kind=leak
    elif grep -qE "ERROR: (libFuzzer|AddressSanitizer)|Fatal error" <<<"$report"; then kind=crash
    else kind=flaky; fi
    frame=$(grep -E "^ +#[0-9]+ .* in .*/Sources/Antrain[A-Za-z]*/" <<<"$report" | grep -v "/Sources/AntrainFuzzSupport/" | head -1 |
            sed -E 's#.*/Sources/Antrain[A-Za-z]*/([^ :]*):([0-9]+).*#\1:\2#')
    if [ -z "$frame" ] && [ "$kind" = timeout ] && command -v gdb >/dev/null; then
        "$bin/$target" -runs=1 "$input" >/dev/null 2>&1 &
        pid=$!
        sleep 3
        frame=$(gdb -p "$pid" -batch -ex "thread apply all bt" 2>/dev/null | grep -E " at .*/Sources/Antrain[A-Za-z]*/" |
                grep -v "/Sources/AntrainFuzzSupport/" | head -1 | sed -E 's#.* at .*/Sources/Antrain[A-Za-z]*/([^ :]*):([0-9]+).*#\1:\2#')
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    [ -n "$frame" ] || frame=$(grep -oE "Fatal error: .{0,60}" <<<"$report" | head -1 | tr -c 'A-Za-z0-9.:\n' '_')
    echo "$kind ${frame:-unknown}"
}

summaries=()
failed=0
for target in "${targets[@]}"; do
    corpus="$work/corpus/$target"
    artifacts="$work/artifacts/$target"
    kept="fixtures/fuzz/$target"
    mkdir -p "$corpus" "$artifacts" "$kept"
    cp -n "$work/seeds/$target"/* "$corpus"/ 2>/dev/null || true
    log="$work/$target.log"
    echo "fuzz.sh: $target for $seconds s (log: $log)" >&2
    started=$(date +%s)
    set +e
    # fixtures/fuzz/<target> is a second corpus: read, never written; its inputs run again first.
    "$bin/$target" -fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 \
        -max_total_time="$seconds" -max_len="$(max_len "$target")" -rss_limit_mb=2048 -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "$kept" >"$log" 2>&1
    status=$?
    set -e
    elapsed=$(( $(date +%s) - started ))
    # Fork mode reports "#<executions>: cov: ... oom/timeout/crash: a/b/c time: ..." as it goes;
    # a run without -fork ends with stat::number_of_executed_units.
    executions=$(grep -oE "^stat::number_of_executed_units: *[0-9]+" "$log" | grep -oE "[0-9]+$" | tail -1 || true)
    [ -n "$executions" ] || executions=$(grep -oE "^#[0-9]+: cov:" "$log" | tail -1 | grep -oE "[0-9]+" || true)
    mapfile -t found < <(find "$artifacts" -type f \( -name 'crash-*' -o -name 'oom-*' -o -name 'timeout-*' -o -name 'leak-*' \) -printf '%s %p\n' | sort -n | cut -d' ' -f2-)
    if [ ${#found[@]} -eq 0 ] && [ "$status" -ne 0 ]; then
        echo "fuzz.sh: $target exited with status $status and no crash input; see $log" >&2
        tail -5 "$log" >&2
        failed=1
    fi
    # Triage the 20 smallest, then others spread over the rest (FUZZ_TRIAGE_MAX in all); each
    # cause is kept once, by its signature, in fixtures/fuzz.
    declare -A seen=()
    limit=${FUZZ_TRIAGE_MAX:-40}
    picked=("${found[@]:0:20}")
    rest=$(( ${#found[@]} - 20 ))
    for (( i = 0; rest > 0 && i < limit - 20 && i < rest; i++ )); do
        picked+=("${found[20 + i * rest / (limit - 20 < rest ? limit - 20 : rest)]}")
    done
    for input in "${picked[@]}"; do
        sig=$(signature "$target" "$input")
        [ -n "${seen[$sig]:-}" ] && continue
        seen[$sig]=1
        slug=$(sed -E 's#^([a-z]+) (.*/)?([^/]*)$#\1-\3#; s#[^A-Za-z0-9.-]+#-#g' <<<"$sig")
        if compgen -G "$kept/$slug-*" >/dev/null; then
            echo "  $target: $sig (known: $(basename "$(compgen -G "$kept/$slug-*" | head -1)"))" >&2
        else
            name="$slug-$(sha1sum "$input" | cut -c1-8)"
            cp "$input" "$kept/$name"
            echo "  $target: $sig (new: $kept/$name)" >&2
        fi
    done
    if [ ${#found[@]} -gt "$limit" ]; then
        echo "  $target: triaged $limit of ${#found[@]} inputs (FUZZ_TRIAGE_MAX)" >&2
    fi
    unset seen
    if [ ${#found[@]} -gt 0 ]; then failed=1; fi
    summaries+=("fuzz $target: ${executions:-0} executions in $elapsed s, ${#found[@]} crashes")
done

printf '%s\n' "${summaries[@]}"
exit $failed
