# Fails when docs/dialect/ differs from the ODS-generated reference.
foreach(f HummingOps.md HummingAttrs.md)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${GEN}/${f} ${DOCS}/${f}
                  RESULT_VARIABLE differ)
  if(differ)
    message(FATAL_ERROR "docs/dialect/${f} is stale: run "
                        "`cmake --build build --target humming-dialect-docs` and commit it")
  endif()
endforeach()
