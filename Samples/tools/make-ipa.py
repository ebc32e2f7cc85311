#!/usr/bin/env python3
"""Regenerate Samples/Packaged/Woodgrove.ipa, a small fake .ipa for discovery tests.

The archive holds what `sharelint lint` looks at in a built app:

    Payload/
    Payload/Woodgrove.app/
    Payload/Woodgrove.app/Info.plist                               binary plist
    Payload/Woodgrove.app/PkgInfo
    Payload/Woodgrove.app/Woodgrove                                fake executable
    Payload/Woodgrove.app/PlugIns/
    Payload/Woodgrove.app/PlugIns/WoodgroveShare.appex/
    Payload/Woodgrove.app/PlugIns/WoodgroveShare.appex/Info.plist  binary plist
    Payload/Woodgrove.app/PlugIns/WoodgroveShare.appex/WoodgroveShare  fake executable

There is no embedded.mobileprovision and no code signature, so no entitlements.
The plists are what Xcode leaves in a built product: build settings expanded and
the DT*/BuildMachineOSBuild keys added. Planted mistakes (see Samples/README.md):
no msauth.<bundle id> URL scheme although ADALRedirectUri uses it (US007), and a
share-extension rule with an aggregate compared without ANY (AR010) and a
misspelled UTI, public.jpg (AR011).

The output is deterministic (fixed timestamps, sorted keys), so re-running without
edits changes nothing. `--check` compares the archive's entries (names, modes and
uncompressed bytes), not the compressed bytes, which depend on the zlib version.

Usage:
    python3 Samples/tools/make-ipa.py           # write Samples/Packaged/Woodgrove.ipa
    python3 Samples/tools/make-ipa.py --check   # exit 1 if the committed file is out of date
"""
import io
import pathlib
import plistlib
import sys
import zipfile

SAMPLES = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = SAMPLES / "Packaged" / "Woodgrove.ipa"
SIZE_LIMIT = 20 * 1024
DATE = (2025, 6, 2, 9, 41, 0)

MTD = ["smart-ns", "zips", "lacoonsecurity", "wandera", "lookoutwork-ase", "skycure",
       "betteractiveshield", "smsec", "mvisionmobile", "scmx", "intunemam-mtd"]

BUILT = {
    "BuildMachineOSBuild": "24F74",
    "DTCompiler": "com.apple.compilers.llvm.clang.1_0",
    "DTPlatformBuild": "22F76",
    "DTPlatformName": "iphoneos",
    "DTPlatformVersion": "18.5",
    "DTSDKBuild": "22F76",
    "DTSDKName": "iphoneos18.5",
    "DTXcode": "1640",
    "DTXcodeBuild": "16F6",
    "MinimumOSVersion": "17.0",
}

APP = {
    **BUILT,
    "CFBundleDevelopmentRegion": "en",
    "CFBundleDisplayName": "Woodgrove Advisor",
    "CFBundleExecutable": "Woodgrove",
    "CFBundleIdentifier": "com.woodgrovebank.advisor",
    "CFBundleInfoDictionaryVersion": "6.0",
    "CFBundleName": "Woodgrove",
    "CFBundlePackageType": "APPL",
    "CFBundleShortVersionString": "5.0.1",
    "CFBundleSupportedPlatforms": ["iPhoneOS"],
    # Planted (US007): msauth.com.woodgrovebank.advisor is not registered.
    "CFBundleURLTypes": [{
        "CFBundleTypeRole": "Editor",
        "CFBundleURLName": "com.woodgrovebank.advisor",
        "CFBundleURLSchemes": ["woodgrove-advisor", "woodgrove-advisor-intunemam"],
    }],
    "CFBundleVersion": "501",
    "IntuneMAMSettings": {
        "ADALAuthority": "https://login.microsoftonline.com/organizations",
        "ADALClientId": "d41c7b3e-96a2-4f5d-b8e1-0a7c3f92e6d5",
        "ADALRedirectUri": "msauth.com.woodgrovebank.advisor://auth",
    },
    "LSApplicationQueriesSchemes": [
        "msteams", "msteams-intunemam",
        "http-intunemam", "https-intunemam",
        "microsoft-edge-http", "microsoft-edge-http-intunemam",
        "microsoft-edge-https", "microsoft-edge-https-intunemam",
        "ms-outlook", "ms-outlook-intunemam",
        "companyportal", "msauthv2", "msauthv3",
    ] + MTD,
    "LSRequiresIPhoneOS": True,
    "NSFaceIDUsageDescription": "Woodgrove Advisor uses Face ID to protect client portfolios.",
    "UIDeviceFamily": [1, 2],
    "UILaunchStoryboardName": "LaunchScreen",
    "UIRequiredDeviceCapabilities": ["arm64"],
    "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
    "UISupportedInterfaceOrientations~ipad": [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
        "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
    ],
}

# Planted: no ANY before $attachment.registeredTypeIdentifiers (AR010) and the UTI
# "public.jpg" (AR011; the real one is public.jpeg), copied into the MAM twin too,
# as a mechanical augmentation would.
SHARE_RULE = (
    "SUBQUERY (extensionItems, $extensionItem, SUBQUERY ($extensionItem.attachments, $attachment, "
    "(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.adobe.pdf\" || "
    "$attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.jpg\") || "
    "(ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.microsoft.intune.mam.com.adobe.pdf\" || "
    "$attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"com.microsoft.intune.mam.public.jpg\")"
    ").@count >= 1).@count == 1"
)

SHARE = {
    **BUILT,
    "CFBundleDevelopmentRegion": "en",
    "CFBundleDisplayName": "Woodgrove Advisor",
    "CFBundleExecutable": "WoodgroveShare",
    "CFBundleIdentifier": "com.woodgrovebank.advisor.share",
    "CFBundleInfoDictionaryVersion": "6.0",
    "CFBundleName": "WoodgroveShare",
    "CFBundlePackageType": "XPC!",
    "CFBundleShortVersionString": "5.0.1",
    "CFBundleSupportedPlatforms": ["iPhoneOS"],
    "CFBundleVersion": "501",
    "IntuneMAMSettings": {"ContainingAppBundleId": "com.woodgrovebank.advisor"},
    "NSExtension": {
        "NSExtensionAttributes": {"NSExtensionActivationRule": SHARE_RULE},
        "NSExtensionMainStoryboard": "MainInterface",
        "NSExtensionPointIdentifier": "com.apple.share-services",
    },
    "UIDeviceFamily": [1, 2],
    "UIRequiredDeviceCapabilities": ["arm64"],
}


def fake_macho(name: str) -> bytes:
    """64 bytes that start like an arm64 Mach-O executable; not runnable."""
    header = bytes.fromhex("cffaedfe" "0c000001" "00000000" "02000000")  # MH_MAGIC_64, ARM64, MH_EXECUTE
    body = ("sharelint sample: " + name).encode("ascii")
    return (header + body).ljust(64, b"\0")


def bplist(value) -> bytes:
    data = plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=True)
    assert data.startswith(b"bplist00")
    return data


def entries():
    app = "Payload/Woodgrove.app/"
    appex = app + "PlugIns/WoodgroveShare.appex/"
    return [
        ("Payload/", None, 0o755),
        (app, None, 0o755),
        (app + "Info.plist", bplist(APP), 0o644),
        (app + "PkgInfo", b"APPL????", 0o644),
        (app + "PlugIns/", None, 0o755),
        (appex, None, 0o755),
        (appex + "Info.plist", bplist(SHARE), 0o644),
        (appex + "WoodgroveShare", fake_macho("WoodgroveShare"), 0o755),
        (app + "Woodgrove", fake_macho("Woodgrove"), 0o755),
    ]


def build() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data, mode in entries():
            info = zipfile.ZipInfo(name, date_time=DATE)
            info.create_system = 3  # Unix, so the mode bits below are honoured
            if data is None:
                info.external_attr = (0o040000 | mode) << 16 | 0x10
                archive.writestr(info, b"")
            else:
                info.external_attr = (0o100000 | mode) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)
    data = buffer.getvalue()
    assert len(data) < SIZE_LIMIT, f"{len(data)} bytes"
    return data


def contents(data: bytes):
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return [(i.filename, i.external_attr, i.date_time, archive.read(i))
                for i in archive.infolist()]


def main(argv: list[str]) -> int:
    data = build()
    rel = OUTPUT.relative_to(SAMPLES)
    if OUTPUT.exists() and contents(OUTPUT.read_bytes()) == contents(data):
        print(f"up to date  {rel} ({len(data)} bytes)")
        return 0
    if "--check" in argv[1:]:
        print(f"STALE       {rel}", file=sys.stderr)
        return 1
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    tmp = OUTPUT.with_name(OUTPUT.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(OUTPUT)
    print(f"wrote       {rel} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
