# Precompiled headers (CAIRN_PCH, on by default): the standard headers most files include, nlohmann/json and, in the
# test programs, GoogleTest and RapidCheck, parsed once per build instead of once per file. The libraries and cairn
# share one precompiled header (made for cairn_front), the test programs another (made by tests/'s cairn_test_pch).
# -DCAIRN_PCH=OFF builds without, for instance to check that every file includes what it uses.
option(CAIRN_PCH "Precompile the common headers" ON)
# With the headers precompiled, GCC 12 no longer treats the inlined libstdc++ string code as a system header's and
# reports its known false -Warray-bounds and -Wstringop-overflow (a string concatenation seen as a memcpy past the
# object) in a few files; with precompiled headers those two warnings are off.
if(CAIRN_PCH AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  add_compile_options(-Wno-array-bounds -Wno-stringop-overflow)
endif()

set(CAIRN_PCH_HEADERS <algorithm> <chrono> <cstdint> <cstdlib> <cstring> <filesystem> <functional> <map> <memory>
    <optional> <set> <string> <string_view> <unordered_map> <vector> <nlohmann/json.hpp>)

# cairn_pch_libraries(FIRST OTHER...): FIRST makes the header, the others reuse it.
function(cairn_pch_libraries first)
  if(NOT CAIRN_PCH)
    return()
  endif()
  target_precompile_headers(${first} PRIVATE ${CAIRN_PCH_HEADERS})
  foreach(t ${ARGN})
    target_precompile_headers(${t} REUSE_FROM ${first})
  endforeach()
endfunction()

# cairn_pch_tests(FIRST OTHER...): the same for the test programs, with GoogleTest and RapidCheck added.
function(cairn_pch_tests first)
  if(NOT CAIRN_PCH)
    return()
  endif()
  target_precompile_headers(${first} PRIVATE ${CAIRN_PCH_HEADERS} <fstream> <sstream> <gtest/gtest.h>
                            <rapidcheck.h>)
  foreach(t ${ARGN})
    target_precompile_headers(${t} REUSE_FROM ${first})
  endforeach()
endfunction()
