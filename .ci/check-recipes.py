#!/usr/bin/env python3
"""Tries the CI recipes (Examples/CI/, shown in docs/ci.md) as far as a Linux machine without those services allows.

Each YAML file is validated against its service's schema (check-jsonschema's built-in copies; pip installs
it when missing), and docs/ci.md must show each file verbatim. Then each recipe's own shell steps run, in
order, in a throwaway "checkout" holding a broken app (Samples/FabrikamBroken) and then a clean one
(Samples/ContosoClean): the download is replaced by the local `make dist` archive and `apt-get install` by a
check that the Debian packages it names are installed; the services' variables and path commands (GitHub's
$GITHUB_PATH, Azure's $(…) macros and ##vso[task.prependpath], GitLab's before_script) are emulated. The
broken app must fail the step that gates the build (exit 1) after the reports are written and valid (SARIF
2.1.0, GitLab's code quality array); the clean app must pass. The Xcode Run Script runs under /bin/sh with
SRCROOT set and must print Xcode-style `path:line:column: error:` lines.

Usage: .ci/check-recipes.py [ARCHIVE]   (default: the archive `make dist` wrote)
"""
import atexit, glob, json, os, platform, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECIPES = os.path.join(ROOT, "Examples", "CI")
failures = []


def fail(message):
    print("check-recipes: FAIL: " + message, file=sys.stderr)
    failures.append(message)


def ensure_tools():
    try:
        import yaml  # noqa: F401
        subprocess.run(["check-jsonschema", "--version"], check=True, capture_output=True)
    except (ImportError, OSError, subprocess.CalledProcessError):
        print("==> pip install check-jsonschema pyyaml")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--root-user-action=ignore", "check-jsonschema", "pyyaml"], check=True)


def adapt(script, archive, variables):
    """A recipe step's script, runnable here: local archive, apt-get checked, service macros expanded."""
    def apt(match):
        packages = [word for word in match.group(1).split() if not word.startswith("-") and word != "install"]
        return "dpkg -s " + " ".join(packages) + " > /dev/null"
    script = re.sub(r"(?:sudo )?apt-get update[^&\n]*(&& )?", lambda match: "" if match.group(1) else "true", script)
    script = re.sub(r"(?:sudo )?apt-get (install[^\n]*)", apt, script)
    script = re.sub(r'curl -fsSL "[^"]*"( \\\n\s*)?', 'cat "%s" ' % archive, script)
    for name, value in variables.items():
        script = script.replace("$(%s)" % name, value)
    return script


def run(script, folder, environment, name):
    result = subprocess.run(["bash", "-e", "-c", script], cwd=folder, env=environment, capture_output=True,
                            text=True)
    for line in result.stdout.splitlines():  # Azure's logging commands
        if line.startswith("##vso[task.prependpath]"):
            environment["PATH"] = line.split("]", 1)[1] + os.pathsep + environment["PATH"]
        match = re.match(r"##vso\[task\.setvariable variable=([A-Za-z_][A-Za-z0-9_.]*)\](.*)", line)
        if match:  # a variable later steps see in their environment, its name upper-cased with _ for .
            environment[match.group(1).upper().replace(".", "_")] = match.group(2)
    return result


def checkout(kind):
    folder = tempfile.mkdtemp(prefix="sharelint-recipe-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "Samples", kind), os.path.join(folder, kind))
    return folder


def expect(result, status, what):
    if result.returncode != status:
        fail("%s exited %d, expected %d\n%s%s" % (what, result.returncode, status, result.stdout[-2000:],
                                                  result.stderr[-2000:]))


def valid_sarif(path, what):
    try:
        log = json.load(open(path))
        assert log["version"] == "2.1.0" and isinstance(log["runs"][0]["results"], list)
        return len(log["runs"][0]["results"])
    except Exception as error:  # noqa: BLE001
        fail("%s: %s is not a SARIF 2.1.0 log: %s" % (what, path, error))
        return 0


def try_github(archive, kind, status):
    import yaml
    steps = yaml.safe_load(open(os.path.join(RECIPES, "github-workflow.yml")))["jobs"]["sharelint"]["steps"]
    folder = checkout(kind)
    temp = tempfile.mkdtemp()
    path_file = os.path.join(temp, "github_path")
    open(path_file, "w").close()
    env_file = os.path.join(temp, "github_env")
    open(env_file, "w").close()
    environment = dict(os.environ, RUNNER_TEMP=temp, GITHUB_PATH=path_file, GITHUB_ENV=env_file,
                       SHARELINT=archive_name(archive))
    environment.pop("CI", None)
    for step in steps:
        if "uses" in step:
            if "upload-sarif" in step["uses"]:
                count = valid_sarif(os.path.join(folder, step["with"]["sarif_file"]), "github " + kind)
                print("    upload-sarif would upload %d results" % count)
            continue
        extra = [line for line in open(path_file).read().splitlines() if line]
        environment["PATH"] = os.pathsep.join(extra + [os.environ["PATH"]])
        for line in open(env_file).read().splitlines():  # NAME=VALUE lines the earlier steps wrote
            if "=" in line:
                name, value = line.split("=", 1)
                environment[name] = value
        result = run(adapt(step["run"], archive, {}), folder, environment, step["name"])
        gate = step["name"].startswith("sharelint (annotations")
        expect(result, status if gate else 0, "github %s: %s" % (kind, step["name"]))
        if gate and status == 1 and not re.search(r"^::error file=", result.stdout, re.M):
            fail("github %s: no ::error annotations" % kind)
    print("==> GitHub Actions recipe on %s: done" % kind)


def try_gitlab(archive, kind, status):
    import yaml
    job = yaml.safe_load(open(os.path.join(RECIPES, "gitlab-ci.yml")))["sharelint"]
    folder = checkout(kind)
    environment = dict(os.environ, **job["variables"])
    environment["SHARELINT"] = archive_name(archive)
    environment.pop("CI", None)
    temp = tempfile.mkdtemp()
    # GitLab runs before_script and script in one shell, as root in its image: /opt stands in a temporary folder.
    script = "\n".join(job["before_script"] + job["script"]).replace("/opt", temp)
    result = run(adapt(script, archive, {}), folder, environment, "gitlab")
    expect(result, status, "gitlab %s job" % kind)
    report = os.path.join(folder, job["artifacts"]["reports"]["codequality"])
    try:
        issues = json.load(open(report))
        assert isinstance(issues, list) and (status == 0 or issues)
        for issue in issues:
            assert {"description", "check_name", "fingerprint", "severity", "location"} <= issue.keys()
            assert issue["location"]["path"].startswith(kind + "/") and issue["location"]["lines"]["begin"] >= 1
        print("==> GitLab CI recipe on %s: done (%d code quality issues)" % (kind, len(issues)))
    except Exception as error:  # noqa: BLE001
        fail("gitlab %s: code quality report: %r" % (kind, error))


def try_azure(archive, kind, status):
    import yaml
    pipeline = yaml.safe_load(open(os.path.join(RECIPES, "azure-pipelines.yml")))
    folder = checkout(kind)
    temp = tempfile.mkdtemp()
    staging = tempfile.mkdtemp()
    variables = {"Agent.TempDirectory": temp, "Build.ArtifactStagingDirectory": staging}
    environment = dict(os.environ, **pipeline["variables"])
    environment["SHARELINT"] = archive_name(archive)
    environment.pop("CI", None)
    for step in pipeline["steps"]:
        if "task" in step:
            path = step["inputs"]["PathtoPublish"].replace("$(Build.ArtifactStagingDirectory)", staging)
            print("    PublishBuildArtifacts would publish %d results" % valid_sarif(path, "azure " + kind))
            continue
        result = run(adapt(step["script"], archive, variables), folder, environment, step["displayName"])
        gate = step["displayName"].startswith("sharelint (fails")
        expect(result, status if gate else 0, "azure %s: %s" % (kind, step["displayName"]))
    print("==> Azure Pipelines recipe on %s: done" % kind)


def try_xcode(archive, kind, status):
    folder = checkout(kind)
    temp = tempfile.mkdtemp()
    subprocess.run(["tar", "-xzf", archive, "-C", temp], check=True)
    environment = dict(os.environ, SRCROOT=os.path.join(folder, kind), PRODUCT_BUNDLE_IDENTIFIER="com.example.app")
    environment["PATH"] = os.path.join(temp, archive_name(archive), "bin") + os.pathsep + os.environ["PATH"]
    result = subprocess.run(["/bin/sh", "-e", os.path.join(RECIPES, "xcode-run-script.sh")], cwd=folder,
                            env=environment, capture_output=True, text=True)
    expect(result, status, "xcode %s run script" % kind)
    if status == 1 and not re.search(r"^/\S+:\d+:\d+: error: ", result.stdout, re.M):
        fail("xcode: no path:line:column: error: lines for the Issue navigator")
    print("==> Xcode Run Script recipe on %s: done" % kind)


def archive_name(archive):
    return os.path.basename(archive)[: -len(".tar.gz")]


def main():
    os.chdir(ROOT)
    archive = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                              (sorted(glob.glob("sharelint-*-linux-%s.tar.gz" % platform.machine()),
                                      key=os.path.getmtime) or ["(none)"])[-1])
    if not os.path.exists(archive):
        sys.exit("check-recipes: no archive (run make dist first)")
    ensure_tools()
    shown = open(os.path.join(ROOT, "docs", "ci.md")).read()
    # github-action.yml uses action.yml: .ci/check-action.sh runs its steps; here it is only validated and shown.
    for name, schema in [("github-workflow.yml", "vendor.github-workflows"), ("gitlab-ci.yml", "vendor.gitlab-ci"),
                         ("azure-pipelines.yml", "vendor.azure-pipelines"), ("xcode-run-script.sh", None),
                         ("github-action.yml", "vendor.github-workflows")]:
        path = os.path.join(RECIPES, name)
        if schema:
            result = subprocess.run(["check-jsonschema", "--builtin-schema", schema, path], capture_output=True,
                                    text=True)
            expect(result, 0, "%s against %s" % (name, schema))
        if open(path).read() not in shown:
            fail("docs/ci.md does not show Examples/CI/%s verbatim" % name)
    print("==> recipes valid against their services' schemas and shown in docs/ci.md")
    for kind, status in [("FabrikamBroken", 1), ("ContosoClean", 0)]:
        for recipe in (try_github, try_gitlab, try_azure, try_xcode):
            before = len(failures)
            recipe(archive, kind, status)
            if len(failures) > before:
                print("==> %s on %s: FAILED (above)" % (recipe.__name__, kind))
    if failures:
        sys.exit(1)
    print("==> check-recipes: every recipe's commands behave on this machine")


if __name__ == "__main__":
    main()
