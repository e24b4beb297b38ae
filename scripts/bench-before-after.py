#!/usr/bin/env python3
"""Two builds of antrain-log side by side, in one run: the same rebuild and the same commands
right after an append, through each binary in turn on one copy of a log, alternating which
goes first in each round, so that a machine whose speed drifts during the run treats both
alike. For a change that must leave speed as it was (issue 21's proof: "no bar slower beyond
noise"), it prints each figure's median for both builds and their ratio.

    scripts/bench-before-after.py BEFORE_BIN AFTER_BIN LOG_DIR [--rounds 5] [--out FILE]

BEFORE_BIN and AFTER_BIN are release builds of antrain-log (build the older commit in a git
worktree: `swift build -c release --product antrain-log`). LOG_DIR is copied (never written)
to a scratch folder that is removed at the end. Both builds must keep the same state format
(the read models' versions), or each would rebuild after the other; with --separate, each
build works on a copy of its own (the same appends go to both), for a change of the format.

What it measures, per build: `rebuild` (wall time, peak memory); with --imports, `import` of
the log's JSON Lines export into a new log, and the same import again (which appends
nothing); then in each round one weigh-in appended (`bodyweight 80.5kg`) followed by each query of issue 23's bar 1. Wall time
is the whole process, as a user waits for it; peak memory is the process's maximum resident
set, from wait4().
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

QUERIES = [
    ["history", "--limit", "20"],
    ["show", "LATEST"],
    ["prs", "Barbell Bench Press"],
    ["prs"],
    ["stats"],
    ["nutrition"],
    ["bodyweight"],
    ["program"],
    ["summary"],
]


def timed(binary, arguments, log_dir):
    """Runs one command; its wall time in seconds and its peak memory in MB."""
    started = time.perf_counter()
    process = subprocess.Popen([binary, *arguments, "--log-dir", log_dir],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench-before-after: {binary} {' '.join(arguments)} failed: {stderr.strip()}")
    return elapsed, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description="Two builds of antrain-log side by side.")
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("log")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rebuilds", type=int, default=3)
    parser.add_argument("--imports", type=int, default=0,
                        help="also import the log's JSON Lines export into a new log this many times per build, "
                             "then once more into the same log (nothing new: the ids are known)")
    parser.add_argument("--out", help="also write the table here")
    parser.add_argument("--separate", action="store_true",
                        help="give each build its own copy of the log (for builds whose state formats differ)")
    options = parser.parse_args()
    builds = {"before": options.before, "after": options.after}
    figures = {}  # (figure, build) -> [(seconds, MB)]

    scratch = tempfile.mkdtemp(prefix="antrain-before-after-")
    try:
        log_dir = os.path.join(scratch, "log")
        shutil.copytree(options.log, log_dir)
        logs = {"before": log_dir, "after": log_dir}
        if options.separate:
            logs["after"] = os.path.join(scratch, "log-after")
            shutil.copytree(options.log, logs["after"])
        for round_number in range(options.rebuilds):
            order = ["before", "after"] if round_number % 2 == 0 else ["after", "before"]
            for build in order:
                figures.setdefault(("rebuild", build), []).append(timed(builds[build], ["rebuild"], logs[build]))
        if options.imports:
            export = os.path.join(scratch, "export.jsonl")
            subprocess.run([options.after, "export", "--format", "jsonl", "--output", export, "--log-dir", logs["after"]],
                           check=True, capture_output=True)
            for round_number in range(options.imports):
                order = ["before", "after"] if round_number % 2 == 0 else ["after", "before"]
                for build in order:
                    target = os.path.join(scratch, f"import-{build}-{round_number}")
                    arguments = ["import", export, "--source", "jsonl"]
                    figures.setdefault(("import (new log)", build), []).append(timed(builds[build], arguments, target))
                    figures.setdefault(("import again (same log)", build), []).append(timed(builds[build], arguments, target))
                    shutil.rmtree(target, ignore_errors=True)
        # `show` shows the latest workout, found once.
        latest = json.loads(subprocess.run([options.after, "history", "--limit", "1", "--format", "json", "--log-dir", logs["after"]],
                                           check=True, capture_output=True).stdout)[0]["id"]
        queries = [(" ".join(query), [latest if word == "LATEST" else word for word in query]) for query in QUERIES]
        for round_number in range(options.rounds):
            order = ["before", "after"] if round_number % 2 == 0 else ["after", "before"]
            for build in order:
                figures.setdefault(("bodyweight 80.5kg", build), []).append(
                    timed(builds[build], ["bodyweight", "80.5kg"], logs[build]))
                for name, query in queries:
                    figures.setdefault((name, build), []).append(timed(builds[build], query, logs[build]))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    lines = [f"# {options.before} (before) vs {options.after} (after), {options.rounds} rounds "
             f"({options.rebuilds} rebuilds), medians; {os.cpu_count()} cores",
             f"{'figure':28} {'before ms':>10} {'after ms':>10} {'after/before':>13} {'before MB':>10} {'after MB':>9}"]
    names = list(dict.fromkeys(name for name, _ in figures))
    for name in names:
        before = figures[(name, "before")]
        after = figures[(name, "after")]
        seconds = [statistics.median(t for t, _ in runs) for runs in (before, after)]
        memory = [max(m for _, m in runs) for runs in (before, after)]
        p99 = [sorted(t for t, _ in runs)[-1] for runs in (before, after)]
        lines.append(f"{name:28} {seconds[0] * 1000:10.1f} {seconds[1] * 1000:10.1f} {seconds[1] / seconds[0]:13.2f} "
                     f"{memory[0]:10.0f} {memory[1]:9.0f}   worst {p99[0] * 1000:.1f} / {p99[1] * 1000:.1f} ms")
    report = "\n".join(lines)
    print(report)
    if options.out:
        with open(options.out, "a") as out:
            out.write(report + "\n")


if __name__ == "__main__":
    main()
