#!/usr/bin/env bash
# Fails when a generated source file differs from what its generator makes of today's
# sources: the generator runs into a temporary folder and each file it writes is compared
# with the committed one. scripts/test.sh runs it before building.
set -euo pipefail
cd "$(dirname "$0")/.."

generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
python3 scripts/generate-event-columns.py --into "$generated" >/dev/null
python3 scripts/generate-built-in-library.py --into "$generated" >/dev/null

stale=()
while IFS= read -r file; do
    if ! cmp -s "$generated/$file" "$file"; then
        stale+=("$file")
        diff -u --label "$file (committed)" --label "$file (generated)" "$file" "$generated/$file" | head -n 20 >&2 || true
    fi
done < <(cd "$generated" && find . -type f -name '*.swift' | sed 's|^\./||' | sort)

if [ ${#stale[@]} -gt 0 ]; then
    echo "check-generated: these files differ from what scripts/generate-*.py make:" >&2
    printf '  %s\n' "${stale[@]}" >&2
    echo "check-generated: run the script named at the top of each file and commit the result" \
        "(to change them, edit the script, not the files)" >&2
    exit 1
fi
