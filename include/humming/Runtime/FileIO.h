//===- FileIO.h - Whole reads and writes on POSIX descriptors --------------===//
//
// The loops every caller of read(2)/write(2) needs (short transfers, EINTR),
// written once for the disk cache and the ptxas driver.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_RUNTIME_FILEIO_H
#define HUMMING_RUNTIME_FILEIO_H

#include <cstddef>
#include <string>

namespace humming::runtime {

/// Appends everything readable from `fd` until end of file to `out`; false
/// on a read error (what was read so far stays in `out`).
bool readAll(int fd, std::string &out);

/// Writes all `size` bytes; false on a write error.
bool writeAll(int fd, const char *data, size_t size);
inline bool writeAll(int fd, const std::string &data) {
  return writeAll(fd, data.data(), data.size());
}

} // namespace humming::runtime

#endif
