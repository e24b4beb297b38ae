// glibc's allocator settings (mallopt), which the Glibc module leaves out; see
// AllocatorTuning in AntrainProjections.
#ifndef ANTRAIN_CMALLOC_SHIM_H
#define ANTRAIN_CMALLOC_SHIM_H
#if defined(__linux__)
#include <malloc.h>
#endif
#endif
