import Glibc

/// The sanitizer this test process runs under, if any, for the tests that must adapt to one
/// (see docs/RELIABILITY.md, item 6) and for ``Patience``.
///
/// Swift has no compile-time check for `-sanitize=`, and an environment variable holds only
/// when the suite is launched by scripts/sanitizers.sh. A sanitizer's runtime is linked into
/// the test binary and exports its entry point, so looking that up tells from inside the
/// process, however the suite was started (the script, `swift test --sanitize=...`, an IDE).
package enum Sanitizer: String, Sendable {
    case thread, address

    /// The sanitizer linked into this process, or nil in a normal build.
    package static let active: Sanitizer? = {
        if dlsym(nil, "__tsan_init") != nil { return .thread }
        if dlsym(nil, "__asan_init") != nil { return .address }
        return nil
    }()
}
