# Links a target against MLIR: the shared libMLIR.so for development builds
# (HUMMING_LINK_MLIR_DYLIB=ON, the default), or the named static libraries for
# the self-contained runtime build that runs on machines without LLVM.
option(HUMMING_LINK_MLIR_DYLIB "Link against libMLIR.so instead of static MLIR libraries" ON)
function(humming_link_mlir target scope)
  if(HUMMING_LINK_MLIR_DYLIB)
    target_link_libraries(${target} ${scope} MLIR LLVM)
  else()
    target_link_libraries(${target} ${scope} ${ARGN})
  endif()
endfunction()

# Debian's MLIR archives name the shared libLLVM in their link interfaces. For
# the self-contained build, point every imported MLIR target at LLVM's static
# component libraries instead, so nothing of LLVM is loaded at run time.
if(NOT HUMMING_LINK_MLIR_DYLIB)
  # What the compiler uses of LLVM: NVPTX codegen, the optimization
  # pipeline, IR I/O and linking (their own dependencies follow).
  llvm_map_components_to_libnames(_humming_llvm_static
    nvptxcodegen nvptxdesc nvptxinfo passes irreader irprinter linker
    bitreader bitwriter frontendopenmp frontendoffloading asmparser
    targetparser)
  # LLVMSupport names zstd's shared target; Debian's LLVMConfig does not
  # always define it.
  if(NOT TARGET zstd::libzstd_shared)
    find_library(_humming_zstd NAMES zstd libzstd.so.1 REQUIRED)
    add_library(zstd::libzstd_shared INTERFACE IMPORTED)
    set_target_properties(zstd::libzstd_shared PROPERTIES
      INTERFACE_LINK_LIBRARIES ${_humming_zstd})
  endif()
  get_directory_property(_humming_imported IMPORTED_TARGETS)
  foreach(_t IN LISTS _humming_imported)
    get_target_property(_libs ${_t} INTERFACE_LINK_LIBRARIES)
    if(_libs)
      list(FIND _libs LLVM _i)
      if(NOT _i EQUAL -1)
        list(REMOVE_AT _libs ${_i})
        list(INSERT _libs ${_i} ${_humming_llvm_static})
        set_target_properties(${_t} PROPERTIES INTERFACE_LINK_LIBRARIES "${_libs}")
      endif()
    endif()
  endforeach()
endif()
