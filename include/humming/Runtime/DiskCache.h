//===- DiskCache.h - Compiled kernels on disk, keyed by their full config -===//
//
// Entries live in $HUMMING_CACHE_DIR (default $XDG_CACHE_HOME/humming, else
// ~/.cache/humming). The file name is the SHA-256 of the key; the file holds
// a header (magic, format version, the full key text, payload size and a
// SHA-256 of the payload) and the payload. load() verifies all of it: a
// truncated, corrupt or colliding entry is removed and reported as a miss, so
// the caller rebuilds it; it is never returned. store() writes a temporary
// file in the same directory and renames it into place (atomic on POSIX), so
// concurrent writers and readers (threads or processes) never see a partial
// entry.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_RUNTIME_DISKCACHE_H
#define HUMMING_RUNTIME_DISKCACHE_H

#include "humming/Runtime/Status.h"

#include <optional>
#include <string>

namespace humming::runtime {

class DiskCache {
public:
  /// An empty `dir` means the default location. Creates it lazily on store().
  explicit DiskCache(std::string dir = {});

  static std::string defaultDirectory();
  const std::string &directory() const { return dir_; }

  /// The payload stored under `key`, or nullopt (miss, unreadable or corrupt
  /// entry; a corrupt one is deleted).
  std::optional<std::string> load(const std::string &key) const;
  /// Stores atomically; an error leaves no partial file behind.
  Status store(const std::string &key, const std::string &payload) const;
  /// Path of the entry for `key` (whether or not it exists).
  std::string pathFor(const std::string &key) const;
  /// Removes every entry (files named like entries) in the directory.
  Status clear() const;

private:
  std::string dir_;
};

/// Lowercase hex SHA-256 of `data`.
std::string sha256Hex(const std::string &data);

} // namespace humming::runtime

#endif
