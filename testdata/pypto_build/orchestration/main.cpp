// Host orchestration for ScaleBias (sample), as PyPTO writes orchestration/<function>.cpp.
#include <runtime/pto2.h>

int aicpu_orchestration_entry(float* x, float* b) {
  submit("scale_rows", x, 0.5f);
  submit("bias_relu", x, b);
  return wait_all();
}
