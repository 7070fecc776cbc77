"""Facts every packaging step shares: names, identifiers and the version from pyproject.toml."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGING_DIR = REPO_ROOT / "packaging"
PYPROJECT = REPO_ROOT / "pyproject.toml"
ICON_SVG = REPO_ROOT / "resources" / "icons" / "uwr-desktop.svg"

DISPLAY_NAME = "UWR Desktop"
EXECUTABLE = "uwr-desktop"
APP_ID = "io.github.uwrdesktop.UWRDesktop"
MIME_TYPE = "application/x-uwr-encounter"
MIME_ICON = "application-x-uwr-encounter"
FILE_EXTENSION = "uwr"
MAC_UTI = "io.github.uwrdesktop.encounter"
HOMEPAGE = "https://github.com/uwr-desktop/uwr-desktop"
MAINTAINER = "UWR Desktop team <uwr-desktop@users.noreply.github.com>"

_PEP440 = re.compile(
    r"^(?P<release>\d+(?:\.\d+)*)"
    r"(?:(?P<pre_label>a|b|rc)(?P<pre_num>\d+))?"
    r"(?:\.post(?P<post>\d+))?"
    r"(?:\.dev(?P<dev>\d+))?$"
)


class PackagingError(Exception):
    """A packaging step cannot go on; the message says what is wrong and how to fix it."""


@dataclass(frozen=True)
class ProjectInfo:
    """What pyproject.toml says about the app."""

    name: str
    version: str
    summary: str
    license: str

    @property
    def numeric_version(self) -> tuple[int, int, int, int]:
        """The release part as four integers (Windows version resources and NSIS want this)."""
        match = _PEP440.match(self.version)
        if match is None:
            raise PackagingError(f"version {self.version!r} is not a PEP 440 release version")
        parts = [int(part) for part in match["release"].split(".")][:4]
        padded = (*parts, 0, 0, 0, 0)
        return padded[0], padded[1], padded[2], padded[3]

    @property
    def debian_version(self) -> str:
        """The version spelled so that dpkg sorts pre-releases before the release."""
        match = _PEP440.match(self.version)
        if match is None:
            raise PackagingError(f"version {self.version!r} is not a PEP 440 release version")
        text = match["release"]
        if match["pre_label"]:
            text += f"~{match['pre_label']}{match['pre_num']}"
        if match["post"]:
            text += f"+post{match['post']}"
        if match["dev"]:
            text += f"~dev{match['dev']}"
        return text


def read_project_info(pyproject: Path = PYPROJECT) -> ProjectInfo:
    """Read the name, version, summary and licence of the app from ``pyproject.toml``."""
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise PackagingError(f"{pyproject} is missing: run from a checkout of the app") from error
    except tomllib.TOMLDecodeError as error:
        raise PackagingError(f"{pyproject} is not valid TOML: {error}") from error
    project = data.get("project")
    if not isinstance(project, dict):
        raise PackagingError(f"{pyproject} has no [project] table")
    fields: dict[str, str] = {}
    for key in ("name", "version", "description", "license"):
        value = project.get(key)
        if not isinstance(value, str) or not value.strip():
            raise PackagingError(f"{pyproject}: [project] needs a non-empty string {key!r}")
        fields[key] = value.strip()
    if _PEP440.match(fields["version"]) is None:
        raise PackagingError(
            f"{pyproject}: version {fields['version']!r} must look like 1.2.3, 1.2.3rc1 or "
            "1.2.3.dev4"
        )
    return ProjectInfo(
        name=fields["name"],
        version=fields["version"],
        summary=fields["description"],
        license=fields["license"],
    )
