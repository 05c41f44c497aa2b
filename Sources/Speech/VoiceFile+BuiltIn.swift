/// The voice definitions compiled into Earshot, so a binary copied on its own still speaks.
///
/// Each is the exact text of the file of the same name in `voices/`; a test
/// (`VoiceLibraryTests.theBuiltInVoicesAreTheShippedFiles`) fails when the two drift apart, so
/// edit the file in `voices/` and paste it here.
///
/// ```swift
/// let reader = VoiceFile.builtIn[.reader]   // path nil, origin "built in"
/// ```
extension VoiceFile {
    /// The text of each shipped voice file, by role.
    public static let builtInDefinitions: [VoiceRole: String] = [
        .reader: #"""
        // Earshot voice: reader — message text and element phrases.
        name earshot-reader
        language en-us
        gender male

        """#,
        .announcer: #"""
        // Earshot voice: announcer — announcements (new messages, sheet and size changes).
        // A brighter, slightly higher voice than the reader, so an announcement is told apart at once.
        name earshot-announcer
        language en-us
        gender female
        pitch 95 140
        formant 0 105 100 100
        formant 1 110 100 100
        formant 2 110 100 100
        formant 3 110 100 100

        """#,
        .hint: #"""
        // Earshot voice: hint — the sentence that follows an element after a pause. Lower pitch
        // and a narrower range, so it sounds secondary to the phrase before it.
        name earshot-hint
        language en-us
        gender male
        pitch 55 90

        """#,
        .keyEcho: #"""
        // Earshot voice: key-echo — characters and words echoed while typing. Short and fast.
        name earshot-key-echo
        language en-us
        gender male
        pitch 85 110
        speed 130

        """#,
    ]

    /// The built-in voices, checked, by role.
    public static let builtIn: [VoiceRole: VoiceFile] = {
        var voices: [VoiceRole: VoiceFile] = [:]
        for (role, text) in builtInDefinitions {
            // A definition that fails its own check is left out; the drift test names it.
            voices[role] = try? VoiceFile(bytes: Array(text.utf8), role: role, path: nil)
        }
        return voices
    }()
}
