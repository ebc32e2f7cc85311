#!/usr/bin/env python3
"""Compares the lint speed of two sharelint binaries on one folder, taking turns: what a speed change is judged by
on this VM, whose speed drifts by a third within minutes (a binary measured alone, then the other, compares two
minutes of the VM, not two binaries).

    Benchmarks/compare-speed.py OLD NEW FOLDER [ROUNDS]

Each round runs `OLD lint .`, `NEW lint .` (in alternating order) and `xmllint --noout` on the folder's Info.plists
(through xargs, as Benchmarks/lint-vs-xmllint.sh does), from inside FOLDER, output discarded; ROUNDS defaults to 8.
Prints, for each binary, the median and best wall time, the median CPU time (user + system) and the median of
each round's ratio to xmllint's time. Keep the tree of the lint benchmark with
`KEEP_TREE=DIR Benchmarks/lint-vs-xmllint.sh` to compare on it.
"""
import os
import resource
import statistics
import subprocess
import sys
import time


def timed(command, cwd, stdin=None):
    """Wall and CPU seconds of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    old, new, folder = (os.path.abspath(argument) for argument in sys.argv[1:4])
    rounds = int(sys.argv[4]) if len(sys.argv) == 5 else 8
    plists = [os.path.relpath(os.path.join(root, name), folder)
              for root, _, names in os.walk(folder) for name in names if name == "Info.plist"]
    listing = b"\0".join(sorted(path.encode() for path in plists))
    times = {old: [], new: [], "xmllint": []}
    for round_number in range(rounds):
        for binary in (old, new) if round_number % 2 == 0 else (new, old):
            times[binary].append(timed([binary, "lint", "."], folder))
        times["xmllint"].append(timed(["xargs", "-0", "xmllint", "--noout"], folder, listing))
    xmllint_walls = [wall for wall, _ in times["xmllint"]]
    print(f"{len(plists)} Info.plists, {rounds} rounds; xmllint --noout: "
          f"median {statistics.median(xmllint_walls):.3f} s, best {min(xmllint_walls):.3f} s")
    for binary in (old, new):
        walls = [wall for wall, _ in times[binary]]
        cpus = [cpu for _, cpu in times[binary]]
        ratios = [wall / xmllint for wall, xmllint in zip(walls, xmllint_walls)]
        print(f"{binary}: wall median {statistics.median(walls):.3f} s, best {min(walls):.3f} s; "
              f"CPU median {statistics.median(cpus):.3f} s; ratio to xmllint, median of rounds "
              f"{statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
