//===- NibbleBytes.cpp - 4-bit fields of words as bytes -------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// The word arithmetic that the lowering of packed 4-bit tile rows leaves
// (one 32-bit word a column, eight rows' 4-bit fields in it), rewritten on
// the bytes of the words: see NibbleBytes.h.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Target/CPU/NibbleBytes.h"
#include "tlayout/Target/CPU/Passes.h.inc"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::tlayout;
using namespace mlir::tlayout::cpu;

namespace {

/// Bits in a word, in a byte and in one field.
constexpr int64_t kWordBits = 32;
constexpr int64_t kByteBits = 8;
constexpr int64_t kFieldBits = 4;

/// A 1-D vector type of `bits`-wide integer lanes.
static bool isIntegerVector(Type type, unsigned bits) {
  auto vector = dyn_cast<VectorType>(type);
  return vector && vector.getRank() == 1 && !vector.isScalable() &&
         vector.getElementType().isInteger(bits);
}

/// How many ops deep foldToConstant looks.
constexpr unsigned kMaxFoldDepth = 8;

/// The constant `value` folds to: constants, and `arith` ops,
/// `vector.broadcast` and `affine.apply` of constants, evaluated by their
/// folders without changing the IR (the lowering computes shifts and masks
/// from the index of the row, which nothing has folded yet). Null otherwise.
static Attribute foldToConstant(Value value, unsigned depth = 0) {
  Attribute constant;
  if (matchPattern(value, m_Constant(&constant)))
    return constant;
  Operation *op = value.getDefiningOp();
  if (!op || depth >= kMaxFoldDepth || op->getNumResults() != 1 ||
      op->getNumRegions() != 0 ||
      (!isa<arith::ArithDialect>(op->getDialect()) &&
       !isa<vector::BroadcastOp, affine::AffineApplyOp>(op)))
    return {};
  SmallVector<Attribute> operands;
  for (Value operand : op->getOperands()) {
    Attribute folded = foldToConstant(operand, depth + 1);
    if (!folded)
      return {};
    operands.push_back(folded);
  }
  SmallVector<OpFoldResult> results;
  if (failed(op->fold(operands, results)) || results.size() != 1)
    return {};
  // A fold to an existing value (x << 0 is x) folds as that value does.
  if (auto same = dyn_cast<Value>(results.front()))
    return same == value ? Attribute() : foldToConstant(same, depth + 1);
  return cast<Attribute>(results.front());
}

/// The splat integer constant `value` folds to, if any.
static std::optional<int64_t> getSplatConstant(Value value) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(foldToConstant(value));
  if (!splat || !splat.getElementType().isInteger())
    return std::nullopt;
  return splat.getSplatValue<APInt>().getSExtValue();
}

/// `value` as `shift(operand, s)`, one of `ShiftOps` by a splat constant s
/// that starts a field (a multiple of 4 below 32), or as `value` shifted by
/// 0 where it is no such op; nothing for another shift.
template <typename... ShiftOps>
static std::optional<std::pair<Value, int64_t>> matchFieldShift(Value value) {
  Operation *op = value.getDefiningOp();
  if (!op || !isa<ShiftOps...>(op))
    return std::make_pair(value, int64_t{0});
  std::optional<int64_t> shift = getSplatConstant(op->getOperand(1));
  if (!shift || *shift < 0 || *shift % kFieldBits || *shift >= kWordBits)
    return std::nullopt;
  return std::make_pair(op->getOperand(0), *shift);
}

/// `value` without round trips of `vector.bitcast` (words to bytes and
/// back, as the jammed rows of a packed tile row pass their words on).
static Value skipBitcastRoundTrips(Value value) {
  while (auto outer = value.getDefiningOp<vector::BitCastOp>()) {
    auto inner = outer.getSource().getDefiningOp<vector::BitCastOp>();
    if (!inner || inner.getSource().getType() != value.getType())
      break;
    value = inner.getSource();
  }
  return value;
}

/// The bytes at positions k (0 to 3) of the words of the byte vector
/// `bytes`, in word order: two rounds of deinterleaving.
static Value bytesAt(PatternRewriter &rewriter, Location loc, Value bytes,
                     int64_t k) {
  auto halves = vector::DeinterleaveOp::create(rewriter, loc, bytes);
  Value half = k % 2 ? halves.getRes2() : halves.getRes1();
  auto quarters = vector::DeinterleaveOp::create(rewriter, loc, half);
  return k / 2 ? quarters.getRes2() : quarters.getRes1();
}

/// `trunci(shr(bitcast(bytes : <4N x i8>) : <N x i32>, s)) : <N x i4>`, s a
/// multiple of 4 below 32 (no shift for s = 0): the field is the low or the
/// high half of byte s / 8 of each word.
struct SplitFieldsAsBytes : OpRewritePattern<arith::TruncIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncIOp op,
                                PatternRewriter &rewriter) const override {
    if (!isIntegerVector(op.getType(), kFieldBits) ||
        !isIntegerVector(op.getIn().getType(), kWordBits))
      return rewriter.notifyMatchFailure(op, "not words to 4-bit fields");
    auto shifted = matchFieldShift<arith::ShRUIOp, arith::ShRSIOp>(
        skipBitcastRoundTrips(op.getIn()));
    if (!shifted)
      return rewriter.notifyMatchFailure(op, "not a whole field's shift");
    auto [words, shift] = *shifted;
    auto bytesAsWords =
        skipBitcastRoundTrips(words).getDefiningOp<vector::BitCastOp>();
    if (!bytesAsWords ||
        !isIntegerVector(bytesAsWords.getSource().getType(), kByteBits))
      return rewriter.notifyMatchFailure(op, "words not read as bytes");
    Location loc = op.getLoc();
    Value bytes =
        bytesAt(rewriter, loc, bytesAsWords.getSource(), shift / kByteBits);
    if (shift % kByteBits)
      bytes = arith::ShRUIOp::create(
          rewriter, loc, bytes,
          createScalarOrSplatConstant(rewriter, loc, bytes.getType(),
                                      kFieldBits));
    rewriter.replaceOpWithNewOp<arith::TruncIOp>(op, op.getType(), bytes);
    return success();
  }
};

/// `bitcast(w : <N x i32>) : <4N x i8>` where every 4-bit field of `w` was
/// last set by `w' = ori(andi(w, ~(0xF << s)), shli(extui(x : <N x i4>), s))`
/// (or `extui(x)` alone for s = 0; either operand order).
struct AssembleFieldsAsBytes : OpRewritePattern<vector::BitCastOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The field inserted by `value`, an `ori` of the form above: its shift,
  /// the 4-bit vector inserted and the word vector inserted into.
  static std::optional<std::tuple<int64_t, Value, Value>>
  matchInsertion(Value value) {
    auto ori = value.getDefiningOp<arith::OrIOp>();
    if (!ori)
      return std::nullopt;
    for (auto [kept, inserted] : {std::pair(ori.getLhs(), ori.getRhs()),
                                  std::pair(ori.getRhs(), ori.getLhs())}) {
      auto andi = kept.getDefiningOp<arith::AndIOp>();
      auto shifted = matchFieldShift<arith::ShLIOp>(inserted);
      if (!andi || !shifted)
        continue;
      auto [field, shift] = *shifted;
      auto ext = field.getDefiningOp<arith::ExtUIOp>();
      if (!ext || !isIntegerVector(ext.getIn().getType(), kFieldBits))
        continue;
      // The mask must clear exactly the field: ~(0xF << s) on 32 bits.
      uint32_t clear = ~(uint32_t{0xF} << shift);
      for (auto [word, mask] : {std::pair(andi.getLhs(), andi.getRhs()),
                                std::pair(andi.getRhs(), andi.getLhs())}) {
        std::optional<int64_t> bits = getSplatConstant(mask);
        if (bits && static_cast<uint32_t>(*bits) == clear)
          return std::make_tuple(shift, ext.getIn(),
                                 skipBitcastRoundTrips(word));
      }
    }
    return std::nullopt;
  }

  LogicalResult matchAndRewrite(vector::BitCastOp op,
                                PatternRewriter &rewriter) const override {
    if (!isIntegerVector(op.getSource().getType(), kWordBits) ||
        !isIntegerVector(op.getType(), kByteBits))
      return rewriter.notifyMatchFailure(op, "not words to bytes");
    // Walk the insertions from the last: the first one seen of each field
    // is the one that holds.
    SmallVector<Value, 8> fields(kWordBits / kFieldBits);
    unsigned found = 0;
    Value words = skipBitcastRoundTrips(op.getSource());
    while (found < fields.size()) {
      auto insertion = matchInsertion(words);
      if (!insertion)
        return rewriter.notifyMatchFailure(
            op, "not every field set by an insertion");
      auto [shift, field, rest] = *insertion;
      if (!fields[shift / kFieldBits]) {
        fields[shift / kFieldBits] = field;
        ++found;
      }
      words = rest;
    }
    Location loc = op.getLoc();
    int64_t lanes = cast<VectorType>(op.getSource().getType()).getNumElements();
    auto byteType = VectorType::get({lanes}, rewriter.getI8Type());
    Value four =
        createScalarOrSplatConstant(rewriter, loc, byteType, kFieldBits);
    SmallVector<Value, 4> bytes;
    for (unsigned k = 0; k < fields.size() / 2; ++k) {
      Value low =
          arith::ExtUIOp::create(rewriter, loc, byteType, fields[2 * k]);
      Value high =
          arith::ExtUIOp::create(rewriter, loc, byteType, fields[2 * k + 1]);
      high = arith::ShLIOp::create(rewriter, loc, high, four);
      bytes.push_back(arith::OrIOp::create(rewriter, loc, high, low));
    }
    // Byte k of word j at 4j + k: bytes 0 and 2 interleaved, 1 and 3
    // interleaved, and the two interleaved.
    Value even =
        vector::InterleaveOp::create(rewriter, loc, bytes[0], bytes[2]);
    Value odd = vector::InterleaveOp::create(rewriter, loc, bytes[1], bytes[3]);
    rewriter.replaceOpWithNewOp<vector::InterleaveOp>(op, even, odd);
    return success();
  }
};

} // namespace

void mlir::tlayout::cpu::populateNibbleBytePatterns(
    RewritePatternSet &patterns) {
  patterns.add<SplitFieldsAsBytes, AssembleFieldsAsBytes>(
      patterns.getContext());
}
