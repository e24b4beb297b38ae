#!/usr/bin/env bash
# Builds the API documentation of the libraries with swift-docc-plugin: AntrainLog,
# AntrainEvents and AntrainProjections, each opening on its landing article (usage first,
# Sources/<Target>/<Target>.docc). Any warning fails the build: a link to a symbol that does
# not exist (or is not public), a parameter left undocumented. CI runs it (.ci/run).
#
#   bash scripts/docs.sh [OUTPUT]     # default .build/docs; a DocC archive per target
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs}
mkdir -p "$output"
for target in AntrainLog AntrainEvents AntrainProjections; do
    log=$(mktemp)
    if ! swift package --allow-writing-to-directory "$output" generate-documentation --target "$target" \
            --output-path "$output/$target.doccarchive" --warnings-as-errors >"$log" 2>&1 \
        || grep -q "^warning:" "$log"; then
        grep -A4 "^warning:\|^error:" "$log" >&2 || tail -20 "$log" >&2
        rm -f "$log"
        echo "docs: $target's documentation has warnings (above)" >&2
        exit 1
    fi
    rm -f "$log"
    echo "docs: $target -> $output/$target.doccarchive"
done
