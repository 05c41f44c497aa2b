/// How a capital letter is marked in speech: the one setting (`speech.capitals`) that the text
/// preparation (`Accessibility.SpokenText`), the speech engine and the settings share.
///
/// - ``none``: capitals sound like small letters.
/// - ``pitch``: the voice rises on a capital (espeak-ng's `espeakCAPITALS` pitch raise), as
///   NVDA's and Orca's "pitch change for capitals".
/// - ``word``: the word "cap" is said before a capital letter spoken alone ("cap A"), and "cap"
///   or "all caps" before an echoed word that has capitals, as NVDA's "say cap before capitals".
///
/// ```swift
/// SpokenText.characterName("A", capitals: .word) // "cap A"
/// ```
public enum CapitalMarking: String, Hashable, Sendable, CaseIterable, Codable {
    case none
    case pitch
    case word
}
