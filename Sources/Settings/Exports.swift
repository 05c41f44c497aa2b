// A setting's value is a TOML value (`SettingDescriptor`'s writing, `Settings.values`): `import
// Settings` sees the TOML module's types without a second import.
@_exported import TOML
