"""The .deb file itself: a valid package that lists only its own folders, never /opt."""

import io
import os
import shutil
import subprocess
import tarfile

from deb import depends_entry, preinst_script
from deb_archive import NOT_OWNED, md5sums_text, write_deb


def _members(deb):
    """The ar members of a .deb: name -> bytes."""
    data = deb.read_bytes()
    assert data.startswith(b"!<arch>\n")
    members, at = {}, 8
    while at < len(data):
        header = data[at : at + 60]
        assert header.endswith(b"`\n")
        name, size = header[:16].decode().strip(), int(header[48:58])
        members[name] = data[at + 60 : at + 60 + size]
        at += 60 + size + size % 2
    return members


def _tree(tmp_path):
    files = tmp_path / "root"
    (files / "opt" / "uwr-desktop" / "_internal").mkdir(parents=True)
    (files / "opt" / "uwr-desktop" / "uwr-desktop").write_bytes(b"frozen program")
    (files / "opt" / "uwr-desktop" / "_internal" / "data.txt").write_text("x")
    (files / "usr" / "bin").mkdir(parents=True)
    (files / "usr" / "bin" / "uwr-desktop").write_text("#!/bin/sh\n")
    control = tmp_path / "control"
    control.mkdir()
    (control / "control").write_text("Package: uwr-desktop\nVersion: 1.0\n")
    if os.name == "posix":
        (files / "opt" / "uwr-desktop" / "uwr-desktop").chmod(0o755)
    return files, control


def test_the_package_lists_its_own_folders_but_not_opt(tmp_path):
    files, control = _tree(tmp_path)
    deb = write_deb(files, control, tmp_path / "p.deb", fast=True)
    members = _members(deb)
    assert list(members) == ["debian-binary", "control.tar.gz", "data.tar.gz"]
    assert members["debian-binary"] == b"2.0\n"
    with tarfile.open(fileobj=io.BytesIO(members["data.tar.gz"])) as data:
        entries = {entry.name: entry for entry in data.getmembers()}
        # Python's tarfile reads folder names without their trailing slash.
        assert "./opt" not in entries
        assert entries["./opt/uwr-desktop"].isdir()
        assert entries["./usr/bin"].isdir()
        program = entries["./opt/uwr-desktop/uwr-desktop"]
        assert data.extractfile(program).read() == b"frozen program"
        assert all(entry.uname == "root" and entry.uid == 0 for entry in entries.values())
        if os.name == "posix":
            assert program.mode == 0o755
    with tarfile.open(fileobj=io.BytesIO(members["control.tar.gz"])) as meta:
        assert meta.extractfile("./control").read().startswith(b"Package: uwr-desktop")
    assert {"opt"} == NOT_OWNED


def test_dpkg_reads_the_package_where_dpkg_is_installed(tmp_path):
    # Where dpkg-deb exists (Debian, Ubuntu: the only systems that build the .deb), it must
    # read the file as dpkg-deb's own; elsewhere the test above reads the same bytes by hand.
    files, control = _tree(tmp_path)
    deb = write_deb(files, control, tmp_path / "p.deb", fast=False)
    assert "data.tar.xz" in _members(deb)
    if shutil.which("dpkg-deb") is None:
        return
    listing = subprocess.run(
        ["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True, check=True
    ).stdout
    paths = [line.split()[-1] for line in listing.splitlines()]
    assert "./opt/uwr-desktop/uwr-desktop" in paths
    assert "./opt/" not in paths
    info = subprocess.run(
        ["dpkg-deb", "--field", str(deb), "Package"], capture_output=True, text=True, check=True
    ).stdout
    assert info.strip() == "uwr-desktop"


def test_md5sums_list_every_file_but_not_folders(tmp_path):
    files, _ = _tree(tmp_path)
    lines = md5sums_text(files).splitlines()
    assert [line.split("  ")[1] for line in lines] == [
        "opt/uwr-desktop/_internal/data.txt",
        "opt/uwr-desktop/uwr-desktop",
        "usr/bin/uwr-desktop",
    ]
    assert lines[1].startswith("4a52f729")  # md5 of b"frozen program"


def test_the_preinst_makes_opt_only_when_it_is_missing():
    script = preinst_script()
    assert script.startswith("#!/bin/sh\nset -e\n")
    assert "[ -d /opt ] || mkdir -p /opt" in script


def test_libraries_renamed_for_64_bit_time_also_accept_their_old_name():
    assert depends_entry("libssl3t64") == "libssl3t64 | libssl3"
    assert depends_entry("libglib2.0-0t64") == "libglib2.0-0t64 | libglib2.0-0"
    assert depends_entry("libxcb1") == "libxcb1"
