// Kernel wrapper for ScaleBias.bias_relu, as PyPTO writes kernels/aiv/<function>.cpp around ptoas's C++ (sample).
// --- ptoas-generated code ---

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

extern "C" __global__ __aicore__ void bias_relu_entry(__gm__ float* a, __gm__ float* b) {
  // Forward to ptoas-generated function
}
