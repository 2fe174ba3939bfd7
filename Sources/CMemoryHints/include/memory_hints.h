// Memory hints the Swift standard library does not expose: a prefetch, so that a batch of
// lookups can start its reads from memory before it needs their values.
#ifndef SMSFILTER_MEMORY_HINTS_H
#define SMSFILTER_MEMORY_HINTS_H

/// Asks the processor to bring the cache line holding `address` into cache for reading. A hint
/// only: it never faults, whatever the address, and changes no value.
static inline __attribute__((always_inline)) void smsfilter_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#endif
