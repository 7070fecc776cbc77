"""Sign a frozen .app bundle for notarisation: inside out, hardened runtime, no ``--deep``.

    python packaging/macos_sign.py APP IDENTITY

Apple's rule is to sign each piece of code on its own, the innermost first, then the bundle
that holds it (``--deep`` applies one set of options to everything and is meant for checking,
not signing). So: every loose Mach-O library or plug-in, then each framework, deepest first,
then the app with the entitlements its Python and Qt need (``macos/entitlements.plist``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from project import PACKAGING_DIR

ENTITLEMENTS = PACKAGING_DIR / "macos" / "entitlements.plist"
_MACHO_MAGICS = (
    b"\xcf\xfa\xed\xfe",  # 64-bit, little-endian
    b"\xce\xfa\xed\xfe",  # 32-bit, little-endian
    b"\xca\xfe\xba\xbe",  # universal
    b"\xca\xfe\xba\xbf",  # universal, 64-bit offsets
)


def is_macho(path: Path) -> bool:
    """Say whether ``path`` is a Mach-O binary (a library, plug-in or program)."""
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as handle:
        return handle.read(4) in _MACHO_MAGICS


def _inside_framework(path: Path, app: Path) -> bool:
    return any(part.endswith(".framework") for part in path.relative_to(app).parts[:-1])


def signing_order(app: Path) -> list[tuple[Path, bool]]:
    """What to sign, in order, each with whether it takes the entitlements (only the app).

    Loose binaries first (the main program excepted: signing the app signs it), deepest
    first; then frameworks, deepest first; the app last.
    """
    main_program = app / "Contents" / "MacOS"
    binaries = [
        path
        for path in app.rglob("*")
        if is_macho(path)
        and not _inside_framework(path, app)
        and not path.is_relative_to(main_program)
    ]
    frameworks = [
        path for path in app.rglob("*.framework") if path.is_dir() and not path.is_symlink()
    ]

    def deepest_first(path: Path) -> tuple[int, str]:
        return -len(path.parts), path.as_posix()

    return [
        *((path, False) for path in sorted(binaries, key=deepest_first)),
        *((path, False) for path in sorted(frameworks, key=deepest_first)),
        (app, True),
    ]


def codesign_command(target: Path, identity: str, entitlements: bool) -> list[str]:
    """The ``codesign`` call for one piece: hardened runtime and a secure timestamp."""
    command = ["codesign", "--force", "--timestamp", "--options", "runtime"]
    if entitlements:
        command += ["--entitlements", str(ENTITLEMENTS)]
    return [*command, "--sign", identity, str(target)]


def main(argv: list[str] | None = None) -> int:
    """Sign every piece of the bundle, then verify the whole."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python packaging/macos_sign.py APP IDENTITY", file=sys.stderr)
        return 2
    app, identity = Path(args[0]), args[1]
    if app.suffix != ".app" or not app.is_dir():
        print(f"error: {app} is not an .app bundle", file=sys.stderr)
        return 1
    order = signing_order(app)
    for target, entitlements in order:
        subprocess.run(codesign_command(target, identity, entitlements), check=True)
    subprocess.run(["codesign", "--verify", "--strict", "--verbose=2", str(app)], check=True)
    print(f"signed {len(order)} pieces of {app.name}, the app last")
    return 0


if __name__ == "__main__":
    sys.exit(main())
