#ifndef SHARELINT_CPCRE2_SHIM_H
#define SHARELINT_CPCRE2_SHIM_H

// The 8-bit (UTF-8) code unit library: the width must be chosen before the header is read.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
