//===- Passes.cpp - C API for tlayout's passes ----------------------------===//
//
// Part of the tlayout project.
//
//===----------------------------------------------------------------------===//

#include "tlayout-c/Passes.h"
#include "tlayout/TLayout.h"

#include "mlir/InitAllPasses.h"

void tlayoutRegisterPasses(void) {
  // The generated registration functions are not idempotent everywhere:
  // register once.
  static bool registered = [] {
    mlir::tlayout::registerPasses();
    return true;
  }();
  (void)registered;
}

void tlayoutRegisterAllPasses(void) {
  static bool registered = [] {
    mlir::registerAllPasses();
    return true;
  }();
  (void)registered;
  tlayoutRegisterPasses();
}
