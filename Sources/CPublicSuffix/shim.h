// libpsl: registrable domains and public suffixes from the Public Suffix List (Debian's
// libpsl-dev, Homebrew's libpsl). Its built-in list is compiled into the library.
#include <libpsl.h>
