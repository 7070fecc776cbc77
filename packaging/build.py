"""Build UWR Desktop's installers from a checkout.

    uv run python packaging/build.py [--format app|deb|nsis|dmg|all] [--fast] [--app-dir DIR]

``app`` only freezes the app with PyInstaller (a folder, or an .app bundle on macOS); ``deb``,
``nsis`` and ``dmg`` freeze it and wrap it in an installer; ``all`` (the default) builds every
installer this system can make. ``--app-dir`` skips the freeze and packages an app frozen before
(the NSIS script can be checked on Linux this way against any folder). ``--fast`` trades size
for speed (low compression), for CI.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

from icons import write_icns, write_ico
from project import (
    DISPLAY_NAME,
    EXECUTABLE,
    ICON_SVG,
    PACKAGING_DIR,
    REPO_ROOT,
    PackagingError,
    ProjectInfo,
    read_project_info,
)

SPEC_FILE = PACKAGING_DIR / "uwr-desktop.spec"
NSIS_SCRIPT = PACKAGING_DIR / "windows" / "uwr-desktop.nsi"
FORMATS = ("app", "deb", "nsis", "dmg", "all")
HDIUTIL_ATTEMPTS = 5


def native_formats(system: str) -> tuple[str, ...]:
    """The installers ``--format all`` builds on ``system`` (a ``platform.system()`` name)."""
    installers = {"Linux": ("deb",), "Windows": ("nsis",), "Darwin": ("dmg",)}
    if system not in installers:
        raise PackagingError(f"no installer is made on {system}: use Linux, Windows or macOS")
    return installers[system]


def frozen_app_path(dist_dir: Path, system: str) -> Path:
    """Where the freeze leaves the app: a folder, or the .app bundle on macOS."""
    if system == "Darwin":
        return dist_dir / f"{DISPLAY_NAME}.app"
    return dist_dir / EXECUTABLE


def freeze(dist_dir: Path, work_dir: Path, system: str) -> Path:
    """Freeze the app with PyInstaller and the spec file; return the frozen app."""
    icon: Path | None = None
    if system == "Windows":
        icon = write_ico(ICON_SVG, work_dir / "icons" / "uwr-desktop.ico")
    elif system == "Darwin":
        icon = write_icns(ICON_SVG, work_dir / "icons" / "uwr-desktop.icns")
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist_dir),
        "--workpath",
        str(work_dir / "pyinstaller"),
        str(SPEC_FILE),
    ]
    if icon is not None:
        command += ["--", "--icon", str(icon)]
    print("==> Freezing the app with PyInstaller", flush=True)
    subprocess.run(command, check=True, cwd=REPO_ROOT)
    app = frozen_app_path(dist_dir, system)
    if not app.exists():
        raise PackagingError(f"PyInstaller finished but {app} is missing")
    return app


def find_makensis() -> str:
    """Locate NSIS's compiler: on the PATH, or where the Windows installer of NSIS puts it."""
    found = shutil.which("makensis")
    if found:
        return found
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES")):
        if base and (Path(base) / "NSIS" / "makensis.exe").is_file():
            return str(Path(base) / "NSIS" / "makensis.exe")
    raise PackagingError(
        "makensis is missing: install NSIS (apt-get install nsis, or nsis.sourceforge.io)"
    )


def nsis_defines(
    info: ProjectInfo, app_dir: Path, out_file: Path, icon: Path, fast: bool
) -> list[str]:
    """The ``-D`` options that feed the NSIS script its version, payload and output."""
    quad = ".".join(str(part) for part in info.numeric_version)
    defines = [
        f"-DVERSION={info.version}",
        f"-DVERSION_QUAD={quad}",
        f"-DAPP_DIR={app_dir}",
        f"-DOUT_FILE={out_file}",
        f"-DICON={icon}",
    ]
    if fast:
        defines.append("-DFAST")
    return defines


def build_nsis(
    info: ProjectInfo, app_dir: Path, dist_dir: Path, work_dir: Path, fast: bool
) -> Path:
    """Compile the per-user Windows installer around the frozen app in ``app_dir``."""
    makensis = find_makensis()
    if not app_dir.is_dir() or not any(app_dir.iterdir()):
        raise PackagingError(f"{app_dir} is not a folder with the frozen app in it")
    icon = write_ico(ICON_SVG, work_dir / "icons" / "uwr-desktop.ico")
    dist_dir.mkdir(parents=True, exist_ok=True)
    out_file = (dist_dir / f"{EXECUTABLE}-{info.version}-windows-x64-setup.exe").resolve()
    print("==> Compiling the Windows installer with NSIS", flush=True)
    subprocess.run(
        [
            makensis,
            "-V2",
            *nsis_defines(info, app_dir.resolve(), out_file, icon.resolve(), fast),
            str(NSIS_SCRIPT),
        ],
        check=True,
    )
    return out_file


def build_dmg(info: ProjectInfo, app: Path, dist_dir: Path, work_dir: Path, fast: bool) -> Path:
    """Put the .app bundle in a compressed disk image with a link to /Applications."""
    hdiutil = shutil.which("hdiutil")
    if hdiutil is None:
        raise PackagingError("hdiutil is missing: the .dmg can only be made on macOS")
    if app.suffix != ".app" or not app.is_dir():
        raise PackagingError(f"{app} is not an .app bundle")
    staging = work_dir / "dmg"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    shutil.copytree(app, staging / app.name, symlinks=True)
    (staging / "Applications").symlink_to("/Applications")
    dist_dir.mkdir(parents=True, exist_ok=True)
    target = dist_dir / f"{EXECUTABLE}-{info.version}-macos-{platform.machine()}.dmg"
    print("==> Making the disk image", flush=True)
    # hdiutil fails now and then on hosted runners ("Resource busy"): try again.
    run_with_retries(
        [
            hdiutil,
            "create",
            "-volname",
            DISPLAY_NAME,
            "-srcfolder",
            str(staging),
            "-ov",
            "-format",
            "UDZO",
            "-imagekey",
            f"zlib-level={1 if fast else 9}",
            str(target),
        ],
    )
    return target


def run_with_retries(
    command: list[str], attempts: int = HDIUTIL_ATTEMPTS, pause: float = 5.0
) -> None:
    """Run ``command``; if it fails, wait and run it again, up to ``attempts`` times in all.

    The last failure is raised (``subprocess.CalledProcessError``).
    """
    for attempt in range(1, attempts + 1):
        try:
            subprocess.run(command, check=True)
            return
        except subprocess.CalledProcessError as error:
            if attempt == attempts:
                raise
            print(
                f"{Path(command[0]).name} failed with exit code {error.returncode} "
                f"(attempt {attempt} of {attempts}); trying again in {pause:.0f} s",
                flush=True,
            )
            time.sleep(pause)
            pause *= 2


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Read the command line of the build script."""
    parser = argparse.ArgumentParser(
        prog="packaging/build.py", description="Freeze UWR Desktop and build its installers."
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="all",
        help="what to build (default: every installer this system can make)",
    )
    parser.add_argument(
        "--fast", action="store_true", help="low compression: quicker builds, bigger files"
    )
    parser.add_argument(
        "--app-dir",
        type=Path,
        default=None,
        help="package this already frozen app instead of freezing it again",
    )
    parser.add_argument("--dist", type=Path, default=REPO_ROOT / "dist", help="output folder")
    parser.add_argument(
        "--work", type=Path, default=REPO_ROOT / "build", help="folder for intermediate files"
    )
    return parser.parse_args(argv)


def run(args: argparse.Namespace, system: str) -> list[Path]:
    """Build what ``args`` asks for on ``system``; return the files made."""
    info = read_project_info()
    wanted = native_formats(system) if args.format == "all" else (args.format,)
    cross = {"deb": "Linux", "dmg": "Darwin"}
    for name in wanted:
        if name in cross and cross[name] != system:
            raise PackagingError(f"a {name} can only be built on {cross[name]}, not on {system}")
    if "nsis" in wanted and system != "Windows" and args.app_dir is None:
        raise PackagingError(
            "the Windows installer needs a Windows freeze: on other systems pass --app-dir "
            "with a folder to wrap (a stand-in payload checks the script)"
        )
    dist_dir: Path = args.dist.resolve()
    work_dir: Path = args.work.resolve()
    work_dir.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    if args.app_dir is not None:
        app = args.app_dir.resolve()
        if not app.exists():
            raise PackagingError(f"--app-dir {args.app_dir} does not exist")
    else:
        app = freeze(dist_dir, work_dir, system)
        made.append(app)
    for name in wanted:
        if name == "deb":
            from deb import build_deb

            made.append(build_deb(app, info, dist_dir, work_dir, args.fast))
        elif name == "nsis":
            made.append(build_nsis(info, app, dist_dir, work_dir, args.fast))
        elif name == "dmg":
            made.append(build_dmg(info, app, dist_dir, work_dir, args.fast))
    return made


def _size_mib(path: Path) -> float:
    if path.is_dir():
        total = sum(
            item.stat().st_size
            for item in path.rglob("*")
            if item.is_file() and not item.is_symlink()
        )
    else:
        total = path.stat().st_size
    return total / 2**20


def main(argv: list[str] | None = None) -> int:
    """Build, print what was made, and return the exit code."""
    args = parse_args(argv)
    try:
        made = run(args, platform.system())
    except PackagingError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        command = " ".join(str(part) for part in error.cmd[:2])
        print(f"error: {command} failed with exit code {error.returncode}", file=sys.stderr)
        return 1
    for path in made:
        print(f"built {path} ({_size_mib(path):.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
