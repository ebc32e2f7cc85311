#!/usr/bin/env python3
"""Benchmarks/checkout-real-repositories.py DIR [--mirrors FOLDER]

Each repository of Benchmarks/real-repositories.tsv at its commit, as DIR/OWNER+NAME: a plain tree, no .git, what a
CI checkout holds (symbolic links as links). With --mirrors, from local bare mirrors FOLDER/OWNER+NAME/repo (as this
workplace's fetch leaves them, where the largest blobs may be absent: those files are left out, said once per
repository); otherwise cloned from GitHub (blobs fetched as needed).
"""
import os
import subprocess
import sys


def checkout(git_dir, commit, folder):
    listing = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", commit], check=True,
                             capture_output=True).stdout.split(b"\0")
    entries = []
    for line in listing:
        if not line:
            continue
        meta, path = line.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob":
            entries.append((mode, sha.decode(), path.decode("utf-8", "surrogateescape")))
    batch = subprocess.Popen(["git", "--git-dir", git_dir, "cat-file", "--batch"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE)
    missing = 0
    for mode, sha, path in entries:
        batch.stdin.write(sha.encode() + b"\n")
        batch.stdin.flush()
        header = batch.stdout.readline().split()
        if header[1] == b"missing":
            missing += 1
            continue
        data = batch.stdout.read(int(header[2]))
        batch.stdout.read(1)
        target = os.path.join(folder, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if mode == b"120000":
            os.symlink(data.decode("utf-8", "surrogateescape"), target)
        else:
            with open(target, "wb") as handle:
                handle.write(data)
            if mode == b"100755":
                os.chmod(target, 0o755)
    batch.stdin.close()
    batch.wait()
    return missing


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    destination, mirrors = arguments[0], None
    if arguments[1:2] == ["--mirrors"]:
        mirrors = arguments[2]
    listing = os.path.join(os.path.dirname(os.path.abspath(__file__)), "real-repositories.tsv")
    os.makedirs(destination, exist_ok=True)
    for line in open(listing).read().splitlines():
        if not line or line.startswith("#"):
            continue
        repository, commit = line.split("\t")[:2]
        folder = os.path.join(destination, repository.replace("/", "+"))
        if os.path.isdir(folder):
            print(f"{repository}: already there")
            continue
        if mirrors:
            git_dir = os.path.join(mirrors, repository.replace("/", "+"), "repo")
        else:
            git_dir = os.path.join(destination, ".git-" + repository.replace("/", "+"))
            if not os.path.isdir(git_dir):
                subprocess.run(["git", "clone", "--quiet", "--bare", "--filter=blob:none",
                                f"https://github.com/{repository}", git_dir], check=True)
        missing = checkout(git_dir, commit, folder)
        print(f"{repository}: {commit}" + (f" ({missing} files absent from the mirror left out)" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
