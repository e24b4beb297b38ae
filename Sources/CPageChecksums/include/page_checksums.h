#ifndef ANTRAIN_PAGE_CHECKSUMS_H
#define ANTRAIN_PAGE_CHECKSUMS_H

#include <stdint.h>

/// The bytes a page keeps at its end for its checksum (SQLite's "reserved bytes").
#define ANTRAIN_PAGE_CHECKSUM_SIZE 8

/// The name the checksumming VFS is registered under.
#define ANTRAIN_PAGE_CHECKSUMS_VFS "antrain-page-checksums"

/// Registers the checksumming VFS as SQLite's default, over the default VFS found (once; later
/// calls do nothing). Returns an SQLite result code.
///
/// Every database whose header reserves ANTRAIN_PAGE_CHECKSUM_SIZE bytes per page gets a
/// checksum of each page written into those bytes, and has it checked on every read of a whole
/// page, from the database file or from its write-ahead log: a page whose bytes changed since
/// SQLite wrote it fails the read with SQLITE_IOERR_DATA. Databases that reserve no bytes are
/// read and written as they are.
int antrain_page_checksums_register(void);

/// The checksum of a page of `page_size` bytes (of all but its last 8): XXH3, 64 bits.
uint64_t antrain_page_checksum(const void *page, int page_size);

/// Whether a page's last 8 bytes hold the checksum of the rest (little-endian).
int antrain_page_checksum_matches(const void *page, int page_size);

/// How many page reads were checked, and how many failed, since the process started.
uint64_t antrain_page_checksums_checked(void);
uint64_t antrain_page_checksums_failed(void);

#endif
