@testable import AntrainProjections
import Testing

/// What `HugePageHeap` reads of the kernel's setting and writes into `GLIBC_TUNABLES`;
/// the restart itself is tested through `antrain-log rebuild` (RebuildReplayTests).
@Suite("Huge pages for the heap")
struct HugePageHeapTests {
    @Test("the kernel's mode is the bracketed word of the sysfs file")
    func parsesTheKernelMode() {
        #expect(HugePageHeap.kernelMode(parsing: "always [madvise] never\n") == .madvise)
        #expect(HugePageHeap.kernelMode(parsing: "[always] madvise never\n") == .always)
        #expect(HugePageHeap.kernelMode(parsing: "always madvise [never]\n") == .never)
        #expect(HugePageHeap.kernelMode(parsing: "always madvise never\n") == .unavailable)
        #expect(HugePageHeap.kernelMode(parsing: "[sometimes]") == .unavailable)
        #expect(HugePageHeap.kernelMode(parsing: "") == .unavailable)
    }

    @Test("the tunable is added to what is set, and a value set outside is kept")
    func addsTheTunable() {
        #expect(HugePageHeap.tunables(requestHugePages: nil) == "glibc.malloc.hugetlb=1")
        #expect(HugePageHeap.tunables(requestHugePages: "") == "glibc.malloc.hugetlb=1")
        #expect(HugePageHeap.tunables(requestHugePages: "glibc.malloc.arena_max=2")
            == "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1")
        #expect(HugePageHeap.tunables(requestHugePages: "glibc.malloc.hugetlb=0") == nil)
        #expect(HugePageHeap.tunables(requestHugePages: "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2") == nil)
        // A longer name that starts like it is another tunable.
        #expect(HugePageHeap.tunables(requestHugePages: "glibc.malloc.hugetlbx=1")
            == "glibc.malloc.hugetlbx=1:glibc.malloc.hugetlb=1")
    }

    @Test("the value of the tunable in a GLIBC_TUNABLES text")
    func readsTheValue() {
        #expect(HugePageHeap.value(in: "glibc.malloc.hugetlb=1") == "1")
        #expect(HugePageHeap.value(in: "a=1:glibc.malloc.hugetlb=0:b=2") == "0")
        #expect(HugePageHeap.value(in: "a=1") == nil)
        #expect(HugePageHeap.value(in: nil) == nil)
    }
}
