extern "C" __global__ void gemm_kernel(half* A, half* B, float* C) {
  // mma.sync over 4 k-steps
}
