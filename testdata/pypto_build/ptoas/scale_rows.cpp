// C++ for ScaleBias.scale_rows in the place of ptoas's output (written by hand for ir-trace: ptoas is not
// installable here), after its last pass's module.
#include <pto/pto.h>

__aicore__ void scale_rows(__gm__ float* x, float alpha) {
  float a2 = alpha * alpha;
  for (int r = 0; r < 32; r += 8) {
    for (int i = 0; i < 8; ++i) {
      int row = r + i;
      for (int j = 0; j < 128; ++j) x[row * 128 + j] = x[row * 128 + j] * a2;
    }
  }
}
