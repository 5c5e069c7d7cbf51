/* The filesystem's share of the recorder benchmark (tests/bench/record_bench.cpp): a plain C program that
 * writes the files a recording session of PASSES passes writes, in the same pattern and sizes, with none of
 * the library's work (no diff, no payload, no report conversion): per pass, the pass's empty .log made
 * (O_TMPFILE, linked under a temporary name, renamed into place), the snapshot (BYTES bytes) likewise, the
 * live report's append (APPEND bytes, O_APPEND), then the .log removed. It prints the mean wall and CPU
 * time of a pass over the first 100 passes and the last 100. MODE picks what a pass does with the log:
 *   unlink  the library's pattern before the fix (the log made and removed every pass)
 *   rename  the pattern after it (one log file renamed from pass to pass: no inode freed or allocated)
 *   none    no log at all
 *
 *   cc -O2 -o plain_files tests/bench/plain_files.c && ./plain_files DIR [PASSES BYTES APPEND MODE]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double Now(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* The library's atomic write: an unnamed file in `dir`, linked as a temporary name, renamed over `path`. */
static void WriteAtomic(const char* dir, const char* path, const char* bytes, size_t size) {
  int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0) { perror("open O_TMPFILE"); exit(1); }
  if (size && write(fd, bytes, size) != (ssize_t)size) { perror("write"); exit(1); }
  char proc[64], temp[4096];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
  snprintf(temp, sizeof temp, "%s.tmp-%ld", path, random());
  if (linkat(AT_FDCWD, proc, AT_FDCWD, temp, AT_SYMLINK_FOLLOW) != 0) { perror("linkat"); exit(1); }
  if (rename(temp, path) != 0) { perror("rename"); exit(1); }
  close(fd);
}

int main(int argc, char** argv) {
  if (argc < 2) { fprintf(stderr, "usage: plain_files DIR [PASSES BYTES APPEND MODE]\n"); return 2; }
  const char* dir = argv[1];
  int passes = argc > 2 ? atoi(argv[2]) : 1000;
  size_t bytes = argc > 3 ? (size_t)atol(argv[3]) : 339000;
  size_t append = argc > 4 ? (size_t)atol(argv[4]) : 3200;
  const char* mode = argc > 5 ? argv[5] : "unlink";
  char* text = malloc(bytes + append);
  memset(text, 'x', bytes + append);
  char path[4096], log[4096], last_log[4096] = "";
  snprintf(path, sizeof path, "%s/report.html", dir);
  int report = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0666);
  double* wall = calloc((size_t)passes, sizeof(double));
  double* cpu = calloc((size_t)passes, sizeof(double));
  for (int p = 1; p <= passes; ++p) {
    double w = Now(CLOCK_MONOTONIC), c = Now(CLOCK_THREAD_CPUTIME_ID);
    snprintf(log, sizeof log, "%s/%02d_after_Pass%d.log", dir, p, p);
    if (strcmp(mode, "unlink") == 0) WriteAtomic(dir, log, "", 0);
    if (strcmp(mode, "rename") == 0) {
      if (last_log[0]) rename(last_log, log); else WriteAtomic(dir, log, "", 0);
      strcpy(last_log, log);
    }
    snprintf(path, sizeof path, "%s/%02d_after_Pass%d.py", dir, p, p);
    WriteAtomic(dir, path, text, bytes);
    if (write(report, text, append) != (ssize_t)append) { perror("append"); return 1; }
    if (strcmp(mode, "unlink") == 0) unlink(log);
    wall[p - 1] = Now(CLOCK_MONOTONIC) - w;
    cpu[p - 1] = Now(CLOCK_THREAD_CPUTIME_ID) - c;
  }
  int window = passes / 2 < 100 ? passes / 2 : 100;
  double fw = 0, lw = 0, fc = 0, lc = 0;
  for (int i = 0; i < window; ++i) {
    fw += wall[i], lw += wall[passes - window + i];
    fc += cpu[i], lc += cpu[passes - window + i];
  }
  printf("plain C, %s, %d passes of %zu bytes: per pass first %d mean %.3f ms wall %.3f ms cpu, last %d mean "
         "%.3f ms wall %.3f ms cpu (%.2fx wall, %.2fx cpu)\n",
         mode, passes, bytes, window, fw / window * 1e3, fc / window * 1e3, window, lw / window * 1e3,
         lc / window * 1e3, lw / fw, lc / fc);
  return 0;
}
