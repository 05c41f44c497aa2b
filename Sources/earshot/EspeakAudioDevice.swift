/// libespeak-ng 1.51 (Debian 12's) asks libpcaudio for an audio device whenever its output
/// starts, even in the synchronous mode Earshot uses, where it never plays anything itself:
/// libpcaudio answers by connecting to the sound server, opening a stream at 44.1 kHz and
/// closing it again. In `earshot say` that connection competes with Earshot's own for the
/// first sound. (Newer espeak-ng sources ask only in the modes that play.)
///
/// This executable defines the function libespeak-ng calls, exported so the dynamic linker
/// binds libespeak-ng to it rather than to libpcaudio: no device. libpcaudio 1.2 treats a
/// missing device as nothing to do in every call libespeak-ng makes on it, and Earshot's own
/// output (``SoundOutput`` in Speech) opens PulseAudio, ALSA or OSS by their own names.
@_cdecl("create_audio_device_object")
public func espeakAudioDevice(
    _ device: UnsafePointer<CChar>?, _ applicationName: UnsafePointer<CChar>?, _ description: UnsafePointer<CChar>?
) -> OpaquePointer? {
    nil
}
