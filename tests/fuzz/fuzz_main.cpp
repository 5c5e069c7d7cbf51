// libFuzzer entry point for one target of targets.h, chosen at build time by IRTRACE_FUZZ_TARGET.
#include "fuzz/targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return irtrace::fuzz::IRTRACE_FUZZ_TARGET(data, size);
}
