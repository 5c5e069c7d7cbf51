/* An SCC of mutually recursive functions (is_even / is_odd / collatz_step), a recursive function
   alone (fib), and their callers. */
static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

int ping(int n);
int pong(int n) { return n <= 0 ? 0 : 1 + ping(n - 2); }
int ping(int n) { return n <= 0 ? 1 : 2 * pong(n - 1); }

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int parity_sum(const unsigned *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += is_even(v[i]);
  return s + ping(n) + fib(10);
}
