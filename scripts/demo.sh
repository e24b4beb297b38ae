#!/usr/bin/env bash
# The README's first command: set up, build antrain-log, and run the main job on the
# bundled fixtures in a fresh temporary log: import a season of one athlete, verify the
# hash chain, then show the last weeks of training, the records, a day's nutrition and a
# chart.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

# Progress lines are left out; warnings and errors are shown. A failed build stops the
# demo: otherwise it would run an older binary left in .build.
build_log="$(mktemp)"
built=0
swift build -c release --product antrain-log > "$build_log" 2>&1 || built=$?
grep -vE "^\[|^Building|^Compiling|^Write" "$build_log" || true
rm -f "$build_log"
if [ "$built" -ne 0 ]; then
    echo "demo: the release build of antrain-log failed (above)" >&2
    exit 1
fi
bin="$(swift build -c release --show-bin-path)/antrain-log"
export ANTRAIN_LOG_DIR="$(mktemp -d)/log"
# The season's athlete lives in Phoenix: local times and days as they lived them (in UTC,
# their 17:00 sessions would show as midnight).
export TZ=America/Phoenix
trap 'rm -rf "$(dirname "$ANTRAIN_LOG_DIR")"' EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
step "Importing a season of one athlete (26 weeks, JSON Lines export form): fixtures/season/season.jsonl"
"$bin" import fixtures/season/season.jsonl --source jsonl
step "Importing it again: every event is stored already, so nothing is appended"
"$bin" import fixtures/season/season.jsonl --source jsonl
step "Verifying checksums and the SHA-256 chain"
"$bin" verify
step "What the log holds"
"$bin" info
step "The last three weeks of training"
"$bin" history --from 2025-06-16 --to 2025-07-06
step "Personal records (estimated 1RM by Brzycki)"
"$bin" prs
step "Exercise totals over the season (sets and reps count warm-ups; volume does not)"
"$bin" stats
step "Nutrition on the season's last day, against the goals"
"$bin" nutrition --date 2025-07-06
step "Bench press over the season: heaviest weight and estimated 1RM"
"$bin" prs "Barbell Bench Press" --chart
step "Weekly volume and streaks"
"$bin" summary --today 2025-07-06 --weeks 6
