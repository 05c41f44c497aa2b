#!/usr/bin/env bash
# Builds Earshot's libFuzzer targets and runs each for a while.
#
#   Tests/Fuzz/run.sh [SECONDS] [TARGET...]
#
# SECONDS is how long each target runs (default 60); TARGETs default to all of them:
# key-decoder, line-wrapper, sanitizer, irc-round-trip, irc-connection, toml, toml-settings.
# Each target is the module's own source files compiled with a harness from Harnesses/ by
# `swiftc -sanitize=fuzzer,address` into .build-fuzz/ (no Package.swift product needed).
# Corpora grow in .build-fuzz/corpus/TARGET, seeded from Tests/Fuzz/corpus/TARGET; a crash
# leaves its input in .build-fuzz/crashes/TARGET and makes the script fail.
# Set FUZZ_JOBS=build to build only. Fuzzers run at nice 19, one at a time.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
shift || true
all=(key-decoder line-wrapper sanitizer irc-round-trip irc-connection toml toml-settings)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

out=.build-fuzz
mkdir -p "$out/modules"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-cache-path "$out/module-cache")

# A module Settings imports (TOML, Typography, SpeechVocabulary): one object and module each,
# rebuilt when its sources change.
module() {
  local name="$1" sources=(Sources/"$1"/*.swift)
  if [ ! -f "$out/modules/$name.o" ] || [ -n "$(find "${sources[@]}" -newer "$out/modules/$name.o")" ]; then
    swiftc "${flags[@]}" -wmo -module-name "$name" -emit-module \
      -emit-module-path "$out/modules/$name.swiftmodule" -c "${sources[@]}" -o "$out/modules/$name.o"
  fi
}

# The sources each target compiles, next to its harness.
sources() {
  case "$1" in
    key-decoder) echo Sources/Terminal/KeyDecoder*.swift Sources/Terminal/KeyEvent*.swift ;;
    line-wrapper) echo Sources/Terminal/LineWrapper.swift Sources/Terminal/DisplayWidth*.swift ;;
    sanitizer) echo Sources/IRC/Sanitizer.swift ;;
    irc-round-trip|irc-connection) echo Sources/IRC/*.swift Sources/IRC/*/*.swift ;;
    toml) echo Sources/TOML/*.swift ;;
    toml-settings) echo "$(find Sources/Settings -name '*.swift' | sort | tr '\n' ' ')" ;;
    *) echo "unknown target $1" >&2; return 1 ;;
  esac
}

harness() {
  case "$1" in
    key-decoder) echo KeyDecoderFuzz ;;
    line-wrapper) echo LineWrapperFuzz ;;
    sanitizer) echo SanitizerFuzz ;;
    irc-round-trip) echo IRCRoundTripFuzz ;;
    irc-connection) echo IRCConnectionFuzz ;;
    toml) echo TOMLFuzz ;;
    toml-settings) echo TOMLSettingsFuzz ;;
  esac
}

build() {
  local target="$1" extra=()
  case "$target" in
    toml-settings)
      module TOML && module Typography && module SpeechVocabulary
      extra=(-I "$out/modules" "$out/modules/TOML.o" "$out/modules/Typography.o" "$out/modules/SpeechVocabulary.o") ;;
  esac
  # shellcheck disable=SC2046
  nice -n 19 swiftc "${flags[@]}" -module-name FuzzTarget "${extra[@]}" $(sources "$target") \
    Tests/Fuzz/Harnesses/FuzzCheck.swift "Tests/Fuzz/Harnesses/$(harness "$target").swift" -o "$out/$target" 2> "$out/$target.build.log" \
    || { cat "$out/$target.build.log" >&2; return 1; }
}

failed=0
for target in "${targets[@]}"; do
  echo "== $target: building"
  build "$target"
  [ "${FUZZ_JOBS:-}" = build ] && continue
  mkdir -p "$out/corpus/$target" "$out/crashes/$target"
  echo "== $target: fuzzing for ${seconds}s"
  if SWIFT_BACKTRACE=enable=no nice -n 19 "$out/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
      -print_final_stats=1 -artifact_prefix="$out/crashes/$target/" \
      "$out/corpus/$target" "Tests/Fuzz/corpus/$target" > "$out/$target.log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^Done" "$out/$target.log" | tr '\n' ' '
    echo "corpus: $(find "$out/corpus/$target" -type f | wc -l) files"
  else
    failed=1
    echo "!! $target crashed; input in $out/crashes/$target, log in $out/$target.log" >&2
    grep -E -A3 "FUZZ CHECK|ERROR|Fatal error|SUMMARY" "$out/$target.log" | head -5 >&2
  fi
done
exit "$failed"
