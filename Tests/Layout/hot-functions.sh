#!/bin/bash
# Lists the functions a release `earshot` runs as it starts, joins a channel on InspIRCd, sits
# idle and takes a burst of 2,000 lines, into Sources/earshot/hot-functions.txt. The release
# link puts them first and together (lld's --symbol-ordering-file), so what runs at idle and
# in a burst sits in a few megabytes of the binary instead of being spread over all 23 MB of
# its code: the kernel maps code 64 KB at a time around each page touched, and every one of
# those pages counts in the client's resident memory.
#
# Start-up gives its pages back between its steps and once quiet (`Libc.giveBackProgramPages`),
# and the profile is dumped at each give-back, so the list knows the step each function runs
# in. What runs at the end (idle, keys, a burst) comes first; then what runs from the first
# screen on; then what only the start's steps run. Functions that run in the same steps sit
# together, so a step brings back few pages another step gave back.
#
# Run it again after large changes (a stale list still links; unknown names are skipped):
#
#     bash Tests/Layout/hot-functions.sh
#
# Needs valgrind (apt-get install -y valgrind), inspircd and tmux, as the peers bench does.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is not installed. Install it with: apt-get install -y valgrind" >&2; exit 1; }
swift build -c release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the toolchain's DWARF 5; the symbols are all it needs.
strip -g -o "$work/earshot" .build/release/earshot
EARSHOT_BENCH_EARSHOT="$work/earshot" \
EARSHOT_BENCH_EARSHOT_PREFIX="valgrind --tool=callgrind --demangle=no '--dump-before=*giveBackProgramPages*' --callgrind-out-file=$work/callgrind.%p" \
    .build/release/earshot-bench peers --clients earshot --rounds 1 --lines 2000
# The link's map says which section each function is in: a function sharing a large section
# (the standard library's Swift code is one 1.6 MB section, a dependency's file is one) is
# left out, or the whole section would come into the hot part with it.
rm -f .build/release/earshot
swift build -c release --product earshot -Xlinker -Map="$work/map.txt"
python3 - "$work" .build/release/earshot > Sources/earshot/hot-functions.txt <<'PY'
import glob, re, subprocess, sys
work, binary = sys.argv[1], sys.argv[2]
section_size, in_section, section, in_text = {}, [], None, False
for line in open(work + "/map.txt"):
    match = re.match(r"\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s(.*)$", line.rstrip("\n"))
    if not match: continue
    size, rest = int(match.group(1), 16), match.group(2)
    if not rest.startswith(" "):
        in_text = rest.strip() == ".text"
    elif in_text and rest.startswith(" " * 16):
        in_section.append((rest.strip(), section))
    elif in_text:
        section = rest.strip()
        section_size[section] = size
# callgrind.PID.N is the part of the run that ended at the Nth give-back: 1 to 4 are the steps
# of ClientCommand.run, 5 on the first screen, signing in and joining; the last part is idle
# and the burst.
parts = {}
for path in glob.glob(work + "/callgrind.*"):
    match = re.search(r"callgrind\.\d+(?:\.(\d+))?$", path)
    if not match: continue
    names = parts.setdefault(int(match.group(1) or 10**6), set())
    for line in open(path, errors="replace"):
        match = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
        if match: names.add(match.group(1))
if len(parts) < 6: sys.exit(f"{len(parts)} profile parts: did the client give its pages back at each step?")
numbers = sorted(parts)
last = numbers[-1]
defined = set()
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    fields = line.split()
    if len(fields) == 3 and fields[1] in "tTwW": defined.add(fields[2])
# A name in a large section would bring the whole section into the hot part (a local name such
# as objectdestroyTm is in many files, and the list names them all).
large = {name for name, section in in_section if section_size.get(section, 0) > 65536}
signing_in = set().union(*(parts[n] for n in numbers if 5 <= n < last))
def key(name):
    # Code that runs both from the first screen to joining and at the end sits between what
    # only the end runs and what only joining runs, so each of the two is in one stretch; the
    # steps' own code comes after, the code of the later steps first.
    end, joining = name in parts[last], name in signing_in
    group = (0 if not joining else 1) if end else 2 if joining else 3
    return (group, tuple(name not in parts[n] for n in reversed(numbers) if n < 5), name)
ran = set().union(*parts.values())
hot = sorted(ran & defined - large, key=key)
if len(hot) < 1000: sys.exit(f"only {len(hot)} functions of the binary ran: did the client start?")
print("\n".join(hot))
PY
echo "$(wc -l < Sources/earshot/hot-functions.txt) functions in Sources/earshot/hot-functions.txt" >&2
# Linked again with the new list (the list is not an input the build watches).
rm -f .build/release/earshot
swift build -c release
