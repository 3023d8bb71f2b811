// --tlayout-check-capacity counts what runs: allocations kept live across
// the trips of a loop count once per trip, a callee's peak adds to its
// caller's live bytes at the call, and a loop with no known trip count that
// keeps bytes live is flagged. Buffers passed to @keep, a function only
// declared here, live to the end of the function: nothing says when @keep's
// caller is done with them.
// RUN: tlayout-opt %s --split-input-file --tlayout-check-capacity --verify-diagnostics

// Three 8 MiB buffers allocated in a loop and never freed: 24 MiB live at
// the third trip, over a 16 MiB VMEM (one trip alone is 8 MiB).
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func private @keep(memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>)
  func.func @leak_per_trip() {
    affine.for %i = 0 to 3 {
      // expected-error @+2 {{this allocation of 8388608 bytes (physical, 8388608 logical) brings the live vmem of @leak_per_trip to 25165824 bytes at the last of its 3 runs, above the 16777216 bytes of the v4 target}}
      // expected-note @+1 {{live at the vmem peak: 8388608 bytes (physical, 8388608 logical) of 'memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>', 3 copies (one per loop trip)}}
      %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
      func.call @keep(%a) : (memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>) -> ()
    }
    return
  }
}

// -----

// The same with scf.for and a buffer freed in each trip: only one is live
// at a time, so 8 MiB fits.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @freed_per_trip() {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
      memref.dealloc %a : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    }
    return
  }
}

// -----

// Two trips of an scf.for leave 16 MiB live: exactly the capacity; the
// allocation after the loop goes over.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func private @keep(memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>)
  func.func @after_the_loop() {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c2 step %c1 {
      // expected-note @+1 {{live at the vmem peak: 8388608 bytes (physical, 8388608 logical) of 'memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>', 2 copies (one per loop trip)}}
      %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
      func.call @keep(%a) : (memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>) -> ()
    }
    // expected-error @+2 {{this allocation of 4096 bytes (physical, 4096 logical) brings the live vmem of @after_the_loop to 16781312 bytes, above the 16777216 bytes of the v4 target}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %b = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// A callee's 8 MiB while the caller holds 12 MiB: 20 MiB at the call.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @callee() {
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    memref.dealloc %a : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
  func.func @caller() {
    // expected-note @+1 {{live at the vmem peak: 12582912 bytes (physical, 12582912 logical)}}
    %b = memref.alloc() : memref<3072x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{this call, whose callee peaks at 8388608 bytes of vmem, brings the live vmem of @caller to 20971520 bytes, above the 16777216 bytes of the v4 target; 2 live at the peak}}
    // expected-note @+1 {{live at the vmem peak: the peak of @callee, 8388608 bytes}}
    func.call @callee() : () -> ()
    memref.dealloc %b : memref<3072x1024xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// A callee that returns its buffer leaves it live in the caller; recursion
// counts one level and does not loop.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func @make() -> memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>> {
    %a = memref.alloc() : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    return %a : memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
  }
  func.func @recursive(%n: index) {
    func.call @recursive(%n) : (index) -> ()
    return
  }
  func.func @twice() {
    %n = arith.constant 1 : index
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes @make left live (returned or kept)}}
    %x = func.call @make() : () -> memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    func.call @recursive(%n) : (index) -> ()
    // 8 MiB live plus the callee's 8 MiB: exactly the capacity. What a
    // callee returns stays live to the end of its caller.
    // expected-note @+1 {{live at the vmem peak: 8388608 bytes @make left live (returned or kept)}}
    %y = func.call @make() : () -> memref<2048x1024xf32, #tlayout_tpu.memory_space<vmem>>
    // expected-error @+2 {{this allocation of 4096 bytes (physical, 4096 logical) brings the live vmem of @twice to 16781312 bytes, above the 16777216 bytes of the v4 target; the buffer: 'memref<1024xf32, #tlayout_tpu.memory_space<vmem>>'; 3 live at the peak}}
    // expected-note @+1 {{live at the vmem peak: 4096 bytes}}
    %z = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
    return
  }
}

// -----

// An unknown trip count: one trip is counted, and the loop is flagged.
module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v4", vmem = 16777216>} {
  func.func private @keep(memref<1024xf32, #tlayout_tpu.memory_space<vmem>>)
  func.func @unknown(%n: index) {
    // expected-warning @+1 {{this loop keeps 4096 more bytes of vmem live after each trip and its trip count is not known: the capacity check counts one trip}}
    affine.for %i = 0 to %n {
      %a = memref.alloc() : memref<1024xf32, #tlayout_tpu.memory_space<vmem>>
      func.call @keep(%a) : (memref<1024xf32, #tlayout_tpu.memory_space<vmem>>) -> ()
    }
    return
  }
}
