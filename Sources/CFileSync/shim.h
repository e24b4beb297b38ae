// Linux's sync_file_range, which the Glibc module leaves out (it needs _GNU_SOURCE): a
// rebuild starts writing the state it has written so far to the disk without waiting, so
// that the fsync which seals the file has less left to do. See SQLiteStateAccess.writeAhead.
#ifndef ANTRAIN_CFILESYNC_SHIM_H
#define ANTRAIN_CFILESYNC_SHIM_H
#if defined(__linux__)
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
/// Starts writeback of every dirty page of `fd`, without waiting for it; 0 or -1 (errno).
static inline int antrain_start_writeback(int fd) {
    return sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
}
#else
static inline int antrain_start_writeback(int fd) { (void)fd; return 0; }
#endif
#endif
