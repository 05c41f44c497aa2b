// The memory floor the peers suite measures beside Earshot: a program made of the parts the
// mission fixes (Swift, SQLite, libespeak-ng in-process), linked the way the release `earshot`
// is, doing the least Earshot does with each at idle, and nothing else. Not even Foundation:
// the floor is what no Swift client with these parts can go below.
//
//     earshot-floor             one SQLite table; libespeak-ng linked, unused
//     earshot-floor --espeak    the same, and libespeak-ng initialised and one word synthesised
//
// It says "ready" on stdout, then waits for a signal.

import CEspeakNG
import GRDBSQLite

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

func complain(_ text: String) {
    let line = Array("earshot-floor: \(text)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

var database: OpaquePointer?
guard sqlite3_open(":memory:", &database) == SQLITE_OK,
    sqlite3_exec(database, "CREATE TABLE message(text); INSERT INTO message VALUES ('hello')", nil, nil, nil)
        == SQLITE_OK
else {
    complain("SQLite would not open a database in memory")
    exit(1)
}

if CommandLine.arguments.contains("--espeak") {
    guard espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0) > 0,
        espeak_SetVoiceByName("en") == EE_OK
    else {
        complain("libespeak-ng would not start (apt-get install espeak-ng-data)")
        exit(1)
    }
    espeak_SetSynthCallback { _, _, _ in 0 }
    let word = "ready"
    _ = word.withCString {
        espeak_Synth($0, word.utf8.count + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
    }
}

let ready = Array("ready\n".utf8)
_ = ready.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
while true { pause() }
