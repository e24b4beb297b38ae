import Testing

/// The limit `FuzzRegressionTests` replays kept inputs under: it must hold in every build the
/// suite runs in, the sanitizers' included, or the replays either pass unseen (no limit) or
/// fail for no fault of the input (a limit below what the process maps already).
@Suite("The replays' address-space limit")
struct AddressSpaceLimitTests {
    @Test("leaves 1 GiB to spare and refuses more, under a sanitizer too")
    func spareAndNoMore() async {
        await #expect(processExitsWith: .success) {
            limitAddressSpace(spare: 1 << 30)
            precondition(canMap(512 << 20), "512 MiB of the 1 GiB to spare could not be mapped")
            precondition(!canMap(2 << 30), "2 GiB, beyond the 1 GiB to spare, could be mapped")
        }
    }
}
