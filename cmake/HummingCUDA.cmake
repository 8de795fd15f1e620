# Locates the CUDA toolkit pieces the compiler needs later (ptxas, nvJitLink, libdevice).
# Nothing here is required to build: without a toolkit the compiler still builds and every
# test that needs ptxas reports itself as unsupported. The search order is CUDA_HOME (cache
# variable or environment), then /usr/local/cuda.
set(_humming_cuda_hints)
if(DEFINED CUDA_HOME)
  list(APPEND _humming_cuda_hints "${CUDA_HOME}")
endif()
if(DEFINED ENV{CUDA_HOME})
  list(APPEND _humming_cuda_hints "$ENV{CUDA_HOME}")
endif()
list(APPEND _humming_cuda_hints /usr/local/cuda)

set(HUMMING_CUDA_HOME "" CACHE PATH "CUDA toolkit used for ptxas / nvJitLink / libdevice")
if(NOT HUMMING_CUDA_HOME)
  foreach(_dir IN LISTS _humming_cuda_hints)
    if(EXISTS "${_dir}/bin/ptxas")
      set(HUMMING_CUDA_HOME "${_dir}" CACHE PATH "" FORCE)
      break()
    endif()
  endforeach()
endif()

if(HUMMING_CUDA_HOME)
  find_program(HUMMING_PTXAS ptxas HINTS "${HUMMING_CUDA_HOME}/bin" NO_DEFAULT_PATH)
  find_library(HUMMING_NVJITLINK nvJitLink
    HINTS "${HUMMING_CUDA_HOME}/lib64" "${HUMMING_CUDA_HOME}/lib" NO_DEFAULT_PATH)
  file(GLOB _libdevice "${HUMMING_CUDA_HOME}/nvvm/libdevice/libdevice*.bc")
  list(GET _libdevice 0 HUMMING_LIBDEVICE)
  message(STATUS "CUDA toolkit: ${HUMMING_CUDA_HOME} (ptxas: ${HUMMING_PTXAS}, "
                 "nvJitLink: ${HUMMING_NVJITLINK}, libdevice: ${HUMMING_LIBDEVICE})")
else()
  message(WARNING
    "No CUDA toolkit found (looked in CUDA_HOME and /usr/local/cuda). The compiler builds and "
    "its IR tests run, but ptxas-assembly tests are skipped and no cubin can be produced. "
    "Set CUDA_HOME to the toolkit root to enable them.")
endif()
