// tlayout-opt links the registration library only: the passes' headers are
// not its to include.
#include "tlayout/TLayout.h"
#include "tlayout/Target/TPU/Transforms/Passes.h"
