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
// against the T(8,128) and T(8,128)(2,1) formulas, then exits.
//
//===----------------------------------------------------------------------===//

#include <benchmark/benchmark.h>

#include <array>
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
constexpr int64_t kF32Bytes = kElements * sizeof(float);
constexpr int64_t kBf16Bytes = kElements * sizeof(bf16);

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

/// The offset of every element (row-major order) of the 4096x4096 array in
/// T(8,128), or with `pairs` in T(8,128)(2,1). These closed forms are the
/// harness's own oracle, written from XLA's tiling formulas independently
/// of the layout core and the lowering they check (as the unit tests'
/// brute-force reference is).
std::vector<int64_t> tiledOffsets(bool pairs) {
  std::vector<int64_t> offsets(kElements);
  for (int64_t i = 0; i < kN; ++i)
    for (int64_t j = 0; j < kN; ++j) {
      int64_t tile = ((i / 8) * (kN / 128) + j / 128) * 1024;
      offsets[i * kN + j] =
          tile + (pairs ? ((i % 8) / 2) * 256 + (j % 128) * 2 + i % 2
                        : (i % 8) * 128 + j % 128);
    }
  return offsets;
}

template <typename T> T *allocate(int64_t count) {
  void *p = std::aligned_alloc(64, count * sizeof(T));
  if (!p) {
    std::fprintf(stderr, "out of memory\n");
    std::exit(2);
  }
  return static_cast<T *>(p);
}

/// The buffers every benchmark shares (three f32 arrays, two bf16 arrays and
/// a row of results) and the descriptors the kernels take: row-major
/// (`a2`...), T(8,128) (`a4`...) and T(8,128)(2,1) (`g6`) views of them.
struct Buffers {
  float *a = allocate<float>(kElements);
  float *b = allocate<float>(kElements);
  float *c = allocate<float>(kElements);
  bf16 *h = allocate<bf16>(kElements);
  bf16 *g = allocate<bf16>(kElements);
  float *row = allocate<float>(kN);

  F32x2 a2 = matrix(a), b2 = matrix(b), c2 = matrix(c);
  F32Tiled a4 = tiled(a), b4 = tiled(b), c4 = tiled(c);
  Bf16x2 h2 = view<bf16, 2>(h, {kN, kN});
  Bf16Tiled g6 = view<bf16, 6>(g, {kN / 8, kN / 128, 4, 128, 2, 1});
  F32x1 out = view<float, 1>(row, {kN});

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

/// Registers a benchmark that runs `body` (one kernel call) and counts
/// `bytes` read plus written per call.
void add(const char *name, int64_t bytes, std::function<void(Buffers &)> body) {
  benchmark::RegisterBenchmark(name, [bytes, body](benchmark::State &state) {
    Buffers &m = buffers();
    for (auto _ : state) {
      body(m);
      benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(state.iterations() * bytes);
  })->Unit(benchmark::kMillisecond);
}

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
  add("add_rowmajor", 3 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_add_rowmajor(&m.a2, &m.b2, &m.c2); });
  add("add_tiled", 3 * kF32Bytes,
      [](Buffers &m) { _mlir_ciface_add_tiled(&m.a4, &m.b4, &m.c4); });
  add("row_sum_rowmajor", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_row_sum_rowmajor(&m.a2, &m.out); });
  add("row_sum_tiled", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_row_sum_tiled(&m.a4, &m.out); });
  add("col_sum_rowmajor", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_col_sum_rowmajor(&m.a2, &m.out); });
  add("col_sum_tiled", kF32Bytes,
      [](Buffers &m) { _mlir_ciface_col_sum_tiled(&m.a4, &m.out); });
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

int verify() {
  Buffers &m = buffers();
  std::vector<int64_t> tiledF32 = tiledOffsets(/*pairs=*/false);

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
  expect(placedAt(m.g, m.h, tiledOffsets(/*pairs=*/true)),
         "relayout_to_tiled_bf16");
  std::vector<bf16> ours(m.g, m.g + kElements);
  std::memset(m.g, 0, kBf16Bytes);
  _mlir_ciface_pack_bf16(&m.h2, &m.g6);
  expect(std::memcmp(m.g, ours.data(), kBf16Bytes) == 0,
         "linalg_pack_bf16 places like relayout_to_tiled_bf16");

  // a, b and c read as tiled buffers, then as row-major ones.
  _mlir_ciface_add_tiled(&m.a4, &m.b4, &m.c4);
  expect(addCorrect(m), "add_tiled");
  std::memset(m.c, 0, kF32Bytes);
  _mlir_ciface_add_rowmajor(&m.a2, &m.b2, &m.c2);
  expect(addCorrect(m), "add_rowmajor");

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
