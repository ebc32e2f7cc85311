#!/usr/bin/env python3
"""Hostile repositories against the sharelint binary: the doors of issue 26 kept shut.

    Fuzz/hostile-repositories.py --sharelint BIN [--case NAME ...] [--table]   every case (or those named)
    Fuzz/hostile-repositories.py --sharelint BIN --fuzz SECONDS [--seed N]     the repository fuzzer

Each case builds, in a new sandbox, a canary folder (`outside/`: secrets and files `fix` could change) around a
repository (`work/repo/`) crafted as a pull request could craft it, runs sharelint on it the way CI does (`lint` in
every format, `targets`, `fix`, `configure --project`, `rule …`), and checks what the contract promises:

- the exit status is 0, 1 or 2 and the process ends within the time budget (2 s; killed at 10 s: a hang, and
  the case's other formats are not tried) under 200 MB;
- nothing of a secret is printed: no canary string (files outside, the process environment, `.git/config`'s
  token) in standard output or standard error, in any format;
- nothing outside the repository is written: the canary folder hashes the same before and after;
- no output line is a GitHub workflow command sharelint did not write, and no ESC, BEL or other control
  character reaches the terminal;
- what the case expects said (a located note or error) is said.

The fuzzer builds random repositories from the same pieces (projects, xcconfigs with includes, plists, specs,
workspaces, symbolic links, hostile strings) and checks the same invariants, forever or for SECONDS. Any failure
prints the case and keeps its sandbox (`--keep`); exit status 1 when any check failed.
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile_fixtures import (CANARY, GIT_TOKEN, Project, app_plist, app_settings, binary_plist_dag,  # noqa: E402
                              deep_rules, hostile_text, make_sandbox, plist_xml, share_extension_plist, write,
                              write_project)

TIME_BUDGET = 2.0
MEMORY_BUDGET = 200 << 20
HARD_TIMEOUT = 10.0
SECRETS = [CANARY, "CANARY-GITTOKEN", "root:x:0:0"]
FORMATS = ["text", "json", "sarif", "github", "gitlab"]
GNU_TIME = shutil.which("time", path="/usr/bin:/bin") if os.path.exists("/usr/bin/time") else None


# ---------------------------------------------------------------------------------------------------------------
# Running sharelint


class Run:
    def __init__(self, arguments, stdin=None, expect=None, cwd=None, keep_stdin_open=False, budget=None):
        self.arguments = arguments
        self.stdin = stdin
        self.expect = expect            # a regular expression the combined output must match
        self.cwd = cwd
        self.keep_stdin_open = keep_stdin_open
        self.budget = budget            # seconds, when this run may take longer than --budget


def run_sharelint(binary, run, repo):
    environment = dict(os.environ)
    environment["SHARELINT_SECRET_FOR_TESTS"] = CANARY + "-environment"
    environment.pop("GITHUB_ACTIONS", None)
    cwd = run.cwd or repo
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as memory:
        stdin = subprocess.PIPE
        started = time.monotonic()
        # The child's peak memory as GNU time measures it: the rusage Python gets back counts the pages of this
        # (larger) process that the child shared between its fork and its exec.
        prefix = [GNU_TIME, "-f", "%M", "-o", memory.name] if GNU_TIME else []
        process = subprocess.Popen(prefix + [binary] + run.arguments, cwd=cwd, stdin=stdin, stdout=out, stderr=err,
                                   env=environment, start_new_session=True)
        if run.stdin is not None:
            try:
                process.stdin.write(run.stdin)
            except BrokenPipeError:
                pass
        if not run.keep_stdin_open:
            process.stdin.close()
        status, usage, killed = None, None, False
        while True:
            pid, raw_status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                status = raw_status
                break
            if time.monotonic() - started > HARD_TIMEOUT:
                os.killpg(process.pid, signal.SIGKILL)
                killed = True
            time.sleep(0.005)
        elapsed = time.monotonic() - started
        if run.keep_stdin_open:
            process.stdin.close()
        process.returncode = 0
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
        peak = usage.ru_maxrss * 1024
        if GNU_TIME:
            text = memory.read().strip().splitlines()
            peak = int(text[-1]) * 1024 if text and text[-1].isdigit() else peak
    exit_code = os.waitstatus_to_exitcode(status)
    if GNU_TIME and exit_code > 128 - 1 and b"Command terminated by signal" in stderr:
        exit_code = -(exit_code - 128)
    return {"exit": exit_code, "seconds": elapsed, "rss": peak, "stdout": stdout, "stderr": stderr, "killed": killed}


def folder_digest(folder, skip=None):
    digest = hashlib.sha256()
    for root, folders, files in os.walk(folder, followlinks=False):
        if skip and os.path.abspath(root).startswith(skip):
            folders[:] = []
            continue
        folders.sort()
        for name in sorted(files + [f for f in folders if os.path.islink(os.path.join(root, f))]):
            path = os.path.join(root, name)
            if skip and os.path.abspath(path).startswith(skip):
                continue
            info = os.lstat(path)
            digest.update(os.path.relpath(path, folder).encode() + b"\0" + str(stat.S_IMODE(info.st_mode)).encode())
            if stat.S_ISLNK(info.st_mode):
                digest.update(b"link:" + os.readlink(path).encode())
            elif stat.S_ISREG(info.st_mode):
                with open(path, "rb") as handle:
                    digest.update(handle.read())
    return digest.hexdigest()


WORKFLOW_COMMAND = re.compile(rb"^\s*::", re.MULTILINE)
CONTROL = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]")


def check_output(result, run, fmt):
    problems = []
    combined = result["stdout"] + b"\n" + result["stderr"]
    for secret in SECRETS:
        if secret.encode() in combined:
            problems.append(f"printed a secret ({secret[:14]}…)")
    if result["killed"]:
        problems.append(f"no answer in {HARD_TIMEOUT:.0f} s (killed)")
    elif result["exit"] not in (0, 1, 2):
        problems.append(f"exit status {result['exit']}")
    budget = max(run.budget or 0, TIME_BUDGET)
    if result["seconds"] > budget and not result["killed"]:
        problems.append(f"took {result['seconds']:.2f} s (budget {budget:.1f} s)")
    if result["rss"] > MEMORY_BUDGET:
        problems.append(f"used {result['rss'] >> 20} MB")
    if CONTROL.search(combined.replace(b"\r\n", b"\n")):
        problems.append("a control character reached the output: "
                        + repr(CONTROL.search(combined).group(0)))
    for stream, text in (("stdout", result["stdout"]), ("stderr", result["stderr"])):
        for match in WORKFLOW_COMMAND.finditer(text):
            line = text[match.start():text.find(b"\n", match.start()) if b"\n" in text[match.start():] else None]
            own = fmt == "github" and stream == "stdout" and re.match(
                rb"^::(error|warning|notice) (file=[^,:]*(,line=\d+,col=\d+,endLine=\d+,endColumn=\d+)?,)?"
                rb"title=[^:]*::", line)
            if not own:
                problems.append(f"a workflow command on {stream}: {line[:80]!r}")
    if run.expect and not re.search(run.expect, combined.decode("utf-8", "replace"), re.S):
        problems.append(f"does not say /{run.expect}/")
    return problems


def execute(binary, name, setup, keep=False, quiet=False):
    """Builds the case in a new sandbox, runs each of its commands, returns (rows, failures)."""
    sandbox = tempfile.mkdtemp(prefix="sharelint-hostile-")
    outside, repo = make_sandbox(sandbox)
    runs = setup(repo, outside)
    verify = None
    if isinstance(runs, tuple):
        runs, verify = runs
    failures, rows = [], []
    for run in runs:
        # The canary: everything in the sandbox but the repository (whose .git must not change either).
        before = folder_digest(sandbox, skip=os.path.join(repo, ""))
        git_before = folder_digest(os.path.join(repo, ".git"))
        formats = [None]
        if run.arguments and run.arguments[0] == "lint" and "--format" not in run.arguments:
            formats = FORMATS
        for fmt in formats:
            arguments = run.arguments + (["--format", fmt] if fmt else [])
            one = Run(arguments, run.stdin, run.expect if fmt in (None, "text") else None, run.cwd,
                      run.keep_stdin_open, run.budget)
            result = run_sharelint(binary, one, repo)
            problems = check_output(result, one, fmt)
            rows.append((name, " ".join(a if len(a) < 40 else a[:37] + "…" for a in arguments), result, problems))
            if problems:
                failures.append((name, arguments, problems, result))
            if result["killed"]:
                break
        after = folder_digest(sandbox, skip=os.path.join(repo, ""))
        if after != before or folder_digest(os.path.join(repo, ".git")) != git_before:
            failures.append((name, run.arguments, ["wrote outside the repository (the canary folder changed)"], None))
            rows.append((name, " ".join(run.arguments), None, ["wrote outside"]))
    if verify:
        for problem in verify(repo, outside):
            failures.append((name, ["(after the runs)"], [problem], None))
            rows.append((name, "(after the runs)", None, [problem]))
    if failures and (keep or not quiet):
        print(f"  kept {sandbox}", file=sys.stderr)
    else:
        shutil.rmtree(sandbox, ignore_errors=True)
    return rows, failures


# ---------------------------------------------------------------------------------------------------------------
# The cases of issue 26


def project_with_settings(**settings):
    def setup(repo, outside):
        write(os.path.join(repo, "App", "Info.plist"), app_plist())
        write_project(repo, "App", [("App", app_settings(**settings), "com.apple.product-type.application", None)])
        return [Run(["lint", "."], expect=r"not read|never read"), Run(["targets", "."], expect=r"not read|never read"),
                Run(["fix", "--unsafe", "."])]
    return setup


def case_xcconfig_include(include, expect=r"not read|never read"):
    def setup(repo, outside):
        include_text = include.replace("OUTSIDE", outside)
        write(os.path.join(repo, "App", "Info.plist"),
              app_plist(bundle_id="$(PRODUCT_BUNDLE_IDENTIFIER)", schemes=["$(SECRET_VALUE)"]))
        write(os.path.join(repo, "Config", "App.xcconfig"), f'#include "{include_text}"\n')
        write_project(repo, "App", [("App", {"INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos"},
                                     "com.apple.product-type.application", "Config/App.xcconfig")])
        return [Run(["lint", "."], expect=expect), Run(["targets", "."]), Run(["fix", "--unsafe", "."])]
    return setup


def case_preprocessor(plist_include, flags=""):
    def setup(repo, outside):
        include = plist_include.replace("OUTSIDE", outside)
        text = app_plist(schemes=["example"]).replace(
            "<string>example</string>", f'<string>example</string>\n#include "{include}"\n')
        write(os.path.join(repo, "App", "Info.plist"), text)
        settings = app_settings(INFOPLIST_PREPROCESS="YES")
        if flags:
            settings["INFOPLIST_OTHER_PREPROCESSOR_FLAGS"] = flags.replace("OUTSIDE", outside)
        write_project(repo, "App", [("App", settings, "com.apple.product-type.application", None)])
        return [Run(["lint", "."], expect=r"not read|never read|refused|not honour|ignored"), Run(["fix", "."])]
    return setup


def case_symlinked_plist(target):
    def setup(repo, outside):
        os.makedirs(os.path.join(repo, "App"), exist_ok=True)
        os.symlink(target.replace("OUTSIDE", outside), os.path.join(repo, "App", "Info.plist"))
        return [Run(["lint", "."], expect=r"not read|never read"), Run(["targets", "."]), Run(["fix", "--unsafe", "."])]
    return setup


def case_xcodegen_outside(repo, outside):
    write(os.path.join(repo, "project.yml"),
          "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    info:\n"
          "      path: ../../outside/victim/Info.plist\n      properties:\n        CFBundleURLTypes: []\n"
          "    entitlements:\n      path: ../../outside/Secret.entitlements\n")
    return [Run(["lint", "."], expect=r"not read|never read"), Run(["targets", "."]), Run(["fix", "--unsafe", "."])]


def case_dotnet_outside(repo, outside):
    # A .NET project naming files outside (Info.plist, entitlements, a partial manifest, an import, a
    # Directory.Build.props search), with a control character in a value and elements nested past the bound in
    # a second project.
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    write(os.path.join(repo, "App", "App.csproj"),
          '<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup>\n'
          '    <TargetFramework>net9.0-ios</TargetFramework>\n    <OutputType>Exe</OutputType>\n'
          '    <ApplicationId>com.example.&#27;]0;forged&#7;</ApplicationId>\n'
          '    <CodesignEntitlements>../../outside/Secret.entitlements</CodesignEntitlements>\n'
          '  </PropertyGroup>\n  <ItemGroup>\n'
          '    <PartialAppManifest Include="/proc/self/environ" />\n'
          '    <PartialAppManifest Include="../../outside/victim/Info.plist" />\n  </ItemGroup>\n'
          '  <Import Project="../../outside/secret.props" />\n'
          '  <Import Project="$([MSBuild]::GetPathOfFileAbove(\'Directory.Build.props\', \'/\'))" />\n'
          '</Project>\n')
    write(os.path.join(repo, "Deep", "Deep.csproj"), "<Project>" + "<a>" * 100_000 + "</a>" * 100_000 + "</Project>")
    return [Run(["lint", "App"], expect=r"not read|never read"), Run(["targets", "App"]),
            Run(["fix", "--unsafe", "App"]), Run(["lint", "Deep/Deep.csproj"], expect=r"nested more than")]
def case_tuist_outside(repo, outside):
    """A Tuist manifest naming files outside the repository, by relative, root-relative and absolute paths."""
    write(os.path.join(repo, "Project.swift"),
          "import ProjectDescription\nlet project = Project(name: \"App\", targets: [\n"
          "  .target(name: \"App\", destinations: .iOS, product: .app, bundleId: \"com.example.app\",\n"
          "    infoPlist: \"../../outside/victim/Info.plist\",\n"
          "    sources: [\"../../outside/**\", \"/etc/**\"],\n"
          "    entitlements: .file(path: .relativeToRoot(\"../outside/Secret.entitlements\")),\n"
          "    dependencies: [.target(name: \"Share\"), .xcframework(path: \"/proc/self/environ\")]),\n"
          "  .target(name: \"Share\", destinations: .iOS, product: .appExtension, bundleId: \"com.example.app.s\",\n"
          "    infoPlist: .file(path: \"/proc/self/environ\"), entitlements: \"/etc/passwd\"),\n"
          "])\n")
    return [Run(["lint", "."], expect=r"not read|never read"), Run(["targets", "."]), Run(["fix", "--unsafe", "."])]


def case_tuist_nesting(repo, outside):
    """A Tuist manifest nesting brackets 100,000 deep, and one of 5,000 targets with literal plists."""
    write(os.path.join(repo, "Project.swift"),
          "import ProjectDescription\nlet project = Project(name: \"A\", targets: " + "[" * 100_000 + "]" * 100_000
          + ")\n")
    targets = "".join(
        f".target(name: \"T{index}\", destinations: .iOS, product: .appExtension, bundleId: \"com.a.t{index}\", "
        f"infoPlist: .extendingDefault(with: [\"NSExtension\": [\"K\": [[\"a\": {index}]]]]), "
        f"dependencies: [.target(name: \"T{(index + 1) % 5_000}\")]),\n" for index in range(5_000))
    write(os.path.join(repo, "Many", "Project.swift"),
          "import ProjectDescription\nlet project = Project(name: \"Many\", targets: [\n" + targets + "])\n")
    return [Run(["lint", "."]), Run(["targets", "."]), Run(["lint", "Many"])]


def case_fix_outside_through_setting(repo, outside):
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    write_project(repo, "App", [("App", app_settings(INFOPLIST_FILE="$(SRCROOT)/../../outside/victim/Info.plist",
                                                      CODE_SIGN_ENTITLEMENTS="../../outside/victim/App.entitlements"),
                                 "com.apple.product-type.application", None)])
    return [Run(["fix", "--unsafe", "."]), Run(["configure", "--project", "App.xcodeproj", "--target", "App"])]


def case_symlinked_folder(repo, outside):
    os.symlink(os.path.join(outside, "victim"), os.path.join(repo, "App"))
    write_project(repo, "App", [("App", app_settings(), "com.apple.product-type.application", None)])
    return [Run(["lint", "."], expect=r"not read|never read"), Run(["fix", "--unsafe", "."]),
            Run(["configure", "--project", "App.xcodeproj", "--target", "App"])]


def case_workspace_elsewhere(repo, outside):
    victim_project = os.path.join(outside, "victim")
    write_project(victim_project, "Victim", [("Victim", app_settings(INFOPLIST_FILE="Info.plist"),
                                              "com.apple.product-type.application", None)])
    write(os.path.join(repo, "App.xcworkspace", "contents.xcworkspacedata"),
          '<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version="1.0">\n'
          f'<FileRef location="absolute:{victim_project}/Victim.xcodeproj"></FileRef>\n'
          '<FileRef location="group:../../outside/victim/Victim.xcodeproj"></FileRef>\n</Workspace>\n')
    return [Run(["lint", "."], expect=r"not read|never read"), Run(["targets", "."]), Run(["fix", "--unsafe", "."])]


def case_rule(kind, size):
    def setup(repo, outside):
        rule = deep_rules(kind, size)
        write(os.path.join(repo, "Share", "Info.plist"), share_extension_plist(rule))
        write(os.path.join(repo, "rule.predicate"), rule)
        return [Run(["lint", "Share"]), Run(["fix", "Share"]), Run(["rule", "parse", "-"], stdin=rule.encode()),
                Run(["rule", "parse", "--json", "-"], stdin=rule.encode()),
                Run(["rule", "format", "--pretty", "-"], stdin=rule.encode()),
                Run(["rule", "augment", "-"], stdin=rule.encode()),
                Run(["rule", "eval", "--attachments", "public.jpeg", "-"], stdin=rule.encode())]
    return setup


def case_binary_dag(repo, outside):
    write(os.path.join(repo, "App", "Info.plist"), binary_plist_dag(40))
    return [Run(["lint", "."], expect=r"PL001"), Run(["targets", "."]), Run(["fix", "."])]


def case_include_bomb(repo, outside):
    # Each file includes the next twice: 2^30 inclusions from 30 small files.
    for level in range(30):
        nxt = f'#include "bomb{level + 1}.h"\n' if level < 29 else "x\n"
        write(os.path.join(repo, "App", f"bomb{level}.h"), nxt * 2)
    write(os.path.join(repo, "App", "Info.plist"), app_plist().replace(
        "<string>example</string>", '<string>example</string>\n#include "bomb0.h"\n'))
    write_project(repo, "App", [("App", app_settings(INFOPLIST_PREPROCESS="YES"),
                                 "com.apple.product-type.application", None)])
    return [Run(["lint", "."], expect=r"preprocess|include"), Run(["fix", "."])]


def case_xcconfig_fifo(repo, outside):
    os.makedirs(os.path.join(repo, "Config"), exist_ok=True)
    os.mkfifo(os.path.join(repo, "Config", "Pipe.xcconfig"))
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    write(os.path.join(repo, "Config", "App.xcconfig"), '#include "Pipe.xcconfig"\n#include "/dev/stdin"\n')
    write_project(repo, "App", [("App", app_settings(), "com.apple.product-type.application", "Config/App.xcconfig")])
    return [Run(["lint", "."], expect=r"FIFO|never read"),
            Run(["lint", "--format", "json", "."], keep_stdin_open=True), Run(["targets", "."])]


def case_globs(repo, outside):
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    patterns = ["*a" * 30 + "*b", "**/" * 40 + "x", "*" * 200 + "?" * 50 + "z"]
    write(os.path.join(repo, ".sharelint.yml"), "excluded:\n" + "".join(f"  - '{p}'\n" for p in patterns))
    deep = os.path.join(repo, *(["a" * 40] * 12))
    write(os.path.join(deep, "Info.plist"), app_plist())
    return [Run(["lint", "."]), Run(["targets", "."])]


def case_symlink_to_root(repo, outside):
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    os.symlink("/", os.path.join(repo, "root"))
    os.symlink(outside, os.path.join(repo, "canary"))
    return [Run(["lint", "."], expect=r"not read|never read|not entered"), Run(["targets", "."])]


def case_identical_plists(count):
    def setup(repo, outside):
        text = app_plist(bundle_id="com.example.same")
        extension = share_extension_plist("TRUEPREDICATE", bundle_id="com.example.same.share")
        for index in range(count):
            write(os.path.join(repo, f"A{index}", "Info.plist"), text)
            write(os.path.join(repo, f"A{index}", "Share", "Info.plist"), extension)
        return [Run(["lint", "--format", "json", "."]), Run(["targets", "--format", "json", "."])]
    return setup


def case_many_projects(repo, outside):
    references = []
    for index in range(10_000):
        references.append(f'<FileRef location="group:P{index}.xcodeproj"></FileRef>')
    write(os.path.join(repo, "Many.xcworkspace", "contents.xcworkspacedata"),
          '<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version="1.0">\n' + "\n".join(references)
          + "\n</Workspace>\n")
    write_project(repo, "P0", [("App", app_settings(), "com.apple.product-type.application", None)])
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    return [Run(["lint", "."]), Run(["targets", "."])]


def case_nested_groups(repo, outside):
    text = "<Group location=\"group:g\">" * 10_000 + "<FileRef location=\"group:App.xcodeproj\"></FileRef>" \
        + "</Group>" * 10_000
    write(os.path.join(repo, "Nested.xcworkspace", "contents.xcworkspacedata"),
          f'<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version="1.0">{text}</Workspace>\n')
    write_project(repo, "App", [("App", app_settings(), "com.apple.product-type.application", None)])
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    return [Run(["lint", "."]), Run(["targets", "."])]


def case_duplicate_target_references(repo, outside):
    project = Project()
    target = project.add_target("App", app_settings(), "com.apple.product-type.application")
    write(os.path.join(repo, "App.xcodeproj", "project.pbxproj"), project.text([target] * 10_000))
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    return [Run(["lint", "."]), Run(["targets", "."]), Run(["fix", "."])]


def case_many_targets_referenced(repo, outside):
    project = Project()
    targets = [project.add_target(f"T{i}", app_settings(PRODUCT_BUNDLE_IDENTIFIER=f"com.example.t{i}"),
                                  "com.apple.product-type.app-extension") for i in range(300)]
    write(os.path.join(repo, "App.xcodeproj", "project.pbxproj"), project.text(targets * 30))
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    return [Run(["lint", "."]), Run(["targets", "."])]


def case_xcodegen_many_targets(repo, outside):
    lines = ["name: Many", "targets:"]
    for index in range(5_000):
        lines += [f"  T{index}:", "    type: app-extension", "    platform: iOS",
                  f"    dependencies: [{{target: T{(index + 1) % 5_000}}}]", "    info:", "      path: App/Info.plist"]
    write(os.path.join(repo, "project.yml"), "\n".join(lines) + "\n")
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    return [Run(["lint", "."]), Run(["targets", "."])]


def case_forged_output(repo, outside):
    # A value with a newline and a workflow command; a folder whose name carries one; bytes ESC and BEL in a
    # malformed plist's excerpt line and in a binary plist's value.
    write(os.path.join(repo, "App", "Info.plist"), app_plist(
        schemes=["x&#10;::error file=README.md,line=1::forged"]).replace("&amp;#10;", "&#10;"))
    forged = os.path.join(repo, "x\n::error file=README.md::forged folder")
    write(os.path.join(forged, "Info.plist"), app_plist(bundle_id="com.example.forged"))
    write(os.path.join(repo, "::warning::x", "Info.plist"), app_plist(bundle_id="com.example.colons"))
    write(os.path.join(repo, "Esc", "Info.plist"), b"<plist><dict><key>\x1b[31mred\x07</key><string>x</dict></plist>")
    import plistlib
    write(os.path.join(repo, "Binary", "Info.plist"), plistlib.dumps(
        {"CFBundleIdentifier": "com.example.\x1b[2J\x07", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["a\nb"]}]},
        fmt=plistlib.FMT_BINARY))
    return [Run(["lint", "."]), Run(["targets", "."]), Run(["fix", "--diff", "."])]


def case_oversized(repo, outside):
    write(os.path.join(repo, "App", "Info.plist"),
          "<plist><dict><key>a</key><string>" + "a" * (65 << 20) + "</string></dict></plist>")
    return [Run(["lint", "."], expect=r"PL001.*larger|larger.*PL001", budget=3.0),
            Run(["lint", "--format", "sarif", "."], expect=None, budget=3.0)]


def case_large_source(repo, outside):
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    write(os.path.join(repo, "App", "Generated.swift"), "let x = 1\n" * (500_000))
    project = Project()
    write(os.path.join(repo, "App", "AppDelegate.swift"), "import IntuneMAMSwift\nlet x = 1\n")
    project.add_target("App", app_settings(), "com.apple.product-type.application",
                       sources=["App/Generated.swift", "App/AppDelegate.swift"])
    write(os.path.join(repo, "App.xcodeproj", "project.pbxproj"), project.text())
    return [Run(["lint", "."], expect=r"Generated\.swift' was not read: larger than")]


def case_repository_configuration(repo, outside):
    write(os.path.join(repo, "App", "Info.plist"), app_plist(schemes=["http"]))
    write(os.path.join(repo, ".sharelint.yml"), "disabled_rules: [PL, IM, EN, AR, US, XC, SC]\n")
    write(os.path.join(outside, "trusted.yml"), "intune: auto\n")
    return [Run(["lint", "--ignore-repository-config", "."], expect=r"US\d\d\d"),
            Run(["lint", "--ignore-repository-config", "--config", os.path.join(outside, "trusted.yml"), "."],
                expect=r"US\d\d\d")]


def case_pairing(count):
    def setup(repo, outside):
        app = app_plist(bundle_id="com.example.one")
        extension = share_extension_plist("TRUEPREDICATE", bundle_id="com.example.one.share")
        for index in range(count):
            write(os.path.join(repo, f"App{index}", "Info.plist"), app)
            write(os.path.join(repo, f"Ext{index}", "Info.plist"), extension)
        return [Run(["lint", "--format", "json", "."])]
    return setup


def case_interrupted_fix(repo, outside):
    write(os.path.join(repo, "App", "Info.plist"), app_plist())
    # What a fix killed between writing its temporary file and renaming it leaves behind (a process id no process
    # has), and a file of another tool that happens to look alike: only the first goes.
    stale = os.path.join(repo, "App", ".Info.plist.sharelint-4194303-AbCdEf")
    write(stale, "partial")
    other = os.path.join(repo, "App", ".Info.plist.other-tool-AbCdEf")
    write(other, "keep me")

    def verify(repo, outside):
        problems = []
        if os.path.exists(stale):
            problems.append("the stale temporary file of an interrupted fix is still there")
        if not os.path.exists(other):
            problems.append("another tool's file was removed")
        return problems
    return [Run(["fix", "--unsafe", "."])], verify


CASES = {
    "infoplist-file-proc-environ": project_with_settings(INFOPLIST_FILE="/proc/self/environ"),
    "infoplist-file-etc-passwd": project_with_settings(INFOPLIST_FILE="/etc/passwd"),
    "infoplist-file-dot-dot": project_with_settings(INFOPLIST_FILE="../../outside/secrets.env"),
    "infoplist-file-git-config": project_with_settings(INFOPLIST_FILE=".git/config"),
    "entitlements-outside": project_with_settings(CODE_SIGN_ENTITLEMENTS="../../outside/Secret.entitlements"),
    "xcconfig-include-absolute": case_xcconfig_include("OUTSIDE/secret.xcconfig"),
    "xcconfig-include-dot-dot": case_xcconfig_include("../../../outside/secret.xcconfig"),
    "xcconfig-include-git-config": case_xcconfig_include("../.git/config"),
    "xcconfig-include-proc": case_xcconfig_include("/proc/self/environ"),
    "preprocessor-include-absolute": case_preprocessor("OUTSIDE/secret.txt"),
    "preprocessor-include-etc-passwd": case_preprocessor("/etc/passwd"),
    "preprocessor-include-git-config": case_preprocessor("../.git/config"),
    "preprocessor-search-path-flag": case_preprocessor("secret.txt", flags="-IOUTSIDE -I/"),
    "preprocessor-include-flag": case_preprocessor("App/Info.plist", flags="-include OUTSIDE/secret.txt"),
    "symlinked-plist-etc-hosts": case_symlinked_plist("/etc/hosts"),
    "symlinked-plist-environ": case_symlinked_plist("/proc/self/environ"),
    "symlinked-plist-outside": case_symlinked_plist("OUTSIDE/Secret.plist"),
    "xcodegen-paths-outside": case_xcodegen_outside,
    "dotnet-paths-outside": case_dotnet_outside,
    "tuist-paths-outside": case_tuist_outside,
    "tuist-nesting-and-5000-targets": case_tuist_nesting,
    "fix-through-setting-outside": case_fix_outside_through_setting,
    "fix-through-symlinked-folder": case_symlinked_folder,
    "workspace-names-project-elsewhere": case_workspace_elsewhere,
    "rule-and-chain-10000": case_rule("and-chain", 10_000),
    "rule-concatenated-10000": case_rule("concatenated", 10_000),
    "rule-subscripts-40000": case_rule("subscripts", 40_000),
    "rule-key-path-300000": case_rule("key-path", 300_000),
    "rule-aggregate-operations-100000": case_rule("aggregate-operations", 100_000),
    "rule-parentheses-100000": case_rule("parentheses", 100_000),
    "rule-not-chain-100000": case_rule("not-chain", 100_000),
    "rule-subquery-2000": case_rule("subquery", 2_000),
    "binary-plist-dag": case_binary_dag,
    "preprocessor-include-bomb": case_include_bomb,
    "xcconfig-include-fifo-and-stdin": case_xcconfig_fifo,
    "excluded-globs-backtracking": case_globs,
    "symlink-to-root": case_symlink_to_root,
    "identical-plists-4500": case_identical_plists(4_500),
    "workspace-10000-projects": case_many_projects,
    "workspace-10000-nested-groups": case_nested_groups,
    "duplicate-target-references-10000": case_duplicate_target_references,
    "targets-referenced-many-times": case_many_targets_referenced,
    "xcodegen-5000-targets": case_xcodegen_many_targets,
    "forged-output": case_forged_output,
    "oversized-plist": case_oversized,
    "large-swift-source": case_large_source,
    "repository-config-disables-everything": case_repository_configuration,
    "pairing-1500-one-bundle-id": case_pairing(1_500),
    "pairing-4500-one-bundle-id": case_pairing(4_500),
    "interrupted-fix": case_interrupted_fix,
}


# ---------------------------------------------------------------------------------------------------------------
# The repository fuzzer


def random_repository(rng, repo, outside):
    """A small repository of random pieces: projects, xcconfigs with includes, plists, specs, links, strings."""
    targets_ = []
    pick = lambda *options: rng.choice(options)  # noqa: E731
    hostile_paths = ["/proc/self/environ", "/etc/passwd", "../../outside/secret.xcconfig", "../.git/config",
                     os.path.join(outside, "Secret.plist"), "/dev/stdin", "/dev/zero", "App/Info.plist",
                     "Config/Base.xcconfig", "$(SRCROOT)/../../outside/victim/Info.plist", "", "App",
                     "Share/Info.plist", "link", "../../outside/victim/Info.plist"]
    os.makedirs(os.path.join(repo, "Config"), exist_ok=True)
    for index in range(rng.randrange(1, 4)):
        lines = []
        for _ in range(rng.randrange(0, 5)):
            if rng.random() < 0.4:
                lines.append(f'#include{pick("", "?")} "{pick(*hostile_paths, "Base.xcconfig", "X1.xcconfig")}"')
            else:
                lines.append(f"{pick('PRODUCT_BUNDLE_IDENTIFIER', 'INFOPLIST_FILE', 'A', 'INFOPLIST_PREPROCESS')}"
                             f"{pick('', '[sdk=iphoneos*]')} = {pick('$(A)', 'YES', hostile_text(rng), '$(inherited) x')}")
        write(os.path.join(repo, "Config", pick("Base.xcconfig", "X1.xcconfig", f"C{index}.xcconfig")),
              "\n".join(lines) + "\n")
    for index in range(rng.randrange(0, 3)):
        settings = app_settings(INFOPLIST_FILE=pick(*hostile_paths),
                                CODE_SIGN_ENTITLEMENTS=pick(*hostile_paths),
                                INFOPLIST_PREPROCESS=pick("YES", "NO"),
                                INFOPLIST_OTHER_PREPROCESSOR_FLAGS=pick("", "-I/", "-include /etc/passwd", "-DX=1"),
                                PRODUCT_BUNDLE_IDENTIFIER=pick("com.example.app", hostile_text(rng), "$(A)"))
        targets_.append((f"T{index}", settings, pick("com.apple.product-type.application",
                                                     "com.apple.product-type.app-extension"),
                         pick(None, "Config/Base.xcconfig", "Config/X1.xcconfig")))
    if targets_:
        write_project(repo, pick("App", "Other"), targets_)
    for folder in ("App", "Share", pick("Deep/Er", "x")):
        kind = rng.random()
        path = os.path.join(repo, folder, "Info.plist")
        if kind < 0.4:
            write(path, app_plist(schemes=[pick("example", "http", hostile_text(rng).replace("\x00", ""))]))
        elif kind < 0.6:
            write(path, share_extension_plist(deep_rules(pick("and-chain", "subscripts", "key-path", "parentheses",
                                                              "not-chain"), rng.randrange(1, 3_000))))
        elif kind < 0.7:
            write(path, binary_plist_dag(rng.randrange(2, 60)))
        elif kind < 0.8:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            if not os.path.lexists(path):
                os.symlink(pick(*hostile_paths, "/", outside) or ".", path)
        elif kind < 0.9:
            write(path, app_plist().replace("<string>example</string>",
                                            f'<string>example</string>\n#include "{pick(*hostile_paths)}"\n'))
        else:
            write(path, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))))
    if rng.random() < 0.3:
        write(os.path.join(repo, "project.yml"),
              f"name: X\ninclude: [{pick(*hostile_paths)}]\ntargets:\n  X:\n    type: application\n"
              f"    platform: iOS\n    info:\n      path: {pick(*hostile_paths) or 'x'}\n")
    if rng.random() < 0.3:
        write(os.path.join(repo, ".sharelint.yml"), f"excluded: ['{pick('*a' * 20 + 'b', '**/' * 20, '*')}']\n")
    if rng.random() < 0.2:
        link = os.path.join(repo, pick("root", "up", "canary"))
        if not os.path.lexists(link):
            os.symlink(pick("/", "..", outside, "../..", "."), link)
    command = pick(["lint", "."], ["lint", "."], ["fix", "--unsafe", "."], ["targets", "."])
    return [Run(command)]


def fuzz(binary, seconds, seed, keep):
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    count, failures = 0, []
    while time.monotonic() < deadline:
        case_seed = rng.randrange(1 << 32)
        case_rng = random.Random(case_seed)
        try:
            rows, failed = execute(binary, f"fuzz-{case_seed}", lambda repo, outside: random_repository(
                case_rng, repo, outside), keep=keep, quiet=True)
        except Exception as error:  # noqa: BLE001 — the generator's own bug: said, counted, and the fuzzing goes on
            print(f"FAIL fuzz-{case_seed}: the generator failed: {error!r}", flush=True)
            failures.append(f"fuzz-{case_seed}")
            continue
        count += 1
        for name, arguments, problems, _ in failed:
            print(f"FAIL {name} ({' '.join(arguments)}): {'; '.join(problems)}", flush=True)
            failures.append(name)
    print(f"fuzz: {count} repositories in {seconds:.0f} s (seed {seed}), {len(failures)} failed")
    return 1 if failures else 0


def main():
    global TIME_BUDGET
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--sharelint", required=True)
    parser.add_argument("--case", action="append", default=[])
    parser.add_argument("--fuzz", type=float)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--keep", action="store_true", help="keep every failing sandbox")
    parser.add_argument("--table", action="store_true", help="print every run as a Markdown table row")
    parser.add_argument("--budget", type=float, default=TIME_BUDGET,
                        help=f"seconds a run may take (default {TIME_BUDGET}; a shared CI machine may want more)")
    options = parser.parse_args()
    binary = os.path.abspath(options.sharelint)
    TIME_BUDGET = options.budget
    if options.fuzz is not None:
        return fuzz(binary, options.fuzz, options.seed, options.keep)
    names = options.case or list(CASES)
    unknown = [name for name in names if name not in CASES]
    if unknown:
        parser.error(f"unknown case: {', '.join(unknown)}")
    failed = 0
    if options.table:
        print("| case | command | exit | seconds | MB | result |\n|---|---|---|---|---|---|")
    for name in names:
        rows, failures = execute(binary, name, CASES[name], keep=options.keep)
        for case, command, result, problems in rows:
            verdict = "ok" if not problems else "; ".join(problems)
            if options.table:
                if result:
                    print(f"| {case} | `{command}` | {result['exit']} | {result['seconds']:.2f} | "
                          f"{result['rss'] >> 20} | {verdict} |")
                else:
                    print(f"| {case} | `{command}` | | | | {verdict} |")
        if failures:
            failed += 1
            for _, arguments, problems, _ in failures:
                print(f"FAIL {name}: sharelint {' '.join(a if len(a) < 60 else a[:57] + '…' for a in arguments)}: "
                      + "; ".join(problems), flush=True)
        elif not options.table:
            slowest = max((r[2]["seconds"] for r in rows if r[2]), default=0)
            largest = max((r[2]["rss"] for r in rows if r[2]), default=0)
            print(f"ok   {name} ({len(rows)} runs, slowest {slowest:.2f} s, largest {largest >> 20} MB)", flush=True)
    print(f"{len(names) - failed} of {len(names)} cases hold")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
