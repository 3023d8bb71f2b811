// --tlayout-check-capacity follows each allocation from its memref.alloc to
// the later of its last use and its memref.dealloc: the verdict comes from
// the peak of live bytes, and the error at the peak names every allocation
// live there with its bytes.
// RUN: tlayout-opt %s --split-input-file --allow-unregistered-dialect --tlayout-check-capacity --verify-diagnostics

// Five 32 MiB VMEM buffers, each read once in sequence: at most three are
// live at once (96 MiB at %c), so 160 MiB of allocations fit in the 128 MiB
// VMEM of a v5e. No diagnostic.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func @five_in_sequence(%out: memref<8192x1024xf32>) {
    %a = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %b = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %c = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %a, %c : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %b, %c : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %d = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %c, %d : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %e = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %d, %e : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %e, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    return
  }
}

// -----

// The same five buffers all read at the end: 160 MiB live at %e, over the
// 128 MiB; the error names all five.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v5e">} {
  func.func @five_at_the_end(%out: memref<8192x1024xf32>) {
    // expected-note @+1 {{live at the vmem peak: 33554432 bytes (physical, 33554432 logical) of 'memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>'}}
    %a = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-note @+1 {{live at the vmem peak: 33554432 bytes}}
    %b = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-note @+1 {{live at the vmem peak: 33554432 bytes}}
    %c = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-note @+1 {{live at the vmem peak: 33554432 bytes}}
    %d = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{this allocation of 33554432 bytes (physical, 33554432 logical) brings the live vmem of @five_at_the_end to 167772160 bytes, above the 134217728 bytes of the v5e target; the buffer: 'memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>'; 5 live at the peak}}
    // expected-note @+1 {{live at the vmem peak: 33554432 bytes}}
    %e = memref.alloc() : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %a, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    tlayout.copy %b, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    tlayout.copy %c, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    tlayout.copy %d, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    tlayout.copy %e, %out : memref<8192x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<8192x1024xf32>
    return
  }
}

// -----

// A buffer read inside an scf.for lives until the loop ends, then dies: the
// loop holds %a and one %b per trip (16 MiB, exactly the capacity; each %b
// dies at its last use in its trip), and %c and %d after the loop fit
// without %a.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @used_in_a_loop(%out: memref<2048x1024xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    scf.for %i = %c0 to %c4 step %c1 {
      %b = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
      tlayout.copy %a, %b : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
      tlayout.copy %b, %out : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32>
    }
    %c = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %d = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %c, %d : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %d, %out : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32>
    return
  }
}

// -----

// A buffer carried through a loop's iter_args lives until the last use of
// the loop's result.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @carried_by_a_loop(%out: memref<2048x1024xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a) -> (memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>) {
      scf.yield %x : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    }
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %b = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{this allocation of 4096 bytes (physical, 4096 logical) brings the live vmem of @carried_by_a_loop to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %r, %out : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32>
    return
  }
}

// -----

// A returned buffer lives to the end of the function, though nothing else
// uses it.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @returned() -> memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> {
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %b = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{brings the live vmem of @returned to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    return %a : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
  }
}

// -----

// A buffer stored into memory (here a memref of memrefs) may be read through
// it at any time: it lives to the end of the function.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @stored(%slot: memref<memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>>) {
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.store %a, %slot[] : memref<memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>>
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %b = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{brings the live vmem of @stored to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// A deallocation after the last use keeps the buffer live until it: %a is
// last read before %b, but freed after %t.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @freed_late(%out: memref<2048x1024xf32>) {
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %a, %out : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32>
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %b = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{brings the live vmem of @freed_late to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %a : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// Freed right after its last use, %a is gone when %b and %t come: 8 MiB and
// 4 KiB fit.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @freed_early(%out: memref<2048x1024xf32>) {
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %a, %out : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32>
    memref.dealloc %a : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %b = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// A view of a buffer keeps the buffer live: %a is read only through a
// subview and a cast of it, after %b and %t.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @through_a_view(%out: memref<1024x1024xf32, strided<[1024, 1]>>) {
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %v = memref.subview %a[0, 0] [1024, 1024] [1, 1] : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<1024x1024xf32, strided<[1024, 1]>, #tlayout_tpu.memory_space<vmem>>
    %w = memref.cast %v : memref<1024x1024xf32, strided<[1024, 1]>, #tlayout_tpu.memory_space<vmem>> to memref<1024x1024xf32, strided<[?, 1]>, #tlayout_tpu.memory_space<vmem>>
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %b = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{brings the live vmem of @through_a_view to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.copy %w, %out : memref<1024x1024xf32, strided<[?, 1]>, #tlayout_tpu.memory_space<vmem>> to memref<1024x1024xf32, strided<[1024, 1]>>
    return
  }
}

// -----

// So does tlayout.to_physical, the physical buffer of a tiled memref: %a is
// read through it after %b and %t.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @through_to_physical() -> f32 {
    %c0 = arith.constant 0 : index
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>>
    %p = tlayout.to_physical %a : memref<2048x1024xf32, #tlayout.tiled<{1,0:T(8,128)}>, #tlayout_tpu.memory_space<vmem>> to memref<2097152xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %b = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{brings the live vmem of @through_to_physical to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %b : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    %x = memref.load %p[%c0] : memref<2097152xf32, #tlayout_tpu.memory_space<vmem>>
    return %x : f32
  }
}

// -----

// What the analysis cannot see through keeps a buffer live to the end of the
// function: an op with no declared memory effects, a region of an op that
// may run it later, a branch to another block. Here each of %a, %b, %c is
// last used before %t, yet all are live at the end.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @unseen(%out: memref<1024xf32>) {
    %c0 = arith.constant 0 : index
    // expected-note @+1 {{live at the vmem peak: 4194304 bytes}}
    %a = memref.alloc() : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    "unknown.use"(%a) : (memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>) -> ()
    // expected-note @+1 {{live at the vmem peak: 4194304 bytes}}
    %b = memref.alloc() : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    "unknown.region"() ({
      %x = memref.load %b[%c0, %c0] : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
      "unknown.terminator"() : () -> ()
    }) : () -> ()
    // expected-note @+1 {{live at the vmem peak: 4194304 bytes}}
    %c = memref.alloc() : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    cf.br ^next(%c : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>)
  ^next(%n: memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>):
    // expected-note @+1 {{live at the vmem peak: 4194304 bytes}}
    %d = memref.alloc() : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{brings the live vmem of @unseen to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %d : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// Calls of functions defined in the module: a callee that returns its
// argument makes the call's result an alias (%a lives to the last use of
// %r); one that stores its argument keeps it to the end (%b); one that only
// reads it ends nothing (%c dies after the call).
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @identity(%x: memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>) -> memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> {
    return %x : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
  }
  func.func @stash(%x: memref<1024xf32, #tlayout_tpu.memory_space<vmem>>, %slot: memref<memref<1024xf32, #tlayout_tpu.memory_space<vmem>>>) {
    memref.store %x, %slot[] : memref<memref<1024xf32, #tlayout_tpu.memory_space<vmem>>>
    return
  }
  func.func @read(%x: memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>, %out: memref<2048x1024xf32>) {
    tlayout.copy %x, %out : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32>
    return
  }
  func.func @calls(%out: memref<2048x1024xf32>, %slot: memref<memref<1024xf32, #tlayout_tpu.memory_space<vmem>>>) {
    %c = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    func.call @read(%c, %out) : (memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>, memref<2048x1024xf32>) -> ()
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %r = func.call @identity(%a) : (memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>) -> memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %b = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    func.call @stash(%b, %slot) : (memref<1024xf32, #tlayout_tpu.memory_space<vmem>>, memref<memref<1024xf32, #tlayout_tpu.memory_space<vmem>>>) -> ()
    // expected-error @+2 {{brings the live vmem of @calls to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %d = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %r, %out : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32>
    tlayout.copy %d, %out : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<2048x1024xf32>
    return
  }
}

// -----

// A buffer made in a loop's body and yielded to the next trip is not freed
// in the body: each of the 3 trips leaves one live (the accounting does not
// know that a trip is done with the previous one), until the last use of
// the loop's result. A buffer yielded from an scf.if lives to the last use
// of the scf.if's result.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @yielded(%init: memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>, %cond: i1, %out: memref<1024x1024xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%prev = %init) -> (memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>) {
      // expected-note @+1 {{live at the vmem peak: 4194304 bytes (physical, 4194304 logical) of 'memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>', 3 copies (one per loop trip)}}
      %next = memref.alloc() : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
      tlayout.copy %prev, %next : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
      scf.yield %next : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    }
    %s = scf.if %cond -> (memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>) {
      // expected-note @+1 {{live at the vmem peak: 4194304 bytes}}
      %e = memref.alloc() : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
      scf.yield %e : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    } else {
      scf.yield %r : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    }
    // expected-error @+2 {{brings the live vmem of @yielded to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    tlayout.copy %s, %out : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<1024x1024xf32>
    return
  }
}

// -----

// Work that goes on after its op returns keeps the buffer to the end of the
// function: a DMA runs until a wait that names only its tag, and an
// async.execute's body until an await. %a and %b are last named before %t.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @asynchronous(%out: memref<1024x1024xf32>, %tag: memref<1xi32>) {
    %c0 = arith.constant 0 : index
    %n = arith.constant 1048576 : index
    // expected-note @+1 {{live at the vmem peak: 4194304 bytes}}
    %a = memref.alloc() : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dma_start %a[%c0, %c0], %out[%c0, %c0], %n, %tag[%c0] : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>, memref<1024x1024xf32>, memref<1xi32>
    // expected-note @+1 {{live at the vmem peak: 4194304 bytes}}
    %b = memref.alloc() : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>>
    %token = async.execute {
      memref.copy %b, %out : memref<1024x1024xf32, #tlayout_tpu.memory_space<vmem>> to memref<1024x1024xf32>
      async.yield
    }
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes}}
    %c = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{brings the live vmem of @asynchronous to 16781312 bytes}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %t = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %c : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %t : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dma_wait %tag[%c0], %n : memref<1xi32>
    async.await %token : !async.token
    return
  }
}
