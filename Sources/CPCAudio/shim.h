#ifndef EARSHOT_CPCAUDIO_SHIM_H
#define EARSHOT_CPCAUDIO_SHIM_H
// Debian's libpcaudio: the same audio layer espeak-ng's own player uses
// (PulseAudio, ALSA or OSS, whichever opens).
#include <pcaudiolib/audio.h>
#endif
