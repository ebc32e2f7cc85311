#!/usr/bin/env python3
"""Writes well-formed plists that carry fuzzing inputs where the rules look, for check-end-to-end.py.

The XML fuzzing corpus is mostly malformed plists: good for the reader, but the rules and fixes
never see most of it. This turns the predicate corpora into activation rules of share extensions
and the URL corpus into URL schemes and queried schemes of apps, so the whole lint and fix
pipeline runs on tens of thousands of odd but well-formed inputs. Each input gives one folder:

  N/Info.plist          an extension (predicates) or an app (URLs); by N, with or without
                        IntuneMAMSettings (with misspelled, mistyped and valid keys), the rule
                        escaped with entities, in CDATA, or with character references;
                        with --dictionary-rules K, also K extensions whose rule is a random
                        dictionary (known, misspelled and unknown keys, values of every type)
  N/App.entitlements    for every third folder, keychain groups with and without the prefix

Inputs that are not UTF-8, or hold characters XML 1.0 forbids, are skipped (an XML plist cannot
carry them).

Usage:
  Fuzz/plists-from-corpus.py OUT [--predicates DIR]... [--urls DIR]... [--dictionary-rules K] [--limit N]
  e.g. Fuzz/plists-from-corpus.py /tmp/e2e-plists --predicates fuzz-corpus/fuzz-predicate-lenient \\
         --urls fuzz-corpus/fuzz-url && Fuzz/check-end-to-end.py /tmp/e2e-plists
"""

import argparse
import os
import random
import re
import shutil
import sys

FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")

HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
"""

INTUNE_SETTINGS = [
    # Valid, mistyped and misspelled IntuneMAMSettings, picked by the folder's number.
    "\t\t<key>ADALClientId</key>\n\t\t<string>11111111-2222-3333-4444-555555555555</string>\n"
    "\t\t<key>ADALRedirectUri</key>\n\t\t<string>msauth.com.example.app://auth</string>\n",
    "\t\t<key>MAMPolicyRequired</key>\n\t\t<true/>\n\t\t<key>AutoEnrollOnLaunch</key>\n\t\t<string>YES</string>\n",
    "\t\t<key>AccentColor</key>\n\t\t<string>#12345G</string>\n\t\t<key>FileProtectionLevel</key>\n"
    "\t\t<string>complete</string>\n\t\t<key>ADALClientID</key>\n\t\t<string>x</string>\n",
    "\t\t<key>MainNibFile</key>\n\t\t<string>Main</string>\n\t\t<key>AppGroupIdentifiers</key>\n"
    "\t\t<array>\n\t\t\t<string>group.com.example.other</string>\n\t\t</array>\n",
    "",
]


def xml_text(text, style):
    """`text` as the content of a <string>, in one of four spellings."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if style == 0:
        return escaped.replace('"', "&quot;").replace("'", "&apos;")
    if style == 1 and "]]>" not in text:
        return f"<![CDATA[{text}]]>"
    if style == 2:
        return "".join(c if ord(c) < 0x80 else f"&#x{ord(c):X};" for c in escaped)
    return escaped


def intune_settings(number):
    settings = INTUNE_SETTINGS[number % len(INTUNE_SETTINGS)]
    if number % 7 == 6:
        return ""  # not managed: the Intune rules stay quiet
    return f"\t<key>IntuneMAMSettings</key>\n\t<dict>\n{settings}\t</dict>\n"


def extension_plist(number, predicate):
    return extension_plist_with_rule(number, f"<string>{xml_text(predicate, number % 4)}</string>")


def extension_plist_with_rule(number, rule):
    return (
        HEADER
        + f"\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app{number}.share</string>\n"
        + "\t<key>CFBundlePackageType</key>\n\t<string>XPC!</string>\n"
        + intune_settings(number)
        + "\t<key>NSExtension</key>\n\t<dict>\n"
        + "\t\t<key>NSExtensionAttributes</key>\n\t\t<dict>\n"
        + f"\t\t\t<key>NSExtensionActivationRule</key>\n\t\t\t{rule}\n"
        + "\t\t</dict>\n"
        + "\t\t<key>NSExtensionPointIdentifier</key>\n\t\t<string>com.apple.share-services</string>\n"
        + "\t</dict>\n</dict>\n</plist>\n"
    )


def app_plist(number, lines):
    schemes = [line.split(":", 1)[0] for line in lines if line][:40]
    strings = lambda values, indent: "".join(f"{indent}<string>{xml_text(v, number % 4)}</string>\n" for v in values)
    return (
        HEADER
        + f"\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app{number}</string>\n"
        + "\t<key>CFBundleURLTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>CFBundleURLSchemes</key>\n"
        + "\t\t\t<array>\n" + strings(schemes[: len(schemes) // 2 + 1], "\t\t\t\t") + "\t\t\t</array>\n"
        + "\t\t</dict>\n\t</array>\n"
        + intune_settings(number)
        + "\t<key>LSApplicationQueriesSchemes</key>\n\t<array>\n" + strings(schemes, "\t\t") + "\t</array>\n"
        + "\t<key>NSFaceIDUsageDescription</key>\n\t<string>Unlock</string>\n" * (number % 2)
        + "</dict>\n</plist>\n"
    )


def entitlements(number):
    groups = ["$(AppIdentifierPrefix)com.example.app", "com.microsoft.intune.mam",
              "$(AppIdentifierPrefix)com.microsoft.adalcache"][: number % 4]
    return (
        HEADER
        + "\t<key>keychain-access-groups</key>\n\t<array>\n"
        + "".join(f"\t\t<string>{group}</string>\n" for group in groups)
        + "\t</array>\n"
        + "\t<key>com.apple.security.application-groups</key>\n\t<array>\n"
        + "\t\t<string>group.com.example.app</string>\n\t</array>\n"
        + "</dict>\n</plist>\n"
    )


DICTIONARY_KEYS = [
    "NSExtensionActivationSupportsAttachmentsWithMaxCount", "NSExtensionActivationSupportsAttachmentsWithMinCount",
    "NSExtensionActivationSupportsFileWithMaxCount", "NSExtensionActivationSupportsImageWithMaxCount",
    "NSExtensionActivationSupportsMovieWithMaxCount", "NSExtensionActivationSupportsText",
    "NSExtensionActivationSupportsWebPageWithMaxCount", "NSExtensionActivationSupportsWebURLWithMaxCount",
    "NSExtensionActivationUsesStrictMatching", "NSExtensionActivationDictionaryVersion",
    "NSExtensionActivationSupportsImageWithMaxCont", "NSExtensionActivationSupportsFile", "Unrelated",
]


def random_value(rng, depth=0):
    kind = rng.randrange(9 if depth < 2 else 7)
    if kind == 0:
        return f"<integer>{rng.choice([0, 1, 2, 10, -1, 2**63 - 1])}</integer>"
    if kind == 1:
        return rng.choice(["<true/>", "<false/>"])
    if kind == 2:
        return f"<string>{rng.choice(['1', 'YES', 'abc', '', '3.5', 'TRUEPREDICATE'])}</string>"
    if kind == 3:
        return f"<real>{rng.choice(['1.0', '0.5', '-2', '1e3'])}</real>"
    if kind == 4:
        return "<date>2026-11-22T10:00:00Z</date>"
    if kind == 5:
        return "<data>AAEC</data>"
    if kind == 6:
        return f"<integer>{rng.randrange(0, 5)}</integer>"
    if kind == 7:
        return "<array>" + "".join(random_value(rng, depth + 1) for _ in range(rng.randrange(3))) + "</array>"
    return "<dict><key>k</key>" + random_value(rng, depth + 1) + "</dict>"


def dictionary_rule_plist(number, rng):
    keys = rng.sample(DICTIONARY_KEYS, rng.randrange(0, 6))
    entries = "".join(f"\t\t\t\t<key>{key}</key>\n\t\t\t\t{random_value(rng)}\n" for key in keys)
    rule = f"<dict>\n{entries}\t\t\t</dict>"
    return extension_plist_with_rule(number, rule)


def texts(folders, limit, seed):
    paths = sorted(os.path.join(root, name) for folder in folders for root, _, names in os.walk(folder) for name in names)
    if limit and len(paths) > limit:
        paths = sorted(random.Random(seed).sample(paths, limit))
    for path in paths:
        try:
            text = open(path, "rb").read().decode("utf-8")
        except UnicodeDecodeError:
            continue
        if not FORBIDDEN.search(text):
            yield text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="the folder to write (emptied first)")
    parser.add_argument("--predicates", action="append", default=[], help="a folder of predicate texts")
    parser.add_argument("--urls", action="append", default=[], help="a folder of URL lists")
    parser.add_argument("--dictionary-rules", type=int, default=0, help="how many random dictionary rules")
    parser.add_argument("--limit", type=int, default=0, help="at most this many inputs of each kind (a random sample)")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    if not options.predicates and not options.urls and not options.dictionary_rules:
        parser.exit(2, "plists-from-corpus: give --predicates, --urls or --dictionary-rules\n")
    shutil.rmtree(options.out, ignore_errors=True)
    number = 0

    def write(plist):
        nonlocal number
        folder = os.path.join(options.out, str(number))
        os.makedirs(folder)
        with open(os.path.join(folder, "Info.plist"), "w", encoding="utf-8", newline="") as file:
            file.write(plist)
        if number % 3 == 0:
            with open(os.path.join(folder, "App.entitlements"), "w", encoding="utf-8") as file:
                file.write(entitlements(number))
        number += 1

    for predicate in texts(options.predicates, options.limit, options.seed):
        write(extension_plist(number, predicate))
    for text in texts(options.urls, options.limit, options.seed):
        write(app_plist(number, text.splitlines()))
    rng = random.Random(options.seed)
    for _ in range(options.dictionary_rules):
        write(dictionary_rule_plist(number, rng))
    print(f"wrote {number} folders to {options.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
