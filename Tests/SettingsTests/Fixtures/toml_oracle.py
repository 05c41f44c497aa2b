#!/usr/bin/env python3
"""The reference TOML reader for Earshot's differential tests: Python's tomllib (3.11+).

    python3 toml_oracle.py DIRECTORY

Reads every *.toml file in DIRECTORY (sorted by name) as bytes and prints one JSON object a
line: {"name": ..., "ok": true, "value": CANONICAL} or {"name": ..., "ok": false, "error": ...};
"ok" is null when tomllib could not decide (it recursed too deep). CANONICAL is a typed value
tree as text, written the same way by the Swift side (TOMLDifferentialTests):

    table     {KEYHEX=VALUE,...}  keys as hex of their UTF-8, sorted
    array     [VALUE,...]
    string    s + hex of the UTF-8
    integer   i + decimal
    float     f + "nan", or the IEEE 754 bit pattern as an unsigned decimal
    boolean   b1 or b0
    dates     odt/ldt/ld/lt + YYYY-MM-DDTHH:MM:SS.ffffff (microseconds) + offset minutes

One rule of TOML 1.0 that tomllib leaves out is added here: an integer must fit in 64 bits.
"""
import datetime, json, math, os, struct, sys, tomllib


class OutOfRange(Exception):
    pass


def canonical(value):
    if isinstance(value, dict):
        items = sorted((key.encode("utf-8").hex(), canonical(item)) for key, item in value.items())
        return "{" + ",".join(f"{key}={item}" for key, item in items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(canonical(item) for item in value) + "]"
    if isinstance(value, str):
        return "s" + value.encode("utf-8").hex()
    if isinstance(value, bool):
        return "b1" if value else "b0"
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise OutOfRange(f"{value} does not fit in 64 bits")
        return f"i{value}"
    if isinstance(value, float):
        if math.isnan(value):
            return "fnan"
        return "f" + str(struct.unpack("<Q", struct.pack("<d", value))[0])
    if isinstance(value, datetime.datetime):
        # strftime's %Y drops leading zeros before year 1000 on glibc: format by hand.
        text = (f"{value.year:04d}-{value.month:02d}-{value.day:02d}T"
                f"{value.hour:02d}:{value.minute:02d}:{value.second:02d}.{value.microsecond:06d}")
        if value.tzinfo is None:
            return "ldt" + text
        return "odt" + text + f"{int(value.utcoffset().total_seconds() // 60):+d}"
    if isinstance(value, datetime.date):
        return "ld" + f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
    if isinstance(value, datetime.time):
        return "lt" + f"{value.hour:02d}:{value.minute:02d}:{value.second:02d}.{value.microsecond:06d}"
    raise TypeError(type(value))


def main():
    directory = sys.argv[1]
    sys.setrecursionlimit(10000)
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".toml"):
            continue
        data = open(os.path.join(directory, name), "rb").read()
        result = {"name": name}
        try:
            result["value"] = canonical(tomllib.loads(data.decode("utf-8")))
            result["ok"] = True
        except RecursionError:
            result["ok"] = None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, OutOfRange, ValueError) as error:
            result["ok"] = False
            result["error"] = str(error)
        print(json.dumps(result))


if __name__ == "__main__":
    main()
