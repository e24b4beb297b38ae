#!/usr/bin/env bash
# CI's check of scripts/install.sh (issue 39), after scripts/test.sh has built the package:
# installs the debug build into a temporary prefix, runs the installed binary from another
# directory (--version, seed from its built-in library), parses the completion scripts with
# bash and zsh, renders the manual page with man and fails on any warning, then uninstalls
# and checks that nothing it wrote is left. A script rather than a test of the suite: the
# manual plugin needs the package's build folder, which `swift test` holds while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
elsewhere=$(mktemp -d)
trap 'rm -rf "$prefix" "$elsewhere"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

bash scripts/install.sh --prefix "$prefix" --binary .build/debug/antrain-log
installed="$prefix/bin/antrain-log"

version=$(cd "$elsewhere" && "$installed" --version)
echo "$version" | head -n 1 | grep -Eq '^antrain-log [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version printed: $version"
seeded=$(cd "$elsewhere" && env -u ANTRAIN_LIBRARY_DIR "$installed" seed --log-dir log)
[ "$seeded" = "seeded 145 presets, 0 already present (from the built-in library)" ] || fail "seed printed: $seeded"

bash -n "$prefix/share/bash-completion/completions/antrain-log" || fail "bash cannot parse the completion script"
zsh -n "$prefix/share/zsh/site-functions/_antrain-log" || fail "zsh cannot parse the completion script"
[ -s "$prefix/share/fish/vendor_completions.d/antrain-log.fish" ] || fail "no fish completion script"

page="$prefix/share/man/man1/antrain-log.1"
warnings=$(man --warnings -l "$page" 2>&1 >/dev/null || true)
[ -z "$warnings" ] || fail "man warns about $page: $warnings"
man -l "$page" 2>/dev/null | grep -q "Record, inspect, verify and repair an Antrain event log" || fail "the manual page does not render"

bash scripts/install.sh --prefix "$prefix" --uninstall > /dev/null
left=$(find "$prefix" -type f)
[ -z "$left" ] || fail "--uninstall left: $left"
echo "check-install: installed, ran from $elsewhere (--version, seed), completions parsed, manual rendered without warnings, uninstalled"
