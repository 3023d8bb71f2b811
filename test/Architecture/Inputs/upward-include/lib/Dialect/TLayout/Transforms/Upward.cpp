// A pass of the generic dialect that includes the conversion above it.
#include "tlayout/Conversion/Passes.h"
#include "tlayout/Dialect/TLayout/IR/TLayoutOps.h"
