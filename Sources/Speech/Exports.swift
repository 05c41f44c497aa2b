// The shared speech vocabulary (priority, punctuation level, voice role, transcript record) is
// part of this module's API: `import Speech` sees it without a second import.
@_exported import SpeechVocabulary
