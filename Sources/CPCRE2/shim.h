#ifndef SMSFILTER_CPCRE2_SHIM_H
#define SMSFILTER_CPCRE2_SHIM_H

// Why this shim exists: <pcre2.h> must see PCRE2_CODE_UNIT_WIDTH before it is included, and a
// module map cannot define macros. Fixing the width at 8 makes the width-suffixed functions
// (pcre2_compile_8, pcre2_jit_match_8, ...) visible to Swift. The unsuffixed names are macros that
// Swift does not import, and neither is PCRE2_ZERO_TERMINATED: callers pass explicit lengths.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Why these exist: a pattern is JIT-compiled on its first match, once, by whichever thread gets
// there first (Pattern.swift). Its state word needs acquire and release ordering, and Swift's own
// atomics (the Synchronization module) need macOS 15; the compiler's builtins work everywhere.

/// Reads `*state` with acquire ordering.
static inline int smsfilter_load_acquire(const int *state) { return __atomic_load_n(state, __ATOMIC_ACQUIRE); }

/// Writes `value` to `*state` with release ordering.
static inline void smsfilter_store_release(int *state, int value) {
  __atomic_store_n(state, value, __ATOMIC_RELEASE);
}

/// Sets `*state` to `desired` if it holds `expected` (acquire-release); returns whether it did.
static inline int smsfilter_compare_exchange(int *state, int expected, int desired) {
  return __atomic_compare_exchange_n(state, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

#endif
