#ifndef EARSHOT_CSPEECHD_SHIM_H
#define EARSHOT_CSPEECHD_SHIM_H
// Debian's libspeechd (Speech Dispatcher's C client, 0.11): the SSIP connection the speech engine
// uses as its second synthesiser. The header's own quoted includes resolve next to it, so no
// pkg-config is needed (the .pc file would ask for glib's development files).
#include <speech-dispatcher/libspeechd.h>

// libspeechd's events carry no user pointer: the one trampoline goes into every callback slot
// that Earshot turns on (begin, end, cancel). Set before the notifications are turned on, so the
// reader thread never sees the slots change.
static inline void earshot_spd_set_callbacks(SPDConnection *connection, SPDCallback callback) {
    connection->callback_begin = callback;
    connection->callback_end = callback;
    connection->callback_cancel = callback;
}

// The connection's socket (a field the header marks private), to watch for the daemon's death.
static inline int earshot_spd_socket(const SPDConnection *connection) {
    return connection->socket;
}

// Whether libspeechd still has its stream: its reader thread closes the stream and sets it to
// NULL as soon as a read fails (the daemon went away). Read atomically, as that thread writes it.
static inline int earshot_spd_is_open(SPDConnection *connection) {
    return __atomic_load_n(&connection->stream, __ATOMIC_ACQUIRE) != NULL;
}
#endif
