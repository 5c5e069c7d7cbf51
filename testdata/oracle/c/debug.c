/* Compiled with -g: !dbg locations, DILocalVariable records and llvm.dbg.value calls, renumbered by
   every function dump. */
struct acc { long total; int count; };

static void add(struct acc *a, long v) { a->total += v; a->count++; }

long mean(const long *v, int n) {
  struct acc a = { 0, 0 };
  for (int i = 0; i < n; i++) add(&a, v[i]);
  return a.count ? a.total / a.count : 0;
}

int first_negative(const int *v, int n) {
  for (int i = 0; i < n; i++)
    if (v[i] < 0) return i;
  return -1;
}
