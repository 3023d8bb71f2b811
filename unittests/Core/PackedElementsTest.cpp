//===- PackedElementsTest.cpp - Sub-byte packing vs. brute force ----------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//
//
// For every shape of rank 1 and 2 with sizes 1 to 9, both dimension orders,
// a family of tilings (with and without tail padding) and E(1), E(2), E(4):
// packs the logical array the way XLA's PackIntN does (the physical buffer's
// elements in order, element j of a byte shifted left by n * (8/n - 1 - j))
// and checks that
//  - every element's slot (getPackedPosition of its offset) holds its value in
//    that packed buffer, and the slot expressions give the same slot;
//  - no two elements share a slot, and every byte is below the footprint's
//    physical bytes, which are exactly the bytes PackIntN writes.
//
//===----------------------------------------------------------------------===//

#include "tlayout/Core/BufferIndexing.h"

#include "Reference.h"

#include "gtest/gtest.h"

#include <set>

using namespace mlir::tlayout;

namespace {

/// XLA's PackIntN over `values` (each within n bits), ceil(size * n / 8)
/// bytes.
std::vector<uint8_t> packLikeXla(const std::vector<uint8_t> &values,
                                 int64_t bits) {
  int64_t perByte = 8 / bits;
  std::vector<uint8_t> bytes((values.size() * bits + 7) / 8, 0);
  for (size_t i = 0; i < values.size(); ++i) {
    int64_t j = i % perByte;
    bytes[i / perByte] |= uint8_t(values[i] << (bits * (perByte - j - 1)));
  }
  return bytes;
}

std::vector<TiledLayout> layoutsFor(size_t rank) {
  std::vector<std::vector<Tile>> tilings = {{}};
  if (rank == 1) {
    tilings.push_back({Tile{4}});
    tilings.push_back({Tile{3}});
    tilings.push_back({Tile{8}, Tile{2}});
  } else {
    tilings.push_back({Tile{2, 4}});
    tilings.push_back({Tile{4, 3}, Tile{2, 1}});
    tilings.push_back({Tile{8, 8}, Tile{8, 1}});
  }
  std::vector<TiledLayout> result;
  std::vector<std::vector<int64_t>> orders =
      rank == 1 ? std::vector<std::vector<int64_t>>{{0}}
                : std::vector<std::vector<int64_t>>{{1, 0}, {0, 1}};
  for (const std::vector<int64_t> &order : orders)
    for (const std::vector<Tile> &tiles : tilings)
      for (int64_t tail : {1, 3}) {
        TiledLayout layout;
        layout.minorToMajor.assign(order.begin(), order.end());
        layout.tiles.assign(tiles.begin(), tiles.end());
        layout.tailPaddingAlignment = tail;
        result.push_back(layout);
      }
  return result;
}

} // namespace

TEST(PackedElementsTest, StoredBits) {
  EXPECT_EQ(getStoredElementBits(0, 1), 8);
  EXPECT_EQ(getStoredElementBits(0, 4), 8);
  EXPECT_EQ(getStoredElementBits(4, 4), 4);
  EXPECT_EQ(getStoredElementBits(1, 1), 1);
  EXPECT_EQ(getStoredElementBits(0, 16), 16);
  EXPECT_TRUE(isPackedElementSize(4));
  EXPECT_FALSE(isPackedElementSize(3));
  EXPECT_FALSE(isPackedElementSize(8));
}

TEST(PackedElementsTest, XlaOrderByHand) {
  // Positions 0 and 1 of an E(4) buffer holding 3 and 5: the byte 0x35.
  EXPECT_EQ(packLikeXla({3, 5}, 4), std::vector<uint8_t>{0x35});
  PackedPosition first = getPackedPosition(0, 4),
                 second = getPackedPosition(1, 4);
  EXPECT_EQ(first.byte, 0);
  EXPECT_EQ(first.shift, 4);
  EXPECT_EQ(second.byte, 0);
  EXPECT_EQ(second.shift, 0);
  // E(1): position 9 is the second most significant bit of byte 1.
  EXPECT_EQ(getPackedPosition(9, 1).byte, 1);
  EXPECT_EQ(getPackedPosition(9, 1).shift, 6);
}

TEST(PackedElementsTest, ExhaustiveAgainstPackIntN) {
  for (size_t rank : {1, 2})
    for (const TiledLayout &base : layoutsFor(rank))
      for (int64_t bits : {1, 2, 4}) {
        std::vector<std::vector<int64_t>> shapes;
        if (rank == 1)
          for (int64_t a = 1; a <= 9; ++a)
            shapes.push_back({a});
        else
          for (int64_t a = 1; a <= 9; ++a)
            for (int64_t b = 1; b <= 9; ++b)
              shapes.push_back({a, b});
        for (const std::vector<int64_t> &shape : shapes) {
          TiledLayout layout = base;
          layout.elementSizeInBits = bits;
          llvm::Expected<BufferIndexing> indexing =
              BufferIndexing::compile(layout, shape, bits);
          ASSERT_TRUE(bool(indexing)) << llvm::toString(indexing.takeError());
          int64_t physical = reference::physicalSize(layout, shape);
          ASSERT_EQ(indexing->getNumElements().getConstant(), physical);
          // Distinct values per element (within n bits), zero in padding.
          std::vector<uint8_t> buffer(physical, 0);
          std::vector<std::pair<std::vector<int64_t>, uint8_t>> elements;
          int64_t mask = (int64_t(1) << bits) - 1;
          int64_t n = 0;
          reference::forEachIndex(shape, [&](const std::vector<int64_t> &i) {
            uint8_t value = uint8_t((n++ * 5 + 1) & mask);
            buffer[reference::offsetOf(layout, shape, i)] = value;
            elements.push_back({i, value});
          });
          std::vector<uint8_t> packed = packLikeXla(buffer, bits);
          Footprint footprint = getFootprint(*indexing, bits);
          ASSERT_EQ(footprint.physicalBytes.getConstant(),
                    int64_t(packed.size()))
              << layout.str();
          IndexExpr offset = indexing->getOffset();
          IndexExpr byteExpr = getPackedByte(offset, bits);
          IndexExpr shiftExpr = getPackedShift(offset, bits);
          std::set<std::pair<int64_t, int64_t>> slots;
          for (const auto &[index, value] : elements) {
            int64_t position = reference::offsetOf(layout, shape, index);
            PackedPosition slot = getPackedPosition(position, bits);
            ASSERT_LT(slot.byte, int64_t(packed.size()));
            EXPECT_EQ((packed[slot.byte] >> slot.shift) & mask, value)
                << layout.str();
            EXPECT_TRUE(slots.insert({slot.byte, slot.shift}).second);
            EXPECT_EQ(byteExpr.evaluate(index, {}), slot.byte);
            EXPECT_EQ(shiftExpr.evaluate(index, {}), slot.shift);
          }
        }
      }
}
