// ICU's IDNA (UTS #46) and spoof checker (UTS #39), behind plain C functions.
//
// ICU renames its C entry points by version (`uspoof_open` is `uspoof_open_72` in ICU 72), which
// Swift cannot see through; these wrappers give Swift stable names. The ICU objects are created
// once per process and only read afterwards (ICU documents them as safe for concurrent use
// then), so every function here is thread-safe.
#ifndef SMSFILTER_UNICODE_SECURITY_H
#define SMSFILTER_UNICODE_SECURITY_H

#include <stdint.h>

/// Converts a host name (UTF-8) to its ASCII (punycode) form under UTS #46 non-transitional
/// processing. Returns the length written to `dest`, or -1 when the name is not a valid IDNA
/// name or does not fit.
int32_t smsf_host_to_ascii(const char *utf8, int32_t length, char *dest, int32_t capacity);

/// Converts a host name (ASCII with `xn--` labels, or UTF-8) to its Unicode form. Returns the
/// length written to `dest`, or -1 when the name is not valid or does not fit.
int32_t smsf_host_to_unicode(const char *utf8, int32_t length, char *dest, int32_t capacity);

/// The UTS #39 confusable skeleton of `utf8` (two strings that look alike have the same
/// skeleton). Returns the length written to `dest`, or -1 on error or if it does not fit.
int32_t smsf_skeleton(const char *utf8, int32_t length, char *dest, int32_t capacity);

/// Whether `utf8` fails UTS #39's "highly restrictive" level: it mixes scripts beyond the
/// combinations real names use (Latin with Cyrillic or Greek, say). 1 yes, 0 no, -1 error.
int32_t smsf_is_mixed_script(const char *utf8, int32_t length);

#endif
