#!/usr/bin/env python3
"""Issue 40's bar 4: `antrain-log copy` of a large directory log into PostgreSQL and back,
the built binary run as a user runs it, each copy timed as a whole process, beside the
stock `lz4 -dc` of the same segments in the same run (this machine's speed swings: the ratio
is what compares across runs).

    scripts/bench-copy.py BIN [--log DIR | --athletes 250 --weeks 26] [--rounds 3] [--out FILE]

It starts a throwaway server (as scripts/bench-server.py does: initdb into a temporary
directory, a Unix socket there, no TCP, the server's default durability), takes the log of
--log or generates one, then for each round: `lz4 -dc` of the segments to /dev/null, `copy`
of the directory log into a new server log, and `copy` of that server log into a new
directory. After the last round it checks that the three logs export the same bytes and
that `verify` passes on the server's. Prints events/s of each copy and the ratios to lz4.
"""
import argparse
import glob
import hashlib
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_server", os.path.join(here, "bench-server.py"))
bench_server = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_server)


def timed(argv, env):
    started = time.monotonic()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    if result.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({result.returncode}): {result.stderr.decode(errors='replace')}")
    return time.monotonic() - started


def export_digest(binary, options, env):
    digest = hashlib.sha256()
    process = subprocess.Popen([binary, "export", "--format", "jsonl"] + options, stdout=subprocess.PIPE, env=env)
    for chunk in iter(lambda: process.stdout.read(1 << 20), b""):
        digest.update(chunk)
    if process.wait() != 0:
        sys.exit(f"export {options} failed")
    return digest.hexdigest()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--log")
    parser.add_argument("--athletes", type=int, default=250)
    parser.add_argument("--weeks", type=int, default=26)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out")
    arguments = parser.parse_args()
    say = bench_server.reporter(arguments.out)

    binary = arguments.binary
    env = dict(os.environ, TZ="UTC")
    url, stop = bench_server.start_server()
    scratch = tempfile.mkdtemp(prefix="antrain-bench-copy-")
    try:
        source = arguments.log
        if not source:
            source = f"{scratch}/source"
            generate = ["generate", "--athletes", str(arguments.athletes), "--weeks", str(arguments.weeks), "--seed", "11"]
            say(f"generate: {timed([binary] + generate + ['--log-dir', source], env):.1f} s")
        info = subprocess.run([binary, "info", "--format", "json", "--log-dir", source], capture_output=True, env=env, check=True)
        events = json.loads(info.stdout)["events"]
        segments = sorted(glob.glob(f"{source}/*.log"))
        say(f"# copy, {events} events in {len(segments)} segments ({source}), {arguments.rounds} rounds, {binary}")
        say(f"# {os.cpu_count()} cores; load before: {os.getloadavg()}")
        lz4s, ups, downs = [], [], []
        for round in range(arguments.rounds):
            lz4s.append(timed(["sh", "-c", "cat \"$@\" | lz4 -dcq > /dev/null", "lz4"] + segments, env))
            name = f"copy-{round}"
            ups.append(timed([binary, "copy", "--log-dir", source, "--to", url, "--log", name], env))
            downs.append(timed([binary, "copy", "--from", url, "--log", name, "--to", f"{scratch}/back-{round}"], env))
            say(f"round {round}: lz4 -dc {lz4s[-1]:.2f} s; copy to server {ups[-1]:.2f} s ({events / ups[-1]:,.0f} events/s); "
                f"copy back {downs[-1]:.2f} s ({events / downs[-1]:,.0f} events/s)")
        lz4 = statistics.median(lz4s)
        up = statistics.median(ups)
        down = statistics.median(downs)
        say(f"median: lz4 -dc {lz4:.2f} s; directory -> server {up:.2f} s = {events / up:,.0f} events/s ({up / lz4:.1f}x lz4); "
            f"server -> directory {down:.2f} s = {events / down:,.0f} events/s ({down / lz4:.1f}x lz4)")
        last = arguments.rounds - 1
        digests = {
            "directory": export_digest(binary, ["--log-dir", source], env),
            "server": export_digest(binary, ["--store", url, "--log", f"copy-{last}"], env),
            "back": export_digest(binary, ["--log-dir", f"{scratch}/back-{last}"], env),
        }
        say(f"exports: {'equal' if len(set(digests.values())) == 1 else 'DIFFER'} ({digests['directory'][:16]})")
        verified = subprocess.run([binary, "verify", "--store", url, "--log", f"copy-{last}"], capture_output=True, env=env)
        say(f"verify on the server: exit {verified.returncode}")
    finally:
        stop()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
