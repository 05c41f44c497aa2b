#!/usr/bin/env python3
"""Writes the seed corpora in Tests/Fuzz/corpus/ from inputs the unit tests use.

Run again after adding inputs: python3 Tests/Fuzz/seed.py. Files are named by content hash,
so re-running adds nothing twice.
"""
import hashlib, os, re, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

def swift_strings(path):
    """String literals in a Swift test file, with \\u{...} and simple escapes decoded."""
    text = open(path, encoding="utf-8").read()
    found = []
    for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text):
        def unescape(m):
            s = m.group(0)
            if s.startswith("\\u{"):
                return chr(int(s[3:-1], 16))
            return {"\\n": "\n", "\\r": "\r", "\\t": "\t", "\\0": "\0", '\\"': '"', "\\\\": "\\"}.get(s, s)
        try:
            found.append(re.sub(r'\\u\{[0-9A-Fa-f]+\}|\\.', unescape, literal))
        except ValueError:
            pass
    return [s for s in found if s]

def write(target, data):
    folder = os.path.join(root, target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)

tests = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
for s in swift_strings(os.path.join(tests, "TerminalTests/KeyDecoderTests.swift")):
    write("key-decoder", b"\x03" + s.encode("utf-8", "surrogatepass"))
for file in ["TerminalTests/LineWrapperTests.swift", "TerminalTests/DisplayWidthTests.swift"]:
    for s in swift_strings(os.path.join(tests, file)):
        for width in (1, 2, 10):
            write("line-wrapper", bytes([width - 1]) + s.encode("utf-8", "surrogatepass"))
for s in swift_strings(os.path.join(tests, "ChatTests/SanitizerTests.swift")):
    write("sanitizer", s.encode("utf-8", "surrogatepass"))
for file in ["ChatTests/IRCMessageTests.swift", "ChatTests/IRCConnectionTests.swift", "ChatTests/IRCClientTests.swift"]:
    for s in swift_strings(os.path.join(tests, file)):
        if re.match(r"^(@|:|[A-Z]+ |[0-9]{3} )", s):
            write("irc-round-trip", s.encode("utf-8", "surrogatepass"))
            write("irc-connection", s.encode("utf-8", "surrogatepass"))
for folder in ["SettingsTests"]:
    for name in sorted(os.listdir(os.path.join(tests, folder))):
        if name.endswith(".swift"):
            for s in swift_strings(os.path.join(tests, folder, name)):
                if "=" in s or s.startswith("["):
                    write("toml-settings", s.encode("utf-8", "surrogatepass"))
                    write("toml", s.encode("utf-8", "surrogatepass"))
fixtures = os.path.join(tests, "SettingsTests/Fixtures/valid")
if os.path.isdir(fixtures):
    for name in sorted(os.listdir(fixtures)):
        write("toml-settings", open(os.path.join(fixtures, name), "rb").read())
        write("toml", open(os.path.join(fixtures, name), "rb").read())
