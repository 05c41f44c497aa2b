#!/usr/bin/env python3
"""The pure core's closure: ClientCore (AppCore, the screens, the phrase book) must reach no I/O
library through any dependency, however indirect. Reads `swift package describe --type json`
(Package.swift as SwiftPM resolves it) and fails naming the path to anything it must not reach.

And the store's one writer per network: ChatStore's writing calls are `@_spi(StoreWriting)`, and
among the products' sources only the chat layer (which writes) and the benchmarks (which fill
stores to measure them) may import it; the app only reads.

    python3 Tests/Layout/purity.py            # from the package's folder; CI runs it
"""
import json, pathlib, subprocess, sys

PURE = "ClientCore"
# The I/O libraries: SwiftNIO and its TLS, GRDB (SQLite), and the C edges of libespeak-ng,
# libpulse, libpcaudio, speech-dispatcher, BrlAPI and liblouis.
FORBIDDEN_TARGETS = {"CEspeakNG", "CPulseSimple", "CPCAudio", "CSpeechd", "CBrlAPI", "CLouis"}
FORBIDDEN_PRODUCT_PREFIXES = ("NIO", "GRDB", "_NIO", "CNIO")

described = json.loads(
    subprocess.run(["swift", "package", "describe", "--type", "json"], capture_output=True, text=True, check=True).stdout
)
targets = {target["name"]: target for target in described["targets"]}
if PURE not in targets:
    sys.exit(f"no target {PURE} in Package.swift")

offences, seen = [], set()
def walk(name, path):
    if name in seen:
        return
    seen.add(name)
    target = targets[name]
    for product in target.get("product_dependencies", []):
        if product.startswith(FORBIDDEN_PRODUCT_PREFIXES):
            offences.append(" -> ".join(path + [product]))
    for dependency in target.get("target_dependencies", []):
        if dependency in FORBIDDEN_TARGETS:
            offences.append(" -> ".join(path + [dependency]))
        walk(dependency, path + [dependency])

walk(PURE, [PURE])
if offences:
    print(f"{PURE} reaches I/O libraries:\n  " + "\n  ".join(offences))
    sys.exit(1)
print(f"{PURE}'s closure ({len(seen)} targets: {', '.join(sorted(seen))}) has no I/O library.")

WRITERS = {"Chat", "EarshotBench"}
importers = sorted(
    str(path)
    for path in pathlib.Path("Sources").rglob("*.swift")
    if path.parts[1] not in WRITERS and "@_spi(StoreWriting)" in path.read_text()
)
if importers:
    print("Only the chat layer writes the store; these sources import its writing calls:\n  " + "\n  ".join(importers))
    sys.exit(1)
print(f"The store's writing calls are imported only by {', '.join(sorted(WRITERS))}.")
