"""The oldest macOS the app runs on, worked out rather than typed by hand.

    python packaging/macos_minimum.py [--arch arm64|x86_64] [--build-os 15] [--check-app APP]

From ``uv.lock``: for each package the app ships, the macOS wheel uv installs for the pinned
Python on the build machine (the newest platform tag the build's macOS accepts) says the oldest
macOS it runs on; the app needs the newest of those. The PyInstaller spec writes that figure
into the bundle's ``LSMinimumSystemVersion``. With ``--check-app`` the script also reads every
Mach-O binary in the built bundle (its ``LC_BUILD_VERSION`` or ``LC_VERSION_MIN_MACOSX``) and
fails if the bundle claims less than any binary needs, or other than the lock file says.
"""

from __future__ import annotations

import argparse
import plistlib
import re
import struct
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from packaging.markers import Marker
from packaging.utils import parse_wheel_filename
from project import REPO_ROOT, PackagingError, read_project_info

LOCK_FILE = REPO_ROOT / "uv.lock"
PYTHON_VERSION_FILE = REPO_ROOT / ".python-version"

Version = tuple[int, int]

_MACOS_TAG = re.compile(r"^macosx_(\d+)_(\d+)_(\w+)$")
_ARCH_TAGS = {
    "arm64": {"arm64", "universal2"},
    "x86_64": {"x86_64", "universal2", "universal", "intel"},
}
_CPU_TYPES = {"arm64": 0x0100000C, "x86_64": 0x01000007}
_LC_VERSION_MIN_MACOSX = 0x24
_LC_BUILD_VERSION = 0x32
_PLATFORM_MACOS = 1


def pinned_python(path: Path = PYTHON_VERSION_FILE) -> Version:
    """The Python the builds use, from ``.python-version`` (``3.11``)."""
    text = path.read_text(encoding="utf-8").strip()
    match = re.fullmatch(r"(\d+)\.(\d+)", text)
    if match is None:
        raise PackagingError(f"{path} says {text!r}; it must name a minor version like 3.11")
    return int(match[1]), int(match[2])


def wheel_minimum(filename: str, arch: str, python: Version) -> Version | None:
    """The oldest macOS a wheel runs on, or ``None`` if it is not for ``arch`` and ``python``."""
    _name, _version, _build, tags = parse_wheel_filename(filename)
    best: Version | None = None
    for tag in tags:
        if not _python_fits(tag.interpreter, tag.abi, python):
            continue
        match = _MACOS_TAG.match(tag.platform)
        if match is None or match[3] not in _ARCH_TAGS[arch]:
            continue
        found = (int(match[1]), int(match[2]))
        best = found if best is None else min(best, found)
    return best


def _python_fits(interpreter: str, abi: str, python: Version) -> bool:
    cpython = f"cp{python[0]}{python[1]}"
    if interpreter in (f"py{python[0]}", f"py{python[0]}{python[1]}") and abi == "none":
        return True
    if abi == "abi3" and interpreter.startswith(f"cp{python[0]}"):
        return int(interpreter[3:] or 0) <= python[1]
    return interpreter == cpython and abi in (cpython, "none")


def _environment(arch: str, python: Version) -> dict[str, str]:
    return {
        "python_version": f"{python[0]}.{python[1]}",
        "python_full_version": f"{python[0]}.{python[1]}.0",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "sys_platform": "darwin",
        "platform_system": "Darwin",
        "os_name": "posix",
        "platform_machine": arch,
    }


def _shipped_packages(lock: dict, arch: str, python: Version) -> Iterator[dict]:
    """The lock's package entries the app ships on macOS: its run-time dependencies, walked."""
    packages: dict[str, list[dict]] = {}
    for entry in lock.get("package", []):
        packages.setdefault(entry["name"], []).append(entry)
    environment = _environment(arch, python)
    app = read_project_info().name
    todo = [packages[app][0]]
    seen: set[tuple[str, str]] = set()
    while todo:
        entry = todo.pop()
        key = (entry["name"], entry.get("version", ""))
        if key in seen:
            continue
        seen.add(key)
        yield entry
        for dependency in entry.get("dependencies", []):
            marker = dependency.get("marker")
            if marker and not Marker(marker).evaluate(environment):
                continue
            candidates = packages.get(dependency["name"], [])
            if "version" in dependency:
                candidates = [c for c in candidates if c.get("version") == dependency["version"]]
            todo.extend(candidates[:1])


def lock_minimum(
    arch: str, build_os: Version, python: Version, lock_path: Path = LOCK_FILE
) -> tuple[Version, str]:
    """The oldest macOS the app's wheels allow on ``arch``, and the package that sets it."""
    if arch not in _ARCH_TAGS:
        raise PackagingError(f"unknown Mac architecture {arch!r}: use arm64 or x86_64")
    lock = tomllib.loads(lock_path.read_text(encoding="utf-8"))
    minimum: Version = (10, 9)
    culprit = "Python"
    for entry in _shipped_packages(lock, arch, python):
        floors = [
            found
            for wheel in entry.get("wheels", [])
            if (found := wheel_minimum(wheel["url"].rsplit("/", 1)[-1], arch, python))
            and found <= build_os
        ]
        # uv installs the wheel with the newest platform tag the build machine accepts.
        if floors and max(floors) > minimum:
            minimum, culprit = max(floors), f"{entry['name']} {entry.get('version', '')}".strip()
    return minimum, culprit


def _slices(data: bytes) -> Iterator[tuple[int, bytes]]:
    """Each architecture slice of a Mach-O file as (CPU type, bytes)."""
    if len(data) < 8:
        return
    (magic,) = struct.unpack_from(">I", data)
    if magic in (0xCAFEBABE, 0xCAFEBABF):
        (count,) = struct.unpack_from(">I", data, 4)
        wide = magic == 0xCAFEBABF
        size = 32 if wide else 20
        if count > 64:  # a Java class file shares the magic number
            return
        for index in range(count):
            at = 8 + index * size
            if wide:
                cpu, _sub, offset, length = struct.unpack_from(">iiQQ", data, at)
            else:
                cpu, _sub, offset, length = struct.unpack_from(">iiII", data, at)
            yield cpu, data[offset : offset + length]
        return
    (little,) = struct.unpack_from("<I", data)
    if little in (0xFEEDFACF, 0xFEEDFACE):
        yield struct.unpack_from("<i", data, 4)[0], data


def binary_minimum(data: bytes, arch: str) -> Version | None:
    """The oldest macOS a Mach-O binary's ``arch`` slice runs on; ``None`` if not Mach-O."""
    for cpu, body in _slices(data):
        if cpu != _CPU_TYPES[arch]:
            continue
        (magic,) = struct.unpack_from("<I", body)
        header = 32 if magic == 0xFEEDFACF else 28
        (count,) = struct.unpack_from("<I", body, 16)
        at = header
        for _ in range(count):
            command, size = struct.unpack_from("<II", body, at)
            if command == _LC_BUILD_VERSION:
                platform, packed = struct.unpack_from("<II", body, at + 8)
                if platform == _PLATFORM_MACOS:
                    return packed >> 16, (packed >> 8) & 0xFF
            elif command == _LC_VERSION_MIN_MACOSX:
                (packed,) = struct.unpack_from("<I", body, at + 8)
                return packed >> 16, (packed >> 8) & 0xFF
            at += size
    return None


def bundle_minimums(app: Path, arch: str) -> dict[Path, Version]:
    """Every Mach-O binary in a bundle with the oldest macOS it runs on."""
    found = {}
    for path in sorted(app.rglob("*")):
        if path.is_file() and not path.is_symlink():
            minimum = binary_minimum(path.read_bytes(), arch)
            if minimum is not None:
                found[path] = minimum
    return found


def _text(version: Version) -> str:
    return f"{version[0]}.{version[1]}"


def check_app(app: Path, arch: str, expected: Version) -> list[str]:
    """What is wrong with the minimum the bundle states; empty when it is right."""
    plist = plistlib.loads((app / "Contents" / "Info.plist").read_bytes())
    stated_text = str(plist.get("LSMinimumSystemVersion", ""))
    stated = tuple(int(part) for part in stated_text.split(".")[:2] if part.isdigit())
    problems = []
    if stated != expected:
        problems.append(
            f"Info.plist states macOS {stated_text or '(nothing)'}, the lock file's wheels "
            f"need {_text(expected)}"
        )
    for path, needed in bundle_minimums(app, arch).items():
        if needed > stated:
            problems.append(f"{path.relative_to(app).as_posix()} needs macOS {_text(needed)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Print the minimum; with ``--check-app``, check a built bundle against it."""
    parser = argparse.ArgumentParser(prog="packaging/macos_minimum.py", description=__doc__)
    parser.add_argument("--arch", choices=sorted(_ARCH_TAGS), default="arm64")
    parser.add_argument(
        "--build-os", type=int, default=15, help="major macOS version of the build machine"
    )
    parser.add_argument("--check-app", type=Path, default=None, help="a built .app bundle")
    args = parser.parse_args(argv)
    try:
        minimum, culprit = lock_minimum(args.arch, (args.build_os, 99), pinned_python())
    except PackagingError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"macOS {_text(minimum)} on {args.arch} (set by {culprit})")
    if args.check_app is not None:
        problems = check_app(args.check_app, args.arch, minimum)
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        if problems:
            return 1
        print(f"{args.check_app} states macOS {_text(minimum)}, and no binary needs more")
    return 0


if __name__ == "__main__":
    sys.exit(main())
