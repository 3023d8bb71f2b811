//===- bench.cpp - Runtime benchmarks of lowered tiled layouts ------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Google Benchmark harness for the kernels of kernels.mlir (compiled through
// tlayout's pipeline) and pack.mlir (upstream's linalg.pack lowering), each
// against its reference in the same run: memcpy of the same bytes for the
// relayouts, the row-major kernel for the element-wise add and the
// reductions. Every benchmark reports bytes moved (read + written) per
// second. `--verify-only` runs each kernel once and checks its output
// against values computed here from the T(8,128) and T(8,128)(2,1)
// formulas, then exits.
//
//===----------------------------------------------------------------------===//

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
using F32x2 = MemRef<float, 2>;
using F32x1 = MemRef<float, 1>;
using F32Tiled = MemRef<float, 4>;
using Bf16x2 = MemRef<bf16, 2>;
using Bf16Tiled = MemRef<bf16, 6>;

} // namespace

extern "C" {
void _mlir_ciface_relayout_to_tiled_f32(F32x2 *, F32Tiled *);
void _mlir_ciface_relayout_from_tiled_f32(F32Tiled *, F32x2 *);
void _mlir_ciface_relayout_to_tiled_bf16(Bf16x2 *, Bf16Tiled *);
void _mlir_ciface_add_tiled(F32Tiled *, F32Tiled *, F32Tiled *);
void _mlir_ciface_add_rowmajor(F32x2 *, F32x2 *, F32x2 *);
void _mlir_ciface_row_sum_tiled(F32Tiled *, F32x1 *);
void _mlir_ciface_row_sum_rowmajor(F32x2 *, F32x1 *);
void _mlir_ciface_col_sum_tiled(F32Tiled *, F32x1 *);
void _mlir_ciface_col_sum_rowmajor(F32x2 *, F32x1 *);
void _mlir_ciface_pack_f32(F32x2 *, F32Tiled *);
void _mlir_ciface_unpack_f32(F32Tiled *, F32x2 *);
void _mlir_ciface_pack_bf16(Bf16x2 *, Bf16Tiled *);
}

namespace {

constexpr int64_t kN = 4096;
constexpr int64_t kElements = kN * kN;

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

/// Offset of (i, j) in f32[4096,4096]{1,0:T(8,128)}.
int64_t tiledOffset(int64_t i, int64_t j) {
  return ((i / 8) * (kN / 128) + j / 128) * 1024 + (i % 8) * 128 + j % 128;
}

/// Offset of (i, j) in bf16[4096,4096]{1,0:T(8,128)(2,1)}.
int64_t tiledOffsetBf16(int64_t i, int64_t j) {
  return ((i / 8) * (kN / 128) + j / 128) * 1024 + ((i % 8) / 2) * 256 +
         (j % 128) * 2 + i % 2;
}

template <typename T> T *allocate(int64_t count) {
  void *p = std::aligned_alloc(64, count * sizeof(T));
  if (!p) {
    std::fprintf(stderr, "out of memory\n");
    std::exit(2);
  }
  return static_cast<T *>(p);
}

/// The buffers every benchmark shares: three f32 arrays, two bf16 arrays
/// and a row of results.
struct Buffers {
  float *a = allocate<float>(kElements);
  float *b = allocate<float>(kElements);
  float *c = allocate<float>(kElements);
  bf16 *h = allocate<bf16>(kElements);
  bf16 *g = allocate<bf16>(kElements);
  float *row = allocate<float>(kN);

  F32x2 matrix(float *p) { return view<float, 2>(p, {kN, kN}); }
  F32Tiled tiled(float *p) {
    return view<float, 4>(p, {kN / 8, kN / 128, 8, 128});
  }
  Bf16x2 matrixBf16(bf16 *p) { return view<bf16, 2>(p, {kN, kN}); }
  Bf16Tiled tiledBf16(bf16 *p) {
    return view<bf16, 6>(p, {kN / 8, kN / 128, 4, 128, 2, 1});
  }
  F32x1 vector() { return view<float, 1>(row, {kN}); }

  /// Small integers, so that sums are exact in any order.
  void fill() {
    for (int64_t k = 0; k < kElements; ++k) {
      a[k] = static_cast<float>(k % 7);
      b[k] = static_cast<float>(k % 5);
      h[k] = static_cast<bf16>(k * 2654435761u >> 16);
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

//===----------------------------------------------------------------------===//
// Benchmarks
//===----------------------------------------------------------------------===//

constexpr int64_t kF32Bytes = kElements * sizeof(float);
constexpr int64_t kBf16Bytes = kElements * sizeof(bf16);

void setBytes(benchmark::State &state, int64_t bytes) {
  state.SetBytesProcessed(state.iterations() * bytes);
}

void BM_memcpy_f32(benchmark::State &state) {
  Buffers &m = buffers();
  for (auto _ : state) {
    std::memcpy(m.c, m.a, kF32Bytes);
    benchmark::ClobberMemory();
  }
  setBytes(state, 2 * kF32Bytes);
}

void BM_relayout_to_tiled_f32(benchmark::State &state) {
  Buffers &m = buffers();
  F32x2 src = m.matrix(m.a);
  F32Tiled dst = m.tiled(m.c);
  for (auto _ : state) {
    _mlir_ciface_relayout_to_tiled_f32(&src, &dst);
    benchmark::ClobberMemory();
  }
  setBytes(state, 2 * kF32Bytes);
}

void BM_relayout_from_tiled_f32(benchmark::State &state) {
  Buffers &m = buffers();
  F32Tiled src = m.tiled(m.a);
  F32x2 dst = m.matrix(m.c);
  for (auto _ : state) {
    _mlir_ciface_relayout_from_tiled_f32(&src, &dst);
    benchmark::ClobberMemory();
  }
  setBytes(state, 2 * kF32Bytes);
}

void BM_linalg_pack_f32(benchmark::State &state) {
  Buffers &m = buffers();
  F32x2 src = m.matrix(m.a);
  F32Tiled dst = m.tiled(m.c);
  for (auto _ : state) {
    _mlir_ciface_pack_f32(&src, &dst);
    benchmark::ClobberMemory();
  }
  setBytes(state, 2 * kF32Bytes);
}

void BM_linalg_unpack_f32(benchmark::State &state) {
  Buffers &m = buffers();
  F32Tiled src = m.tiled(m.a);
  F32x2 dst = m.matrix(m.c);
  for (auto _ : state) {
    _mlir_ciface_unpack_f32(&src, &dst);
    benchmark::ClobberMemory();
  }
  setBytes(state, 2 * kF32Bytes);
}

void BM_memcpy_bf16(benchmark::State &state) {
  Buffers &m = buffers();
  for (auto _ : state) {
    std::memcpy(m.g, m.h, kBf16Bytes);
    benchmark::ClobberMemory();
  }
  setBytes(state, 2 * kBf16Bytes);
}

void BM_relayout_to_tiled_bf16(benchmark::State &state) {
  Buffers &m = buffers();
  Bf16x2 src = m.matrixBf16(m.h);
  Bf16Tiled dst = m.tiledBf16(m.g);
  for (auto _ : state) {
    _mlir_ciface_relayout_to_tiled_bf16(&src, &dst);
    benchmark::ClobberMemory();
  }
  setBytes(state, 2 * kBf16Bytes);
}

void BM_linalg_pack_bf16(benchmark::State &state) {
  Buffers &m = buffers();
  Bf16x2 src = m.matrixBf16(m.h);
  Bf16Tiled dst = m.tiledBf16(m.g);
  for (auto _ : state) {
    _mlir_ciface_pack_bf16(&src, &dst);
    benchmark::ClobberMemory();
  }
  setBytes(state, 2 * kBf16Bytes);
}

void BM_add_tiled(benchmark::State &state) {
  Buffers &m = buffers();
  F32Tiled a = m.tiled(m.a), b = m.tiled(m.b), c = m.tiled(m.c);
  for (auto _ : state) {
    _mlir_ciface_add_tiled(&a, &b, &c);
    benchmark::ClobberMemory();
  }
  setBytes(state, 3 * kF32Bytes);
}

void BM_add_rowmajor(benchmark::State &state) {
  Buffers &m = buffers();
  F32x2 a = m.matrix(m.a), b = m.matrix(m.b), c = m.matrix(m.c);
  for (auto _ : state) {
    _mlir_ciface_add_rowmajor(&a, &b, &c);
    benchmark::ClobberMemory();
  }
  setBytes(state, 3 * kF32Bytes);
}

template <void (*Kernel)(F32Tiled *, F32x1 *)>
void reduceTiled(benchmark::State &state) {
  Buffers &m = buffers();
  F32Tiled a = m.tiled(m.a);
  F32x1 out = m.vector();
  for (auto _ : state) {
    Kernel(&a, &out);
    benchmark::ClobberMemory();
  }
  setBytes(state, kF32Bytes);
}

template <void (*Kernel)(F32x2 *, F32x1 *)>
void reduceRowMajor(benchmark::State &state) {
  Buffers &m = buffers();
  F32x2 a = m.matrix(m.a);
  F32x1 out = m.vector();
  for (auto _ : state) {
    Kernel(&a, &out);
    benchmark::ClobberMemory();
  }
  setBytes(state, kF32Bytes);
}

void registerBenchmarks() {
  auto add = [](const char *name, void (*fn)(benchmark::State &)) {
    benchmark::RegisterBenchmark(name, fn)->Unit(benchmark::kMillisecond);
  };
  add("memcpy_f32", BM_memcpy_f32);
  add("relayout_to_tiled_f32", BM_relayout_to_tiled_f32);
  add("linalg_pack_f32", BM_linalg_pack_f32);
  add("relayout_from_tiled_f32", BM_relayout_from_tiled_f32);
  add("linalg_unpack_f32", BM_linalg_unpack_f32);
  add("memcpy_bf16", BM_memcpy_bf16);
  add("relayout_to_tiled_bf16", BM_relayout_to_tiled_bf16);
  add("linalg_pack_bf16", BM_linalg_pack_bf16);
  add("add_rowmajor", BM_add_rowmajor);
  add("add_tiled", BM_add_tiled);
  add("row_sum_rowmajor", reduceRowMajor<_mlir_ciface_row_sum_rowmajor>);
  add("row_sum_tiled", reduceTiled<_mlir_ciface_row_sum_tiled>);
  add("col_sum_rowmajor", reduceRowMajor<_mlir_ciface_col_sum_rowmajor>);
  add("col_sum_tiled", reduceTiled<_mlir_ciface_col_sum_tiled>);
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

/// Every element of `tiled` is where the T(8,128) formula puts `a`'s.
bool placesLikeFormula(const float *tiled, const float *a) {
  for (int64_t i = 0; i < kN; ++i)
    for (int64_t j = 0; j < kN; ++j)
      if (tiled[tiledOffset(i, j)] != a[i * kN + j])
        return false;
  return true;
}

bool rowSumsCorrect(const float *a, bool tiled, const float *sums) {
  for (int64_t i = 0; i < kN; ++i) {
    double sum = 0;
    for (int64_t j = 0; j < kN; ++j)
      sum += a[tiled ? tiledOffset(i, j) : i * kN + j];
    if (sums[i] != static_cast<float>(sum))
      return false;
  }
  return true;
}

bool colSumsCorrect(const float *a, bool tiled, const float *sums) {
  std::vector<double> expected(kN, 0.0);
  for (int64_t i = 0; i < kN; ++i)
    for (int64_t j = 0; j < kN; ++j)
      expected[j] += a[tiled ? tiledOffset(i, j) : i * kN + j];
  for (int64_t j = 0; j < kN; ++j)
    if (sums[j] != static_cast<float>(expected[j]))
      return false;
  return true;
}

int verify() {
  Buffers &m = buffers();
  F32x2 a = m.matrix(m.a), b = m.matrix(m.b), c = m.matrix(m.c);
  F32Tiled ta = m.tiled(m.a), tb = m.tiled(m.b), tc = m.tiled(m.c);
  F32x1 out = m.vector();

  _mlir_ciface_relayout_to_tiled_f32(&a, &tb);
  expect(placesLikeFormula(m.b, m.a), "relayout_to_tiled_f32");
  _mlir_ciface_relayout_from_tiled_f32(&tb, &c);
  expect(std::memcmp(m.c, m.a, kF32Bytes) == 0,
         "relayout_from_tiled_f32 round trip");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_pack_f32(&a, &tc);
  expect(std::memcmp(m.c, m.b, kF32Bytes) == 0,
         "linalg_pack_f32 places like relayout_to_tiled_f32");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_unpack_f32(&tb, &c);
  expect(std::memcmp(m.c, m.a, kF32Bytes) == 0, "linalg_unpack_f32");

  Bf16x2 h = m.matrixBf16(m.h);
  Bf16Tiled tg = m.tiledBf16(m.g);
  _mlir_ciface_relayout_to_tiled_bf16(&h, &tg);
  bool bf16Ok = true;
  for (int64_t i = 0; i < kN && bf16Ok; ++i)
    for (int64_t j = 0; j < kN; ++j)
      if (m.g[tiledOffsetBf16(i, j)] != m.h[i * kN + j]) {
        bf16Ok = false;
        break;
      }
  expect(bf16Ok, "relayout_to_tiled_bf16");
  std::vector<bf16> ours(m.g, m.g + kElements);
  std::memset(m.g, 0, kBf16Bytes);
  _mlir_ciface_pack_bf16(&h, &tg);
  expect(std::memcmp(m.g, ours.data(), kBf16Bytes) == 0,
         "linalg_pack_bf16 places like relayout_to_tiled_bf16");

  // The element-wise add over tiles, checked element by element; the inputs
  // are a and b read as tiled buffers.
  _mlir_ciface_add_tiled(&ta, &tb, &tc);
  bool addOk = true;
  for (int64_t k = 0; k < kElements; ++k)
    addOk &= m.c[k] == m.a[k] + m.b[k];
  expect(addOk, "add_tiled");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_add_rowmajor(&a, &b, &c);
  addOk = true;
  for (int64_t k = 0; k < kElements; ++k)
    addOk &= m.c[k] == m.a[k] + m.b[k];
  expect(addOk, "add_rowmajor");

  _mlir_ciface_row_sum_tiled(&ta, &out);
  expect(rowSumsCorrect(m.a, /*tiled=*/true, m.row), "row_sum_tiled");
  _mlir_ciface_row_sum_rowmajor(&a, &out);
  expect(rowSumsCorrect(m.a, /*tiled=*/false, m.row), "row_sum_rowmajor");
  _mlir_ciface_col_sum_tiled(&ta, &out);
  expect(colSumsCorrect(m.a, /*tiled=*/true, m.row), "col_sum_tiled");
  _mlir_ciface_col_sum_rowmajor(&a, &out);
  expect(colSumsCorrect(m.a, /*tiled=*/false, m.row), "col_sum_rowmajor");
  std::printf("%d failures\n", failures);
  return failures == 0 ? 0 : 1;
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
