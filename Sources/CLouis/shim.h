#ifndef EARSHOT_CLOUIS_SHIM_H
#define EARSHOT_CLOUIS_SHIM_H
// Debian's liblouis 3.24 (widechar is 32 bits wide there: one Unicode scalar per unit).
#include <liblouis/liblouis.h>
#endif
