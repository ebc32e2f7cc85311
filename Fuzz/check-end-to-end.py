#!/usr/bin/env python3
"""Checks `sharelint lint` and `sharelint fix` end to end on a pile of plists.

The fuzzers (Fuzz/Sources) drive the readers, the predicate parser, the policy reader and the URL
evaluator one input at a time; this script drives the whole command line, rules and fixes
included, over any plists you give it (real-world ones, or a fuzzing corpus), and checks what
issue #3 promises of them:

  1. no crash: every run ends with exit status 0, 1 or 2, never a signal or a timeout
     (when the whole run crashes, each file is run alone to name the ones that crash);
  2. every position is inside its file: line and columns of each finding, byte ranges of each
     fix edit;
  3. the SARIF log validates against the SARIF 2.1.0 schema (needs python3-jsonschema);
  4. a plist converted to binary (plistutil) gives the same findings, by rule and key path, as
     its XML form (files with duplicate keys are left out: the conversion keeps one of them);
  5. `fix` (and `fix --unsafe`) leaves every XML file exactly as the fix edits its lint reports
     advertise make it, pass after pass (so no byte changes where no edit points), turns no
     well-formed file into a malformed one, writes the same bytes when run again on the same
     files (binary plists included), and a second run changes nothing.

Each input is copied to WORK/xml/N/NAME (NAME is the input's own name when it is Info.plist or
*.entitlements, Info.plist otherwise), so every input is linted as a target of its own; pairing
across inputs by bundle id happens as it would in a repository. With --tree, the folders given
are copied as they are instead (an Info.plist keeps the entitlements beside it), as
plists-from-corpus.py writes them.

Usage:
  Fuzz/check-end-to-end.py [--sharelint BIN] [--limit N] [--tree] [--keep WORK] PATH...
  e.g. Fuzz/check-end-to-end.py fuzz-corpus/fuzz-plist-xml fuzz-corpus/fuzz-plist-binary
       Fuzz/check-end-to-end.py --tree /tmp/e2e-plists   (after Fuzz/plists-from-corpus.py)
Exit status: 0 when every check holds, 1 when one does not (each failure is listed), 2 on usage.
"""

import argparse
import collections
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SCHEMA = os.path.join(os.path.dirname(REPOSITORY), "shared", "schemas", "sarif-schema-2.1.0.json")
RUN_TIMEOUT = 900  # seconds for one whole-tree run
FILE_TIMEOUT = 20  # seconds for one file run alone


class Checker:
    def __init__(self, sharelint, work):
        self.sharelint = sharelint
        self.work = work
        self.failures = []
        self.facts = []

    def fail(self, what):
        self.failures.append(what)

    def run(self, arguments, timeout=RUN_TIMEOUT):
        """Runs sharelint in WORK; returns (exit status or None on timeout, stdout, stderr)."""
        try:
            done = subprocess.run([self.sharelint] + arguments, cwd=self.work, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, b"", b""
        return done.returncode, done.stdout, done.stderr

    def checked_run(self, what, arguments, tree):
        """Runs sharelint over `tree`; a crash or timeout is a failure, and then every file is run
        alone to name the culprits. Returns (status, stdout, stderr) or None."""
        status, out, err = self.run(arguments + [tree])
        if status in (0, 1, 2):
            return status, out, err
        how = "timed out" if status is None else f"ended with status {status}"
        self.fail(f"{what}: `sharelint {' '.join(arguments)} {tree}` {how}")
        for path in files_under(os.path.join(self.work, tree)):
            relative = os.path.relpath(path, self.work)
            alone, _, alone_err = self.run(arguments + [relative], timeout=FILE_TIMEOUT)
            if alone not in (0, 1, 2):
                detail = alone_err.decode(errors="replace").strip().splitlines()[-1:] or [""]
                self.fail(f"  {relative}: status {alone} alone {detail[0][:200]}")
        return None


def files_under(folder):
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            yield os.path.join(root, name)


def gather(paths, limit, seed, as_tree):
    """(source, path under WORK/xml) of every input."""
    inputs = []
    for number, path in enumerate(paths):
        if os.path.isdir(path):
            files = [p for p in files_under(path) if os.path.isfile(p) and not os.path.islink(p)]
            inputs += [(p, os.path.join(str(number), os.path.relpath(p, path)) if as_tree else None) for p in files]
        elif os.path.isfile(path):
            inputs.append((path, None))
        else:
            sys.exit(f"check-end-to-end: {path}: no such file or folder")
    inputs.sort()
    if limit and len(inputs) > limit:
        inputs = sorted(random.Random(seed).sample(inputs, limit))
    return [(source, tree_path or os.path.join(f"f{index}", target_name(source)))
            for index, (source, tree_path) in enumerate(inputs)]


def target_name(path):
    name = os.path.basename(path)
    return name if name == "Info.plist" or name.endswith(".entitlements") else "Info.plist"


def diagnostics_by_file(json_bytes, what, checker):
    try:
        report = json.loads(json_bytes)
    except ValueError as error:
        checker.fail(f"{what}: the JSON report does not parse: {error}")
        return {}
    by_file = collections.defaultdict(list)
    for diagnostic in report.get("diagnostics", []):
        by_file[diagnostic.get("file")].append(diagnostic)
    return by_file


def line_lengths(data):
    """Byte length of every line. Lines end at \\n (a \\r before it stays on its line), as in
    sharelint and SARIF's default newlineSequences; a lone \\r does not end a line."""
    return [len(line) for line in data.split(b"\n")]


def check_positions(by_file, work, checker):
    """Every line and column inside its file; every fix edit inside its file."""
    checked = 0
    for file, diagnostics in by_file.items():
        path = os.path.join(work, file)
        if not os.path.isfile(path):
            continue  # a file inside an archive: not ours here
        data = open(path, "rb").read()
        lengths = line_lengths(data)
        for diagnostic in diagnostics:
            where = f"{file}: {diagnostic.get('code')}"
            line, column = diagnostic.get("line"), diagnostic.get("column")
            end_line, end_column = diagnostic.get("endLine"), diagnostic.get("endColumn")
            if line is not None:
                checked += 1
                # Columns count Unicode scalars, never more than the line's bytes (+1 past its end).
                if not (1 <= line <= len(lengths)) or not (1 <= column <= lengths[line - 1] + 1):
                    checker.fail(f"{where} at {line}:{column} is outside the file")
                elif end_line is not None and (
                    not (line <= end_line <= len(lengths)) or not (1 <= end_column <= lengths[end_line - 1] + 1)
                    or (end_line == line and end_column < column)
                ):
                    checker.fail(f"{where} ends at {end_line}:{end_column}, outside the file or before {line}:{column}")
            fix = diagnostic.get("fix")
            for edit in (fix or {}).get("edits", []):
                start, end = edit["range"]["start"], edit["range"]["end"]
                fix_data = data if fix["file"] == file else read_or_none(os.path.join(work, fix["file"]))
                if fix_data is not None and not (0 <= start <= end <= len(fix_data)):
                    checker.fail(f"{where}: fix edit {start}..<{end} outside {fix['file']} ({len(fix_data)} bytes)")
    return checked


def read_or_none(path):
    return open(path, "rb").read() if os.path.isfile(path) else None


def malformed_files(by_file):
    return {file for file, diagnostics in by_file.items() if any(d.get("code") == "PL001" for d in diagnostics)}


def check_sarif(checker, tree, schema_path):
    try:
        import jsonschema
    except ImportError:
        checker.facts.append("SARIF: not validated (python3-jsonschema is not installed)")
        return
    if not os.path.isfile(schema_path):
        checker.facts.append(f"SARIF: not validated (no schema at {schema_path}; give --schema)")
        return
    ran = checker.checked_run("sarif", ["lint", "--format", "sarif"], tree)
    if ran is None:
        return
    try:
        log = json.loads(ran[1])
        jsonschema.validate(log, json.load(open(schema_path)))
        results = sum(len(run.get("results", [])) for run in log.get("runs", []))
        checker.facts.append(f"SARIF: valid against the 2.1.0 schema ({results} results)")
    except (ValueError, jsonschema.ValidationError) as error:
        checker.fail(f"SARIF: not valid: {str(error).splitlines()[0][:300]}")


def findings_key(diagnostics):
    return collections.Counter((d.get("code"), d.get("keyPath")) for d in diagnostics)


def check_binary_agreement(checker, tree_paths, xml_by_file):
    """Converts every well-formed XML input without duplicate keys to binary; the findings must agree."""
    if shutil.which("plistutil") is None:
        checker.facts.append("binary agreement: not checked (plistutil is not installed)")
        return
    converted = []
    for tree_path in tree_paths:
        relative = f"xml/{tree_path}"
        data = open(os.path.join(checker.work, relative), "rb").read()
        codes = {d.get("code") for d in xml_by_file.get(relative, [])}
        if data.startswith(b"bplist") or "PL001" in codes or "PL002" in codes:
            continue
        target = os.path.join(checker.work, "bin", tree_path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        done = subprocess.run(["plistutil", "-i", os.path.join(checker.work, relative), "-o", target, "-f", "bin"],
                              capture_output=True)
        if done.returncode == 0 and os.path.isfile(target):
            converted.append((relative, f"bin/{tree_path}"))
        elif os.path.exists(target):
            os.remove(target)
    if not converted:
        checker.facts.append("binary agreement: no input to convert")
        return
    # Inputs plistutil could not convert are absent from bin/; pairing sees the same targets only when
    # every target is there, so the XML side is linted again with exactly the converted files.
    shutil.rmtree(os.path.join(checker.work, "xml-converted"), ignore_errors=True)
    for xml, _ in converted:
        destination = os.path.join(checker.work, "xml-converted", os.path.relpath(xml, "xml"))
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        shutil.copyfile(os.path.join(checker.work, xml), destination)
    xml_run = checker.checked_run("binary agreement (XML side)", ["lint", "--format", "json"], "xml-converted")
    binary_run = checker.checked_run("binary agreement (binary side)", ["lint", "--format", "json"], "bin")
    if xml_run is None or binary_run is None:
        return
    xml_side = diagnostics_by_file(xml_run[1], "binary agreement (XML side)", checker)
    binary_side = diagnostics_by_file(binary_run[1], "binary agreement (binary side)", checker)
    disagreeing = 0
    for xml, binary in converted:
        mirrored = "xml-converted/" + os.path.relpath(xml, "xml")
        ours, theirs = findings_key(xml_side.get(mirrored, [])), findings_key(binary_side.get(binary, []))
        if ours != theirs:
            disagreeing += 1
            only_xml = sorted((ours - theirs).elements())[:3]
            only_binary = sorted((theirs - ours).elements())[:3]
            checker.fail(f"binary agreement: {xml}: only in XML {only_xml}, only in binary {only_binary}")
    checker.facts.append(
        f"binary agreement: {len(converted) - disagreeing} of {len(converted)} converted inputs give the same "
        "findings (rule and key path)")


def overlaps(a, b):
    """Whether two byte ranges overlap, as sharelint's ByteRange.overlaps: two insertions at the
    same offset overlap; an insertion overlaps a range it falls strictly inside."""
    (a_start, a_end), (b_start, b_end) = a, b
    if a_start == a_end or b_start == b_end:
        return (b_start < a_start < b_end) or (a_start < b_start < a_end) or (a_start == b_start and a_end == a_start and b_end == b_start)
    return a_start < b_end and b_start < a_end


def apply_advertised_fixes(data, fixes):
    """`data` with `fixes` (each a list of (start, end, replacement bytes)) applied the way the
    JSON report documents fix edits: in report order, a fix overlapping one already taken waits."""
    taken, edits = [], []
    for fix in fixes:
        if any(overlaps((start, end), range_) for start, end, _ in fix for range_ in taken):
            continue
        taken += [(start, end) for start, end, _ in fix]
        edits += fix
    result, cursor = bytearray(), 0
    for start, end, replacement in sorted(edits):
        if start < cursor or end > len(data):
            continue
        result += data[cursor:start] + replacement
        cursor = end
    return bytes(result + data[cursor:])


def simulate_fix(checker, tree, unsafe):
    """Applies, pass after pass, exactly the edits each lint report advertises in its JSON, to the
    XML files of `tree`, until nothing changes (at most 10 passes, as fix). Returns the passes run,
    or None when a lint run failed."""
    for passes in range(10):
        ran = checker.checked_run("fix simulation", ["lint", "--format", "json"], tree)
        if ran is None:
            return None
        fixes_by_file = collections.defaultdict(list)
        for diagnostics in diagnostics_by_file(ran[1], "fix simulation", checker).values():
            for diagnostic in diagnostics:
                fix = diagnostic.get("fix")
                if fix and (fix.get("applicability") == "safe" or (unsafe and fix.get("applicability") == "unsafe")):
                    fixes_by_file[fix["file"]].append(
                        [(e["range"]["start"], e["range"]["end"], e["replacement"].encode()) for e in fix["edits"]])
        changed = False
        for file, fixes in fixes_by_file.items():
            path = os.path.join(checker.work, file)
            if not os.path.isfile(path):
                continue  # inside an archive
            data = open(path, "rb").read()
            if data.startswith(b"bplist"):
                continue  # rewritten whole, without byte edits
            fixed = apply_advertised_fixes(data, fixes)
            if fixed != data:
                open(path, "wb").write(fixed)
                changed = True
        if not changed:
            return passes
    return 10


def check_fix(checker, tree_paths, xml_by_file, unsafe):
    """`fix` on a copy of the XML tree: every XML file ends exactly as the lint reports' advertised
    edits make it (so no other byte changes), nothing turns malformed, a second run changes nothing."""
    label = "fix --unsafe" if unsafe else "fix"
    tree, simulated = ("fix-unsafe", "fix-unsafe-simulated") if unsafe else ("fix", "fix-simulated")
    for folder in (tree, simulated):
        shutil.rmtree(os.path.join(checker.work, folder), ignore_errors=True)
        shutil.copytree(os.path.join(checker.work, "xml"), os.path.join(checker.work, folder))
    flags = ["--unsafe"] if unsafe else []
    if checker.checked_run(label, ["fix"] + flags, tree) is None:
        return
    after_run = checker.checked_run(f"{label}, lint after", ["lint", "--format", "json"], tree)
    second = checker.checked_run(f"{label}, second run", ["fix", "--diff"] + flags, tree)
    passes = simulate_fix(checker, simulated, unsafe)
    if after_run is None or second is None or passes is None:
        return
    after = diagnostics_by_file(after_run[1], f"{label}, lint after", checker)
    malformed_before = {f[len("xml/"):] for f in malformed_files(xml_by_file)}
    newly_malformed = sorted(f for f in malformed_files(after) if f[len(tree) + 1:] not in malformed_before)
    for file in newly_malformed[:20]:
        checker.fail(f"{label}: {file} was well-formed and is malformed after the fix")
    # Files inside an .ipa are never written (fix says so), so they show up again; files on disk must not.
    changed_again = [
        path for line in second[1].decode(errors="replace").splitlines() if line.startswith("+++ ")
        for path in [line[4:].split("\t")[0].removeprefix("b/")] if os.path.isfile(os.path.join(checker.work, path))
    ]
    if changed_again:
        checker.fail(f"{label}: a second run would change {len(changed_again)} files again, e.g. {changed_again[:3]}")
    # A second fix of a fresh copy must write the same bytes: binary plists are rewritten whole, so this
    # is where an order that depends on hashing would show.
    again = tree + "-again"
    shutil.rmtree(os.path.join(checker.work, again), ignore_errors=True)
    shutil.copytree(os.path.join(checker.work, "xml"), os.path.join(checker.work, again))
    if checker.checked_run(f"{label}, again", ["fix"] + flags, again) is None:
        return
    different = [relative for relative in tree_paths
                 if read_or_none(os.path.join(checker.work, tree, relative))
                 != read_or_none(os.path.join(checker.work, again, relative))]
    for relative in different[:20]:
        checker.fail(f"{label}: xml/{relative}: fixed twice from the same file, the bytes differ")
    changed = unexplained = 0
    for relative in tree_paths:
        before = open(os.path.join(checker.work, "xml", relative), "rb").read()
        now = open(os.path.join(checker.work, tree, relative), "rb").read()
        changed += before != now
        if before.startswith(b"bplist"):
            continue  # binary plists are rewritten whole
        expected = open(os.path.join(checker.work, simulated, relative), "rb").read()
        if now != expected:
            unexplained += 1
            first = next(i for i in range(min(len(now), len(expected)) + 1)
                         if i == min(len(now), len(expected)) or now[i] != expected[i])
            checker.fail(f"{label}: xml/{relative}: differs at byte {first} from the report's edits applied")
    checker.facts.append(
        f"{label}: {changed} files changed, {unexplained} differing from the advertised edits applied "
        f"({passes} passes), {len(newly_malformed)} turned malformed, {len(different)} written differently "
        "by a second fix of the same files; "
        f"second run {'changes FILES' if changed_again else 'changes nothing'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="plists, or folders searched recursively")
    parser.add_argument("--sharelint", default=os.path.join(REPOSITORY, ".build", "release", "sharelint"))
    parser.add_argument("--limit", type=int, default=0, help="check a random sample of this many inputs")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed")
    parser.add_argument("--schema", default=DEFAULT_SCHEMA, help="the SARIF 2.1.0 JSON schema")
    parser.add_argument("--tree", action="store_true", help="copy the folders given as they are")
    parser.add_argument("--keep", metavar="WORK", help="build the trees in WORK (emptied first) and keep them")
    options = parser.parse_args()
    sharelint = os.path.abspath(options.sharelint)
    if not os.access(sharelint, os.X_OK):
        parser.exit(2, f"check-end-to-end: no sharelint at {sharelint} (swift build -c release --product sharelint)\n")

    inputs = gather(options.paths, options.limit, options.seed, options.tree)
    if not inputs:
        parser.exit(2, "check-end-to-end: no input files\n")
    work = os.path.abspath(options.keep) if options.keep else tempfile.mkdtemp(prefix="sharelint-e2e-")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "xml"))
    for source, tree_path in inputs:
        os.makedirs(os.path.dirname(os.path.join(work, "xml", tree_path)), exist_ok=True)
        shutil.copyfile(source, os.path.join(work, "xml", tree_path))
    tree_paths = [tree_path for _, tree_path in inputs]
    checker = Checker(sharelint, work)
    try:
        ran = checker.checked_run("lint", ["lint", "--format", "json"], "xml")
        if ran is not None:
            status, out, err = ran
            by_file = diagnostics_by_file(out, "lint", checker)
            malformed = malformed_files(by_file)
            statuses = f"exit status {status}"
            checker.facts.append(
                f"lint: {len(inputs)} inputs, {sum(map(len, by_file.values()))} findings, {len(malformed)} "
                f"malformed, {statuses}")
            if malformed and status != 2:
                checker.fail(f"lint: {len(malformed)} malformed files but exit status {status}, not 2")
            reasons = [line for line in err.decode(errors="replace").splitlines() if line.strip()]
            if len(reasons) < len(malformed):
                checker.fail(f"lint: {len(malformed)} malformed files but {len(reasons)} lines on standard error")
            checked = check_positions(by_file, work, checker)
            checker.facts.append(f"positions: {checked} findings with a position, all checked against their file")
            check_sarif(checker, "xml", options.schema)
            check_binary_agreement(checker, tree_paths, by_file)
            check_fix(checker, tree_paths, by_file, unsafe=False)
            check_fix(checker, tree_paths, by_file, unsafe=True)
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)
    for fact in checker.facts:
        print(fact)
    for failure in checker.failures[:200]:
        print("FAIL", failure)
    if len(checker.failures) > 200:
        print(f"FAIL … and {len(checker.failures) - 200} more")
    print("all checks hold" if not checker.failures else f"{len(checker.failures)} failures")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
