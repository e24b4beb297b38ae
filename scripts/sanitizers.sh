#!/usr/bin/env bash
# Runs test suites under the thread sanitizer and under the address sanitizer, each on the
# suites where it finds something (docs/RELIABILITY.md, item 6, says why these): the thread
# sanitizer on the suites with concurrency, the address sanitizer on those that reach unsafe
# memory. `--all` runs the whole suite under each, as before a release.
#
#   scripts/sanitizers.sh                 # both, each on its suites (what CI runs)
#   scripts/sanitizers.sh thread          # one
#   scripts/sanitizers.sh --all           # the whole suite under both
#   scripts/sanitizers.sh --all address   # the whole suite under one
#   scripts/sanitizers.sh --canary        # only the planted faults: each must fail its run
#
# Before its suites, each run makes its sanitizer fail a fault planted for it
# (SanitizerCanaryTests: a data race, a read past a buffer) and stops unless that run fails
# with a report: a sanitizer that has silently gone cannot pass.
#
# A run fails on a failed test, and on any sanitizer report even when the exit status is 0:
# reports of the processes the tests start (the CLI, the stress writer, exit tests) go to
# their captured output, never to the test run's, so every process writes its reports to
# files (log_path), which are added to the run's log and counted there. scripts/asan.supp and
# scripts/tsan.supp name the few reports of code outside this package that are known upstream.
# Leaks are not checked (detect_leaks=0). Each sanitizer builds once, into a scratch folder
# of its own (.build-tsan, .build-asan), so the normal build is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/watched-test.sh

# Suites are `swift test --filter` patterns, matched against "Module.Suite/test()".
# The thread sanitizer: every suite where threads, tasks or processes share state.
thread_suites=(
    # The engine: the writer and group commit, readers beside the writer, subscriptions,
    # the lock across processes, the stress tool's contenders, kill -9 of a writer.
    'AntrainLogTests\.(ConcurrencyTests|GroupCommitTests|CrossProcessTests|ReaderBesideWriterTests|DurabilityPolicyTests|OpeningTests|KillNineTests|WriterStateKillTests|WriterStateTests)/'
    # Every storage through the log's protocols, the PostgreSQL log among them (issue 40):
    # its appender serialises transactions across tasks, reads wait on the connection's
    # futures from other threads, and several connections of one process append at once
    # (a throwaway server; 15 tests, about 5 s under the sanitizer, 0 reports on 2026-12-07).
    # Its subscribers' listener (an actor woken by the server's notifications on another
    # connection's event loop) and the state store on the server (a lock per connection,
    # statements waited for on the caller's thread): the short suites, not the season's.
    'AntrainLogTests\.(PostgresLogTests|PostgresSubscriptionTests|LogReaderConformanceTests|LogWriterConformanceTests)/'
    'AntrainProjectionsTests\.StateStoreConformanceTests/'
    # Queries whose connection closes under them (a promise failed from the close's
    # callback), and a rebuild beside catch-ups of one state waiting on threads of their own.
    'AntrainLogTests\.ServerConnectionTests/'
    'AntrainProjectionsTests\.StateLockWaitTests/'
    # A copy between storages: the directory writer's batch of appends (outcomes gathered
    # under a lock as the writer's actor decides them), chunks written while the next is read.
    'AntrainLogTests\.LogCopierTests/'
    # The projections' runtime: the parallel rebuild's lanes and writer thread, the state
    # store's transactions and generations, catch-ups while the log grows.
    'AntrainProjectionsTests\.(BatchDeterminismTests|RebuildSinkTests|StoredStateTests|StateGenerationTests|StateCompactionTests|FoldMemoryTests|GeneratedLogReplayTests|TimeTravelStateTests)/'
    # Several writers on one log through the recorder; the importer's parallel encoding.
    'AntrainRecordingTests\.RecorderSharedLogTests/'
    'AntrainImportTests\.(ImportAppenderTests|JSONLReaderTests)/'
    # The binary beside itself: generations swapped under readers, locks, tail --follow,
    # kill -9 of the state's writer, incremental catch-ups against a rebuild.
    # Several processes on one log (issue 36): the lock-holder race, appenders, recording and
    # query loops against a fresh rebuild.
    'AntrainLogCLITests\.(StateGenerationCLITests|QuickLogAndLockTests|LockFollowAndLocationTests|StateKillTests|IncrementalEqualsRebuildTests|LockHolderRaceTests|ConcurrentCommandsTests)/'
)
# The address sanitizer: every suite that drives code reading or writing raw memory.
address_suites=(
    # The codec: primitives, columns, the fast decoder, stored events, the schema-v1 log.
    'AntrainEventsTests\.(CodecPrimitiveTests|EventColumnsTests|EventTypeTableTests|FastDecoderTests|StoredEventBuilderTests|EncodedEventTests|V1FixtureTests|ISO8601MicrosTests|EventCatalogueTests)/'
    # LZ4 frames, segment reading in place and recovery, CRC32C, id tables, the fuzz
    # seed replays (and the address-space limit they run under), the writer's SQLite state.
    'AntrainLogTests\.(LZ4FrameDecoderTests|SingleBlockFrameTests|SegmentReaderInPlaceTests|TornTailTests|CorruptionTests|LastBlockDamageTests|RoundTripTests|StandardToolTests|FuzzRegressionTests|AddressSpaceLimitTests|CRC32CTests|UUIDSlotsTests|EventIDTableTests|AtomicFileTests|LogFileTests|WriterStateTests|StoredEventIDsTests)/'
    # Records laid out by RecordBatchBuilder and read back on every storage (the directory
    # log, memory, PostgreSQL), and the state stores' reads (3 s, 0 reports on 2026-12-07).
    'AntrainLogTests\.(PostgresLogTests|LogReaderConformanceTests|LogWriterConformanceTests)/'
    'AntrainProjectionsTests\.StateStoreConformanceTests/'
    # Keyed values and their encoding, the UUID map, the SQLite state store's bindings and
    # the page checksums' VFS (C) under them.
    'AntrainProjectionsTests\.(KeyedTableTests|StateValueMeasureTests|KeyedRuntimeTests|UUIDMapTests|WorkoutSetStorageTests|StoredStateTests|StateGenerationTests|RebuildSinkTests|PageChecksumTests)/'
    # The JSON lexer and the importers' byte-level readers, and their fuzz seed replays.
    'AntrainJSONTests\.'
    'AntrainImportTests\.(ImportFuzzRegressionTests|JSONLReaderTests|FastEnvelopeLineTests|OtherFormatTests|StrongLayoutTests|StrongColumnRulesTests|OtherColumnRulesTests|SampleExportTests)/'
)

all=false
canary_only=false
sanitizers=()
for argument in "$@"; do
    case $argument in
        --all) all=true ;;
        --canary) canary_only=true ;;
        thread|address) sanitizers+=("$argument") ;;
        *) echo "sanitizers.sh: unknown argument '$argument' (allowed: --all, --canary, thread, address)" >&2; exit 64 ;;
    esac
done
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(thread address)

# Runs the built tests under $1 with the given swift test arguments; the report count and
# the exit status are left in $count and $status, the output in $log.
run_tests() {
    local sanitizer=$1 scratch=$2 log=$3
    shift 3
    local reports="$scratch/sanitizer-reports"
    rm -rf "$reports" && mkdir -p "$reports"
    status=0
    (
        export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions='$PWD/scripts/tsan.supp' log_path='$PWD/$reports/tsan'"
        export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:suppressions='$PWD/scripts/asan.supp':log_path='$PWD/$reports/asan'"
        watched_swift_test "$log" --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "$@"
    ) || status=$?
    # A run stopped as hung says where (scripts/watched-test.sh).
    sed -n '/^== HANG/,$p' "$log"
    local file
    for file in "$reports"/*; do
        [ -e "$file" ] && { echo "== sanitizer output of process ${file##*.}"; cat "$file"; } >> "$log"
    done
    count=$(grep -cE "WARNING: ThreadSanitizer|ERROR: (Address|Thread|Leak)Sanitizer" "$log" || true)
}

run() {
    local sanitizer=$1 scratch=".build-${1:0:1}san"
    mkdir -p "$scratch"
    echo "== swift build --build-tests --sanitize=$sanitizer (scratch path $scratch)"
    local started=$SECONDS status=0 count=0
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" > "$scratch/sanitizer-build.log" 2>&1 || status=$?
    local build_seconds=$((SECONDS - started))
    echo "sanitizer $sanitizer: build exit $status, $build_seconds s"
    if [ "$status" -ne 0 ]; then
        grep -E "error:" "$scratch/sanitizer-build.log" | sort -u | head -20 || tail -30 "$scratch/sanitizer-build.log"
        return "$status"
    fi

    local canary=race fault="data race" filter='SanitizerCanaryTests/dataRace'
    [ "$sanitizer" = address ] && canary=overflow fault="read past a buffer" filter='SanitizerCanaryTests/readPastBuffer'
    started=$SECONDS
    ANTRAIN_SANITIZER_CANARY=$canary run_tests "$sanitizer" "$scratch" "$scratch/sanitizer-canary.log" --filter "$filter"
    if [ "$status" -eq 0 ] || [ "$count" -eq 0 ]; then
        echo "sanitizer $sanitizer: the planted $fault was NOT caught (exit $status, $count reports; log: $scratch/sanitizer-canary.log)" >&2
        return 1
    fi
    echo "sanitizer $sanitizer: the planted $fault was caught (exit $status, $count report), $((SECONDS - started)) s"
    grep -m1 -E "WARNING: ThreadSanitizer: data race|ERROR: AddressSanitizer: [a-z-]+" -o "$scratch/sanitizer-canary.log" || true
    $canary_only && return 0

    local filters=() scope="the whole suite"
    if ! $all; then
        local -n suites="${sanitizer}_suites"
        local pattern
        for pattern in "${suites[@]}"; do filters+=(--filter "$pattern"); done
        scope="its ${#suites[@]} groups of suites"
    fi
    echo "== swift test --sanitize=$sanitizer on $scope"
    local log="$scratch/sanitizer-test.log"
    started=$SECONDS
    run_tests "$sanitizer" "$scratch" "$log" "${filters[@]}"
    local run_seconds=$((SECONDS - started))
    grep -E "Test run with|✘|WARNING: ThreadSanitizer|ERROR: (Address|Thread|Leak)Sanitizer" "$log" || true
    echo "sanitizer $sanitizer: exit $status, $count reports, build $build_seconds s, test run $run_seconds s (full log: $log)"
    [ "$status" -eq 0 ] && [ "$count" -eq 0 ]
}

status=0
for sanitizer in "${sanitizers[@]}"; do
    run "$sanitizer" || status=1
done
exit $status
