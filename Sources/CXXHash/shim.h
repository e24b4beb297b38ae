// The part of libxxhash that AntrainEvents uses: XXH32, the checksum an LZ4 frame
// carries over its content (the LZ4 frame format names it).
#ifndef ANTRAIN_CXXHASH_SHIM_H
#define ANTRAIN_CXXHASH_SHIM_H
#include <xxhash.h>
#endif
