// The display's vocabulary (lines, keys, status) is part of this module's API.
@_exported import BrailleVocabulary
