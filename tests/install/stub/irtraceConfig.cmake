# find_package(irtrace) for tests/install/footprint.sh: irtrace::irtrace is the no-op stub, built from source.
add_library(irtrace_stub STATIC ${CMAKE_CURRENT_LIST_DIR}/irtrace_stub.cpp)
target_include_directories(irtrace_stub PUBLIC ${IRTRACE_STUB_INCLUDE})
target_compile_features(irtrace_stub PUBLIC cxx_std_17)
add_library(irtrace::irtrace ALIAS irtrace_stub)
set(irtrace_FOUND TRUE)
