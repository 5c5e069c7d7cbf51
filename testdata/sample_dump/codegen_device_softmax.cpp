// Generated device code for TileSoftmax (sample).
#include <pto/pto.h>

__aicore__ void scale(__gm__ float* x, float alpha) {
  for (int r = 0; r < 64; r += 16) {
    Tile<float, 16, 512> t = load(x + r * 512);
    store(x + r * 512, mul(t, alpha));
  }
}

__aicore__ void softmax_rows(__gm__ float* x, __gm__ float* out) {
  for (int r = 0; r < 64; r += 16) {
    Tile<float, 16, 512> t = load(x + r * 512);
    Tile<float, 16, 1> m = row_max(t);
    Tile<float, 16, 512> e = exp(sub(t, m));
    pipe_barrier(PIPE_V);
    store(out + r * 512, div(e, row_sum(e)));
  }
}
