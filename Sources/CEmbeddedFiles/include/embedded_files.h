#ifndef SMSFILTER_EMBEDDED_FILES_H
#define SMSFILTER_EMBEDDED_FILES_H

#include <stddef.h>

// The package's binary files built into the library with C23 `#embed` (embedded_files.c): the
// compiler puts their bytes in the binary's read-only data as they are, so reading them at
// start-up costs no decoding and no copy (a Swift literal would need base64 or a slow array
// literal). Each function returns the first byte and sets `count` (0, with a valid pointer,
// when the build had no such file).

/// The built-in model, `models/default.smsmodel`, aligned to 64 bytes like a mapped model file.
const unsigned char *smsfilter_embedded_model(size_t *count);

/// The built-in rule set's snapshot, `snapshots/rules.snapshot`, aligned to 64 bytes.
const unsigned char *smsfilter_embedded_rule_snapshot(size_t *count);

/// The text normaliser's table of non-ASCII scalars, `snapshots/scalar-folding.table`
/// (`ScalarFoldingTable`), so start-up does not compute it.
const unsigned char *smsfilter_embedded_scalar_folding(size_t *count);

#endif
