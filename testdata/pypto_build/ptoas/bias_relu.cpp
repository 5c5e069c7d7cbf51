// C++ for ScaleBias.bias_relu in the place of ptoas's output (written by hand for ir-trace: ptoas is not
// installable here), after its last pass's module.
#include <pto/pto.h>

__aicore__ void bias_relu(__gm__ float* x, __gm__ float* b) {
  for (int r = 0; r < 32; r += 8) {
    for (int i = 0; i < 8; ++i) {
      int row = r + i;
      for (int j = 0; j < 128; ++j) {
        float s = x[row * 128 + j] + b[j];
        x[row * 128 + j] = s > 0.0f ? s : 0.0f;
      }
    }
  }
}
