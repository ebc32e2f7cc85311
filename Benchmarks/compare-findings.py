#!/usr/bin/env python3
"""Compares what two sharelint binaries find, folder by folder: the check that a change which only moves code
(a target split, a pipeline, plumbing) changes no finding.

    Benchmarks/compare-findings.py OLD NEW [FOLDER...]
    Benchmarks/compare-findings.py OLD NEW --repositories DIR

With no FOLDER, every folder of Samples/ (run from the repository root). With --repositories, the checkouts of
Benchmarks/real-repositories.tsv under DIR (`Benchmarks/checkout-real-repositories.py DIR` makes them). Each folder is linted from inside it
(`lint --format json .`), as a user would, with both binaries; the findings (every field of every diagnostic,
in order), the problems and the exit status are compared. The summary's counts of targets and builds and its
notes are left out: they are what such a change may rightly alter. Prints one line per folder — `same` or what
differs — and exits 1 when any folder differs.
"""
import json
import os
import subprocess
import sys


def run(binary, folder):
    process = subprocess.run([os.path.abspath(binary), "lint", "--format", "json", "."], cwd=folder,
                             capture_output=True, timeout=600)
    try:
        report = json.loads(process.stdout or b"{}")
    except json.JSONDecodeError:
        report = {"unreadable": process.stdout[:200].decode("utf-8", "replace")}
    summary = report.get("summary", {})
    return {
        "exit": process.returncode,
        "diagnostics": report.get("diagnostics", []),
        "problems": summary.get("problems", []),
        "counts": {key: summary.get(key) for key in ("errors", "warnings", "infos")},
    }


def describe(old, new):
    differences = []
    if old["exit"] != new["exit"]:
        differences.append(f"exit {old['exit']} → {new['exit']}")
    if old["problems"] != new["problems"]:
        differences.append(f"problems {len(old['problems'])} → {len(new['problems'])}")
    if old["diagnostics"] != new["diagnostics"]:
        key = lambda d: json.dumps(d, sort_keys=True)
        gone = {key(d) for d in old["diagnostics"]} - {key(d) for d in new["diagnostics"]}
        came = {key(d) for d in new["diagnostics"]} - {key(d) for d in old["diagnostics"]}
        differences.append(f"findings {len(old['diagnostics'])} → {len(new['diagnostics'])} "
                           f"({len(gone)} gone, {len(came)} new, order or fields otherwise)")
        for text in sorted(gone)[:3]:
            d = json.loads(text)
            differences.append(f"  - {d.get('code')} {d.get('file')}:{d.get('line')} {d.get('message', '')[:90]}")
        for text in sorted(came)[:3]:
            d = json.loads(text)
            differences.append(f"  + {d.get('code')} {d.get('file')}:{d.get('line')} {d.get('message', '')[:90]}")
    return differences


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    old_binary, new_binary, folders = sys.argv[1], sys.argv[2], sys.argv[3:]
    if folders[:1] == ["--repositories"] and len(folders) == 2:
        listing = os.path.join(os.path.dirname(os.path.abspath(__file__)), "real-repositories.tsv")
        rows = [line.split("\t") for line in open(listing).read().splitlines() if line and not line.startswith("#")]
        folders = [os.path.join(folders[1], row[0].replace("/", "+")) for row in rows]
    if not folders:
        folders = sorted(os.path.join("Samples", name) for name in os.listdir("Samples")
                         if os.path.isdir(os.path.join("Samples", name)))
    differing = 0
    for folder in folders:
        old, new = run(old_binary, folder), run(new_binary, folder)
        differences = describe(old, new)
        findings = len(new["diagnostics"])
        if differences:
            differing += 1
            print(f"{folder}: DIFFERS")
            for line in differences:
                print(f"    {line}")
        else:
            print(f"{folder}: same ({findings} findings, exit {new['exit']})")
    print(f"{len(folders) - differing} of {len(folders)} folders the same")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
