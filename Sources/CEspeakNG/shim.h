#ifndef EARSHOT_CESPEAKNG_SHIM_H
#define EARSHOT_CESPEAKNG_SHIM_H
// libespeak-ng's public API: the classic speak_lib and the espeak_ng additions
// (espeak_ng_SetVoiceByFile, espeak_ng_InitializePath, status codes).
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
