"""Makes `pytest python/tests` import the package from this checkout
(the same as PYTHONPATH=python)."""

import os
import sys

_PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _PYTHON_DIR not in sys.path:
    sys.path.insert(0, _PYTHON_DIR)


def pytest_report_header(config):
    import humming

    try:
        return "humming: libHummingRuntime {} ({})".format(
            humming.library_path(), humming.version())
    except humming.HummingError as e:
        return "humming: " + e.message
