# Sourced by the scripts that run the test binary: `build_tests NAME [swift build options]`
# builds the tests and stops on a failed build or a warning in our own code, so that a
# stale test binary never runs. (With pipefail, `swift build | grep error && exit 1` would
# carry on after a failed build, hence the log.)
build_tests() {
    local name=$1 log
    shift
    log=$(mktemp)
    if ! swift build --build-tests "$@" >"$log" 2>&1; then
        grep -E "error:" "$log" | sort -u | head -20
        echo "$name: the build failed (above)" >&2
        rm -f "$log"
        exit 1
    fi
    if grep -E "^$(pwd)/(Sources|Tests)/.*: warning:" "$log" | sort -u | grep .; then
        echo "$name: the build has warnings in our code (above)" >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
}
