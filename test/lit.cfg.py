# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "HUMMING"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.humming_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
# Tests of the repository's scripts run them from the source tree.
config.substitutions.append(("%humming_src", config.humming_src_root))
config.substitutions.append(("%humming_tools_dir", config.humming_tools_dir))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.humming_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions([ToolSubst("humming-opt", unresolved="fatal")],
                                   tool_dirs)

# Tests that assemble PTX need ptxas: `REQUIRES: ptxas`.
if config.humming_ptxas and os.path.exists(config.humming_ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.humming_ptxas))
    # gpu-module-to-binary looks for ptxas on PATH.
    llvm_config.with_environment("PATH", os.path.dirname(config.humming_ptxas),
                                 append_path=True)

# Tests that read real SASS need a disassembler: `REQUIRES: nvdisasm`, where
# scripts/sass.sh would find one without installing it ($NVDISASM, PATH,
# $CUDA_HOME/bin, or the PyPI wheel it installed once under the cache).
def find_nvdisasm():
    import glob
    import shutil
    if os.environ.get("NVDISASM"):
        return os.environ["NVDISASM"]
    found = shutil.which("nvdisasm")
    if found:
        return found
    cuda = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    if os.path.exists(os.path.join(cuda, "bin", "nvdisasm")):
        return os.path.join(cuda, "bin", "nvdisasm")
    cache = os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))
    hits = glob.glob(os.path.join(cache, "humming", "cuda-tools", "**", "nvdisasm"),
                     recursive=True)
    return hits[0] if hits else None


if "ptxas" in config.available_features and find_nvdisasm():
    config.available_features.add("nvdisasm")
    # The cache lookup uses the caller's HOME / XDG_CACHE_HOME.
    for var in ("HOME", "XDG_CACHE_HOME", "NVDISASM", "CUDA_HOME"):
        if var in os.environ:
            config.environment[var] = os.environ[var]
