// Relayout copies lowered to vector code with non-temporal stores (the
// threshold lowered to 1 byte so that these small copies take them): a
// 64-byte aligned target takes the non-temporal nest, a target 16 bytes off
// (a memref.view) the plain one, and both place every element where the
// layout says. Each case prints the target's misalignment, then the number
// of elements that differ from the row-major source.
// RUN: tlayout-opt %s --tlayout-lower-to-llvm=nontemporal-copy-threshold=1 \
// RUN:   | %{run} | FileCheck %s
// RUN: tlayout-opt %s --tlayout-cpu-lower-tiled-layouts=nontemporal-copy-threshold=1 \
// RUN:   | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @transposes(
// IR: memref.extract_aligned_pointer_as_index
// IR: scf.if
// IR: vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
// IR: llvm.fence seq_cst
// IR: } else {
// IR-NOT: nontemporal
// IR: affine.vector_store
// IR-LABEL: func.func @interleaved(

#C = #tlayout.tiled<{0,1:T(8,128)}>
#B = #tlayout.tiled<{1,0:T(8,128)(2,1)}>

func.func private @printMemrefI32(memref<*xi32>)

func.func @fill16(%a: memref<?x?xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi16>
  %cols = memref.dim %a, %c1 : memref<?x?xi16>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 1000 + j)>(%i, %j)
      %v = arith.index_cast %k : index to i16
      memref.store %v, %a[%i, %j] : memref<?x?xi16>
    }
  }
  return
}

func.func @fill32(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf32>
  %cols = memref.dim %a, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %k = affine.apply affine_map<(i, j) -> (i * 1000 + j)>(%i, %j)
      %w = arith.index_cast %k : index to i32
      %v = arith.sitofp %w : i32 to f32
      memref.store %v, %a[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @diff16(%a: memref<?x?xi16>, %b: memref<?x?xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xi16>
  %cols = memref.dim %a, %c1 : memref<?x?xi16>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xi16>
      %y = memref.load %b[%i, %j] : memref<?x?xi16>
      %ne = arith.cmpi ne, %x, %y : i16
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  vector.print %n : index
  return
}

func.func @diff32(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf32>
  %cols = memref.dim %a, %c1 : memref<?x?xf32>
  %n = scf.for %i = %c0 to %rows step %c1 iter_args(%ni = %c0) -> index {
    %m = scf.for %j = %c0 to %cols step %c1 iter_args(%nj = %ni) -> index {
      %x = memref.load %a[%i, %j] : memref<?x?xf32>
      %y = memref.load %b[%i, %j] : memref<?x?xf32>
      %ne = arith.cmpf une, %x, %y : f32
      %d = arith.index_cast %ne : i1 to index
      %s = arith.addi %nj, %d : index
      scf.yield %s : index
    }
    scf.yield %m : index
  }
  vector.print %n : index
  return
}

// Prints the aligned pointer `p` modulo 64.
func.func @misalignment(%p: index) {
  %c64 = arith.constant 64 : index
  %r = arith.remui %p, %c64 : index
  vector.print %r : index
  return
}

func.func @transposes() {
  %a = memref.alloc() {alignment = 64} : memref<32x48xf32>
  %t = memref.alloc() {alignment = 64} : memref<32x48xf32, #C>
  %u = memref.alloc() {alignment = 64} : memref<32x48xf32>
  %r = memref.alloc() : memref<32x48xf32>
  %raw = memref.alloc() {alignment = 64} : memref<6160xi8>
  %c16 = arith.constant 16 : index
  %w = memref.view %raw[%c16][] : memref<6160xi8> to memref<32x48xf32>
  %ad = memref.cast %a : memref<32x48xf32> to memref<?x?xf32>
  call @fill32(%ad) : (memref<?x?xf32>) -> ()
  // Row-major to the transposed array in tiles, read back through loads.
  memref.copy %a, %t : memref<32x48xf32> to memref<32x48xf32, #C>
  %pt = tlayout.to_physical %t : memref<32x48xf32, #C> to memref<6144xf32>
  %it = memref.extract_aligned_pointer_as_index %pt : memref<6144xf32> -> index
  call @misalignment(%it) : (index) -> ()
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %v = affine.load %t[%i, %j] : memref<32x48xf32, #C>
      affine.store %v, %r[%i, %j] : memref<32x48xf32>
    }
  }
  %rd = memref.cast %r : memref<32x48xf32> to memref<?x?xf32>
  call @diff32(%ad, %rd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  // And back, into an aligned and a misaligned row-major target.
  memref.copy %t, %u : memref<32x48xf32, #C> to memref<32x48xf32>
  %iu = memref.extract_aligned_pointer_as_index %u : memref<32x48xf32> -> index
  call @misalignment(%iu) : (index) -> ()
  %ud = memref.cast %u : memref<32x48xf32> to memref<?x?xf32>
  call @diff32(%ad, %ud) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.copy %t, %w : memref<32x48xf32, #C> to memref<32x48xf32>
  %iw = memref.extract_aligned_pointer_as_index %w : memref<32x48xf32> -> index
  call @misalignment(%iw) : (index) -> ()
  %wd = memref.cast %w : memref<32x48xf32> to memref<?x?xf32>
  call @diff32(%ad, %wd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @interleaved() {
  %a = memref.alloc() {alignment = 64} : memref<16x256xi16>
  %t = memref.alloc() {alignment = 64} : memref<16x256xi16, #B>
  %u = memref.alloc() {alignment = 64} : memref<16x256xi16>
  %raw = memref.alloc() {alignment = 64} : memref<8208xi8>
  %c16 = arith.constant 16 : index
  %w = memref.view %raw[%c16][] : memref<8208xi8> to memref<16x256xi16>
  %r = memref.alloc() : memref<16x256xi16>
  %ad = memref.cast %a : memref<16x256xi16> to memref<?x?xi16>
  call @fill16(%ad) : (memref<?x?xi16>) -> ()
  memref.copy %a, %t : memref<16x256xi16> to memref<16x256xi16, #B>
  %pt = tlayout.to_physical %t : memref<16x256xi16, #B> to memref<4096xi16>
  %it = memref.extract_aligned_pointer_as_index %pt : memref<4096xi16> -> index
  call @misalignment(%it) : (index) -> ()
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 256 {
      %v = affine.load %t[%i, %j] : memref<16x256xi16, #B>
      affine.store %v, %r[%i, %j] : memref<16x256xi16>
    }
  }
  %rd = memref.cast %r : memref<16x256xi16> to memref<?x?xi16>
  call @diff16(%ad, %rd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  memref.copy %t, %u : memref<16x256xi16, #B> to memref<16x256xi16>
  %iu = memref.extract_aligned_pointer_as_index %u : memref<16x256xi16> -> index
  call @misalignment(%iu) : (index) -> ()
  %ud = memref.cast %u : memref<16x256xi16> to memref<?x?xi16>
  call @diff16(%ad, %ud) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  memref.copy %t, %w : memref<16x256xi16, #B> to memref<16x256xi16>
  %iw = memref.extract_aligned_pointer_as_index %w : memref<16x256xi16> -> index
  call @misalignment(%iw) : (index) -> ()
  %wd = memref.cast %w : memref<16x256xi16> to memref<?x?xi16>
  call @diff16(%ad, %wd) : (memref<?x?xi16>, memref<?x?xi16>) -> ()
  return
}

func.func @main() {
  // CHECK: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 16
  // CHECK-NEXT: 0
  call @transposes() : () -> ()
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  // CHECK-NEXT: 16
  // CHECK-NEXT: 0
  call @interleaved() : () -> ()
  return
}
