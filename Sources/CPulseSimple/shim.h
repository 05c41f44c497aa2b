#ifndef EARSHOT_CPULSESIMPLE_SHIM_H
#define EARSHOT_CPULSESIMPLE_SHIM_H
// Debian's libpulse-simple: one connection to the sound server for a playback stream, which
// libpcaudio only opens after a probe connection of its own.
#include <pulse/simple.h>
#include <pulse/error.h>
#endif
