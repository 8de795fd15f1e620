"""The exception every failure of the package raises."""

from typing import Optional

# humming_status values of include/humming-c/Runtime.h, by code.
STATUS_NAMES = {
    0: "OK",
    1: "INVALID_ARGUMENT",
    2: "UNSUPPORTED",
    3: "COMPILE",
    4: "CUDA",
    5: "NO_DEVICE",
    6: "IO",
    7: "INTERNAL",
}
STATUS_CODES = {name: code for code, name in STATUS_NAMES.items()}

# Not a C status: the shared library could not be found or loaded.
NO_LIBRARY = "NO_LIBRARY"


class HummingError(Exception):
    """A request the runtime (or this binding, before calling it) refused.

    Attributes:
        status: the humming_status name without its prefix, e.g.
            ``"INVALID_ARGUMENT"``, ``"UNSUPPORTED"``, ``"COMPILE"``,
            ``"CUDA"``, ``"NO_DEVICE"``, ``"IO"``, ``"INTERNAL"``; or
            ``"NO_LIBRARY"`` when libHummingRuntime could not be loaded.
        code: the integer humming_status, or None for ``"NO_LIBRARY"``.
        message: the one-line explanation (humming_last_error() for
            failures reported by the library).
    """

    def __init__(self, status: str, message: str):
        self.status = status
        self.code: Optional[int] = STATUS_CODES.get(status)
        self.message = message
        super().__init__("[{}] {}".format(status, message))

    def __reduce__(self):
        return (type(self), (self.status, self.message))


def invalid_argument(message: str) -> HummingError:
    """The error this binding raises for a bad argument it catches itself."""
    return HummingError("INVALID_ARGUMENT", message)


def unsupported(message: str) -> HummingError:
    return HummingError("UNSUPPORTED", message)
