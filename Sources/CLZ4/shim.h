// The parts of liblz4 that AntrainEvents uses: the frame format (lz4frame.h),
// whose frames the stock `lz4` tool reads, and the block API (lz4.h).
#ifndef ANTRAIN_CLZ4_SHIM_H
#define ANTRAIN_CLZ4_SHIM_H
#include <lz4.h>
#include <lz4frame.h>
#endif
