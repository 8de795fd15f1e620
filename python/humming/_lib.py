"""Finding, loading and declaring libHummingRuntime (ctypes only).

The library is loaded lazily, on the first call that needs it, so that
``import humming`` always works. The places searched, in order:

1. ``$HUMMING_LIBRARY`` (a file path), when set;
2. ``<package>/lib/libHummingRuntime.so``, where a packaged build puts it;
3. ``$HUMMING_BUILD_DIR/lib/libHummingRuntime.so``, when set (the build
   directory of scripts/build.sh);
4. ``<repo>/build/lib/libHummingRuntime.so`` and
   ``<repo>/build-static/lib/libHummingRuntime.so`` (a source checkout);
5. the dynamic loader's own search (``LD_LIBRARY_PATH``, ``ld.so.cache``),
   for an installed library.

The first that loads and exports every function of
include/humming-c/Runtime.h wins. When none does, :class:`HummingError`
with status ``"NO_LIBRARY"`` lists every place tried and why it failed.
"""

import ctypes
import os
import sys
import threading
import warnings
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ._errors import NO_LIBRARY, STATUS_NAMES, HummingError

if sys.platform.startswith("win"):
    LIBRARY_FILE = "HummingRuntime.dll"
elif sys.platform == "darwin":
    LIBRARY_FILE = "libHummingRuntime.dylib"
else:
    LIBRARY_FILE = "libHummingRuntime.so"

ENV_LIBRARY = "HUMMING_LIBRARY"
ENV_BUILD_DIR = "HUMMING_BUILD_DIR"

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
# python/humming -> python -> the repository root (meaningful in a checkout).
REPO_DIR = os.path.dirname(os.path.dirname(PACKAGE_DIR))

_c_int = ctypes.c_int
_c_ptr = ctypes.c_void_p
_c_str = ctypes.c_char_p
_c_size_p = ctypes.POINTER(ctypes.c_size_t)

# name -> (restype, argtypes), exactly include/humming-c/Runtime.h. Enums
# (humming_status) are C ints; handles and data pointers are void pointers,
# passed as Python ints (or None for NULL).
FUNCTIONS: Dict[str, Tuple[Any, List[Any]]] = {
    "humming_last_error": (_c_str, []),
    "humming_version": (_c_str, []),
    "humming_layer_create": (_c_int, [_c_str, ctypes.POINTER(_c_ptr)]),
    "humming_layer_destroy": (None, [_c_ptr]),
    "humming_layer_describe": (_c_str, [_c_ptr]),
    "humming_layer_ptx": (_c_str, [_c_ptr]),
    "humming_layer_operand_bytes": (_c_int, [_c_ptr, _c_str, _c_int, _c_size_p]),
    "humming_layer_resident_ctas": (_c_int, [_c_ptr, _c_int, ctypes.POINTER(_c_int)]),
    "humming_layer_repack_host": (
        _c_int,
        [_c_ptr, _c_ptr, _c_ptr, _c_ptr, _c_ptr, _c_ptr, _c_ptr],
    ),
    "humming_layer_load_weights": (
        _c_int,
        [_c_ptr, _c_ptr, _c_ptr, _c_ptr, _c_ptr, _c_ptr],
    ),
    "humming_layer_run": (_c_int, [_c_ptr, _c_ptr, _c_ptr, ctypes.c_int64, _c_ptr]),
    "humming_spec_operand_bytes": (_c_int, [_c_str, _c_str, _c_size_p]),
    "humming_spec_check": (_c_int, [_c_str]),
    "humming_quantize_weights": (_c_int, [_c_str, _c_ptr, _c_ptr, _c_ptr, _c_ptr]),
    "humming_reference_gemm": (
        _c_int,
        [_c_str, _c_ptr, ctypes.c_int64, _c_ptr, _c_ptr, _c_ptr, _c_ptr, _c_ptr, _c_int],
    ),
    "humming_dequantize_weights": (_c_int, [_c_str, _c_ptr, _c_ptr, _c_ptr, _c_ptr]),
    "humming_layer_create_from_ir": (_c_int, [_c_str, _c_str, ctypes.POINTER(_c_ptr)]),
    "humming_layer_spec": (_c_str, [_c_ptr]),
    "humming_cache_dir": (_c_str, []),
    "humming_cache_clear": (_c_int, []),
}


class Library:
    """A loaded libHummingRuntime with every function declared."""

    def __init__(self, path: str, cdll: ctypes.CDLL):
        self.path = path
        self.cdll = cdll
        for name, (restype, argtypes) in FUNCTIONS.items():
            fn = getattr(cdll, name)
            fn.restype = restype
            fn.argtypes = argtypes
            setattr(self, name, fn)

    def last_error(self) -> str:
        return decode(self.humming_last_error()) or "(the library gave no message)"

    def check(self, status: int) -> None:
        """Raises HummingError for a nonzero humming_status.

        Must run on the thread that made the failed call (humming_last_error
        is per thread); ctypes calls never switch threads, so calling this
        right after the C function is enough.
        """
        if status == 0:
            return
        message = self.last_error()
        name = STATUS_NAMES.get(status)
        if name is None:
            raise HummingError(
                "INTERNAL", "unknown humming_status {}: {}".format(status, message)
            )
        raise HummingError(name, message)

    def call(self, name: str, *args: Any) -> None:
        """Calls a function that returns humming_status; raises on failure."""
        self.check(getattr(self, name)(*args))


def decode(value: Optional[bytes]) -> str:
    if value is None:
        return ""
    return value.decode("utf-8", errors="replace")


def candidates() -> List[Tuple[str, str]]:
    """(what to pass to dlopen, how to name it in messages), in search order."""
    out: List[Tuple[str, str]] = []
    env = os.environ.get(ENV_LIBRARY)
    if env:
        out.append((env, "${}={}".format(ENV_LIBRARY, env)))
    packaged = os.path.join(PACKAGE_DIR, "lib", LIBRARY_FILE)
    out.append((packaged, packaged))
    build_dir = os.environ.get(ENV_BUILD_DIR)
    if build_dir:
        path = os.path.join(build_dir, "lib", LIBRARY_FILE)
        out.append((path, "${}/lib: {}".format(ENV_BUILD_DIR, path)))
    for build in ("build", "build-static"):
        path = os.path.join(REPO_DIR, build, "lib", LIBRARY_FILE)
        out.append((path, path))
    out.append((LIBRARY_FILE, "{} through the dynamic loader's search path "
                "(LD_LIBRARY_PATH, ld.so.cache)".format(LIBRARY_FILE)))
    return out


def _try_load(target: str) -> Tuple[Optional[Library], str]:
    """The loaded library, or None and why not."""
    is_path = os.sep in target or (os.altsep is not None and os.altsep in target)
    if is_path and not os.path.isfile(target):
        return None, "no such file"
    try:
        cdll = ctypes.CDLL(target)
    except OSError as e:
        return None, str(e) or "dlopen failed"
    missing = [name for name in FUNCTIONS if not hasattr(cdll, name)]
    if missing:
        return None, "loaded, but it lacks {} (a library older than this package?)".format(
            ", ".join(missing))
    path = target
    if not is_path:
        path = _loaded_path(cdll) or target
    return Library(os.path.abspath(path) if is_path else path, cdll), ""


def _loaded_path(cdll: ctypes.CDLL) -> Optional[str]:
    """The file the dynamic loader picked for a bare-name load (Linux)."""
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                parts = line.split(None, 5)
                if len(parts) == 6 and parts[5].strip().endswith("/" + LIBRARY_FILE):
                    return parts[5].strip()
    except OSError:
        pass
    return None


def load(search: Optional[Sequence[Tuple[str, str]]] = None) -> Library:
    """Loads the first usable library of `search` (default: candidates()).

    Does not cache; see get().
    """
    tried: List[str] = []
    env_failure: Optional[str] = None
    for target, label in (candidates() if search is None else search):
        library, reason = _try_load(target)
        if library is not None:
            if env_failure is not None:
                warnings.warn(
                    "humming: ${} is set but unusable ({}); using {} instead".format(
                        ENV_LIBRARY, env_failure, library.path),
                    RuntimeWarning, stacklevel=3)
            return library
        if search is None and label.startswith("$" + ENV_LIBRARY + "="):
            env_failure = reason
        tried.append("  {}: {}".format(label, reason))
    raise HummingError(
        NO_LIBRARY,
        "{} could not be loaded; tried, in order:\n{}\nBuild the runtime "
        "(scripts/build.sh) or set ${} to the library file.".format(
            LIBRARY_FILE, "\n".join(tried), ENV_LIBRARY))


_lock = threading.Lock()
_library: Optional[Library] = None


def get() -> Library:
    """The process-wide library, loaded on first use.

    A failure is not remembered: a later call searches again (so setting
    $HUMMING_LIBRARY or building the library afterwards works).
    """
    global _library
    library = _library
    if library is not None:
        return library
    with _lock:
        if _library is None:
            _library = load()
        return _library


def call(name: str, *args: Any) -> None:
    get().call(name, *args)


def function(name: str) -> Callable[..., Any]:
    return getattr(get(), name)
