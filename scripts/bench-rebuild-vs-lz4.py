#!/usr/bin/env python3
"""The CLI's `rebuild` against `lz4 -dc` of the same segments, paired in one run: the bar of
issue 37 is a ratio (rebuild within 3x the time of decompressing the log with the stock tool),
because this machine's speed swings by 1.6x within minutes and only a ratio of figures taken
side by side survives that.

    scripts/bench-rebuild-vs-lz4.py LOG_DIR BIN [BIN ...] [--rounds 5] [--out FILE]

Each round runs, in an order that rotates from round to round: `lz4 -dc` of every segment of
LOG_DIR into /dev/null (one process per segment, summed: the segments' skippable frames
hold the block headers, which the tool skips, so it decodes exactly the records), then for
each BIN (release builds of antrain-log, say the commit before a change and after it) a
`rebuild` of every read model on a copy of LOG_DIR whose state is removed first, with the
state saved as the command always does. Wall time is the whole process, as a user waits for
it; peak memory is the process's maximum resident set, from wait4().

It prints each round's times and ratios, then the medians; the median of the per-round
ratios is the figure (a pair shares the machine's speed of that moment).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run(argv, stdout=subprocess.DEVNULL):
    """Runs argv; returns (seconds, peak resident MB)."""
    started = time.monotonic()
    process = subprocess.Popen(argv, stdout=stdout, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - started
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv[0]} failed ({status}): {stderr}")
    return seconds, usage.ru_maxrss / 1024


def lz4_all(segments):
    seconds = 0.0
    peak = 0.0
    for segment in segments:
        spent, memory = run(["lz4", "-dc", segment])
        seconds += spent
        peak = max(peak, memory)
    return seconds, peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("log")
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out")
    arguments = parser.parse_args()

    segments = sorted(os.path.join(arguments.log, name) for name in os.listdir(arguments.log) if name.endswith(".log"))
    scratch = tempfile.mkdtemp(prefix="antrain-lz4-bench-")
    lines = []

    def say(line):
        print(line, flush=True)
        lines.append(line)

    try:
        copies = []
        for number, binary in enumerate(arguments.binaries):
            copy = os.path.join(scratch, f"log-{number}")
            shutil.copytree(arguments.log, copy, ignore=shutil.ignore_patterns("projections"))
            copies.append(copy)
        say(f"log {arguments.log}: {len(segments)} segments, "
            f"{sum(os.path.getsize(s) for s in segments) / 1e6:.1f} MB; binaries {arguments.binaries}")
        rows = []
        steps = ["lz4"] + list(range(len(arguments.binaries)))
        for round_number in range(arguments.rounds):
            order = steps[round_number % len(steps):] + steps[:round_number % len(steps)]
            figures = {}
            for step in order:
                if step == "lz4":
                    figures["lz4"] = lz4_all(segments)
                else:
                    copy = copies[step]
                    shutil.rmtree(os.path.join(copy, "projections"), ignore_errors=True)
                    figures[step] = run([arguments.binaries[step], "rebuild", "--log-dir", copy])
            rows.append(figures)
            parts = [f"lz4 -dc {figures['lz4'][0]:.3f} s"]
            for step in range(len(arguments.binaries)):
                seconds, memory = figures[step]
                parts.append(f"bin {step} rebuild {seconds:.3f} s ({seconds / figures['lz4'][0]:.2f}x, {memory:.0f} MB)")
            say(f"round {round_number + 1} (order {order}): " + "; ".join(parts))
        say("medians:")
        say(f"  lz4 -dc: {statistics.median(r['lz4'][0] for r in rows):.3f} s")
        for step, binary in enumerate(arguments.binaries):
            seconds = statistics.median(r[step][0] for r in rows)
            ratio = statistics.median(r[step][0] / r["lz4"][0] for r in rows)
            memory = statistics.median(r[step][1] for r in rows)
            say(f"  {binary}: rebuild {seconds:.3f} s, {ratio:.2f}x lz4 -dc (median of the rounds' ratios), {memory:.0f} MB peak")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if arguments.out:
        with open(arguments.out, "w") as out:
            out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
