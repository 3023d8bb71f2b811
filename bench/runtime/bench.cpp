//===- bench.cpp - Runtime benchmarks of lowered tiled layouts ------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Google Benchmark harness for the kernels of kernels.mlir (compiled through
// tlayout's pipeline, by hand-composed passes, or without index
// simplification) and pack.mlir (upstream's linalg.pack lowering), each
// against its reference in the same run: memcpy of the same bytes for the
// relayouts, the row-major kernel for the element-wise adds and the
// reductions. Every benchmark reports bytes moved (read + written) per
// second. `--verify-only` runs each kernel once and checks its output
// against the T(8,128), T(8,128)(2,1) and T(8,128)(4,1) formulas, then
// exits.
//
//===----------------------------------------------------------------------===//

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

/// The C interface of a ranked memref (MLIR's descriptor).
template <typename T, int N> struct MemRef {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[N];
  int64_t strides[N];
};

using bf16 = uint16_t;
using s8 = int8_t;
using F32x2 = MemRef<float, 2>;
using F32x1 = MemRef<float, 1>;
using F32Tiled = MemRef<float, 4>;
using Bf16x2 = MemRef<bf16, 2>;
using Bf16Tiled = MemRef<bf16, 6>;
using S8x2 = MemRef<s8, 2>;
using S8Tiled = MemRef<s8, 6>;
/// A packed T(8,128)(8,1)E(4) memref: its byte buffer.
using S4Packed = MemRef<s8, 1>;
using Bf16T4 = MemRef<bf16, 4>;
using S8T4 = MemRef<s8, 4>;

} // namespace

extern "C" {
void _mlir_ciface_relayout_to_tiled_f32(F32x2 *, F32Tiled *);
void _mlir_ciface_relayout_from_tiled_f32(F32Tiled *, F32x2 *);
void _mlir_ciface_relayout_to_tiled_bf16(Bf16x2 *, Bf16Tiled *);
void _mlir_ciface_relayout_from_tiled_bf16(Bf16Tiled *, Bf16x2 *);
void _mlir_ciface_relayout_to_tiled_s8(S8x2 *, S8Tiled *);
void _mlir_ciface_relayout_from_tiled_s8(S8Tiled *, S8x2 *);
void _mlir_ciface_relayout_to_packed_s4(S8x2 *, S4Packed *);
void _mlir_ciface_relayout_from_packed_s4(S4Packed *, S8x2 *);
void _mlir_ciface_transpose_to_colmajor_f32(F32x2 *, F32x2 *);
void _mlir_ciface_transpose_tiled_f32(F32Tiled *, F32Tiled *);
void _mlir_ciface_transpose_tiled_copy_f32(F32Tiled *, F32Tiled *);
void _mlir_ciface_matmul_tiled_f32(F32Tiled *, F32Tiled *, F32Tiled *);
void _mlir_ciface_matmul_rowmajor_f32(F32x2 *, F32x2 *, F32x2 *);
void _mlir_ciface_matmul_tiled_bf16(Bf16T4 *, Bf16T4 *, F32Tiled *);
void _mlir_ciface_matmul_rowmajor_bf16(Bf16x2 *, Bf16x2 *, F32x2 *);
void _mlir_ciface_add_tiled(F32Tiled *, F32Tiled *, F32Tiled *);
void _mlir_ciface_add_rowmajor(F32x2 *, F32x2 *, F32x2 *);
void _mlir_ciface_add_step3_tiled(F32Tiled *, F32Tiled *, F32Tiled *);
void _mlir_ciface_add_step3_rowmajor(F32x2 *, F32x2 *, F32x2 *);
void _mlir_ciface_row_sum_tiled(F32Tiled *, F32x1 *);
void _mlir_ciface_row_sum_rowmajor(F32x2 *, F32x1 *);
void _mlir_ciface_col_sum_tiled(F32Tiled *, F32x1 *);
void _mlir_ciface_col_sum_rowmajor(F32x2 *, F32x1 *);
void _mlir_ciface_pack_f32(F32x2 *, F32Tiled *);
void _mlir_ciface_unpack_f32(F32Tiled *, F32x2 *);
void _mlir_ciface_pack_bf16(Bf16x2 *, Bf16Tiled *);
// Relayout copies at memory bandwidth.
void _mlir_ciface_transpose_to_colmajor_bf16(Bf16x2 *, Bf16x2 *);
void _mlir_ciface_transpose_to_colmajor_s8(S8x2 *, S8x2 *);
void _mlir_ciface_transpose_tiled_copy_bf16(Bf16T4 *, Bf16T4 *);
void _mlir_ciface_transpose_tiled_copy_s8(S8T4 *, S8T4 *);
void _mlir_ciface_transpose_from_colmajor_f32(F32x2 *, F32x2 *);
void _mlir_ciface_transpose_to_colmajor_f32_2048(F32x2 *, F32x2 *);
void _mlir_ciface_transpose_tiled_copy_f32_2048(F32Tiled *, F32Tiled *);
void _mlir_ciface_copy_same_placement_f32(F32Tiled *, F32Tiled *);
void _mlir_ciface_transpose_to_colmajor_bf16_2048(Bf16x2 *, Bf16x2 *);
void _mlir_ciface_transpose_tiled_copy_bf16_2048(Bf16T4 *, Bf16T4 *);
void _mlir_ciface_transpose_to_colmajor_s8_2048(S8x2 *, S8x2 *);
void _mlir_ciface_transpose_tiled_copy_s8_2048(S8T4 *, S8T4 *);
}

namespace {

constexpr int64_t kN = 4096;
constexpr int64_t kElements = kN * kN;
constexpr int64_t kF32Bytes = kElements * sizeof(float);
constexpr int64_t kBf16Bytes = kElements * sizeof(bf16);
constexpr int64_t kS8Bytes = kElements * sizeof(s8);
/// The bytes of the packed int4 array, two elements a byte.
constexpr int64_t kS4Bytes = kElements / 2;
/// The elements the step-3 loops touch: every third column of each row.
constexpr int64_t kStep3Elements = kN * ((kN + 2) / 3);
/// The matrix products' size, and their floating-point operations.
constexpr int64_t kM = 1024;
constexpr int64_t kMatmulFlops = 2 * kM * kM * kM;

/// An identity-layout descriptor of `shape` over `data`.
template <typename T, int N>
MemRef<T, N> view(T *data, std::array<int64_t, N> shape) {
  MemRef<T, N> m;
  m.allocated = m.aligned = data;
  m.offset = 0;
  int64_t stride = 1;
  for (int i = N - 1; i >= 0; --i) {
    m.sizes[i] = shape[i];
    m.strides[i] = stride;
    stride *= shape[i];
  }
  return m;
}

/// The offset of every element (row-major order) of the n x n array in
/// T(8,128)(rows,1): T(8,128) for `rows` 1, T(8,128)(2,1) for 2,
/// T(8,128)(4,1) for 4. These closed forms are the harness's own oracle,
/// written from XLA's tiling formulas independently of the layout core and
/// the lowering they check (as the unit tests' brute-force reference is).
std::vector<int64_t> tiledOffsets(int64_t rows, int64_t n = kN) {
  std::vector<int64_t> offsets(n * n);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      int64_t tile = ((i / 8) * (n / 128) + j / 128) * 1024;
      offsets[i * n + j] =
          tile + ((i % 8) / rows) * (128 * rows) + (j % 128) * rows + i % rows;
    }
  return offsets;
}

/// The bf16 encoding of a float that bf16 holds exactly.
bf16 toBf16(float x) {
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof(bits));
  return static_cast<bf16>(bits >> 16);
}

float fromBf16(bf16 x) {
  uint32_t bits = static_cast<uint32_t>(x) << 16;
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

template <typename T> T *allocate(int64_t count) {
  void *p = std::aligned_alloc(64, count * sizeof(T));
  if (!p) {
    std::fprintf(stderr, "out of memory\n");
    std::exit(2);
  }
  return static_cast<T *>(p);
}

/// The buffers every benchmark shares (three f32 arrays, two bf16 arrays,
/// two s8 arrays and a row of results) and the descriptors the kernels take:
/// row-major (`a2`...), T(8,128) (`a4`...), T(8,128)(2,1) (`g6`) and
/// T(8,128)(4,1) (`q6`) views of them.
struct Buffers {
  float *a = allocate<float>(kElements);
  float *b = allocate<float>(kElements);
  float *c = allocate<float>(kElements);
  bf16 *h = allocate<bf16>(kElements);
  bf16 *g = allocate<bf16>(kElements);
  s8 *p = allocate<s8>(kElements);
  s8 *q = allocate<s8>(kElements);
  float *row = allocate<float>(kN);
  // The matrix products' operands (f32 and bf16) and result.
  float *ma = allocate<float>(kM * kM);
  float *mb = allocate<float>(kM * kM);
  float *mc = allocate<float>(kM * kM);
  bf16 *mh = allocate<bf16>(kM * kM);
  bf16 *mg = allocate<bf16>(kM * kM);

  F32x2 a2 = matrix(a), b2 = matrix(b), c2 = matrix(c);
  F32Tiled a4 = tiled(a), b4 = tiled(b), c4 = tiled(c);
  Bf16x2 h2 = view<bf16, 2>(h, {kN, kN});
  Bf16Tiled g6 = view<bf16, 6>(g, {kN / 8, kN / 128, 4, 128, 2, 1});
  Bf16x2 g2 = view<bf16, 2>(g, {kN, kN});
  Bf16Tiled h6 = view<bf16, 6>(h, {kN / 8, kN / 128, 4, 128, 2, 1});
  S8x2 p2 = view<s8, 2>(p, {kN, kN}), q2 = view<s8, 2>(q, {kN, kN});
  S8Tiled p6 = view<s8, 6>(p, {kN / 8, kN / 128, 2, 128, 4, 1});
  S8Tiled q6 = view<s8, 6>(q, {kN / 8, kN / 128, 2, 128, 4, 1});
  S4Packed p1 = view<s8, 1>(p, {kS4Bytes}), q1 = view<s8, 1>(q, {kS4Bytes});
  F32x1 out = view<float, 1>(row, {kN});
  F32x2 ma2 = view<float, 2>(ma, {kM, kM}), mb2 = view<float, 2>(mb, {kM, kM});
  F32x2 mc2 = view<float, 2>(mc, {kM, kM});
  F32Tiled ma4 = view<float, 4>(ma, {kM / 8, kM / 128, 8, 128});
  F32Tiled mb4 = view<float, 4>(mb, {kM / 8, kM / 128, 8, 128});
  F32Tiled mc4 = view<float, 4>(mc, {kM / 8, kM / 128, 8, 128});
  Bf16x2 mh2 = view<bf16, 2>(mh, {kM, kM}), mg2 = view<bf16, 2>(mg, {kM, kM});
  Bf16T4 mh4 = view<bf16, 4>(mh, {kM / 8, kM / 128, 8, 128});
  Bf16T4 mg4 = view<bf16, 4>(mg, {kM / 8, kM / 128, 8, 128});

  static F32x2 matrix(float *p) { return view<float, 2>(p, {kN, kN}); }
  static F32Tiled tiled(float *p) {
    return view<float, 4>(p, {kN / 8, kN / 128, 8, 128});
  }

  /// Small integers, so that sums are exact in any order.
  void fill() {
    for (int64_t k = 0; k < kElements; ++k) {
      a[k] = static_cast<float>(k % 7);
      b[k] = static_cast<float>(k % 5);
      h[k] = static_cast<bf16>(k * 2654435761u >> 16);
      p[k] = static_cast<s8>(k * 2654435761u >> 24);
    }
    for (int64_t k = 0; k < kM * kM; ++k) {
      ma[k] = static_cast<float>(k % 7);
      mb[k] = static_cast<float>(k % 5);
      mh[k] = toBf16(ma[k]);
      mg[k] = toBf16(mb[k]);
    }
  }
};

Buffers &buffers() {
  static Buffers *instance = [] {
    auto *b = new Buffers();
    b->fill();
    return b;
  }();
  return *instance;
}

/// The T(8,128) descriptor of the n x n array at `p` (its physical shape
/// [n/8, n/128, 8, 128]).
template <typename T> MemRef<T, 4> tiledOf(T *p, int64_t n = kN) {
  return view<T, 4>(p, {n / 8, n / 128, 8, 128});
}

//===----------------------------------------------------------------------===//
// Benchmarks
//===----------------------------------------------------------------------===//

/// Registers a benchmark that runs `body` (one kernel call) and counts
/// `bytes` read plus written per call, or with `flops` floating-point
/// operations instead.
void add(const char *name, int64_t bytes, std::function<void(Buffers &)> body,
         bool flops = false) {
  benchmark::RegisterBenchmark(name, [bytes, body,
                                      flops](benchmark::State &state) {
    Buffers &m = buffers();
    for (auto _ : state) {
      body(m);
      benchmark::ClobberMemory();
    }
    if (flops)
      state.SetItemsProcessed(state.iterations() * bytes);
    else
      state.SetBytesProcessed(state.iterations() * bytes);
  })->Unit(benchmark::kMillisecond);
}

void registerReductionBenchmarks();
void verifyReductions(Buffers &m);

void registerBenchmarks() {
  add("memcpy_f32", 2 * kF32Bytes,
      [](Buffers &m) { std::memcpy(m.c, m.a, kF32Bytes); });
  add("relayout_to_tiled_f32", 2 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_relayout_to_tiled_f32(&m.a2, &m.c4); });
  add("linalg_pack_f32", 2 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_pack_f32(&m.a2, &m.c4); });
  add("relayout_from_tiled_f32", 2 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_relayout_from_tiled_f32(&m.a4, &m.c2); });
  add("linalg_unpack_f32", 2 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_unpack_f32(&m.a4, &m.c2); });
  add("memcpy_bf16", 2 * kBf16Bytes,
      [](Buffers &m) { std::memcpy(m.g, m.h, kBf16Bytes); });
  add("relayout_to_tiled_bf16", 2 * kBf16Bytes,
      [](Buffers &m) { _mlir_ciface_relayout_to_tiled_bf16(&m.h2, &m.g6); });
  add("linalg_pack_bf16", 2 * kBf16Bytes,
      [](Buffers &m) { _mlir_ciface_pack_bf16(&m.h2, &m.g6); });
  add("relayout_from_tiled_bf16", 2 * kBf16Bytes,
      [](Buffers &m) { _mlir_ciface_relayout_from_tiled_bf16(&m.h6, &m.g2); });
  add("memcpy_s8", 2 * kS8Bytes,
      [](Buffers &m) { std::memcpy(m.q, m.p, kS8Bytes); });
  add("relayout_to_tiled_s8", 2 * kS8Bytes,
      [](Buffers &m) { _mlir_ciface_relayout_to_tiled_s8(&m.p2, &m.q6); });
  add("relayout_from_tiled_s8", 2 * kS8Bytes,
      [](Buffers &m) { _mlir_ciface_relayout_from_tiled_s8(&m.p6, &m.q2); });
  add("relayout_to_packed_s4", kS8Bytes + kS4Bytes,
      [](Buffers &m) { _mlir_ciface_relayout_to_packed_s4(&m.p2, &m.q1); });
  add("relayout_from_packed_s4", kS4Bytes + kS8Bytes,
      [](Buffers &m) { _mlir_ciface_relayout_from_packed_s4(&m.p1, &m.q2); });
  add("transpose_to_colmajor_f32", 2 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_transpose_to_colmajor_f32(&m.a2, &m.c2); });
  add("transpose_tiled_f32", 2 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_transpose_tiled_f32(&m.a4, &m.c4); });
  add("transpose_tiled_copy_f32", 2 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_transpose_tiled_copy_f32(&m.a4, &m.c4); });
  // Relayout copies at memory bandwidth.
  add("transpose_to_colmajor_bf16", 2 * kBf16Bytes, [](Buffers &m) {
    _mlir_ciface_transpose_to_colmajor_bf16(&m.h2, &m.g2);
  });
  add("transpose_to_colmajor_s8", 2 * kS8Bytes,
      [](Buffers &m) { _mlir_ciface_transpose_to_colmajor_s8(&m.p2, &m.q2); });
  add("transpose_tiled_copy_bf16", 2 * kBf16Bytes, [](Buffers &m) {
    Bf16T4 src = tiledOf(m.h), dst = tiledOf(m.g);
    _mlir_ciface_transpose_tiled_copy_bf16(&src, &dst);
  });
  add("transpose_tiled_copy_s8", 2 * kS8Bytes, [](Buffers &m) {
    S8T4 src = tiledOf(m.p), dst = tiledOf(m.q);
    _mlir_ciface_transpose_tiled_copy_s8(&src, &dst);
  });
  add("transpose_from_colmajor_f32", 2 * kF32Bytes, [](Buffers &m) {
    _mlir_ciface_transpose_from_colmajor_f32(&m.a2, &m.c2);
  });
  add("memcpy_f32_2048", 2 * kF32Bytes / 4,
      [](Buffers &m) { std::memcpy(m.c, m.a, kF32Bytes / 4); });
  add("transpose_to_colmajor_f32_2048", 2 * kF32Bytes / 4, [](Buffers &m) {
    F32x2 src = view<float, 2>(m.a, {kN / 2, kN / 2});
    F32x2 dst = view<float, 2>(m.c, {kN / 2, kN / 2});
    _mlir_ciface_transpose_to_colmajor_f32_2048(&src, &dst);
  });
  add("transpose_tiled_copy_f32_2048", 2 * kF32Bytes / 4, [](Buffers &m) {
    F32Tiled src = tiledOf(m.a, kN / 2), dst = tiledOf(m.c, kN / 2);
    _mlir_ciface_transpose_tiled_copy_f32_2048(&src, &dst);
  });
  // bf16 and s8 at 2048 x 2048, against memcpy of the same bytes.
  add("memcpy_bf16_2048", 2 * kBf16Bytes / 4,
      [](Buffers &m) { std::memcpy(m.g, m.h, kBf16Bytes / 4); });
  add("transpose_to_colmajor_bf16_2048", 2 * kBf16Bytes / 4, [](Buffers &m) {
    Bf16x2 src = view<bf16, 2>(m.h, {kN / 2, kN / 2});
    Bf16x2 dst = view<bf16, 2>(m.g, {kN / 2, kN / 2});
    _mlir_ciface_transpose_to_colmajor_bf16_2048(&src, &dst);
  });
  add("transpose_tiled_copy_bf16_2048", 2 * kBf16Bytes / 4, [](Buffers &m) {
    Bf16T4 src = tiledOf(m.h, kN / 2), dst = tiledOf(m.g, kN / 2);
    _mlir_ciface_transpose_tiled_copy_bf16_2048(&src, &dst);
  });
  add("memcpy_s8_2048", 2 * kS8Bytes / 4,
      [](Buffers &m) { std::memcpy(m.q, m.p, kS8Bytes / 4); });
  add("transpose_to_colmajor_s8_2048", 2 * kS8Bytes / 4, [](Buffers &m) {
    S8x2 src = view<s8, 2>(m.p, {kN / 2, kN / 2});
    S8x2 dst = view<s8, 2>(m.q, {kN / 2, kN / 2});
    _mlir_ciface_transpose_to_colmajor_s8_2048(&src, &dst);
  });
  add("transpose_tiled_copy_s8_2048", 2 * kS8Bytes / 4, [](Buffers &m) {
    S8T4 src = tiledOf(m.p, kN / 2), dst = tiledOf(m.q, kN / 2);
    _mlir_ciface_transpose_tiled_copy_s8_2048(&src, &dst);
  });
  add("copy_same_placement_f32", 2 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_copy_same_placement_f32(&m.a4, &m.c4); });
  add("add_rowmajor", 3 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_add_rowmajor(&m.a2, &m.b2, &m.c2); });
  add("add_tiled", 3 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_add_tiled(&m.a4, &m.b4, &m.c4); });
  add("add_step3_rowmajor", 3 * kStep3Elements * sizeof(float),
      [](Buffers &m) { _mlir_ciface_add_step3_rowmajor(&m.a2, &m.b2, &m.c2); });
  add("add_step3_tiled", 3 * kStep3Elements * sizeof(float),
      [](Buffers &m) { _mlir_ciface_add_step3_tiled(&m.a4, &m.b4, &m.c4); });
  add("row_sum_rowmajor", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_row_sum_rowmajor(&m.a2, &m.out); });
  add("row_sum_tiled", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_row_sum_tiled(&m.a4, &m.out); });
  add("col_sum_rowmajor", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_col_sum_rowmajor(&m.a2, &m.out); });
  add("col_sum_tiled", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_col_sum_tiled(&m.a4, &m.out); });
  add(
      "matmul_rowmajor_f32", kMatmulFlops,
      [](Buffers &m) {
        _mlir_ciface_matmul_rowmajor_f32(&m.ma2, &m.mb2, &m.mc2);
      },
      /*flops=*/true);
  add(
      "matmul_tiled_f32", kMatmulFlops,
      [](Buffers &m) { _mlir_ciface_matmul_tiled_f32(&m.ma4, &m.mb4, &m.mc4); },
      /*flops=*/true);
  add(
      "matmul_rowmajor_bf16", kMatmulFlops,
      [](Buffers &m) {
        _mlir_ciface_matmul_rowmajor_bf16(&m.mh2, &m.mg2, &m.mc2);
      },
      /*flops=*/true);
  add(
      "matmul_tiled_bf16", kMatmulFlops,
      [](Buffers &m) {
        _mlir_ciface_matmul_tiled_bf16(&m.mh4, &m.mg4, &m.mc4);
      },
      /*flops=*/true);
  registerReductionBenchmarks();
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

int failures = 0;

void expect(bool ok, const std::string &what) {
  std::printf("%s: %s\n", ok ? "ok" : "FAILED", what.c_str());
  if (!ok)
    ++failures;
}

/// Whether `dst[offsets[k]] == src[k]` for every element `k`.
template <typename T>
bool placedAt(const T *dst, const T *src, const std::vector<int64_t> &offsets) {
  for (int64_t k = 0; k < kElements; ++k)
    if (dst[offsets[k]] != src[k])
      return false;
  return true;
}

/// Whether `sums` holds the sums of each row (`alongRows`) or column of the
/// array stored in `a` at `offsets` (row-major when null).
bool sumsCorrect(const float *a, const std::vector<int64_t> *offsets,
                 bool alongRows, const float *sums) {
  std::vector<double> expected(kN, 0.0);
  for (int64_t i = 0; i < kN; ++i)
    for (int64_t j = 0; j < kN; ++j)
      expected[alongRows ? i : j] +=
          a[offsets ? (*offsets)[i * kN + j] : i * kN + j];
  for (int64_t k = 0; k < kN; ++k)
    if (sums[k] != static_cast<float>(expected[k]))
      return false;
  return true;
}

/// Whether `c = a + b` element by element (the same layout for all three).
bool addCorrect(const Buffers &m) {
  for (int64_t k = 0; k < kElements; ++k)
    if (m.c[k] != m.a[k] + m.b[k])
      return false;
  return true;
}

/// Whether `c = a + b` in every third column and `c` is 0 elsewhere, all
/// three stored at `offsets` (row-major when null).
bool addStep3Correct(const Buffers &m, const std::vector<int64_t> *offsets) {
  for (int64_t i = 0; i < kN; ++i)
    for (int64_t j = 0; j < kN; ++j) {
      int64_t k = offsets ? (*offsets)[i * kN + j] : i * kN + j;
      if (m.c[k] != (j % 3 == 0 ? m.a[k] + m.b[k] : 0.0f))
        return false;
    }
  return true;
}

/// The kM x kM matrix stored in `p` at `offsets` (row-major when null), as
/// floats.
template <typename T, typename F>
std::vector<float> logical(const T *p, const std::vector<int64_t> *offsets,
                           F toFloat) {
  std::vector<float> result(kM * kM);
  for (int64_t k = 0; k < kM * kM; ++k)
    result[k] = toFloat(p[offsets ? (*offsets)[k] : k]);
  return result;
}

/// Whether `c` holds a b at `offsets` (row-major when null); a and b are
/// logical row-major matrices of small integers, so every order of the sums
/// gives the same floats.
bool matmulCorrect(const std::vector<float> &a, const std::vector<float> &b,
                   const float *c, const std::vector<int64_t> *offsets) {
  std::vector<float> expected(kM * kM, 0.0f);
  for (int64_t i = 0; i < kM; ++i)
    for (int64_t k = 0; k < kM; ++k)
      for (int64_t j = 0; j < kM; ++j)
        expected[i * kM + j] += a[i * kM + k] * b[k * kM + j];
  for (int64_t k = 0; k < kM * kM; ++k)
    if (c[offsets ? (*offsets)[k] : k] != expected[k])
      return false;
  return true;
}

/// Whether `dst` holds the transpose of the n x n array `src`: element
/// (j, i) of `dst` at `dstOffsets` (row-major if null) equals element (i, j)
/// of `src` at `srcOffsets`.
template <typename T>
bool isTransposed(const T *src, const T *dst, int64_t n,
                  const std::vector<int64_t> *srcOffsets,
                  const std::vector<int64_t> *dstOffsets) {
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      int64_t from = srcOffsets ? (*srcOffsets)[i * n + j] : i * n + j;
      int64_t to = dstOffsets ? (*dstOffsets)[j * n + i] : j * n + i;
      if (dst[to] != src[from])
        return false;
    }
  return true;
}

/// Checks the kernels of kernels.mlir's relayout copies at memory
/// bandwidth: transposes of bf16 and s8 (also at 2048 x 2048), of f32 at
/// 2048 x 2048 and back
/// from column-major, and the copy between equal placements.
void verifyRelayoutCopies(Buffers &m, const std::vector<int64_t> &tiledF32) {
  std::memset(m.g, 0, kBf16Bytes);
  _mlir_ciface_transpose_to_colmajor_bf16(&m.h2, &m.g2);
  expect(isTransposed(m.h, m.g, kN, nullptr, nullptr),
         "transpose_to_colmajor_bf16");
  std::memset(m.q, 0, kS8Bytes);
  _mlir_ciface_transpose_to_colmajor_s8(&m.p2, &m.q2);
  expect(isTransposed(m.p, m.q, kN, nullptr, nullptr),
         "transpose_to_colmajor_s8");
  std::memset(m.g, 0, kBf16Bytes);
  Bf16T4 h4 = tiledOf(m.h), g4 = tiledOf(m.g);
  _mlir_ciface_transpose_tiled_copy_bf16(&h4, &g4);
  expect(isTransposed(m.h, m.g, kN, &tiledF32, &tiledF32),
         "transpose_tiled_copy_bf16");
  std::memset(m.q, 0, kS8Bytes);
  S8T4 p4 = tiledOf(m.p), q4 = tiledOf(m.q);
  _mlir_ciface_transpose_tiled_copy_s8(&p4, &q4);
  expect(isTransposed(m.p, m.q, kN, &tiledF32, &tiledF32),
         "transpose_tiled_copy_s8");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_transpose_from_colmajor_f32(&m.a2, &m.c2);
  expect(isTransposed(m.a, m.c, kN, nullptr, nullptr),
         "transpose_from_colmajor_f32");
  int64_t half = kN / 2;
  std::vector<int64_t> tiledHalf = tiledOffsets(/*rows=*/1, half);
  std::memset(m.c, 0, kF32Bytes);
  F32x2 a2 = view<float, 2>(m.a, {half, half});
  F32x2 c2 = view<float, 2>(m.c, {half, half});
  _mlir_ciface_transpose_to_colmajor_f32_2048(&a2, &c2);
  expect(isTransposed(m.a, m.c, half, nullptr, nullptr),
         "transpose_to_colmajor_f32_2048");
  std::memset(m.c, 0, kF32Bytes);
  F32Tiled a4 = tiledOf(m.a, half), c4 = tiledOf(m.c, half);
  _mlir_ciface_transpose_tiled_copy_f32_2048(&a4, &c4);
  expect(isTransposed(m.a, m.c, half, &tiledHalf, &tiledHalf),
         "transpose_tiled_copy_f32_2048");
  std::memset(m.g, 0, kBf16Bytes);
  Bf16x2 h2 = view<bf16, 2>(m.h, {half, half});
  Bf16x2 g2 = view<bf16, 2>(m.g, {half, half});
  _mlir_ciface_transpose_to_colmajor_bf16_2048(&h2, &g2);
  expect(isTransposed(m.h, m.g, half, nullptr, nullptr),
         "transpose_to_colmajor_bf16_2048");
  std::memset(m.g, 0, kBf16Bytes);
  Bf16T4 hHalf = tiledOf(m.h, half), gHalf = tiledOf(m.g, half);
  _mlir_ciface_transpose_tiled_copy_bf16_2048(&hHalf, &gHalf);
  expect(isTransposed(m.h, m.g, half, &tiledHalf, &tiledHalf),
         "transpose_tiled_copy_bf16_2048");
  std::memset(m.q, 0, kS8Bytes);
  S8x2 pHalf2 = view<s8, 2>(m.p, {half, half});
  S8x2 qHalf2 = view<s8, 2>(m.q, {half, half});
  _mlir_ciface_transpose_to_colmajor_s8_2048(&pHalf2, &qHalf2);
  expect(isTransposed(m.p, m.q, half, nullptr, nullptr),
         "transpose_to_colmajor_s8_2048");
  std::memset(m.q, 0, kS8Bytes);
  S8T4 pHalf = tiledOf(m.p, half), qHalf = tiledOf(m.q, half);
  _mlir_ciface_transpose_tiled_copy_s8_2048(&pHalf, &qHalf);
  expect(isTransposed(m.p, m.q, half, &tiledHalf, &tiledHalf),
         "transpose_tiled_copy_s8_2048");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_copy_same_placement_f32(&m.a4, &m.c4);
  expect(std::memcmp(m.a, m.c, kF32Bytes) == 0, "copy_same_placement_f32");
}

int verify() {
  Buffers &m = buffers();
  std::vector<int64_t> tiledF32 = tiledOffsets(/*rows=*/1);

  _mlir_ciface_relayout_to_tiled_f32(&m.a2, &m.b4);
  expect(placedAt(m.b, m.a, tiledF32), "relayout_to_tiled_f32");
  _mlir_ciface_relayout_from_tiled_f32(&m.b4, &m.c2);
  expect(std::memcmp(m.c, m.a, kF32Bytes) == 0,
         "relayout_from_tiled_f32 round trip");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_pack_f32(&m.a2, &m.c4);
  expect(std::memcmp(m.c, m.b, kF32Bytes) == 0,
         "linalg_pack_f32 places like relayout_to_tiled_f32");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_unpack_f32(&m.b4, &m.c2);
  expect(std::memcmp(m.c, m.a, kF32Bytes) == 0, "linalg_unpack_f32");

  _mlir_ciface_relayout_to_tiled_bf16(&m.h2, &m.g6);
  expect(placedAt(m.g, m.h, tiledOffsets(/*rows=*/2)),
         "relayout_to_tiled_bf16");
  std::vector<bf16> ours(m.g, m.g + kElements);
  std::memset(m.g, 0, kBf16Bytes);
  _mlir_ciface_pack_bf16(&m.h2, &m.g6);
  expect(std::memcmp(m.g, ours.data(), kBf16Bytes) == 0,
         "linalg_pack_bf16 places like relayout_to_tiled_bf16");
  // h read as T(8,128)(2,1): g row-major must hold h's elements placed by
  // the formula.
  _mlir_ciface_relayout_from_tiled_bf16(&m.h6, &m.g2);
  expect(placedAt(m.h, m.g, tiledOffsets(/*rows=*/2)),
         "relayout_from_tiled_bf16");

  std::vector<int64_t> tiledS8 = tiledOffsets(/*rows=*/4);
  _mlir_ciface_relayout_to_tiled_s8(&m.p2, &m.q6);
  expect(placedAt(m.q, m.p, tiledS8), "relayout_to_tiled_s8");
  _mlir_ciface_relayout_from_tiled_s8(&m.p6, &m.q2);
  expect(placedAt(m.p, m.q, tiledS8), "relayout_from_tiled_s8");

  // Packed int4: element (i, j) at position tiledS4[i * kN + j] of
  // T(8,128)(8,1), in byte position / 2, the high nibble for an even
  // position (XLA's order).
  std::vector<int64_t> tiledS4 = tiledOffsets(/*rows=*/8);
  auto nibble = [](const s8 *bytes, int64_t position) {
    uint8_t byte = static_cast<uint8_t>(bytes[position / 2]);
    return position % 2 ? byte & 15 : byte >> 4;
  };
  std::memset(m.q, 0, kS8Bytes);
  _mlir_ciface_relayout_to_packed_s4(&m.p2, &m.q1);
  bool packed = true;
  for (int64_t k = 0; k < kElements; ++k)
    packed &= nibble(m.q, tiledS4[k]) == (static_cast<uint8_t>(m.p[k]) & 15);
  expect(packed, "relayout_to_packed_s4");
  // p's first half read as packed int4: q gets each nibble sign-extended.
  _mlir_ciface_relayout_from_packed_s4(&m.p1, &m.q2);
  bool unpacked = true;
  for (int64_t k = 0; k < kElements; ++k) {
    int value = nibble(m.p, tiledS4[k]);
    unpacked &= m.q[k] == (value >= 8 ? value - 16 : value);
  }
  expect(unpacked, "relayout_from_packed_s4");

  // a, b and c read as tiled buffers, then as row-major ones.
  _mlir_ciface_add_tiled(&m.a4, &m.b4, &m.c4);
  expect(addCorrect(m), "add_tiled");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_add_rowmajor(&m.a2, &m.b2, &m.c2);
  expect(addCorrect(m), "add_rowmajor");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_add_step3_tiled(&m.a4, &m.b4, &m.c4);
  expect(addStep3Correct(m, &tiledF32), "add_step3_tiled");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_add_step3_rowmajor(&m.a2, &m.b2, &m.c2);
  expect(addStep3Correct(m, nullptr), "add_step3_rowmajor");

  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_transpose_to_colmajor_f32(&m.a2, &m.c2);
  bool transposed = true;
  for (int64_t i = 0; i < kN; ++i)
    for (int64_t j = 0; j < kN; ++j)
      transposed &= m.c[j * kN + i] == m.a[i * kN + j];
  expect(transposed, "transpose_to_colmajor_f32");
  // Both T(8,128) transposes: c[j][i] == a[i][j] through the tiled offsets.
  for (auto [kernel, name] :
       {std::pair{&_mlir_ciface_transpose_tiled_f32, "transpose_tiled_f32"},
        std::pair{&_mlir_ciface_transpose_tiled_copy_f32,
                  "transpose_tiled_copy_f32"}}) {
    std::memset(m.c, 0, kF32Bytes);
    kernel(&m.a4, &m.c4);
    transposed = true;
    for (int64_t i = 0; i < kN; ++i)
      for (int64_t j = 0; j < kN; ++j)
        transposed &= m.c[tiledF32[j * kN + i]] == m.a[tiledF32[i * kN + j]];
    expect(transposed, name);
  }

  verifyRelayoutCopies(m, tiledF32);

  _mlir_ciface_row_sum_tiled(&m.a4, &m.out);
  expect(sumsCorrect(m.a, &tiledF32, /*alongRows=*/true, m.row),
         "row_sum_tiled");
  _mlir_ciface_row_sum_rowmajor(&m.a2, &m.out);
  expect(sumsCorrect(m.a, nullptr, /*alongRows=*/true, m.row),
         "row_sum_rowmajor");
  _mlir_ciface_col_sum_tiled(&m.a4, &m.out);
  expect(sumsCorrect(m.a, &tiledF32, /*alongRows=*/false, m.row),
         "col_sum_tiled");
  _mlir_ciface_col_sum_rowmajor(&m.a2, &m.out);
  expect(sumsCorrect(m.a, nullptr, /*alongRows=*/false, m.row),
         "col_sum_rowmajor");

  auto same = [](float x) { return x; };
  std::vector<int64_t> tiledM = tiledOffsets(/*rows=*/1, kM);
  std::memset(m.mc, 0xff, kM * kM * sizeof(float));
  _mlir_ciface_matmul_rowmajor_f32(&m.ma2, &m.mb2, &m.mc2);
  expect(matmulCorrect(logical(m.ma, nullptr, same),
                       logical(m.mb, nullptr, same), m.mc, nullptr),
         "matmul_rowmajor_f32");
  std::memset(m.mc, 0xff, kM * kM * sizeof(float));
  _mlir_ciface_matmul_tiled_f32(&m.ma4, &m.mb4, &m.mc4);
  expect(matmulCorrect(logical(m.ma, &tiledM, same),
                       logical(m.mb, &tiledM, same), m.mc, &tiledM),
         "matmul_tiled_f32");
  std::memset(m.mc, 0xff, kM * kM * sizeof(float));
  _mlir_ciface_matmul_rowmajor_bf16(&m.mh2, &m.mg2, &m.mc2);
  expect(matmulCorrect(logical(m.mh, nullptr, fromBf16),
                       logical(m.mg, nullptr, fromBf16), m.mc, nullptr),
         "matmul_rowmajor_bf16");
  std::memset(m.mc, 0xff, kM * kM * sizeof(float));
  _mlir_ciface_matmul_tiled_bf16(&m.mh4, &m.mg4, &m.mc4);
  expect(matmulCorrect(logical(m.mh, &tiledM, fromBf16),
                       logical(m.mg, &tiledM, fromBf16), m.mc, &tiledM),
         "matmul_tiled_bf16");
  verifyReductions(m);
  std::printf("%d failures\n", failures);
  return failures == 0 ? 0 : 1;
}

//===----------------------------------------------------------------------===//
// Reductions along the minor dimension of T(8,128)
//===----------------------------------------------------------------------===//

} // namespace

extern "C" {
void _mlir_ciface_row_max_tiled(F32Tiled *, F32x1 *);
void _mlir_ciface_row_max_rowmajor(F32x2 *, F32x1 *);
void _mlir_ciface_row_sum_bf16_tiled(Bf16T4 *, F32x1 *);
void _mlir_ciface_row_sum_bf16_rowmajor(Bf16x2 *, F32x1 *);
void _mlir_ciface_softmax_sum_tiled(F32Tiled *, F32x1 *);
void _mlir_ciface_softmax_sum_rowmajor(F32x2 *, F32x1 *);
}

namespace {

/// `g`, the second bf16 array, in T(8,128) (the bf16 row sums read it).
Bf16T4 bf16Tiled(bf16 *p) {
  return view<bf16, 4>(p, {kN / 8, kN / 128, 8, 128});
}

/// Fills `g` with values exactly representable in bf16 whose row sums are
/// exact in f32 (the relayout benchmarks overwrite it with other values,
/// which add as fast).
void fillBf16Rows(Buffers &m) {
  for (int64_t k = 0; k < kElements; ++k)
    m.g[k] = toBf16(static_cast<float>(k % 11) - 5.0f);
}

void registerReductionBenchmarks() {
  fillBf16Rows(buffers());
  add("row_max_rowmajor", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_row_max_rowmajor(&m.a2, &m.out); });
  add("row_max_tiled", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_row_max_tiled(&m.a4, &m.out); });
  add("row_sum_bf16_rowmajor", kBf16Bytes,
      [](Buffers &m) { _mlir_ciface_row_sum_bf16_rowmajor(&m.g2, &m.out); });
  add("row_sum_bf16_tiled", kBf16Bytes, [](Buffers &m) {
    Bf16T4 g4 = bf16Tiled(m.g);
    _mlir_ciface_row_sum_bf16_tiled(&g4, &m.out);
  });
  add("softmax_sum_rowmajor", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_softmax_sum_rowmajor(&m.a2, &m.out); });
  add("softmax_sum_tiled", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_softmax_sum_tiled(&m.a4, &m.out); });
}

/// Whether `got` holds, per row of the n x n array `value(i, j)`, the max
/// (`max`), or the sum of exp(x - max) (`softmax`), or the sum, within a
/// relative `tolerance`.
enum class RowOp { Max, Sum, Softmax };
template <typename F>
bool rowsCorrect(F value, RowOp op, const float *got, double tolerance) {
  for (int64_t i = 0; i < kN; ++i) {
    double max = -INFINITY, sum = 0;
    for (int64_t j = 0; j < kN; ++j)
      max = std::max(max, value(i, j));
    for (int64_t j = 0; j < kN; ++j)
      sum += op == RowOp::Softmax ? std::exp(value(i, j) - max) : value(i, j);
    double expected = op == RowOp::Max ? max : sum;
    if (std::fabs(got[i] - expected) > tolerance * std::fabs(expected))
      return false;
  }
  return true;
}

void verifyReductions(Buffers &m) {
  std::vector<int64_t> tiled = tiledOffsets(/*rows=*/1);
  auto rowMajorF32 = [&](int64_t i, int64_t j) {
    return double(m.a[i * kN + j]);
  };
  auto tiledF32 = [&](int64_t i, int64_t j) {
    return double(m.a[tiled[i * kN + j]]);
  };
  fillBf16Rows(m);
  auto rowMajorBf16 = [&](int64_t i, int64_t j) {
    return double(fromBf16(m.g[i * kN + j]));
  };
  auto tiledBf16 = [&](int64_t i, int64_t j) {
    return double(fromBf16(m.g[tiled[i * kN + j]]));
  };
  auto check = [&](auto value, RowOp op, double tolerance, auto kernel,
                   const char *name) {
    std::fill(m.row, m.row + kN, NAN);
    kernel();
    expect(rowsCorrect(value, op, m.row, tolerance), name);
  };
  check(
      rowMajorF32, RowOp::Max, 0,
      [&] { _mlir_ciface_row_max_rowmajor(&m.a2, &m.out); },
      "row_max_rowmajor");
  check(
      tiledF32, RowOp::Max, 0,
      [&] { _mlir_ciface_row_max_tiled(&m.a4, &m.out); }, "row_max_tiled");
  check(
      rowMajorBf16, RowOp::Sum, 0,
      [&] { _mlir_ciface_row_sum_bf16_rowmajor(&m.g2, &m.out); },
      "row_sum_bf16_rowmajor");
  Bf16T4 g4 = bf16Tiled(m.g);
  check(
      tiledBf16, RowOp::Sum, 0,
      [&] { _mlir_ciface_row_sum_bf16_tiled(&g4, &m.out); },
      "row_sum_bf16_tiled");
  // exp is approximated and its terms are added in another order.
  check(
      rowMajorF32, RowOp::Softmax, 1e-4,
      [&] { _mlir_ciface_softmax_sum_rowmajor(&m.a2, &m.out); },
      "softmax_sum_rowmajor");
  check(
      tiledF32, RowOp::Softmax, 1e-4,
      [&] { _mlir_ciface_softmax_sum_tiled(&m.a4, &m.out); },
      "softmax_sum_tiled");
}

} // namespace

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--verify-only")
      return verify();
  registerBenchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
