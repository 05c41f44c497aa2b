#ifndef EARSHOT_CBRLAPI_SHIM_H
#define EARSHOT_CBRLAPI_SHIM_H
// Debian's libbrlapi (BRLTTY's client library, protocol 0.8): the handle-based calls
// (`brlapi__…`), so that no state is global to the process.
#include <brlapi.h>

// The command codes Earshot takes from the display, which brlapi_constants.h defines as macros
// that Swift cannot import (they are built from other macros).
static inline unsigned long long earshot_brlapi_command(unsigned long long command) {
    return BRLAPI_KEY_TYPE_CMD | command;
}
static const unsigned long long EARSHOT_BRLAPI_TYPE_MASK = BRLAPI_KEY_TYPE_MASK;
static const unsigned long long EARSHOT_BRLAPI_TYPE_CMD = BRLAPI_KEY_TYPE_CMD;
static const unsigned long long EARSHOT_BRLAPI_CMD_BLK_MASK = BRLAPI_KEY_CMD_BLK_MASK;
static const unsigned long long EARSHOT_BRLAPI_CMD_ARG_MASK = BRLAPI_KEY_CMD_ARG_MASK;
static const unsigned long long EARSHOT_BRLAPI_CMD_ROUTE = BRLAPI_KEY_CMD_ROUTE;
static const unsigned long long EARSHOT_BRLAPI_CMD_FWINLT = BRLAPI_KEY_CMD_FWINLT;
static const unsigned long long EARSHOT_BRLAPI_CMD_FWINRT = BRLAPI_KEY_CMD_FWINRT;
static const unsigned long long EARSHOT_BRLAPI_CMD_LNUP = BRLAPI_KEY_CMD_LNUP;
static const unsigned long long EARSHOT_BRLAPI_CMD_LNDN = BRLAPI_KEY_CMD_LNDN;

// brlapi_errno is a macro over a per-thread location.
static inline int earshot_brlapi_errno(void) { return brlapi_errno; }
#endif
