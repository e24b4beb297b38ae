// A VFS shim that gives every page of a database a checksum, written when SQLite writes the
// page and checked whenever SQLite reads it back (docs/FORMAT.md, "Page checksums"). It sits
// over the default VFS and hands every call on to it; only whole-page reads and writes of a
// main database (and of its write-ahead log) that reserves 8 bytes per page are touched.
//
// Why a VFS, not a checksum per stored value: a flipped bit in a B-tree's interior page or
// in an index can send a lookup to the wrong leaf or hide a row, which no checksum of the
// values would see. A page's checksum covers everything SQLite reads.
#include "page_checksums.h"

#include <sqlite3.h>
#include <string.h>
#include <xxhash.h>

typedef struct ChecksumFile ChecksumFile;

struct ChecksumFile {
    sqlite3_file base;          // first: SQLite sees this as the file
    sqlite3_file *inner;        // the underlying VFS's file, stored right after this struct
    const char *name;           // the path, for log messages
    int isDatabase;             // a main database file
    int isWAL;                  // a write-ahead log
    int pageSize;               // main database: from its header, once seen (0 before)
    int checked;                // main database: whether its pages carry checksums
    ChecksumFile *database;     // write-ahead log: its database's file, whose settings apply
};

static const sqlite3_io_methods checksumMethods;
static uint64_t checkedReads;
static uint64_t failedReads;

uint64_t antrain_page_checksum(const void *page, int page_size) {
    return XXH3_64bits(page, (size_t)(page_size - ANTRAIN_PAGE_CHECKSUM_SIZE));
}

static void storeChecksum(unsigned char *page, int page_size) {
    uint64_t sum = antrain_page_checksum(page, page_size);
    unsigned char *end = page + page_size - ANTRAIN_PAGE_CHECKSUM_SIZE;
    for (int i = 0; i < ANTRAIN_PAGE_CHECKSUM_SIZE; i++) end[i] = (unsigned char)(sum >> (8 * i));
}

int antrain_page_checksum_matches(const void *page, int page_size) {
    const unsigned char *end = (const unsigned char *)page + page_size - ANTRAIN_PAGE_CHECKSUM_SIZE;
    uint64_t stored = 0;
    for (int i = 0; i < ANTRAIN_PAGE_CHECKSUM_SIZE; i++) stored |= (uint64_t)end[i] << (8 * i);
    return stored == antrain_page_checksum(page, page_size);
}

uint64_t antrain_page_checksums_checked(void) { return __atomic_load_n(&checkedReads, __ATOMIC_RELAXED); }
uint64_t antrain_page_checksums_failed(void) { return __atomic_load_n(&failedReads, __ATOMIC_RELAXED); }

/// Reads the page size and the reserved bytes from a database header (its first 100 bytes).
static void readHeader(ChecksumFile *file, const unsigned char *header) {
    int size = (header[16] << 8) | header[17];
    file->pageSize = size == 1 ? 65536 : size;
    file->checked = header[20] == ANTRAIN_PAGE_CHECKSUM_SIZE && file->pageSize >= 512;
}

/// The settings that apply to a whole-page read or write of `file` of `amount` bytes at
/// `offset`: the page size when the page carries a checksum, else 0.
static int checkedPageSize(const ChecksumFile *file, int amount, sqlite3_int64 offset) {
    if (file->isDatabase) {
        return file->checked && amount == file->pageSize && offset % file->pageSize == 0 ? file->pageSize : 0;
    }
    if (file->isWAL && file->database && file->database->checked && amount == file->database->pageSize) {
        return file->database->pageSize;
    }
    return 0;
}

static int checksumRead(sqlite3_file *base, void *buffer, int amount, sqlite3_int64 offset) {
    ChecksumFile *file = (ChecksumFile *)base;
    int rc = file->inner->pMethods->xRead(file->inner, buffer, amount, offset);
    if (rc != SQLITE_OK) return rc;
    if (file->isDatabase && offset == 0 && amount >= 100) readHeader(file, buffer);
    int pageSize = checkedPageSize(file, amount, offset);
    if (pageSize == 0) return SQLITE_OK;
    __atomic_add_fetch(&checkedReads, 1, __ATOMIC_RELAXED);
    if (antrain_page_checksum_matches(buffer, pageSize)) return SQLITE_OK;
    __atomic_add_fetch(&failedReads, 1, __ATOMIC_RELAXED);
    sqlite3_log(SQLITE_IOERR_DATA, "page checksum mismatch: %s, %d bytes at offset %lld", file->name ? file->name : "?",
                amount, offset);
    return SQLITE_IOERR_DATA;
}

// The write-ahead log's own checksums (SQLite's file format, "The WAL File Format"): a
// 32-byte header, then frames of a 24-byte header and a page. Each frame's header ends with
// two 32-bit big-endian sums over its first 8 bytes and its page, chained from the previous
// frame's (the first frame's from the WAL header's); the WAL header's magic says whether the
// sums read the bytes as little-endian (0x377f0682) or big-endian (0x377f0683) words.
enum { WAL_HEADER_SIZE = 32, FRAME_HEADER_SIZE = 24 };

static uint32_t getBigEndian32(const unsigned char *bytes) {
    return ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) | ((uint32_t)bytes[2] << 8) | bytes[3];
}

static void putBigEndian32(unsigned char *bytes, uint32_t value) {
    bytes[0] = (unsigned char)(value >> 24); bytes[1] = (unsigned char)(value >> 16);
    bytes[2] = (unsigned char)(value >> 8); bytes[3] = (unsigned char)value;
}

/// Adds `count` bytes (a multiple of 8) to the running sums, as the WAL format defines them.
static void walSum(const unsigned char *bytes, int count, int bigEndianWords, uint32_t sums[2]) {
    for (int i = 0; i + 8 <= count; i += 8) {
        uint32_t x0, x1;
        if (bigEndianWords) {
            x0 = getBigEndian32(bytes + i);
            x1 = getBigEndian32(bytes + i + 4);
        } else {
            x0 = (uint32_t)bytes[i] | ((uint32_t)bytes[i + 1] << 8) | ((uint32_t)bytes[i + 2] << 16) | ((uint32_t)bytes[i + 3] << 24);
            x1 = (uint32_t)bytes[i + 4] | ((uint32_t)bytes[i + 5] << 8) | ((uint32_t)bytes[i + 6] << 16) | ((uint32_t)bytes[i + 7] << 24);
        }
        sums[0] += x0 + sums[1];
        sums[1] += x1 + sums[0];
    }
}

/// Writes the sums of the frame whose header starts at `headerOffset` again, now that its page
/// (`page`) carries its checksum: SQLite summed the page before this VFS filled its reserved
/// bytes, and a frame whose sums do not match is where SQLite's recovery of the log stops,
/// dropping every commit after it. Chained from the previous frame's sums as they are on disk,
/// so that every frame written through this VFS chains right whatever SQLite had in memory.
static int rewriteFrameSums(ChecksumFile *file, sqlite3_int64 headerOffset, const unsigned char *page, int pageSize) {
    sqlite3_file *inner = file->inner;
    unsigned char walHeader[WAL_HEADER_SIZE], frameHeader[FRAME_HEADER_SIZE], previous[8];
    int rc = inner->pMethods->xRead(inner, walHeader, WAL_HEADER_SIZE, 0);
    if (rc != SQLITE_OK) return rc;
    uint32_t magic = getBigEndian32(walHeader);
    if ((magic & 0xFFFFFFFE) != 0x377f0682) return SQLITE_OK;  // not a WAL header SQLite wrote: leave it
    int bigEndianWords = magic & 1;
    uint32_t sums[2];
    if (headerOffset == WAL_HEADER_SIZE) {
        sums[0] = getBigEndian32(walHeader + 24);
        sums[1] = getBigEndian32(walHeader + 28);
    } else {
        rc = inner->pMethods->xRead(inner, previous, 8, headerOffset - (FRAME_HEADER_SIZE + pageSize) + 16);
        if (rc != SQLITE_OK) return rc;
        sums[0] = getBigEndian32(previous);
        sums[1] = getBigEndian32(previous + 4);
    }
    rc = inner->pMethods->xRead(inner, frameHeader, FRAME_HEADER_SIZE, headerOffset);
    if (rc != SQLITE_OK) return rc;
    walSum(frameHeader, 8, bigEndianWords, sums);
    walSum(page, pageSize, bigEndianWords, sums);
    putBigEndian32(frameHeader + 16, sums[0]);
    putBigEndian32(frameHeader + 20, sums[1]);
    return inner->pMethods->xWrite(inner, frameHeader + 16, 8, headerOffset + 16);
}

static int checksumWrite(sqlite3_file *base, const void *buffer, int amount, sqlite3_int64 offset) {
    ChecksumFile *file = (ChecksumFile *)base;
    if (file->isDatabase && offset == 0 && amount >= 100) readHeader(file, buffer);
    int pageSize = checkedPageSize(file, amount, offset);
    // The reserved bytes at a page's end are the VFS's to fill (SQLite leaves them to
    // extensions), in SQLite's own page buffer.
    if (pageSize != 0) storeChecksum((unsigned char *)buffer, pageSize);
    int rc = file->inner->pMethods->xWrite(file->inner, buffer, amount, offset);
    // A page of the write-ahead log lies after its frame's header, which SQLite wrote just
    // before it (whole: with synchronous = NORMAL a commit writes each frame in two writes).
    sqlite3_int64 frameSize = (sqlite3_int64)pageSize + FRAME_HEADER_SIZE;
    if (rc == SQLITE_OK && pageSize != 0 && file->isWAL && offset >= WAL_HEADER_SIZE + FRAME_HEADER_SIZE
        && (offset - WAL_HEADER_SIZE - FRAME_HEADER_SIZE) % frameSize == 0) {
        rc = rewriteFrameSums(file, offset - FRAME_HEADER_SIZE, buffer, pageSize);
    }
    return rc;
}

static int checksumClose(sqlite3_file *base) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xClose(file->inner);
}

static int checksumTruncate(sqlite3_file *base, sqlite3_int64 size) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xTruncate(file->inner, size);
}

static int checksumSync(sqlite3_file *base, int flags) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xSync(file->inner, flags);
}

static int checksumFileSize(sqlite3_file *base, sqlite3_int64 *size) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xFileSize(file->inner, size);
}

static int checksumLock(sqlite3_file *base, int level) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xLock(file->inner, level);
}

static int checksumUnlock(sqlite3_file *base, int level) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xUnlock(file->inner, level);
}

static int checksumCheckReservedLock(sqlite3_file *base, int *result) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xCheckReservedLock(file->inner, result);
}

static int checksumFileControl(sqlite3_file *base, int op, void *argument) {
    ChecksumFile *file = (ChecksumFile *)base;
    int rc = file->inner->pMethods->xFileControl(file->inner, op, argument);
    if (op == SQLITE_FCNTL_VFSNAME && rc == SQLITE_OK) {
        char *inner = *(char **)argument;
        *(char **)argument = sqlite3_mprintf(ANTRAIN_PAGE_CHECKSUMS_VFS "/%z", inner);
    }
    return rc;
}

static int checksumSectorSize(sqlite3_file *base) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xSectorSize(file->inner);
}

static int checksumDeviceCharacteristics(sqlite3_file *base) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xDeviceCharacteristics(file->inner);
}

static int checksumShmMap(sqlite3_file *base, int region, int size, int extend, void volatile **pointer) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xShmMap(file->inner, region, size, extend, pointer);
}

static int checksumShmLock(sqlite3_file *base, int offset, int count, int flags) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xShmLock(file->inner, offset, count, flags);
}

static void checksumShmBarrier(sqlite3_file *base) {
    ChecksumFile *file = (ChecksumFile *)base;
    file->inner->pMethods->xShmBarrier(file->inner);
}

static int checksumShmUnmap(sqlite3_file *base, int deleteFlag) {
    ChecksumFile *file = (ChecksumFile *)base;
    return file->inner->pMethods->xShmUnmap(file->inner, deleteFlag);
}

// Memory-mapped pages would reach SQLite without a read to check: none are handed out.
static int checksumFetch(sqlite3_file *base, sqlite3_int64 offset, int amount, void **pointer) {
    (void)base; (void)offset; (void)amount;
    *pointer = 0;
    return SQLITE_OK;
}

static int checksumUnfetch(sqlite3_file *base, sqlite3_int64 offset, void *pointer) {
    (void)base; (void)offset; (void)pointer;
    return SQLITE_OK;
}

static const sqlite3_io_methods checksumMethods = {
    3, checksumClose, checksumRead, checksumWrite, checksumTruncate, checksumSync, checksumFileSize,
    checksumLock, checksumUnlock, checksumCheckReservedLock, checksumFileControl, checksumSectorSize,
    checksumDeviceCharacteristics, checksumShmMap, checksumShmLock, checksumShmBarrier, checksumShmUnmap,
    checksumFetch, checksumUnfetch,
};

static sqlite3_vfs *innerVFS(sqlite3_vfs *vfs) { return (sqlite3_vfs *)vfs->pAppData; }

static int checksumOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *base, int flags, int *outFlags) {
    ChecksumFile *file = (ChecksumFile *)base;
    memset(file, 0, sizeof(*file));
    file->inner = (sqlite3_file *)&file[1];
    file->name = name;
    file->isDatabase = (flags & SQLITE_OPEN_MAIN_DB) != 0;
    file->isWAL = (flags & SQLITE_OPEN_WAL) != 0;
    int rc = innerVFS(vfs)->xOpen(innerVFS(vfs), name, file->inner, flags, outFlags);
    if (file->inner->pMethods == 0) {
        base->pMethods = 0;
        return rc;
    }
    if (file->isWAL && name) {
        sqlite3_file *database = sqlite3_database_file_object(name);
        if (database && database->pMethods == &checksumMethods) file->database = (ChecksumFile *)database;
    }
    base->pMethods = &checksumMethods;
    return rc;
}

static int checksumDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    return innerVFS(vfs)->xDelete(innerVFS(vfs), name, syncDirectory);
}

static int checksumAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    return innerVFS(vfs)->xAccess(innerVFS(vfs), name, flags, result);
}

static int checksumFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return innerVFS(vfs)->xFullPathname(innerVFS(vfs), name, size, out);
}

static void *checksumDlOpen(sqlite3_vfs *vfs, const char *path) { return innerVFS(vfs)->xDlOpen(innerVFS(vfs), path); }

static void checksumDlError(sqlite3_vfs *vfs, int size, char *message) { innerVFS(vfs)->xDlError(innerVFS(vfs), size, message); }

static void (*checksumDlSym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    return innerVFS(vfs)->xDlSym(innerVFS(vfs), handle, symbol);
}

static void checksumDlClose(sqlite3_vfs *vfs, void *handle) { innerVFS(vfs)->xDlClose(innerVFS(vfs), handle); }

static int checksumRandomness(sqlite3_vfs *vfs, int size, char *out) { return innerVFS(vfs)->xRandomness(innerVFS(vfs), size, out); }

static int checksumSleep(sqlite3_vfs *vfs, int microseconds) { return innerVFS(vfs)->xSleep(innerVFS(vfs), microseconds); }

static int checksumCurrentTime(sqlite3_vfs *vfs, double *now) { return innerVFS(vfs)->xCurrentTime(innerVFS(vfs), now); }

static int checksumGetLastError(sqlite3_vfs *vfs, int size, char *out) {
    return innerVFS(vfs)->xGetLastError(innerVFS(vfs), size, out);
}

static int checksumCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    return innerVFS(vfs)->xCurrentTimeInt64(innerVFS(vfs), now);
}

static int checksumSetSystemCall(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    return innerVFS(vfs)->xSetSystemCall(innerVFS(vfs), name, call);
}

static sqlite3_syscall_ptr checksumGetSystemCall(sqlite3_vfs *vfs, const char *name) {
    return innerVFS(vfs)->xGetSystemCall(innerVFS(vfs), name);
}

static const char *checksumNextSystemCall(sqlite3_vfs *vfs, const char *name) {
    return innerVFS(vfs)->xNextSystemCall(innerVFS(vfs), name);
}

static sqlite3_vfs checksumVFS;

int antrain_page_checksums_register(void) {
    if (sqlite3_vfs_find(ANTRAIN_PAGE_CHECKSUMS_VFS)) return SQLITE_OK;
    sqlite3_vfs *inner = sqlite3_vfs_find(0);
    if (!inner || inner->iVersion < 3) return SQLITE_ERROR;
    checksumVFS = (sqlite3_vfs){
        .iVersion = 3,
        .szOsFile = (int)sizeof(ChecksumFile) + inner->szOsFile,
        .mxPathname = inner->mxPathname,
        .zName = ANTRAIN_PAGE_CHECKSUMS_VFS,
        .pAppData = inner,
        .xOpen = checksumOpen,
        .xDelete = checksumDelete,
        .xAccess = checksumAccess,
        .xFullPathname = checksumFullPathname,
        .xDlOpen = checksumDlOpen,
        .xDlError = checksumDlError,
        .xDlSym = checksumDlSym,
        .xDlClose = checksumDlClose,
        .xRandomness = checksumRandomness,
        .xSleep = checksumSleep,
        .xCurrentTime = checksumCurrentTime,
        .xGetLastError = checksumGetLastError,
        .xCurrentTimeInt64 = checksumCurrentTimeInt64,
        .xSetSystemCall = checksumSetSystemCall,
        .xGetSystemCall = checksumGetSystemCall,
        .xNextSystemCall = checksumNextSystemCall,
    };
    return sqlite3_vfs_register(&checksumVFS, 1);
}
