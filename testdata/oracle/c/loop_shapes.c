// The oracle's loop shapes, with debug info (-g): an unswitchable condition, a nested loop whose
// inner loop is removable, an early-exit countdown (its exit block printed once per exiting edge) and a
// fully unrollable loop.
int table[64];
int unswitch(int *a, int n, int flag, int k) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (flag) s += a[i] * k; else s -= a[i];
    for (int j = 0; j < 4; j++) table[(i + j) & 63] += j;
  }
  return s;
}
int dead_inner(int n) {
  int t = 0;
  for (int i = 0; i < n; i++) {
    int u = 0;
    for (int j = 0; j < 8; j++) u += j;
    t += i;
  }
  return t;
}
int find_down(const int *a, int n, int v) {
  for (int i = n - 1; i >= 0; i--)
    if (a[i] == v) return i;
  return -1;
}
long mix(long x) {
  long h = 1469598103934665603L;
  for (int i = 0; i < 16; i++) { h ^= (x >> (i * 4)) & 15; h *= 1099511628211L; }
  return h;
}
