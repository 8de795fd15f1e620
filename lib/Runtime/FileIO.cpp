//===- FileIO.cpp - Whole reads and writes on POSIX descriptors ------------===//

#include "humming/Runtime/FileIO.h"

#include <cerrno>
#include <unistd.h>

bool humming::runtime::readAll(int fd, std::string &out) {
  char buf[65536];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0)
      out.append(buf, size_t(n));
    else if (n == 0)
      return true;
    else if (errno != EINTR)
      return false;
  }
}

bool humming::runtime::writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t n = write(fd, data, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data += n, size -= size_t(n);
  }
  return true;
}
