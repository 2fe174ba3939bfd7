#include "unicode_security.h"

#include <pthread.h>
#include <unicode/uidna.h>
#include <unicode/uspoof.h>

static UIDNA *idna = NULL;
static USpoofChecker *skeletons = NULL;
static USpoofChecker *restriction = NULL;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void setUp(void) {
  UErrorCode status = U_ZERO_ERROR;
  idna = uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE, &status);
  if (U_FAILURE(status)) idna = NULL;
  status = U_ZERO_ERROR;
  skeletons = uspoof_open(&status);
  if (U_FAILURE(status)) skeletons = NULL;
  status = U_ZERO_ERROR;
  restriction = uspoof_open(&status);
  if (U_SUCCESS(status)) {
    uspoof_setChecks(restriction, USPOOF_RESTRICTION_LEVEL, &status);
    uspoof_setRestrictionLevel(restriction, USPOOF_HIGHLY_RESTRICTIVE);
  }
  if (U_FAILURE(status)) restriction = NULL;
}

int32_t smsf_host_to_ascii(const char *utf8, int32_t length, char *dest, int32_t capacity) {
  pthread_once(&once, setUp);
  if (idna == NULL) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  int32_t written = uidna_nameToASCII_UTF8(idna, utf8, length, dest, capacity, &info, &status);
  if (U_FAILURE(status) || info.errors != 0 || written >= capacity) return -1;
  return written;
}

int32_t smsf_host_to_unicode(const char *utf8, int32_t length, char *dest, int32_t capacity) {
  pthread_once(&once, setUp);
  if (idna == NULL) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  int32_t written = uidna_nameToUnicodeUTF8(idna, utf8, length, dest, capacity, &info, &status);
  if (U_FAILURE(status) || info.errors != 0 || written >= capacity) return -1;
  return written;
}

int32_t smsf_skeleton(const char *utf8, int32_t length, char *dest, int32_t capacity) {
  pthread_once(&once, setUp);
  if (skeletons == NULL) return -1;
  UErrorCode status = U_ZERO_ERROR;
  int32_t written = uspoof_getSkeletonUTF8(skeletons, 0, utf8, length, dest, capacity, &status);
  if (U_FAILURE(status) || written >= capacity) return -1;
  return written;
}

int32_t smsf_is_mixed_script(const char *utf8, int32_t length) {
  pthread_once(&once, setUp);
  if (restriction == NULL) return -1;
  UErrorCode status = U_ZERO_ERROR;
  int32_t result = uspoof_checkUTF8(restriction, utf8, length, NULL, &status);
  if (U_FAILURE(status)) return -1;
  return (result & USPOOF_RESTRICTION_LEVEL) != 0 ? 1 : 0;
}
