"""Small hostile repositories for sharelint, written from nothing (no file of any real project): the building blocks
of `Fuzz/hostile-repositories.py` (each case of issue 26) and of its repository fuzzer.

A sandbox folder holds `outside/` (the canary: secrets a run must never print, victims it must never write) and
`work/repo/` (the repository a pull request controls). Everything here writes files; nothing runs sharelint.
"""
import os
import plistlib
import random
import struct

CANARY = "CANARY-7f3a9c1e5b"          # in every secret outside the repository, and in the process environment
GIT_TOKEN = "AUTHORIZATION: basic CANARY-GITTOKEN-b64"   # what actions/checkout persists in .git/config


def write(path, data, mode=None):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data.encode() if isinstance(data, str) else data)
    if mode is not None:
        os.chmod(path, mode)


def plist_xml(value):
    return plistlib.dumps(value, fmt=plistlib.FMT_XML).decode()


def plist_any(value):
    """XML when the values allow it; binary when they hold characters XML cannot carry (ESC, BEL…)."""
    try:
        return plist_xml(value)
    except ValueError:
        return plistlib.dumps(value, fmt=plistlib.FMT_BINARY)


def app_plist(bundle_id="com.example.app", schemes=("example",), extra=None):
    value = {
        "CFBundleIdentifier": bundle_id,
        "CFBundlePackageType": "APPL",
        "CFBundleURLTypes": [{"CFBundleURLSchemes": list(schemes)}],
        "LSApplicationQueriesSchemes": ["http-intunemam"],
        "IntuneMAMSettings": {"ADALClientId": "00000000-0000-0000-0000-000000000000"},
    }
    value.update(extra or {})
    return plist_any(value)


def share_extension_plist(rule, bundle_id="com.example.app.share"):
    return plist_xml({
        "CFBundleIdentifier": bundle_id,
        "CFBundlePackageType": "XPC!",
        "NSExtension": {
            "NSExtensionPointIdentifier": "com.apple.share-services",
            "NSExtensionAttributes": {"NSExtensionActivationRule": rule},
        },
    })


def make_sandbox(root):
    """The canary folder around the repository: secrets and victims sharelint must leave alone."""
    outside = os.path.join(root, "outside")
    write(os.path.join(outside, "secrets.env"), f"SECRET_TOKEN={CANARY}-env\n")
    write(os.path.join(outside, "secret.xcconfig"),
          f"PRODUCT_BUNDLE_IDENTIFIER = com.{CANARY}.xcconfig\nSECRET_VALUE = {CANARY}-xcconfig\n")
    write(os.path.join(outside, "secret.txt"), f"{CANARY}-preprocessor-include\n")
    write(os.path.join(outside, "Secret.plist"), app_plist(bundle_id=f"com.{CANARY}.plist", schemes=[f"{CANARY}x"]))
    write(os.path.join(outside, "Secret.entitlements"),
          plist_xml({"keychain-access-groups": [f"$(AppIdentifierPrefix){CANARY}.entitlements"]}))
    victim = os.path.join(outside, "victim")
    # A plist `fix` would change (a missing -intunemam twin): it must stay byte for byte as it is.
    write(os.path.join(victim, "Info.plist"), app_plist(bundle_id=f"com.{CANARY}.victim", schemes=["victim"]))
    write(os.path.join(victim, "App.entitlements"), plist_xml({"keychain-access-groups": ["$(AppIdentifierPrefix)x"]}))
    repo = os.path.join(root, "work", "repo")
    os.makedirs(repo, exist_ok=True)
    # The checkout's own .git/config, as actions/checkout leaves it.
    write(os.path.join(repo, ".git", "config"),
          "[core]\n\trepositoryformatversion = 0\n[http \"https://github.com/\"]\n"
          f"\textraheader = {GIT_TOKEN}\n")
    write(os.path.join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
    return outside, repo


class Project:
    """A minimal but complete project.pbxproj: targets with build configurations, optional xcconfig base files."""

    def __init__(self):
        self.counter = 0
        self.objects = []
        self.targets = []

    def new_id(self):
        self.counter += 1
        return "A%023X" % self.counter

    def add(self, text):
        self.objects.append(text)

    @staticmethod
    def settings_text(settings):
        lines = []
        for key, value in settings.items():
            escaped = str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            lines.append(f'\t\t\t\t{key} = "{escaped}";')
        return "\n".join(lines)

    def configuration_list(self, settings_by_name, base_files=None):
        ids = []
        for name, settings in settings_by_name.items():
            identifier = self.new_id()
            ids.append(identifier)
            base = ""
            if base_files and base_files.get(name):
                reference = self.new_id()
                self.add(f"\t\t{reference} = {{isa = PBXFileReference; lastKnownFileType = text.xcconfig; "
                         f'path = "{base_files[name]}"; sourceTree = "<group>"; }};')
                base = f"\t\t\tbaseConfigurationReference = {reference};\n"
            self.add(f"\t\t{identifier} = {{\n\t\t\tisa = XCBuildConfiguration;\n{base}\t\t\tbuildSettings = {{\n"
                     f"{self.settings_text(settings)}\n\t\t\t}};\n\t\t\tname = {name};\n\t\t}};")
        list_id = self.new_id()
        self.add(f"\t\t{list_id} = {{isa = XCConfigurationList; buildConfigurations = ({', '.join(ids)}, ); "
                 "defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };")
        return list_id

    def add_target(self, name, settings, product_type="com.apple.product-type.application", base_file=None,
                   configurations=("Debug", "Release"), sources=()):
        base_files = {c: base_file for c in configurations} if base_file else None
        list_id = self.configuration_list({c: dict(settings) for c in configurations}, base_files)
        phases = ""
        if sources:
            build_files = []
            for path in sources:
                reference, build_file = self.new_id(), self.new_id()
                self.add(f"\t\t{reference} = {{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; "
                         f'path = "{path}"; sourceTree = SOURCE_ROOT; }};')
                self.add(f"\t\t{build_file} = {{isa = PBXBuildFile; fileRef = {reference}; }};")
                build_files.append(build_file)
            phase = self.new_id()
            self.add(f"\t\t{phase} = {{isa = PBXSourcesBuildPhase; files = ({', '.join(build_files)}, ); }};")
            phases = phase + ", "
        identifier = self.new_id()
        self.add(f"\t\t{identifier} = {{isa = PBXNativeTarget; buildConfigurationList = {list_id}; "
                 f"buildPhases = ( {phases}); "
                 f'dependencies = ( ); name = "{name}"; productName = "{name}"; productType = "{product_type}"; }};')
        self.targets.append(identifier)
        return identifier

    def text(self, target_references=None):
        group = self.new_id()
        self.add(f"\t\t{group} = {{isa = PBXGroup; children = ( ); sourceTree = \"<group>\"; }};")
        project_list = self.configuration_list({"Debug": {"SDKROOT": "iphoneos"}, "Release": {"SDKROOT": "iphoneos"}})
        project = self.new_id()
        references = target_references if target_references is not None else self.targets
        self.add(f"\t\t{project} = {{isa = PBXProject; buildConfigurationList = {project_list}; "
                 f"compatibilityVersion = \"Xcode 14.0\"; mainGroup = {group}; projectDirPath = \"\"; "
                 f"projectRoot = \"\"; targets = ({', '.join(references)}, ); }};")
        body = "\n".join(self.objects)
        return ("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n"
                f"\tobjects = {{\n{body}\n\t}};\n\trootObject = {project};\n}}\n")


def write_project(repo, name, targets, target_references=None):
    """`targets`: (name, settings, product type, base xcconfig path or None)."""
    project = Project()
    for target_name, settings, product_type, base in targets:
        project.add_target(target_name, settings, product_type, base)
    write(os.path.join(repo, f"{name}.xcodeproj", "project.pbxproj"), project.text(target_references))


def app_settings(**extra):
    settings = {"PRODUCT_BUNDLE_IDENTIFIER": "com.example.app", "INFOPLIST_FILE": "App/Info.plist",
                "SDKROOT": "iphoneos", "PRODUCT_NAME": "App"}
    settings.update(extra)
    return settings


def binary_plist_dag(levels=40):
    """A binary plist of `levels` arrays, each holding the next twice: 2^levels leaves from a few hundred bytes."""
    objects = []
    # object 0: the string leaf; object k: an array holding object k-1 twice
    objects.append(b"\x51x")                      # ASCII string of length 1
    for level in range(1, levels + 1):
        objects.append(bytes([0xA2, level - 1, level - 1]))
    # the root is the last array; reference size 1 byte (levels < 255)
    body = b"bplist00"
    offsets = []
    for obj in objects:
        offsets.append(len(body))
        body += obj
    table_offset = len(body)
    offset_size = 2 if table_offset > 255 else 1
    for offset in offsets:
        body += offset.to_bytes(offset_size, "big")
    trailer = b"\x00" * 6 + bytes([offset_size, 1]) + struct.pack(">QQQ", len(objects), len(objects) - 1,
                                                                  table_offset)
    return body + trailer


def deep_rules(kind, size):
    """Predicates an attacker can make as long or deep as the plist reader admits."""
    if kind == "and-chain":
        return " AND ".join(["a == 1"] * size)
    if kind == "concatenated":
        return "a == " + " + ".join(["1"] * size)
    if kind == "subscripts":
        return "a" + "[0]" * size + " == 1"
    if kind == "key-path":
        return "a." + ".".join(["b"] * size) + " == 1"
    if kind == "aggregate-operations":
        return "a" + ".@count" * size + " == 1"
    if kind == "parentheses":
        return "(" * size + "a == 1" + ")" * size
    if kind == "not-chain":
        return "NOT " * size + "a == 1"
    if kind == "subquery":
        text = "$x == 1"
        for _ in range(size):
            text = f"SUBQUERY(a, $x, {text}).@count > 0"
        return text
    raise ValueError(kind)


def random_bytes(rng, length):
    return bytes(rng.randrange(256) for _ in range(length))


def hostile_text(rng):
    """A string an attacker would put in a plist value, a path or a setting."""
    pieces = ["\n::error file=README.md,line=1::forged", "\x1b[31m", "\x07", "\r", "%0A", "$(SRCROOT)/../",
              "../../outside/secret.txt", "/proc/self/environ", "/dev/stdin", "../.git/config", "“quoted”",
              "\u202e", "\u2028", "*" * 20, "**/" * 10, "a" * 300, "$(A)$(A)$(A)", "${INHERITED}", "#include",
              "\x00", "\\", "\"", "'", "<", "&amp;", "]]>"]
    return "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 4)))
