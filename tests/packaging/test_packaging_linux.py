"""The .deb's desktop integration: entry, MIME type, AppStream data, icons, control file."""

import configparser
import datetime as dt
import os
import stat
import xml.etree.ElementTree as ET

import pytest
from deb import (
    DESKTOP_FILE,
    INSTALL_DIR,
    METAINFO_FILE,
    MIME_FILE,
    control_text,
    glibc_floor,
    launcher_script,
    metainfo_text,
    release_date,
    stage_tree,
)
from icons import LINUX_ICON_SIZES
from project import (
    APP_ID,
    EXECUTABLE,
    FILE_EXTENSION,
    MIME_ICON,
    MIME_TYPE,
    PackagingError,
    read_project_info,
)

FREEDESKTOP_MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"


def _desktop_entry():
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(DESKTOP_FILE, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_launches_the_app_with_a_file_and_claims_uwr_files():
    entry = _desktop_entry()
    assert DESKTOP_FILE.name == f"{APP_ID}.desktop"
    assert entry["Type"] == "Application"
    assert entry["Name"] == "UWR Desktop"
    assert entry["Exec"] == f"{EXECUTABLE} %f"
    assert entry["Icon"] == EXECUTABLE
    assert MIME_TYPE in entry["MimeType"].split(";")
    assert entry["Terminal"] == "false"


def test_mime_type_maps_the_uwr_glob_to_the_encounter_type():
    root = ET.parse(MIME_FILE).getroot()
    types = root.findall(f"{FREEDESKTOP_MIME}mime-type")
    assert [item.get("type") for item in types] == [MIME_TYPE]
    globs = [glob.get("pattern") for glob in types[0].findall(f"{FREEDESKTOP_MIME}glob")]
    assert globs == [f"*.{FILE_EXTENSION}"]
    icon = types[0].find(f"{FREEDESKTOP_MIME}icon")
    assert icon is not None and icon.get("name") == MIME_ICON


def test_metainfo_names_the_app_its_entry_and_this_release():
    info = read_project_info()
    root = ET.fromstring(metainfo_text(info, dt.date(2026, 3, 1)))
    assert METAINFO_FILE.name == f"{APP_ID}.metainfo.xml"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP_FILE.name
    assert root.findtext("project_license") == info.license
    assert root.find("provides/mediatype").text == MIME_TYPE
    release = root.find("releases/release")
    assert release.get("version") == info.version
    assert release.get("date") == "2026-03-01"


def test_release_date_follows_source_date_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    assert release_date() == dt.date(2026, 1, 1)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(PackagingError, match="SOURCE_DATE_EPOCH='yesterday'"):
        release_date()


def test_control_file_carries_version_architecture_and_dependencies():
    info = read_project_info()
    text = control_text(info, "amd64", ["libc6 (>= 2.35)", "libxcb-cursor0"], 157000)
    fields = dict(
        line.split(": ", 1) for line in text.splitlines() if line and not line.startswith(" ")
    )
    assert fields["Package"] == EXECUTABLE
    assert fields["Version"] == info.debian_version
    assert fields["Architecture"] == "amd64"
    assert fields["Installed-Size"] == "157000"
    assert fields["Depends"] == "libc6 (>= 2.35), libxcb-cursor0"
    lines = text.splitlines()
    description = next(i for i, line in enumerate(lines) if line.startswith("Description: "))
    assert lines[description + 1 :], "the long description is missing"
    assert all(line.startswith(" ") for line in lines[description + 1 :])


def test_launcher_runs_the_frozen_app_with_all_arguments():
    script = launcher_script()
    assert script.startswith("#!/bin/sh\n")
    assert f'exec {INSTALL_DIR}/{EXECUTABLE} "$@"' in script


def test_glibc_floor_is_the_newest_symbol_version_any_binary_asks_for(tmp_path):
    (tmp_path / "a.so").write_bytes(b"\x7fELF" + b"\x00GLIBC_2.2.5\x00GLIBC_2.17\x00")
    (tmp_path / "b.so").write_bytes(b"\x7fELF" + b"\x00GLIBC_2.34\x00GLIBC_2.4\x00")
    (tmp_path / "notes.txt").write_bytes(b"GLIBC_2.99\x00 is text, not a binary")
    assert glibc_floor(tmp_path) == (2, 34)


def test_staged_tree_has_launcher_entry_metadata_mime_and_every_icon_size(qapp, tmp_path):
    from PySide6.QtGui import QImage

    app_dir = tmp_path / "frozen"
    (app_dir / "_internal").mkdir(parents=True)
    (app_dir / EXECUTABLE).write_bytes(b"frozen program")
    (app_dir / EXECUTABLE).chmod(0o700)
    (app_dir / "_internal" / "data.txt").write_text("x")
    staging = tmp_path / "work" / "root"
    stage_tree(app_dir, read_project_info(), staging)

    assert (staging / "opt" / EXECUTABLE / EXECUTABLE).read_bytes() == b"frozen program"
    assert (staging / "usr" / "bin" / EXECUTABLE).read_text() == launcher_script()
    share = staging / "usr" / "share"
    assert (share / "applications" / DESKTOP_FILE.name).is_file()
    assert (share / "mime" / "packages" / f"{EXECUTABLE}.xml").is_file()
    assert "@VERSION@" not in (share / "metainfo" / METAINFO_FILE.name).read_text()
    assert (share / "doc" / EXECUTABLE / "copyright").is_file()
    for size in LINUX_ICON_SIZES:
        for context, name in (("apps", EXECUTABLE), ("mimetypes", MIME_ICON)):
            image = QImage(
                str(share / "icons" / "hicolor" / f"{size}x{size}" / context / f"{name}.png")
            )
            assert (image.width(), image.height()) == (size, size)
            assert image.pixelColor(size // 2, size // 2).alpha() == 255
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{EXECUTABLE}.svg").is_file()
    if os.name == "posix":
        mode = stat.S_IMODE((staging / "usr" / "bin" / EXECUTABLE).stat().st_mode)
        assert mode == 0o755
        assert stat.S_IMODE((staging / "opt" / EXECUTABLE / EXECUTABLE).stat().st_mode) == 0o755
        data = staging / "opt" / EXECUTABLE / "_internal" / "data.txt"
        assert stat.S_IMODE(data.stat().st_mode) == 0o644
