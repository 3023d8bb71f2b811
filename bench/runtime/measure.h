// measure.h - timing for the standalone access-pattern programs
//
// transpose_pattern.c and transpose_orders.c time their copies the same
// way: the best of five runs, non-temporal stores fenced, printed as GB/s
// and as a fraction of the round's memcpy.

#ifndef TLAYOUT_BENCH_RUNTIME_MEASURE_H
#define TLAYOUT_BENCH_RUNTIME_MEASURE_H

#include <immintrin.h>
#include <stdio.h>
#include <time.h>

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

// Prints the best of five runs of `call` as GB/s of `bytes` (read plus
// written) and as a fraction of `reference`, the memcpy's best seconds.
#define MEASURE(name, call, bytes, reference)                                  \
  do {                                                                         \
    double best = 1e9;                                                         \
    for (int k = 0; k < 5; ++k) {                                              \
      double t = seconds();                                                    \
      call;                                                                    \
      _mm_sfence();                                                            \
      t = seconds() - t;                                                       \
      best = t < best ? t : best;                                              \
    }                                                                          \
    printf("  %-36s %5.1f GB/s  %.2f of memcpy\n", name, (bytes) / best / 1e9, \
           (reference) / best);                                                \
  } while (0)

#endif // TLAYOUT_BENCH_RUNTIME_MEASURE_H
