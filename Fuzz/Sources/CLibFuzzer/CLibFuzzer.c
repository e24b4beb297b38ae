// Nothing to compile: the target exists for its header. LLVMFuzzerRunDriver is in the libFuzzer
// runtime that -sanitize=fuzzer links in.
#include "CLibFuzzer.h"
