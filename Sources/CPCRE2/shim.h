#ifndef SMSFILTER_CPCRE2_SHIM_H
#define SMSFILTER_CPCRE2_SHIM_H

// Why this shim exists: <pcre2.h> must see PCRE2_CODE_UNIT_WIDTH before it is included, and a
// module map cannot define macros. Fixing the width at 8 makes the width-suffixed functions
// (pcre2_compile_8, pcre2_jit_match_8, ...) visible to Swift. The unsuffixed names are macros that
// Swift does not import, and neither is PCRE2_ZERO_TERMINATED: callers pass explicit lengths.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
