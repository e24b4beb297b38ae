#!/usr/bin/env bash
# Installs antrain-log under a prefix, as a package would: the binary, its manual pages and
# its completion scripts for bash, zsh and fish, each where that shell looks for them under
# the prefix; and a list of what it wrote, so that --uninstall removes exactly that.
#
#   scripts/install.sh [--prefix DIR]            # default /usr/local; builds in release first
#   scripts/install.sh --prefix DIR --binary PATH  # installs an antrain-log already built
#   scripts/install.sh --prefix DIR --uninstall
#
# The binary carries its preset library, so nothing else is needed at run time. The manual
# pages come from swift-argument-parser's generate-manual plugin, the completion scripts from
# the binary itself (--generate-completion-script): both always match the commands.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
binary=""
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
        --binary) binary=${2:?--binary needs the path of a built antrain-log}; shift 2 ;;
        --uninstall) uninstall=true; shift ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install: unknown argument $1 (see --help)" >&2; exit 64 ;;
    esac
done
prefix=$(mkdir -p "$prefix" && cd "$prefix" && pwd)
manifest="$prefix/share/antrain-log/install-manifest"

if $uninstall; then
    [ -f "$manifest" ] || { echo "install: nothing to uninstall: $manifest is missing" >&2; exit 66; }
    while IFS= read -r file; do
        rm -f -- "$file"
        echo "removed $file"
    done < "$manifest"
    rm -f -- "$manifest"
    rmdir --ignore-fail-on-non-empty "$prefix/share/antrain-log" 2>/dev/null || true
    exit 0
fi

source scripts/setup.sh
# The manual is made from a build of the package: the release one when this script builds,
# else the debug one (the commands, and so the pages, are the same in both).
configuration=debug
if [ -z "$binary" ]; then
    configuration=release
    swift build -c release --product antrain-log
    binary="$(swift build -c release --show-bin-path)/antrain-log"
fi
[ -x "$binary" ] || { echo "install: $binary is not an executable" >&2; exit 66; }

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
# The manual: one page per command, from the same definitions as --help, written by the
# plugin into its own folder under .build, which it names last.
swift package plugin generate-manual --configuration "$configuration" > "$staging/generate-manual.log" 2>&1 \
    || { cat "$staging/generate-manual.log" >&2; exit 1; }
pages=$(sed -n "s|^Generated manual in '\(file://\)\{0,1\}\(.*\)'\$|\2|p" "$staging/generate-manual.log" | tail -n 1)
[ -d "$pages" ] || { cat "$staging/generate-manual.log" >&2; echo "install: the manual plugin named no folder" >&2; exit 1; }

written=()
put() {  # put SOURCE DESTINATION MODE
    install -D -m "$3" "$1" "$2"
    written+=("$2")
    echo "installed $2"
}
put "$binary" "$prefix/bin/antrain-log" 755
while IFS= read -r page; do
    # A blank line between paragraphs of a command's discussion is not mdoc: make it the
    # paragraph macro, so that man renders the page without warnings.
    sed 's/^[[:space:]]*$/.Pp/' "$page" > "$staging/$(basename "$page")"
    put "$staging/$(basename "$page")" "$prefix/share/man/man1/$(basename "$page")" 644
done < <(find "$pages" -name '*.1' | sort)
"$binary" --generate-completion-script bash > "$staging/antrain-log.bash"
"$binary" --generate-completion-script zsh > "$staging/_antrain-log"
"$binary" --generate-completion-script fish > "$staging/antrain-log.fish"
put "$staging/antrain-log.bash" "$prefix/share/bash-completion/completions/antrain-log" 644
put "$staging/_antrain-log" "$prefix/share/zsh/site-functions/_antrain-log" 644
put "$staging/antrain-log.fish" "$prefix/share/fish/vendor_completions.d/antrain-log.fish" 644

mkdir -p "$(dirname "$manifest")"
printf '%s\n' "${written[@]}" > "$manifest"
echo "install: ${#written[@]} files under $prefix (listed in $manifest; --uninstall removes them)"
