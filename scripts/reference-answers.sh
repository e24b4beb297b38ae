#!/usr/bin/env bash
# Writes the answers of BINARY to the queries of fixtures/reference/queries.jsonl into
# fixtures/reference/answers/, on the two logs the queries name: "generated" (antrain-log
# generate --athletes 2 --weeks 10 --seed 5) and "season" (fixtures/season imported).
#
# The committed answers were written by the build before the read models moved to keyed
# state (commit 7f45c94); ReferenceAnswersTests checks that the current build still gives
# them. Run it again only when an answer changes on purpose, and say why in the commit.
#
#     scripts/reference-answers.sh .build/release/antrain-log
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$binary" generate --athletes 2 --weeks 10 --seed 5 --log-dir "$work/generated" > /dev/null
"$binary" import fixtures/season/season.jsonl --source jsonl --log-dir "$work/season" > /dev/null
out=fixtures/reference/answers
rm -rf "$out"
mkdir -p "$out"
python3 - "$binary" "$work" "$out" <<'PY'
import json, subprocess, sys
binary, work, out = sys.argv[1:4]
for index, line in enumerate(open("fixtures/reference/queries.jsonl")):
    query = json.loads(line)
    result = subprocess.run([binary] + query[1:] + ["--log-dir", f"{work}/{query[0]}"], capture_output=True, text=True)
    text = result.stdout
    if query[1] == "replay":
        # A replay reports how long it took: everything else of it is the answer.
        answer = json.loads(text)
        for key in ("seconds", "eventsPerSecond"): answer.pop(key, None)
        text = json.dumps(answer, sort_keys=True) + "\n"
    with open(f"{out}/{index:03d}.out", "w") as f:
        f.write(f"exit {result.returncode}\n" + text)
PY
echo "wrote $(ls "$out" | wc -l) answers to $out"
