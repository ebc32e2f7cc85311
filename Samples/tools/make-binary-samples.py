#!/usr/bin/env python3
"""Regenerate the binary-plist samples in Samples/NorthwindBinary/.

Each binary Info.plist is generated from its XML twin, which is the file to edit:

    NorthwindBinary/Northwind-Info.xml.plist       -> NorthwindBinary/Northwind/Info.plist
    NorthwindBinary/NorthwindShare-Info.xml.plist  -> NorthwindBinary/NorthwindShare/Info.plist

The output is deterministic (plistlib, keys sorted), so re-running without edits
changes nothing. Both generated files are committed.

Usage:
    python3 Samples/tools/make-binary-samples.py           # write the binary plists
    python3 Samples/tools/make-binary-samples.py --check   # exit 1 if any is out of date
"""
import pathlib
import plistlib
import sys

SAMPLES = pathlib.Path(__file__).resolve().parent.parent
PAIRS = [
    ("NorthwindBinary/Northwind-Info.xml.plist", "NorthwindBinary/Northwind/Info.plist"),
    ("NorthwindBinary/NorthwindShare-Info.xml.plist", "NorthwindBinary/NorthwindShare/Info.plist"),
]
SIZE_LIMIT = 20 * 1024


def render(xml_path: pathlib.Path) -> bytes:
    with xml_path.open("rb") as f:
        value = plistlib.load(f, fmt=plistlib.FMT_XML)
    data = plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=True)
    assert data.startswith(b"bplist00"), xml_path
    assert len(data) < SIZE_LIMIT, f"{xml_path}: {len(data)} bytes"
    # The binary file must say exactly what its XML twin says.
    assert plistlib.loads(data) == value, xml_path
    return data


def main(argv: list[str]) -> int:
    check = "--check" in argv[1:]
    stale = []
    for source, target in PAIRS:
        data = render(SAMPLES / source)
        out = SAMPLES / target
        if out.exists() and out.read_bytes() == data:
            print(f"up to date  {target} ({len(data)} bytes)")
            continue
        if check:
            stale.append(target)
            print(f"STALE       {target}", file=sys.stderr)
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_bytes(data)
        tmp.replace(out)
        print(f"wrote       {target} ({len(data)} bytes)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
