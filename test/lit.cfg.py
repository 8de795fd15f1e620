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
# scripts/sass.sh finds one without installing it ($NVDISASM, PATH,
# $CUDA_HOME/bin, or the PyPI wheel it installed once under the cache).
if "ptxas" in config.available_features:
    import subprocess

    # The cache lookup uses the caller's HOME / XDG_CACHE_HOME.
    passed = {v: os.environ[v] for v in ("HOME", "XDG_CACHE_HOME", "NVDISASM", "CUDA_HOME")
              if v in os.environ}
    found = subprocess.run(
        ["bash", os.path.join(config.humming_src_root, "scripts", "sass.sh"), "--find-nvdisasm"],
        capture_output=True).returncode == 0
    if found:
        config.available_features.add("nvdisasm")
        config.environment.update(passed)
