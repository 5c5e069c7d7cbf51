/* 51 functions: small leaf functions (inlined and deleted), callers, loops and a switch. */
int table[64];

static int leaf0(int x) { return x * 3 + 0; }
static int leaf1(int x) { return x * 4 + 1; }
static int leaf2(int x) { return x * 5 + 2; }
static int leaf3(int x) { return x * 6 + 3; }
static int leaf4(int x) { return x * 7 + 4; }
static int leaf5(int x) { return x * 8 + 5; }
static int leaf6(int x) { return x * 9 + 6; }
static int leaf7(int x) { return x * 10 + 7; }
static int leaf8(int x) { return x * 11 + 8; }
static int leaf9(int x) { return x * 12 + 9; }
static int leaf10(int x) { return x * 13 + 10; }
static int leaf11(int x) { return x * 14 + 11; }
static int leaf12(int x) { return x * 15 + 12; }
static int leaf13(int x) { return x * 16 + 13; }
static int leaf14(int x) { return x * 17 + 14; }
static int leaf15(int x) { return x * 18 + 15; }
static int leaf16(int x) { return x * 19 + 16; }
static int leaf17(int x) { return x * 20 + 17; }
static int leaf18(int x) { return x * 21 + 18; }
static int leaf19(int x) { return x * 22 + 19; }
int mid0(int x) { return leaf0(x) + leaf7(x >> 1); }
int mid1(int x) { return leaf1(x) + leaf8(x >> 1); }
int mid2(int x) { return leaf2(x) + leaf9(x >> 1); }
int mid3(int x) { return leaf3(x) + leaf10(x >> 1); }
int mid4(int x) { return leaf4(x) + leaf11(x >> 1); }
int mid5(int x) { return leaf5(x) + leaf12(x >> 1); }
int mid6(int x) { return leaf6(x) + leaf13(x >> 1); }
int mid7(int x) { return leaf7(x) + leaf14(x >> 1); }
int mid8(int x) { return leaf8(x) + leaf15(x >> 1); }
int mid9(int x) { return leaf9(x) + leaf16(x >> 1); }
int mid10(int x) { return leaf10(x) + leaf17(x >> 1); }
int mid11(int x) { return leaf11(x) + leaf18(x >> 1); }
int mid12(int x) { return leaf12(x) + leaf19(x >> 1); }
int mid13(int x) { return leaf13(x) + leaf0(x >> 1); }
int mid14(int x) { return leaf14(x) + leaf1(x >> 1); }
int mid15(int x) { return leaf15(x) + leaf2(x >> 1); }
int mid16(int x) { return leaf16(x) + leaf3(x >> 1); }
int mid17(int x) { return leaf17(x) + leaf4(x >> 1); }
int mid18(int x) { return leaf18(x) + leaf5(x >> 1); }
int mid19(int x) { return leaf19(x) + leaf6(x >> 1); }
int loop0(const int *v, int n) {
  int s = 0;
  for (int k = 0; k < n; k++) s += v[k] * 1 + table[k & 63];
  return s;
}
int loop1(const int *v, int n) {
  int s = 1;
  for (int k = 0; k < n; k++) s += v[k] * 2 + table[k & 63];
  return s;
}
int loop2(const int *v, int n) {
  int s = 2;
  for (int k = 0; k < n; k++) s += v[k] * 3 + table[k & 63];
  return s;
}
int loop3(const int *v, int n) {
  int s = 3;
  for (int k = 0; k < n; k++) s += v[k] * 4 + table[k & 63];
  return s;
}
int loop4(const int *v, int n) {
  int s = 4;
  for (int k = 0; k < n; k++) s += v[k] * 5 + table[k & 63];
  return s;
}
int loop5(const int *v, int n) {
  int s = 5;
  for (int k = 0; k < n; k++) s += v[k] * 6 + table[k & 63];
  return s;
}
int dispatch(int op, int x) {
  switch (op) {
  case 0: return mid0(x);
  case 1: return mid1(x);
  case 2: return mid2(x);
  case 3: return mid3(x);
  case 4: return mid4(x);
  case 5: return mid5(x);
  case 6: return mid6(x);
  case 7: return mid7(x);
  case 8: return mid8(x);
  case 9: return mid9(x);
  default: return x;
  }
}
int run_all(const int *v, int n) {
  int s = 0;
  s += loop0(v, n);
  s += loop1(v, n);
  s += loop2(v, n);
  s += loop3(v, n);
  s += loop4(v, n);
  s += loop5(v, n);
  for (int k = 0; k < 10; k++) s += dispatch(k, s);
  return s;
}
unsigned hash0(const unsigned char *p, int n) {
  unsigned h = 2166136261u;
  for (int k = 0; k < n; k++) h = (h ^ p[k]) * 16777619u;
  return h;
}
unsigned hash1(const unsigned char *p, int n) {
  unsigned h = 2166136262u;
  for (int k = 0; k < n; k++) h = (h ^ p[k]) * 16777619u;
  return h;
}
unsigned hash2(const unsigned char *p, int n) {
  unsigned h = 2166136263u;
  for (int k = 0; k < n; k++) h = (h ^ p[k]) * 16777619u;
  return h;
}
