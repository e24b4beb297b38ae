#!/usr/bin/env bash
# Sourced by scripts/test.sh and scripts/sanitizers.sh: `watched_swift_test LOG ARGS...` runs
# `swift test ARGS...` with its output line by line in LOG (and on the terminal too when
# WATCHED_TEST_ECHO=1) (through a pseudo-terminal, so that
# a run that never ends still shows how far it got), and turns a hang into a failure that
# says where: past ANTRAIN_TEST_HANG_SECONDS (default 2400 s, six times the slowest run seen
# on CI's machine under a sanitizer, so no load reaches it) it prints where the test process
# stands (hang_report: threads, the test server's backends, the tests started and never
# ended) and stops the run (status 124).
#
# This is not a time limit on tests: no test has one, and a slow run passes. It exists because
# a run that hangs would otherwise use up CI's whole time and report nothing at all.

watched_swift_test() {
    local log=$1
    shift
    local limit=${ANTRAIN_TEST_HANG_SECONDS:-2400}
    local command="swift test"
    local argument
    for argument in "$@"; do command+=" $(printf '%q' "$argument")"; done
    : > "$log"
    # `script` gives the run a terminal, so Swift Testing writes each event as it happens.
    NO_COLOR=1 script -q -e -f -c "$command" /dev/null < /dev/null >> "$log" 2>&1 &
    local runner=$!
    local echo_pid=""
    if [ "${WATCHED_TEST_ECHO:-0}" = 1 ]; then
        tail -n +1 -f --pid="$runner" "$log" &
        echo_pid=$!
    fi
    local started=$SECONDS hung=false
    while kill -0 "$runner" 2>/dev/null; do
        if (( SECONDS - started > limit )); then
            hung=true
            break
        fi
        sleep 5
    done
    if $hung; then
        hang_report "$log" "$runner" >> "$log" 2>&1
        kill -KILL $(process_tree "$runner") 2>/dev/null || true
        wait "$runner" 2>/dev/null || true
        [ -n "$echo_pid" ] && wait "$echo_pid" 2>/dev/null
        return 124
    fi
    local status=0
    wait "$runner" || status=$?
    [ -n "$echo_pid" ] && wait "$echo_pid" 2>/dev/null
    # A crash's backtrace starts with the crashed thread, far above the end CI keeps; say it
    # again last, with the tests that were running.
    if [ $status -ne 0 ] && grep -qs "crashed:" "$log"; then
        crash_report "$log" | tee -a "$log"
    fi
    return $status
}

# What a crashed run shows, the most telling last: the crashed thread's frames from Swift's
# backtrace (library frames folded), then the tests started and never ended.
crash_report() {
    local log=$1
    echo "== CRASH: the crashed thread's frames (the whole backtrace is above)"
    python3 - "$log" <<'PYTHON'
import re, sys
text = re.sub(r"\x1b\[[0-9;]*m", "", open(sys.argv[1], errors="replace").read()).replace("\r", "")
lines = text.splitlines()
for index, line in enumerate(lines):
    thread = re.match(r"^Thread \d+.* crashed:", line)
    if thread or "Program crashed" in line or line.startswith(("*** Signal", "Fatal error")):
        print(line[:300])
    if thread:
        for frame in lines[index + 1:index + 60]:
            if re.match(r"^Thread \d+", frame):
                break
            if frame.strip():
                print("   ", re.sub(r" in \S+\.xctest at /\S+/main/", " at ", frame.strip())[:300])
        break
PYTHON
    echo "== the tests started and never ended:"
    unended_tests "$log" || true
}

# What a hung run shows, the most telling last (CI keeps only the end of long output): every
# thread's full stack (gdb) in LOG.stacks, each thread's top frame and its frames in this
# package's code, the PostgreSQL test server's backends (a backend blocked on a lock says
# "waiting"), the processes the tests started, and the tests started and never ended.
hang_report() {
    local log=$1 runner=$2 pid
    echo "== HANG: swift test still running after ${limit} s"
    for pid in $(process_tree "$runner"); do
        grep -qs 'PackageTests\.xctest' "/proc/$pid/cmdline" || continue
        if ! command -v gdb > /dev/null; then
            echo "(gdb is not installed: apt-get install gdb)"
            continue
        fi
        timeout 300 gdb -p "$pid" -batch -ex "thread apply all bt 60" 2>&1 \
            | grep -E "^(Thread |#[0-9]+ )" | swift demangle --simplified | cut -c 1-300 > "$log.stacks" || true
        echo "== threads of the test process $pid: top frame, then frames in the package (all: $log.stacks)"
        python3 - "$log.stacks" <<'PYTHON'
import re, sys
threads, current = [], None
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("Thread "):
        current = [line.strip()[:120], []]
        threads.append(current)
    elif current is not None:
        current[1].append(line.strip())
for title, frames in threads:
    ours = [f for f in frames if "/Sources/Antrain" in f or "/Tests/" in f]
    print(title)
    for frame in frames[:1] + ours[:6]:
        print("   ", re.sub(r" \(.*?\) at ", " at ", frame)[:200])
PYTHON
    done
    echo "== the PostgreSQL servers' processes (a backend waiting for a lock says so)"
    ps -u postgres -o pid=,etime=,args= 2>/dev/null | grep -v "^ *$" | head -40 || true
    echo "== processes below the run"
    for pid in $(process_tree "$runner"); do
        ps -o pid=,etime=,args= -p "$pid" 2>/dev/null | cut -c 1-200
    done
    echo "== the tests started and never ended:"
    unended_tests "$log" || true
}

# PID and every process below it.
process_tree() {
    local child
    echo "$1"
    for child in $(pgrep -P "$1" || true); do process_tree "$child"; done
}

# The names of the tests LOG shows started and not ended (passed, failed or skipped).
unended_tests() {
    python3 - "$1" <<'PYTHON'
import re, sys
text = re.sub(r"\x1b\[[0-9;]*m", "", open(sys.argv[1], errors="replace").read())
started, ended = {}, set()
for line in text.replace("\r", "").splitlines():
    match = re.search(r'Test ("[^"]*"|\S+\(\)).* started\.$', line)
    if match:
        started.setdefault(match.group(1), line.strip())
    match = re.search(r'Test ("[^"]*"|\S+\(\)).* (passed|failed|skipped)', line)
    if match:
        ended.add(match.group(1))
for name, line in started.items():
    if name not in ended:
        print("   ", line)
PYTHON
}
