/* Loops for LICM (an invariant load and product hoisted), LoopRotate (while loops become do-while),
   the loop vectorizer (a saxpy and a reduction) and LoopUnroll (a constant trip count). */
float saxpy(float *restrict y, const float *restrict x, float a, int n) {
  for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
  return y[0];
}

int sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += v[i];
  return s;
}

void scale_rows(float *m, const float *k, int rows, int cols) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) m[r * cols + c] *= k[0] * k[1];
}

int count_while(const char *s) {
  int n = 0;
  while (*s) { if (*s == ' ') n++; s++; }
  return n;
}

int unroll4(const int *v) {
  int s = 0;
  for (int i = 0; i < 4; i++) s += v[i] * (i + 1);
  return s;
}
