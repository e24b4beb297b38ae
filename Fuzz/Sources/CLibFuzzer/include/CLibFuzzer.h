// libFuzzer's driver, for an executable that has a main of its own (SwiftPM links every Swift
// executable's `@main` in as `main`, so libFuzzer's main is never the one that runs).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
