"""Check that a release tag names the version in pyproject.toml: ``v`` + the version.

    python packaging/check_tag.py TAG

Exits 0 when it does, 1 with what to do when it does not. The release workflow runs it before
anything is built, so a tag pushed before the version bump fails in seconds, not after the
installers were made with the wrong version in them.
"""

from __future__ import annotations

import sys

from project import PackagingError, read_project_info


def expected_tag(version: str) -> str:
    """The tag a release of ``version`` carries."""
    return f"v{version}"


def tag_problem(tag: str, version: str) -> str | None:
    """Why ``tag`` cannot release ``version``, or ``None`` when it can."""
    if tag == expected_tag(version):
        return None
    return (
        f"the tag {tag!r} does not match the project's version {version!r}: tag the commit "
        f'{expected_tag(version)!r}, or set version = "{tag.removeprefix("v")}" in '
        "pyproject.toml and tag again"
    )


def main(argv: list[str] | None = None) -> int:
    """Compare the tag given on the command line with the project's version."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python packaging/check_tag.py TAG", file=sys.stderr)
        return 2
    try:
        version = read_project_info().version
    except PackagingError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    problem = tag_problem(args[0], version)
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return 1
    print(f"the tag {args[0]} releases version {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
