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
