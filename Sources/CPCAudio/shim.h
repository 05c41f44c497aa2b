#ifndef EARSHOT_CPCAUDIO_SHIM_H
#define EARSHOT_CPCAUDIO_SHIM_H
// Debian's libpcaudio: the same audio layer espeak-ng's own player uses
// (PulseAudio, ALSA or OSS, whichever opens).
#include <pcaudiolib/audio.h>

// libpcaudio's own devices, which it exports but does not declare: Earshot opens PulseAudio
// itself (see SoundOutput), and without a sound server asks for these in libpcaudio's order.
struct audio_object *create_alsa_object(const char *device, const char *application_name, const char *description);
struct audio_object *create_oss_object(const char *device, const char *application_name, const char *description);
#endif
