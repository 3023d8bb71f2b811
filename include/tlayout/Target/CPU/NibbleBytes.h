//===- NibbleBytes.h - 4-bit fields of words as bytes -----------*- C++ -*-===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// Patterns that move the 4-bit fields of vectors of 32-bit words as bytes.
//
//===----------------------------------------------------------------------===//

#ifndef TLAYOUT_TARGET_CPU_NIBBLEBYTES_H
#define TLAYOUT_TARGET_CPU_NIBBLEBYTES_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::tlayout::cpu {

/// Adds the patterns that assemble and split the eight 4-bit fields of
/// vectors of 32-bit words read from or written to bytes (the lowering's
/// packed `T(8,128)(8,1)E(4)` tile rows, once --tlayout-cpu-jam-repeated-stores
/// has jammed the eight rows of a group) as vectors of bytes:
/// - `arith.trunci` to `i4` of a word vector that is a `vector.bitcast` of
///   bytes, shifted right by a multiple of 4 bits, becomes the bytes of one
///   position of each word (`vector.deinterleave`, twice), shifted right by
///   0 or 4 bits, truncated;
/// - a `vector.bitcast` to bytes of a word vector whose eight 4-bit fields
///   were each last set by `ori(andi(w, ~(0xF << s)), shli(extui(x), s))`
///   becomes four byte vectors `(x[s+4] << 4) | x[s]`, interleaved
///   (`vector.interleave`, twice); the word vector the first insertion
///   started from is not read.
/// Both take byte k of a word as its bits 8k to 8k+7, as the lowering's own
/// `vector.bitcast`s between bytes and words do on the little-endian
/// targets it runs on. Vectors of one 32-bit word a lane need 8 to 16 times
/// the registers of the same bytes: on AVX2 the packing of int8 into
/// `T(8,128)(8,1)E(4)` ran at half of memcpy's speed as words.
void populateNibbleBytePatterns(RewritePatternSet &patterns);

} // namespace mlir::tlayout::cpu

#endif // TLAYOUT_TARGET_CPU_NIBBLEBYTES_H
