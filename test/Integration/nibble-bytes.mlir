// --tlayout-cpu-nibble-bytes: the 4-bit fields of 32-bit
// words split and assembled on the words' bytes compute what the word
// arithmetic computes. @split takes each of the eight fields of four words
// read as bytes (shifted right logically and arithmetically, and one field
// without a shift); @assemble sets all eight fields of four words, one of
// them twice (the last insertion holds), and prints the words' bytes. Run
// with the rewrite (the default), without it, and with upstream's lowering
// of the unrewritten ops; the printed values are the word arithmetic's,
// worked out by hand (little-endian words).
// RUN: tlayout-opt %s %{lower_to_llvm} | %{run} | FileCheck %s
// RUN: tlayout-opt %s %{lower_to_llvm}=nibble-bytes=false | %{run} \
// RUN:   | FileCheck %s
// RUN: tlayout-opt %s --tlayout-cpu-loops --canonicalize \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @split(
// IR-NOT: vector<4xi32>
// IR-LABEL: func.func @assemble(
// IR-NOT: vector<4xi32>
// IR-COUNT-3: vector.interleave
// IR-NOT: vector<4xi32>
// IR: return

// CHECK:      ( 2, -6, -1, -5 )
// CHECK-NEXT: ( 1, -7, 0, 4 )
// CHECK-NEXT: ( 4, -4, 1, -6 )
// CHECK-NEXT: ( 3, -5, -2, 5 )
// CHECK-NEXT: ( 6, -2, -3, -7 )
// CHECK-NEXT: ( 5, -3, 2, 6 )
// CHECK-NEXT: ( -8, 0, -4, 7 )
// CHECK-NEXT: ( 7, -1, 3, -8 )
// CHECK-NEXT: ( 5, -3, 2, 6 )
// CHECK-NEXT: ( 87, 15, -78, 22, 111, 126, 66, -6, 112, -99, -45, 5, -125, 28, 35, -117 )

func.func @split(%bytes: vector<16xi8>) {
  %words = vector.bitcast %bytes : vector<16xi8> to vector<4xi32>
  %f0 = arith.trunci %words : vector<4xi32> to vector<4xi4>
  %e0 = arith.extsi %f0 : vector<4xi4> to vector<4xi8>
  vector.print %e0 : vector<4xi8>
  %s4 = arith.constant dense<4> : vector<4xi32>
  %w4 = arith.shrui %words, %s4 : vector<4xi32>
  %f4 = arith.trunci %w4 : vector<4xi32> to vector<4xi4>
  %e4 = arith.extsi %f4 : vector<4xi4> to vector<4xi8>
  vector.print %e4 : vector<4xi8>
  %s8 = arith.constant dense<8> : vector<4xi32>
  %w8 = arith.shrui %words, %s8 : vector<4xi32>
  %f8 = arith.trunci %w8 : vector<4xi32> to vector<4xi4>
  %e8 = arith.extsi %f8 : vector<4xi4> to vector<4xi8>
  vector.print %e8 : vector<4xi8>
  %s12 = arith.constant dense<12> : vector<4xi32>
  %w12 = arith.shrui %words, %s12 : vector<4xi32>
  %f12 = arith.trunci %w12 : vector<4xi32> to vector<4xi4>
  %e12 = arith.extsi %f12 : vector<4xi4> to vector<4xi8>
  vector.print %e12 : vector<4xi8>
  %s16 = arith.constant dense<16> : vector<4xi32>
  %w16 = arith.shrui %words, %s16 : vector<4xi32>
  %f16 = arith.trunci %w16 : vector<4xi32> to vector<4xi4>
  %e16 = arith.extsi %f16 : vector<4xi4> to vector<4xi8>
  vector.print %e16 : vector<4xi8>
  %s20 = arith.constant dense<20> : vector<4xi32>
  %w20 = arith.shrui %words, %s20 : vector<4xi32>
  %f20 = arith.trunci %w20 : vector<4xi32> to vector<4xi4>
  %e20 = arith.extsi %f20 : vector<4xi4> to vector<4xi8>
  vector.print %e20 : vector<4xi8>
  %s24 = arith.constant dense<24> : vector<4xi32>
  %w24 = arith.shrui %words, %s24 : vector<4xi32>
  %f24 = arith.trunci %w24 : vector<4xi32> to vector<4xi4>
  %e24 = arith.extsi %f24 : vector<4xi4> to vector<4xi8>
  vector.print %e24 : vector<4xi8>
  %s28 = arith.constant dense<28> : vector<4xi32>
  %w28 = arith.shrui %words, %s28 : vector<4xi32>
  %f28 = arith.trunci %w28 : vector<4xi32> to vector<4xi4>
  %e28 = arith.extsi %f28 : vector<4xi4> to vector<4xi8>
  vector.print %e28 : vector<4xi8>
  %a20 = arith.shrsi %words, %s20 : vector<4xi32>
  %g20 = arith.trunci %a20 : vector<4xi32> to vector<4xi4>
  %h20 = arith.extsi %g20 : vector<4xi4> to vector<4xi8>
  vector.print %h20 : vector<4xi8>
  return
}

func.func @assemble() {
  %w = arith.constant dense<-1> : vector<4xi32>
  %x0 = arith.constant dense<[5, 6, 7, -8]> : vector<4xi4>
  %m0 = arith.constant dense<-241> : vector<4xi32>
  %k0 = arith.andi %w, %m0 : vector<4xi32>
  %z0 = arith.extui %x0 : vector<4xi4> to vector<4xi32>
  %c0 = arith.constant dense<4> : vector<4xi32>
  %y0 = arith.shli %z0, %c0 : vector<4xi32>
  %o0 = arith.ori %k0, %y0 : vector<4xi32>
  %x1 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi4>
  %m1 = arith.constant dense<-16> : vector<4xi32>
  %k1 = arith.andi %o0, %m1 : vector<4xi32>
  %z1 = arith.extui %x1 : vector<4xi4> to vector<4xi32>
  %o1 = arith.ori %z1, %k1 : vector<4xi32>
  %x2 = arith.constant dense<[0, 7, -7, 1]> : vector<4xi4>
  %m2 = arith.constant dense<-61441> : vector<4xi32>
  %k2 = arith.andi %o1, %m2 : vector<4xi32>
  %z2 = arith.extui %x2 : vector<4xi4> to vector<4xi32>
  %c2 = arith.constant dense<12> : vector<4xi32>
  %y2 = arith.shli %z2, %c2 : vector<4xi32>
  %o2 = arith.ori %k2, %y2 : vector<4xi32>
  %x3 = arith.constant dense<[-1, -2, -3, -4]> : vector<4xi4>
  %m3 = arith.constant dense<-3841> : vector<4xi32>
  %k3 = arith.andi %o2, %m3 : vector<4xi32>
  %z3 = arith.extui %x3 : vector<4xi4> to vector<4xi32>
  %c3 = arith.constant dense<8> : vector<4xi32>
  %y3 = arith.shli %z3, %c3 : vector<4xi32>
  %o3 = arith.ori %k3, %y3 : vector<4xi32>
  %x4 = arith.constant dense<[-5, 4, -3, 2]> : vector<4xi4>
  %m4 = arith.constant dense<-15728641> : vector<4xi32>
  %k4 = arith.andi %o3, %m4 : vector<4xi32>
  %z4 = arith.extui %x4 : vector<4xi4> to vector<4xi32>
  %c4 = arith.constant dense<20> : vector<4xi32>
  %y4 = arith.shli %z4, %c4 : vector<4xi32>
  %o4 = arith.ori %k4, %y4 : vector<4xi32>
  %x5 = arith.constant dense<[2, 2, 3, 3]> : vector<4xi4>
  %m5 = arith.constant dense<-983041> : vector<4xi32>
  %k5 = arith.andi %o4, %m5 : vector<4xi32>
  %z5 = arith.extui %x5 : vector<4xi4> to vector<4xi32>
  %c5 = arith.constant dense<16> : vector<4xi32>
  %y5 = arith.shli %z5, %c5 : vector<4xi32>
  %o5 = arith.ori %k5, %y5 : vector<4xi32>
  %x6 = arith.constant dense<[1, -1, 0, -8]> : vector<4xi4>
  %m6 = arith.constant dense<268435455> : vector<4xi32>
  %k6 = arith.andi %o5, %m6 : vector<4xi32>
  %z6 = arith.extui %x6 : vector<4xi4> to vector<4xi32>
  %c6 = arith.constant dense<28> : vector<4xi32>
  %y6 = arith.shli %z6, %c6 : vector<4xi32>
  %o6 = arith.ori %k6, %y6 : vector<4xi32>
  %x7 = arith.constant dense<[6, -6, 5, -5]> : vector<4xi4>
  %m7 = arith.constant dense<-251658241> : vector<4xi32>
  %k7 = arith.andi %o6, %m7 : vector<4xi32>
  %z7 = arith.extui %x7 : vector<4xi4> to vector<4xi32>
  %c7 = arith.constant dense<24> : vector<4xi32>
  %y7 = arith.shli %z7, %c7 : vector<4xi32>
  %o7 = arith.ori %k7, %y7 : vector<4xi32>
  %x8 = arith.constant dense<[7, -1, 0, 3]> : vector<4xi4>
  %m8 = arith.constant dense<-16> : vector<4xi32>
  %k8 = arith.andi %o7, %m8 : vector<4xi32>
  %z8 = arith.extui %x8 : vector<4xi4> to vector<4xi32>
  %o8 = arith.ori %z8, %k8 : vector<4xi32>
  %bytes = vector.bitcast %o8 : vector<4xi32> to vector<16xi8>
  vector.print %bytes : vector<16xi8>
  return
}

func.func @main() {
  %bytes = arith.constant dense<[18, 52, 86, 120, -102, -68, -34, -16, 15, -31, 45, 60, 75, 90, 105, -121]> : vector<16xi8>
  call @split(%bytes) : (vector<16xi8>) -> ()
  call @assemble() : () -> ()
  return
}
