// A module that names its target (as docs/Guide.md says a user may) comes
// out of every pipeline that ends in the LLVM dialect without tlayout's
// attributes, so upstream's mlir-runner and mlir-translate, which load none
// of tlayout's dialects, read it: the TPU pipelines from memrefs and from
// tensors, and the generic --tlayout-lower-to-llvm. Before the fix
// mlir-runner failed with "attribute created with unregistered dialect".
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline > %t.tensors.mlir
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.tensors.mlir
// RUN: %{run} %t.tensors.mlir | FileCheck %s
// RUN: mlir-translate --mlir-to-llvmir %t.tensors.mlir | FileCheck %s --check-prefix=LLVMIR
// RUN: tlayout-opt %s --tlayout-tpu-bufferize-pipeline=target=v5e | %{run} | FileCheck %s
// The memref pipelines, from the program bufferized by upstream with its
// linalg ops as loops.
// RUN: tlayout-opt %s --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-affine-loops > %t.memrefs.mlir
// RUN: tlayout-opt %t.memrefs.mlir --tlayout-tpu-pipeline > %t.tpu.mlir
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.tpu.mlir
// RUN: %{run} %t.tpu.mlir | FileCheck %s
// RUN: mlir-translate --mlir-to-llvmir %t.tpu.mlir | FileCheck %s --check-prefix=LLVMIR
// RUN: tlayout-opt %t.memrefs.mlir %{lower_to_llvm} > %t.generic.mlir
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.generic.mlir
// RUN: %{run} %t.generic.mlir | FileCheck %s

// IR-NOT: tlayout
// IR: llvm.func @main()
// IR-NOT: {{tlayout|linalg}}
// LLVMIR: define void @main()

// CHECK:      {{\[\[}}0,   2,   4,   6],
// CHECK-NEXT:  [10,   12,   14,   16],
// CHECK-NEXT:  [20,   22,   24,   26]]

module attributes {tlayout_tpu.target = #tlayout_tpu.target<"v6e">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @double(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %e = tensor.empty() : tensor<3x4xf32>
    %r = linalg.add ins(%a, %a : tensor<3x4xf32>, tensor<3x4xf32>)
                    outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
    return %r : tensor<3x4xf32>
  }

  func.func @main() {
    %a = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [5.0, 6.0, 7.0, 8.0],
                               [10.0, 11.0, 12.0, 13.0]]> : tensor<3x4xf32>
    %r = call @double(%a) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %u = tensor.cast %r : tensor<3x4xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    return
  }
}
