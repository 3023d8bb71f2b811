// transpose_orders.c - orders of a staged-group bf16 transpose's runs
//
// Moves the bytes of a 4096 x 4096 bf16 array (rows of 8 KiB) the way the
// staged groups of a row-major -> column-major transpose do (groups of 128
// rows: 128 source runs of 256 bytes read into a buffer with the lowering's
// prefetch 8 runs ahead, then 128 target runs of 256 bytes stored
// non-temporally), copying each run as it is instead of transposing it, in
// the lowering's order and in orders meant to spread a group's runs over
// the cache sets and memory banks that rows 8 KiB apart share: 2 or 4
// groups at different offsets of the same rows interleaved, and a group's
// rows taken in a skewed order; each also with rows padded to 8448 bytes.
// Not part of the build or the tests (it checks no values); bench/README.md
// gives its figures and the command:
//
//   clang-22 -O3 -march=native bench/runtime/transpose_orders.c -o /tmp/to
//   /tmp/to 3
//
// Needs AVX2.

#include "measure.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { N = 4096, E = 2, RUN = 256, G = RUN / E /* 128 rows per group */ };
static size_t P; // pitch in bytes
static uint8_t *src, *dst;
static uint8_t stage[4][G * RUN] __attribute__((aligned(64)));

static inline void loadRun(uint8_t *to, const uint8_t *from,
                           const uint8_t *pf) {
  for (int x = 0; x < RUN; x += 64)
    _mm_prefetch((const char *)pf + x, _MM_HINT_T0);
  for (int x = 0; x < RUN; x += 32)
    _mm256_store_si256((__m256i *)(to + x),
                       _mm256_loadu_si256((const __m256i *)(from + x)));
}
static inline void storeRun(uint8_t *to, const uint8_t *from) {
  for (int x = 0; x < RUN; x += 32)
    _mm256_stream_si256((__m256i *)(to + x),
                        _mm256_load_si256((const __m256i *)(from + x)));
}
// One group: rows gi..gi+G-1, bytes cj..cj+RUN-1 of each.
static void group(int gi, size_t cj) {
  for (int k = 0; k < G; ++k)
    loadRun(stage[0] + k * RUN, src + (gi + k) * P + cj,
            src + (gi + (k + 8) % G) * P + cj);
  size_t col = cj / E;
  for (int k = 0; k < G; ++k)
    storeRun(dst + (col + k) * P + (size_t)gi * E, stage[0] + k * RUN);
}
static void lowering(void) {
  for (int gi = 0; gi < N; gi += G)
    for (size_t cj = 0; cj < (size_t)N * E; cj += RUN)
      group(gi, cj);
}
// S groups at once, at byte offsets cj + s * (N*E/S): their runs
// interleaved when read and when written.
static void interleaved(int S) {
  size_t span = (size_t)N * E / S;
  for (int gi = 0; gi < N; gi += G)
    for (size_t cj = 0; cj < span; cj += RUN) {
      for (int k = 0; k < G; ++k)
        for (int s = 0; s < S; ++s)
          loadRun(stage[s] + k * RUN, src + (gi + k) * P + cj + s * span,
                  src + (gi + (k + 8) % G) * P + cj + s * span);
      for (int k = 0; k < G; ++k)
        for (int s = 0; s < S; ++s)
          storeRun(dst + ((cj + s * span) / E + k) * P + (size_t)gi * E,
                   stage[s] + k * RUN);
    }
}
// The rows of a group read in an order that walks 4 interleaved sets of
// rows (k, k+32, k+64, k+96), and the target runs likewise.
static void skewedRows(void) {
  for (int gi = 0; gi < N; gi += G)
    for (size_t cj = 0; cj < (size_t)N * E; cj += RUN) {
      for (int q = 0; q < G; ++q) {
        int k = (q % 4) * (G / 4) + q / 4;
        int kn = ((q + 8) % G % 4) * (G / 4) + (q + 8) % G / 4;
        loadRun(stage[0] + k * RUN, src + (gi + k) * P + cj,
                src + (gi + kn) * P + cj);
      }
      size_t col = cj / E;
      for (int q = 0; q < G; ++q) {
        int k = (q % 4) * (G / 4) + q / 4;
        storeRun(dst + (col + k) * P + (size_t)gi * E, stage[0] + k * RUN);
      }
    }
}

int main(int argc, char **argv) {
  size_t pitches[] = {(size_t)N * E, (size_t)N * E + 256};
  size_t bytes = (size_t)N * (N * E + 256);
  src = aligned_alloc(4096, bytes);
  dst = aligned_alloc(4096, bytes);
  memset(src, 1, bytes);
  memset(dst, 2, bytes);
  int rounds = argc > 1 ? atoi(argv[1]) : 3;
  for (int round = 0; round < rounds; ++round) {
    double copy = 1e9;
    for (int k = 0; k < 5; ++k) {
      double t = seconds();
      memcpy(dst, src, (size_t)N * N * E);
      t = seconds() - t;
      copy = t < copy ? t : copy;
    }
    printf("round %d: memcpy %.1f GB/s\n", round, 2.0 * N * N * E / copy / 1e9);
    for (int p = 0; p < 2; ++p) {
      P = pitches[p];
      printf(" pitch %zu\n", P);
      MEASURE("lowering's order", lowering(), 2.0 * N * N * E, copy);
      MEASURE("2 groups interleaved", interleaved(2), 2.0 * N * N * E, copy);
      MEASURE("4 groups interleaved", interleaved(4), 2.0 * N * N * E, copy);
      MEASURE("rows skewed", skewedRows(), 2.0 * N * N * E, copy);
    }
  }
  return 0;
}
