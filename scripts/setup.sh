#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian machine with Swift:
# libsqlite3-dev (SQLite, which holds the writer's and the projections' state), liblz4-dev (the LZ4 library, found through pkg-config), libxxhash-dev (XXH32, which
# checks each LZ4 frame's content) and the stock `lz4` tool, which the tests use as an
# independent checker of the segment format; and PostgreSQL's server (`postgresql`), which
# the tests of the log on a server start as a throwaway cluster in a temporary directory.
set -euo pipefail

missing=()
pkg-config --exists liblz4 2>/dev/null || missing+=(liblz4-dev pkg-config)
pkg-config --exists libxxhash 2>/dev/null || missing+=(libxxhash-dev pkg-config)
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev pkg-config)
command -v lz4 >/dev/null 2>&1 || missing+=(lz4)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# gdb: a test run that hangs prints every thread's stack (scripts/watched-test.sh).
command -v gdb >/dev/null 2>&1 || missing+=(gdb)
# zsh: the test of the completion scripts parses the zsh one (bash's is parsed by bash).
command -v zsh >/dev/null 2>&1 || missing+=(zsh)
# man: CI renders the installed manual page and fails on warnings (scripts/check-install.sh).
command -v man >/dev/null 2>&1 || missing+=(man-db)

if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null 2>&1 || { echo "setup: no Swift toolchain on PATH (expected Swift 6.1 or later)" >&2; exit 1; }
