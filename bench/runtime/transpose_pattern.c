// transpose_pattern.c - the memory side of an s8 transpose, without shuffles
//
// Moves the bytes of a 4096 x 4096 s8 array the way a blocked row-major ->
// column-major transpose reads and writes them, but copies each run as it
// is instead of transposing it: what is measured is the cost of the access
// pattern alone (runs of 64 to 256 bytes, each on a page of its own), the
// bound a transpose with that pattern cannot beat, against memcpy of the
// same bytes. Not part of the build or the tests (it checks no values);
// bench/README.md gives its figures and the command:
//
//   clang-22 -O3 -march=native bench/runtime/transpose_pattern.c -o /tmp/tp
//   /tmp/tp
//
// Needs AVX2 (non-temporal 32-byte stores, as the lowering's copies use).

#include "measure.h"
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { N = 4096 };

static uint8_t *src, *dst;
static uint8_t stage[256 * 256] __attribute__((aligned(64)));

static void copyRun(uint8_t *to, const uint8_t *from, int bytes) {
  for (int x = 0; x < bytes; x += 32)
    _mm256_stream_si256((__m256i *)(to + x),
                        _mm256_loadu_si256((const __m256i *)(from + x)));
}

// Blocks of B x B: row k of the block's source run is written at once as
// row k of the target block (runs of B bytes on both sides).
static void direct(int b) {
  for (int i = 0; i < N; i += b)
    for (int j = 0; j < N; j += b)
      for (int k = 0; k < b; ++k)
        copyRun(dst + (size_t)(j + k) * N + i, src + (size_t)(i + k) * N + j,
                b);
}

// The lowering's order: groups of 256 x 256 of blocks of 64 x 64, the
// innermost block loop along the source's runs; each block's 64 source
// runs of 64 bytes are read into a buffer, then its 64 target runs
// written.
static void lowering(void) {
  for (int gi = 0; gi < N; gi += 256)
    for (int gj = 0; gj < N; gj += 256)
      for (int i = gi; i < gi + 256; i += 64)
        for (int j = gj; j < gj + 256; j += 64) {
          for (int k = 0; k < 64; ++k)
            memcpy(stage + k * 64, src + (size_t)(i + k) * N + j, 64);
          for (int k = 0; k < 64; ++k)
            copyRun(dst + (size_t)(j + k) * N + i, stage + k * 64, 64);
        }
}

// A group of 256 x 256 read whole into a buffer, runs of 256 bytes; then
// its blocks of 64 x 64 written with the innermost block loop along the
// target's runs (each target run gets its 4 lines from 4 blocks in a row).
static void groupStaged(void) {
  for (int gi = 0; gi < N; gi += 256)
    for (int gj = 0; gj < N; gj += 256) {
      for (int k = 0; k < 256; ++k)
        memcpy(stage + k * 256, src + (size_t)(gi + k) * N + gj, 256);
      for (int j = 0; j < 256; j += 64)
        for (int i = 0; i < 256; i += 64)
          for (int k = 0; k < 64; ++k)
            copyRun(dst + (size_t)(gj + j + k) * N + gi + i,
                    stage + (i + k) * 256 + j, 64);
    }
}

int main(void) {
  src = aligned_alloc(64, (size_t)N * N);
  dst = aligned_alloc(64, (size_t)N * N);
  if (!src || !dst)
    return 1;
  memset(src, 1, (size_t)N * N);
  memset(dst, 2, (size_t)N * N);
  for (int round = 0; round < 3; ++round) {
    double copy = 1e9;
    for (int k = 0; k < 5; ++k) {
      double t = seconds();
      memcpy(dst, src, (size_t)N * N);
      t = seconds() - t;
      copy = t < copy ? t : copy;
    }
    printf("round %d: memcpy %.1f GB/s\n", round, 2.0 * N * N / copy / 1e9);
    MEASURE("runs of 64 bytes, direct", direct(64), 2.0 * N * N, copy);
    MEASURE("runs of 128 bytes, direct", direct(128), 2.0 * N * N, copy);
    MEASURE("runs of 256 bytes, direct", direct(256), 2.0 * N * N, copy);
    MEASURE("64 x 64 blocks in 256 x 256 groups", lowering(), 2.0 * N * N,
            copy);
    MEASURE("256 x 256 groups staged", groupStaged(), 2.0 * N * N, copy);
  }
  return 0;
}
