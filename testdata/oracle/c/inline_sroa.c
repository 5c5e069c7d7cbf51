/* Static helpers the inliner inlines and GlobalDCE deletes; structs SROA splits into scalars;
   a constant argument that IPSCCP propagates. */
struct vec3 { float x, y, z; };
struct pair { int lo, hi; };

static struct vec3 add3(struct vec3 a, struct vec3 b) {
  struct vec3 r = { a.x + b.x, a.y + b.y, a.z + b.z };
  return r;
}
static float dot3(struct vec3 a, struct vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static struct pair minmax(const int *v, int n) {
  struct pair p = { v[0], v[0] };
  for (int i = 1; i < n; i++) {
    if (v[i] < p.lo) p.lo = v[i];
    if (v[i] > p.hi) p.hi = v[i];
  }
  return p;
}

float length2(float x, float y, float z) {
  struct vec3 a = { x, y, z };
  struct vec3 s = add3(a, a);
  return dot3(s, s);
}

int spread(const int *v, int n) {
  struct pair p = minmax(v, n);
  return clamp(p.hi - p.lo, 0, 1000);
}

static int scale_by(int v, int k) { return v * k; }
int triple(int v) { return scale_by(v, 3); }
