#!/usr/bin/env python3
"""A log in a directory and the same log on a PostgreSQL server, side by side in one run
(issue 40's bars 5 and 8): the built antrain-log run as a user runs it, each command timed
as a whole process, the two storages alternating so that both share the machine's speed.

    scripts/bench-server.py BIN [--athletes 20] [--weeks 26] [--rounds 20] [--out FILE]

It starts a throwaway server (initdb into a temporary directory as the postgres user, a Unix
socket there, no TCP, the server's default durability: fsync and synchronous_commit on),
generates the same history into a directory and into a server log (`generate`, timed), then:

- recording: each round runs a workout (start, three sets, complete), a meal and a weigh-in
  on each storage, and times every command;
- queries: history, prs, nutrition and summary on each, after the state is current;
- rebuild: `rebuild` of every model on each, three times, and the ratio server/directory;
- live subscribers: `tail -n 0 --follow --format json` in a process of its own on each, while
  another process appends one event at a time (`append`); the latency of each is the time
  the subscriber's line arrives minus the event's recorded-at time (taken by the appender
  before its transaction, so the figure includes the commit itself).

It prints p50 and p99 per command and storage, and the medians of the rebuilds.
"""
import argparse
import datetime
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def run(argv, env=None):
    started = time.monotonic()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({result.returncode}): {result.stderr.decode(errors='replace')}")
    return seconds


def start_server():
    binaries = sorted(d for d in os.listdir("/usr/lib/postgresql"))[-1]
    bin_dir = f"/usr/lib/postgresql/{binaries}/bin"
    directory = tempfile.mkdtemp(prefix="antrain-bench-pg-")
    shutil.chown(directory, "postgres", "postgres")
    os.chmod(directory, 0o700)
    as_server = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    subprocess.run(as_server + [f"{bin_dir}/initdb", "-D", f"{directory}/data", "-U", "postgres", "-A", "trust", "-E", "UTF8"],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run(as_server + [f"{bin_dir}/pg_ctl", "-D", f"{directory}/data", "-l", f"{directory}/server.log", "-w",
                                "-o", f"-c listen_addresses='' -k {directory}", "start"], check=True, stdout=subprocess.DEVNULL)

    def stop():
        subprocess.run(as_server + [f"{bin_dir}/pg_ctl", "-D", f"{directory}/data", "-m", "fast", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(directory, ignore_errors=True)
    return f"postgresql://postgres@/postgres?host={directory}", stop


def follow_latency(binary, options, env, count):
    """Seconds from each appended event's recorded-at time to the moment its line arrives from
    `tail --follow` (stamped by a thread that reads the subscriber's output as it comes)."""
    tail = subprocess.Popen([binary, "tail", "-n", "0", "--follow", "--format", "json"] + options, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
    arrivals = queue.Queue()

    def read():
        for received in tail.stdout:
            arrivals.put((time.time(), received))
    threading.Thread(target=read, daemon=True).start()
    latencies = []
    try:
        time.sleep(1.0)  # the subscriber opens the log and starts listening
        for number in range(count):
            line = json.dumps({"stream": f"bench-note-{number}", "type": "RawNote", "schemaVersion": 1, "payload": {}})
            subprocess.run([binary, "append"] + options, input=line.encode(), env=env, check=True, stdout=subprocess.DEVNULL)
            arrived, received = arrivals.get(timeout=60)
            recorded = json.loads(received)["recordedAt"]
            at = datetime.datetime.fromisoformat(recorded.replace("Z", "+00:00")).timestamp()
            latencies.append(arrived - at)
    finally:
        tail.terminate()
        tail.wait()
    return latencies


def reporter(path):
    """A function that prints a line and appends it to `path` (when given), flushed at once."""
    out = open(path, "a") if path else None

    def say(line):
        print(line, flush=True)
        if out:
            out.write(line + "\n")
            out.flush()
    return say


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--athletes", type=int, default=20)
    parser.add_argument("--weeks", type=int, default=26)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--out")
    arguments = parser.parse_args()
    say = reporter(arguments.out)

    url, stop = start_server()
    scratch = tempfile.mkdtemp(prefix="antrain-bench-server-")
    try:
        env = dict(os.environ, TZ="UTC")
        places = {"directory": ["--log-dir", f"{scratch}/log"], "server": ["--store", url, "--log", "bench"]}
        binary = arguments.binary
        say(f"# server vs directory, {arguments.athletes} athletes x {arguments.weeks} weeks, {arguments.rounds} rounds, {binary}")
        say(f"# {os.cpu_count()} cores; load before: {os.getloadavg()}")
        generate = ["generate", "--athletes", str(arguments.athletes), "--weeks", str(arguments.weeks), "--seed", "7"]
        for name, options in places.items():
            say(f"generate {name}: {run([binary] + generate + options, env):.2f} s")
        for options in places.values():
            run([binary, "history", "--limit", "1"] + options, env)  # the state, made once

        timings = {}
        commands = [
            ("workout start", lambda r: ["workout", "start", "--name", f"Round {r}"]),
            ("workout set", lambda r: ["workout", "set", "barbell back squat", "100kg", "x", "5"]),
            ("workout set", lambda r: ["workout", "set", "barbell back squat", "100kg", "x", "5"]),
            ("workout set", lambda r: ["workout", "set", "barbell back squat", "100kg", "x", "5"]),
            ("workout complete", lambda r: ["workout", "complete"]),
            ("eat", lambda r: ["eat", "rolled oats", "60g", "--meal", "breakfast"]),
            ("bodyweight", lambda r: ["bodyweight", "80kg"]),
            ("history", lambda r: ["history", "--limit", "20", "--format", "json"]),
            ("prs", lambda r: ["prs", "--format", "json"]),
            ("nutrition", lambda r: ["nutrition", "--format", "json"]),
            ("summary", lambda r: ["summary", "--format", "json"]),
        ]
        for round_number in range(arguments.rounds):
            order = list(places.items()) if round_number % 2 == 0 else list(reversed(places.items()))
            for name, options in order:
                for label, make in commands:
                    seconds = run([binary] + make(round_number) + options, env)
                    timings.setdefault((label, name), []).append(seconds)
        say(f"{'command':<18} {'storage':<10} {'p50 ms':>8} {'p99 ms':>8} {'n':>4}")
        for (label, name), values in timings.items():
            say(f"{label:<18} {name:<10} {percentile(values, 0.5) * 1000:8.1f} {percentile(values, 0.99) * 1000:8.1f} {len(values):4d}")

        rebuilds = {name: [] for name in places}
        for round_number in range(3):
            order = list(places.items()) if round_number % 2 == 0 else list(reversed(places.items()))
            for name, options in order:
                rebuilds[name].append(run([binary, "rebuild"] + options, env))
        ratios = [s / d for s, d in zip(rebuilds["server"], rebuilds["directory"])]
        say(f"rebuild directory: {', '.join(f'{s:.2f}' for s in rebuilds['directory'])} s; median {statistics.median(rebuilds['directory']):.2f} s")
        say(f"rebuild server:    {', '.join(f'{s:.2f}' for s in rebuilds['server'])} s; median {statistics.median(rebuilds['server']):.2f} s")
        say(f"rebuild server / directory: median of pairs {statistics.median(ratios):.2f}x")
        for name, options in places.items():
            latencies = follow_latency(binary, options, env, arguments.rounds * 2)
            say(f"subscriber {name:<10} p50 {percentile(latencies, 0.5) * 1000:7.2f} ms  p99 {percentile(latencies, 0.99) * 1000:7.2f} ms"
                f"  n {len(latencies)}")
        say(f"# load after: {os.getloadavg()}")
    finally:
        stop()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
