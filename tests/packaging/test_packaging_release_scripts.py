"""The release workflow's scripts: the tag check, the macOS minimum, the signing order and the
hdiutil retries."""

import json
import plistlib
import struct
import subprocess
import sys
import textwrap

import check_tag
import macos_minimum
import macos_sign
import pytest
from project import REPO_ROOT, PackagingError, read_project_info

PYTHON = (3, 11)


# --- the tag -------------------------------------------------------------------------------


def test_the_tag_must_be_v_and_the_version():
    assert check_tag.tag_problem("v1.4.0rc2", "1.4.0rc2") is None
    problem = check_tag.tag_problem("v1.4.0", "1.3.9")
    assert "'v1.4.0' does not match the project's version '1.3.9'" in problem
    assert 'set version = "1.4.0" in pyproject.toml' in problem
    assert check_tag.tag_problem("1.3.9", "1.3.9") is not None


def test_the_tag_check_exits_non_zero_with_the_reason(capsys):
    version = read_project_info().version
    assert check_tag.main([f"v{version}"]) == 0
    assert f"releases version {version}" in capsys.readouterr().out
    assert check_tag.main([f"v{version}.1"]) == 1
    assert "does not match" in capsys.readouterr().err
    assert check_tag.main([]) == 2


# --- the macOS minimum -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("filename", "arch", "expected"),
    [
        ("numpy-2.4.6-cp311-cp311-macosx_14_0_arm64.whl", "arm64", (14, 0)),
        ("numpy-2.4.6-cp311-cp311-macosx_14_0_arm64.whl", "x86_64", None),
        ("numpy-2.4.6-cp312-cp312-macosx_14_0_arm64.whl", "arm64", None),
        ("pyside6_essentials-6.11.3-cp310-abi3-macosx_13_0_universal2.whl", "x86_64", (13, 0)),
        ("pyside6_essentials-6.11.3-cp312-abi3-macosx_13_0_universal2.whl", "arm64", None),
        ("msgspec-0.19.0-cp311-cp311-macosx_10_9_x86_64.whl", "x86_64", (10, 9)),
        ("platformdirs-4.3.6-py3-none-any.whl", "arm64", None),
        ("numpy-2.4.6-cp311-cp311-manylinux_2_27_x86_64.whl", "x86_64", None),
    ],
)
def test_a_wheel_tells_the_oldest_macos_it_runs_on(filename, arch, expected):
    assert macos_minimum.wheel_minimum(filename, arch, PYTHON) == expected


def test_the_lock_files_wheels_need_macos_14_on_both_macs():
    # numpy's Accelerate wheels (macosx_14_0) are the ones uv installs on a macOS 15 runner.
    for arch in ("arm64", "x86_64"):
        minimum, culprit = macos_minimum.lock_minimum(arch, (15, 0), PYTHON)
        assert minimum == (14, 0), arch
        assert culprit.startswith("numpy "), culprit
    # Only on an older build machine would uv take numpy's older wheels: then Qt sets it.
    minimum, culprit = macos_minimum.lock_minimum("arm64", (13, 6), PYTHON)
    assert minimum == (13, 0)
    assert culprit.startswith("pyside6-essentials "), culprit


def test_only_the_packages_the_app_ships_count(tmp_path):
    name = read_project_info().name

    def wheel(package, tag):
        return f'{{ url = "https://files.example/{package}-1.0-{tag}.whl" }}'

    lock = tmp_path / "uv.lock"
    lock.write_text(
        textwrap.dedent(
            f"""\
            version = 1
            requires-python = ">=3.11"

            [[package]]
            name = "{name}"
            version = "0.1.0"
            source = {{ editable = "." }}
            dependencies = [
                {{ name = "qt" }},
                {{ name = "old", marker = "python_full_version >= '3.12'" }},
            ]

            [package.dev-dependencies]
            dev = [{{ name = "tool" }}]

            [[package]]
            name = "qt"
            version = "1.0"
            wheels = [{wheel("qt", "cp310-abi3-macosx_12_0_universal2")}]

            [[package]]
            name = "old"
            version = "1.0"
            wheels = [{wheel("old", "cp312-cp312-macosx_15_0_arm64")}]

            [[package]]
            name = "tool"
            version = "1.0"
            wheels = [{wheel("tool", "py3-none-macosx_15_0_arm64")}]
            """
        ),
        encoding="utf-8",
    )
    assert macos_minimum.lock_minimum("arm64", (15, 0), PYTHON, lock) == ((12, 0), "qt 1.0")
    with pytest.raises(PackagingError, match="unknown Mac architecture 'ppc'"):
        macos_minimum.lock_minimum("ppc", (15, 0), PYTHON, lock)


def test_the_pinned_python_is_read_from_python_version(tmp_path):
    assert macos_minimum.pinned_python() == PYTHON
    bad = tmp_path / ".python-version"
    bad.write_text("3\n", encoding="utf-8")
    with pytest.raises(PackagingError, match="must name a minor version"):
        macos_minimum.pinned_python(bad)


ARM64, X86_64 = 0x0100000C, 0x01000007


def _thin(cpu, minimum, command=0x32):
    """A 64-bit Mach-O header with one version load command."""
    packed = minimum[0] << 16 | minimum[1] << 8
    if command == 0x32:  # LC_BUILD_VERSION: platform, minos, sdk, ntools
        body = struct.pack("<IIII", 1, packed, packed, 0)
    else:  # LC_VERSION_MIN_MACOSX: version, sdk
        body = struct.pack("<II", packed, packed)
    load = struct.pack("<II", command, 8 + len(body)) + body
    header = struct.pack("<IiiIIIII", 0xFEEDFACF, cpu, 0, 6, 1, len(load), 0, 0)
    return header + load


def _fat(*slices):
    offset = 4096
    table, bodies = b"", b""
    for cpu, body in slices:
        table += struct.pack(">iiIII", cpu, 0, offset + len(bodies), len(body), 12)
        bodies += body
    head = struct.pack(">II", 0xCAFEBABE, len(slices)) + table
    return head + b"\0" * (offset - len(head)) + bodies


def test_mach_o_binaries_tell_their_minimum_per_architecture():
    assert macos_minimum.binary_minimum(_thin(ARM64, (13, 0)), "arm64") == (13, 0)
    assert macos_minimum.binary_minimum(_thin(ARM64, (13, 0)), "x86_64") is None
    assert macos_minimum.binary_minimum(_thin(X86_64, (10, 13), 0x24), "x86_64") == (10, 13)
    universal = _fat((X86_64, _thin(X86_64, (12, 0))), (ARM64, _thin(ARM64, (14, 0))))
    assert macos_minimum.binary_minimum(universal, "x86_64") == (12, 0)
    assert macos_minimum.binary_minimum(universal, "arm64") == (14, 0)
    assert macos_minimum.binary_minimum(b"\x7fELF\x02\x01\x01" + b"\0" * 64, "arm64") is None
    assert macos_minimum.binary_minimum(b"#!/bin/sh\n", "arm64") is None


def _bundle(tmp_path, stated, binaries):
    app = tmp_path / "UWR Desktop.app"
    (app / "Contents" / "Frameworks").mkdir(parents=True)
    (app / "Contents" / "Info.plist").write_bytes(
        plistlib.dumps({"LSMinimumSystemVersion": stated})
    )
    for name, minimum in binaries.items():
        (app / "Contents" / "Frameworks" / name).write_bytes(_thin(ARM64, minimum))
    return app


def test_the_app_check_catches_a_minimum_below_what_a_binary_needs(tmp_path):
    app = _bundle(tmp_path, "14.0", {"libQt6Core.dylib": (13, 0), "numpy.so": (14, 0)})
    assert macos_minimum.check_app(app, "arm64", (14, 0)) == []
    low = _bundle(tmp_path / "low", "11.0", {"numpy.so": (14, 0)})
    problems = macos_minimum.check_app(low, "arm64", (14, 0))
    assert "Info.plist states macOS 11.0, the lock file's wheels need 14.0" in problems
    assert "Contents/Frameworks/numpy.so needs macOS 14.0" in problems


def test_the_readme_states_the_worked_out_macos_minimum():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    runners = json.loads((REPO_ROOT / ".github" / "runners.json").read_text(encoding="utf-8"))
    for arch, name in (("arm64", "Apple silicon"), ("x86_64", "Intel")):
        build_os = int(runners[f"macos-{arch}"].split("-")[1])  # macos-15 is macOS 15
        (major, minor), _ = macos_minimum.lock_minimum(arch, (build_os, 99), PYTHON)
        expected = f"{major}+" if minor == 0 else f"{major}.{minor}+"
        assert f"| macOS {expected} on {name} |" in readme, arch


# --- signing ---------------------------------------------------------------------------------


def test_signing_goes_inside_out_without_deep(tmp_path):
    app = tmp_path / "UWR Desktop.app"
    macho = _thin(ARM64, (14, 0))
    files = {
        "Contents/MacOS/uwr-desktop": macho,
        "Contents/Frameworks/libpython3.11.dylib": macho,
        "Contents/Frameworks/PySide6/QtCore.abi3.so": macho,
        "Contents/Frameworks/PySide6/Qt/plugins/platforms/libqcocoa.dylib": macho,
        "Contents/Frameworks/PySide6/Qt/lib/QtCore.framework/Versions/A/QtCore": macho,
        "Contents/Resources/uwr_desktop/resources/rules/upr_types.json": b"{}\n",
        "Contents/Info.plist": b"<plist/>",
    }
    for name, data in files.items():
        (app / name).parent.mkdir(parents=True, exist_ok=True)
        (app / name).write_bytes(data)
    order = macos_sign.signing_order(app)
    names = [path.relative_to(tmp_path).as_posix() for path, _ in order]
    assert names == [
        "UWR Desktop.app/Contents/Frameworks/PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "UWR Desktop.app/Contents/Frameworks/PySide6/QtCore.abi3.so",
        "UWR Desktop.app/Contents/Frameworks/libpython3.11.dylib",
        "UWR Desktop.app/Contents/Frameworks/PySide6/Qt/lib/QtCore.framework",
        "UWR Desktop.app",
    ]
    assert [entitled for _, entitled in order] == [False] * 4 + [True]
    last = macos_sign.codesign_command(app, "Developer ID Application: X", entitlements=True)
    assert "--deep" not in last
    assert last[last.index("--options") + 1] == "runtime"
    assert "--timestamp" in last
    assert last[last.index("--entitlements") + 1] == str(macos_sign.ENTITLEMENTS)
    inner = macos_sign.codesign_command(order[0][0], "X", entitlements=False)
    assert "--entitlements" not in inner


def test_the_entitlements_are_the_hardened_runtime_exceptions_python_and_qt_need():
    entitlements = plistlib.loads(macos_sign.ENTITLEMENTS.read_bytes())
    assert entitlements == {
        "com.apple.security.cs.allow-unsigned-executable-memory": True,
        "com.apple.security.cs.disable-library-validation": True,
    }


# --- hdiutil retries -------------------------------------------------------------------------


def _flaky(tmp_path, failures):
    """A command that fails ``failures`` times, then succeeds; it counts its runs in a file."""
    counter = tmp_path / "runs"
    counter.write_text("0")
    script = (
        "import pathlib, sys; p = pathlib.Path(sys.argv[1]); n = int(p.read_text()) + 1; "
        f"p.write_text(str(n)); sys.exit(0 if n > {failures} else 16)"
    )
    return [sys.executable, "-c", script, str(counter)], counter


def test_a_failing_command_is_run_again_until_it_succeeds(build_script, tmp_path, capsys):
    command, counter = _flaky(tmp_path, failures=2)
    build_script.run_with_retries(command, attempts=5, pause=0)
    assert counter.read_text() == "3"
    assert "(attempt 2 of 5); trying again" in capsys.readouterr().out


def test_retries_stop_and_raise_after_the_last_attempt(build_script, tmp_path):
    command, counter = _flaky(tmp_path, failures=9)
    with pytest.raises(subprocess.CalledProcessError) as failure:
        build_script.run_with_retries(command, attempts=3, pause=0)
    assert failure.value.returncode == 16
    assert counter.read_text() == "3"
