#ifndef CUNISTRING_SHIM_H
#define CUNISTRING_SHIM_H

// The C standard headers come first: libunistring's headers use their types,
// and when the system module that provides them is not yet loaded the Clang
// importer can see two definitions of the same glibc types in different
// modules ("'random_data' has different definitions in different modules").
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>

#include <unistr.h>
#include <uniwidth.h>
#include <unigbrk.h>
#include <unictype.h>

#endif
