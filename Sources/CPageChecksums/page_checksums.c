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

static int checksumWrite(sqlite3_file *base, const void *buffer, int amount, sqlite3_int64 offset) {
    ChecksumFile *file = (ChecksumFile *)base;
    if (file->isDatabase && offset == 0 && amount >= 100) readHeader(file, buffer);
    int pageSize = checkedPageSize(file, amount, offset);
    // The reserved bytes at a page's end are the VFS's to fill (SQLite leaves them to
    // extensions), in SQLite's own page buffer.
    if (pageSize != 0) storeChecksum((unsigned char *)buffer, pageSize);
    return file->inner->pMethods->xWrite(file->inner, buffer, amount, offset);
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
