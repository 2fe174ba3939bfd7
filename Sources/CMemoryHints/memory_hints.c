// The hints are static inline functions in include/memory_hints.h; this file gives the target
// the one source file a C target needs.
#include "memory_hints.h"
