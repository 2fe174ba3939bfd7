// The bytes of the package's binary files, embedded at compile time (see embedded_files.h).
// `#embed` is C23; clang accepts it in every language mode, as an extension before C23. The
// paths are relative to this file; the compiler's dependency file names them, so a changed model
// or snapshot rebuilds this file. A file that is missing gives an empty array (`__has_embed`),
// and the library then works without it (no built-in model; rules parsed from YAML; the
// normaliser computes its table at start-up).
#include "embedded_files.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

// One zero byte past the file (`suffix` adds the comma only when the file has bytes), so an
// empty file still gives an array: C has no empty arrays.
#if __has_embed("../../models/default.smsmodel")
__attribute__((aligned(64))) static const unsigned char model[] = {
#embed "../../models/default.smsmodel" suffix(,)
  0};
#else
__attribute__((aligned(64))) static const unsigned char model[] = {0};
#endif

#if __has_embed("../../snapshots/rules.snapshot")
__attribute__((aligned(64))) static const unsigned char snapshot[] = {
#embed "../../snapshots/rules.snapshot" suffix(,)
  0};
#else
__attribute__((aligned(64))) static const unsigned char snapshot[] = {0};
#endif

#if __has_embed("../../snapshots/scalar-folding.table")
static const unsigned char scalar_folding[] = {
#embed "../../snapshots/scalar-folding.table" suffix(,)
  0};
#else
static const unsigned char scalar_folding[] = {0};
#endif

const unsigned char *smsfilter_embedded_model(size_t *count) {
  *count = sizeof(model) - 1;
  return model;
}

const unsigned char *smsfilter_embedded_rule_snapshot(size_t *count) {
  *count = sizeof(snapshot) - 1;
  return snapshot;
}

const unsigned char *smsfilter_embedded_scalar_folding(size_t *count) {
  *count = sizeof(scalar_folding) - 1;
  return scalar_folding;
}
