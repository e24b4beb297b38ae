#!/usr/bin/env bash
# The README's first command: set up, build antrain-log, and run the main job on the
# bundled fixtures in a fresh temporary log: seed the preset library, record a week of
# training and meals, verify the hash chain, and show what the log holds.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

swift build -c release --product antrain-log 2>&1 | grep -vE "^\[|^Building|^Compiling|^Write" || true
bin="$(swift build -c release --show-bin-path)/antrain-log"
export ANTRAIN_LOG_DIR="$(mktemp -d)/log"
trap 'rm -rf "$(dirname "$ANTRAIN_LOG_DIR")"' EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
step "Seeding the preset library (exercises, templates, programs, foods) into $ANTRAIN_LOG_DIR"
"$bin" seed
step "Recording a week of training and meals: fixtures/events/training-week.jsonl"
"$bin" append fixtures/events/training-week.jsonl
step "Recording it again: every event id is already stored, so nothing is appended"
"$bin" append fixtures/events/training-week.jsonl
step "Seeding again: every preset is there already"
"$bin" seed
step "Verifying checksums and the SHA-256 chain"
"$bin" verify
step "What the log holds"
"$bin" info
step "The last five events"
"$bin" tail -n 5
step "The sets of the week, in their JSON form"
"$bin" cat --type SetLogged --limit 6
