"""Build the Linux .deb: the frozen app under /opt, a launcher, desktop integration, Depends."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import stat
import subprocess
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from deb_archive import md5sums_text, write_deb
from icons import LINUX_ICON_SIZES, write_pngs
from project import (
    APP_ID,
    EXECUTABLE,
    HOMEPAGE,
    ICON_SVG,
    MAINTAINER,
    MIME_ICON,
    PACKAGING_DIR,
    PackagingError,
    ProjectInfo,
)

LINUX_DIR = PACKAGING_DIR / "linux"
DESKTOP_FILE = LINUX_DIR / f"{APP_ID}.desktop"
METAINFO_FILE = LINUX_DIR / f"{APP_ID}.metainfo.xml"
MIME_FILE = LINUX_DIR / "uwr-desktop-mime.xml"
INSTALL_DIR = f"/opt/{EXECUTABLE}"

_LDD_RESOLVED = re.compile(r"^\s*(\S+) => (/\S+) \(0x[0-9a-f]+\)$")
_LDD_MISSING = re.compile(r"^\s*(\S+) => not found$")
_GLIBC_VERSION = re.compile(rb"GLIBC_2\.(\d+)(?:\.\d+)?\x00")
_NEEDED = re.compile(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]")


def launcher_script() -> str:
    """The ``/usr/bin/uwr-desktop`` script: it runs the frozen app with the same arguments."""
    return f'#!/bin/sh\nexec {INSTALL_DIR}/{EXECUTABLE} "$@"\n'


def preinst_script() -> str:
    """The ``DEBIAN/preinst`` script: make ``/opt`` if the system lacks it.

    The package lists no ``/opt`` folder of its own (see ``deb_archive.NOT_OWNED``), and dpkg
    cannot unpack into a folder that neither the package nor the system has.
    """
    return "#!/bin/sh\nset -e\n[ -d /opt ] || mkdir -p /opt\n"


def metainfo_text(info: ProjectInfo, release_date: dt.date) -> str:
    """The AppStream metainfo with this release's version and date filled in."""
    template = METAINFO_FILE.read_text(encoding="utf-8")
    return template.replace("@VERSION@", info.version).replace("@DATE@", release_date.isoformat())


def release_date() -> dt.date:
    """The date of this build: ``SOURCE_DATE_EPOCH`` when set (reproducible builds), else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        try:
            return dt.datetime.fromtimestamp(int(epoch), tz=dt.UTC).date()
        except ValueError as error:
            raise PackagingError(
                f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds"
            ) from error
    return dt.datetime.now(tz=dt.UTC).date()


def _elf_files(app_dir: Path) -> list[Path]:
    found = []
    for path in sorted(app_dir.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as handle:
            if handle.read(4) == b"\x7fELF":
                found.append(path)
    return found


def _inspect(binary: Path, library_dir: Path) -> tuple[str, set[str]]:
    """Run ``ldd`` (every library the binary loads) and read its direct needs (``readelf``)."""
    # The frozen app's bootloader puts its _internal folder on the library path; so does this.
    env = {**os.environ, "LD_LIBRARY_PATH": str(library_dir)}
    loaded = subprocess.run(
        ["ldd", str(binary)], capture_output=True, text=True, env=env, check=False
    ).stdout
    dynamic = subprocess.run(
        ["readelf", "--dynamic", "--wide", str(binary)],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return loaded, set(_NEEDED.findall(dynamic))


def system_libraries(app_dir: Path) -> tuple[set[Path], dict[str, set[str]]]:
    """Find the system libraries the bundle links to directly, and those nowhere to be found.

    Returns the resolved system paths, and each missing library name with the bundled files
    that need it. Libraries that system libraries pull in are left to those packages' own
    dependencies.
    """
    for tool, package in (("ldd", "libc-bin"), ("readelf", "binutils")):
        if shutil.which(tool) is None:
            raise PackagingError(f"{tool} is missing: install the {package} package")
    library_dir = app_dir / "_internal"
    binaries = _elf_files(app_dir)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda binary: _inspect(binary, library_dir), binaries))
    needed = set().union(*(names for _, names in results))
    root = app_dir.resolve()
    resolved: set[Path] = set()
    missing: dict[str, set[str]] = {}
    for binary, (loaded, _) in zip(binaries, results, strict=True):
        for line in loaded.splitlines():
            if match := _LDD_RESOLVED.match(line):
                path = Path(match[2])
                if match[1] in needed and not path.resolve().is_relative_to(root):
                    resolved.add(path)
            elif match := _LDD_MISSING.match(line):
                missing.setdefault(match[1], set()).add(str(binary.relative_to(app_dir)))
    return resolved, missing


def _path_variants(path: Path) -> list[str]:
    # On merged-/usr systems dpkg may know a library by its /lib or its /usr/lib name.
    variants = []
    for candidate in (path, path.resolve()):
        text = str(candidate)
        variants.append(text)
        if text.startswith("/usr/"):
            variants.append(text.removeprefix("/usr"))
        else:
            variants.append("/usr" + text)
    return list(dict.fromkeys(variants))


def owning_packages(paths: Iterable[Path]) -> dict[Path, str]:
    """Map each system library to the Debian package that installed it (``dpkg -S``)."""
    paths = sorted(set(paths))
    variants = {path: _path_variants(path) for path in paths}
    queries = sorted({variant for group in variants.values() for variant in group})
    if not queries:
        return {}
    result = subprocess.run(
        ["dpkg-query", "-S", *queries], capture_output=True, text=True, check=False
    )
    owners: dict[str, str] = {}
    for line in result.stdout.splitlines():
        packages, _, file_path = line.partition(": ")
        if file_path and "diversion" not in packages:
            owners[file_path.strip()] = packages.split(",")[0].strip().split(":")[0]
    mapping: dict[Path, str] = {}
    unowned = []
    for path, group in variants.items():
        owner = next((owners[variant] for variant in group if variant in owners), None)
        if owner is None:
            unowned.append(str(path))
        else:
            mapping[path] = owner
    if unowned:
        raise PackagingError(
            "no Debian package owns these libraries the app loads, so the .deb cannot depend "
            "on them: " + ", ".join(unowned)
        )
    return mapping


def glibc_floor(app_dir: Path) -> tuple[int, int]:
    """The newest glibc symbol version any bundled binary asks for, as (2, minor)."""
    newest = 0
    for binary in _elf_files(app_dir):
        for match in _GLIBC_VERSION.finditer(binary.read_bytes()):
            newest = max(newest, int(match[1]))
    return 2, newest


def debian_depends(app_dir: Path) -> list[str]:
    """The ``Depends:`` list: the packages of every system library the bundle loads."""
    resolved, missing = system_libraries(app_dir)
    if missing:
        details = "; ".join(
            f"{name} (needed by {', '.join(sorted(users)[:3])})"
            for name, users in sorted(missing.items())
        )
        raise PackagingError(
            "the build machine lacks libraries the app needs, so their packages cannot be "
            f"found: {details}. Install them (apt-file search <name> tells which package) and "
            "build again."
        )
    packages = set(owning_packages(resolved).values())
    major, minor = glibc_floor(app_dir)
    packages.discard("libc6")
    return [f"libc6 (>= {major}.{minor})", *(depends_entry(name) for name in sorted(packages))]


def depends_entry(package: str) -> str:
    """One ``Depends:`` entry; a library renamed by the 64-bit time transition (Debian 13,
    Ubuntu 24.04: ``libssl3t64``) also accepts its older name, so a package built on a newer
    system still installs on Debian 12 and Ubuntu 22.04."""
    if package.endswith("t64"):
        return f"{package} | {package.removesuffix('t64')}"
    return package


def control_text(info: ProjectInfo, architecture: str, depends: list[str], size_kib: int) -> str:
    """The ``DEBIAN/control`` file of the package."""
    return (
        f"Package: {EXECUTABLE}\n"
        f"Version: {info.debian_version}\n"
        f"Architecture: {architecture}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {size_kib}\n"
        f"Depends: {', '.join(depends)}\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Homepage: {HOMEPAGE}\n"
        f"Description: {info.summary.rstrip('.')}\n"
        " UWR Desktop keeps a tabletop fight moving: who acts next, what each\n"
        " combatant has left this round, and every roll made with a click.\n"
    )


def copyright_text(info: ProjectInfo) -> str:
    """The ``/usr/share/doc/uwr-desktop/copyright`` file (machine-readable format)."""
    return (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        f"Upstream-Name: {EXECUTABLE}\n"
        f"Source: {HOMEPAGE}\n\n"
        "Files: *\n"
        "Copyright: UWR Desktop team\n"
        f"License: {info.license}\n"
        " The app bundles Python, Qt for Python (LGPL-3.0), NumPy, pyqtgraph, msgspec and\n"
        " platformdirs under their own licences.\n"
    )


def _normalise_modes(root: Path) -> None:
    for path in root.rglob("*"):
        if path.is_symlink():
            continue
        mode = path.stat().st_mode
        executable = path.is_dir() or mode & (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        path.chmod(0o755 if executable else 0o644)


def _installed_size_kib(root: Path) -> int:
    total = 0
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += (path.stat().st_size + 1023) // 1024
    return total


def stage_tree(app_dir: Path, info: ProjectInfo, staging: Path) -> None:
    """Lay out every file of the package (but DEBIAN/) under ``staging``."""
    if staging.exists():
        shutil.rmtree(staging)
    shutil.copytree(app_dir, staging / INSTALL_DIR.lstrip("/"), symlinks=True)
    launcher = staging / "usr" / "bin" / EXECUTABLE
    launcher.parent.mkdir(parents=True)
    launcher.write_text(launcher_script(), encoding="utf-8")
    launcher.chmod(0o755)

    share = staging / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(DESKTOP_FILE, share / "applications" / DESKTOP_FILE.name)
    (share / "metainfo").mkdir(parents=True)
    (share / "metainfo" / METAINFO_FILE.name).write_text(
        metainfo_text(info, release_date()), encoding="utf-8"
    )
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copy2(MIME_FILE, share / "mime" / "packages" / f"{EXECUTABLE}.xml")

    hicolor = share / "icons" / "hicolor"
    pngs = write_pngs(ICON_SVG, LINUX_ICON_SIZES, staging.parent / "icons")
    for size, png in pngs.items():
        for context, name in (("apps", EXECUTABLE), ("mimetypes", MIME_ICON)):
            folder = hicolor / f"{size}x{size}" / context
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copy2(png, folder / f"{name}.png")
    for context, name in (("apps", EXECUTABLE), ("mimetypes", MIME_ICON)):
        folder = hicolor / "scalable" / context
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ICON_SVG, folder / f"{name}.svg")

    doc = share / "doc" / EXECUTABLE
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_text(info), encoding="utf-8")
    _normalise_modes(staging)


def build_deb(app_dir: Path, info: ProjectInfo, out_dir: Path, work_dir: Path, fast: bool) -> Path:
    """Package the frozen app in ``app_dir`` as ``out_dir/uwr-desktop_<version>_<arch>.deb``."""
    for tool in ("dpkg-query", "dpkg"):
        if shutil.which(tool) is None:
            raise PackagingError(f"{tool} is missing: build the .deb on Debian or Ubuntu")
    if not (app_dir / EXECUTABLE).is_file():
        raise PackagingError(f"{app_dir} holds no frozen {EXECUTABLE}: freeze the app first")
    architecture = subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()
    depends = debian_depends(app_dir)
    staging = work_dir / "deb-root"
    stage_tree(app_dir, info, staging)
    size_kib = _installed_size_kib(staging)
    control_dir = work_dir / "deb-control"
    if control_dir.exists():
        shutil.rmtree(control_dir)
    control_dir.mkdir(mode=0o755, parents=True)
    (control_dir / "control").write_text(
        control_text(info, architecture, depends, size_kib), encoding="utf-8"
    )
    (control_dir / "md5sums").write_text(md5sums_text(staging), encoding="utf-8")
    (control_dir / "preinst").write_text(preinst_script(), encoding="utf-8")
    (control_dir / "preinst").chmod(0o755)
    _normalise_modes(control_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{EXECUTABLE}_{info.debian_version}_{architecture}.deb"
    print(f"==> Packing {target.name}", flush=True)
    write_deb(staging, control_dir, target, fast=fast)
    print(f"Depends: {', '.join(depends)}")
    print(f"installed size: {size_kib / 1024:.1f} MiB ({size_kib} KiB, the control file's figure)")
    return target
