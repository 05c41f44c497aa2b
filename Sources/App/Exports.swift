// The pure core (AppCore, the screens, the phrase book) is part of this module's API.
@_exported import ClientCore
