// Generated host orchestration for TileSoftmax (sample).
#include <runtime/launch.h>

int main_orchestration(float* x, float* out) {
  launch("scale", x, 0.125f);
  launch("softmax_rows", x, out);
  return sync_all();
}
