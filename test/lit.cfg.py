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
