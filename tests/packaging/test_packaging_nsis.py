"""The Windows installer script: per-user, fed by the build script, and fully undone."""

import re
from pathlib import Path

from project import PACKAGING_DIR, ProjectInfo

SCRIPT = (PACKAGING_DIR / "windows" / "uwr-desktop.nsi").read_text(encoding="utf-8")


def _section(name):
    match = re.search(rf'^Section "{name}".*?^SectionEnd', SCRIPT, re.MULTILINE | re.DOTALL)
    assert match, f"no {name} section"
    return match.group(0)


def test_every_required_define_is_passed_by_the_build_script(build_script):
    build = build_script
    required = set(re.findall(r"^!ifndef (\w+)\s*\n\s*!error", SCRIPT, re.MULTILINE))
    assert required == {"VERSION", "VERSION_QUAD", "APP_DIR", "OUT_FILE"}
    info = ProjectInfo(name="uwr-desktop", version="1.4.0rc2", summary="s", license="MIT")
    defines = build.nsis_defines(
        info, Path("frozen"), Path("setup.exe"), Path("app.ico"), fast=False
    )
    given = dict(item.removeprefix("-D").split("=", 1) for item in defines)
    assert required <= set(given)
    assert given["VERSION"] == "1.4.0rc2"
    assert given["VERSION_QUAD"] == "1.4.0.0"
    assert "FAST" not in given
    assert "-DFAST" in build.nsis_defines(info, Path("f"), Path("s"), Path("i"), fast=True)


def test_every_optional_define_the_script_reads_is_one_the_build_script_can_pass():
    optional = set(re.findall(r"^\s*!ifdef (\w+)", SCRIPT, re.MULTILINE))
    assert optional == {"FAST", "ICON"}


def test_installs_per_user_without_administrator_rights():
    assert re.search(r"^RequestExecutionLevel user$", SCRIPT, re.MULTILINE)
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP_NAME}"' in SCRIPT
    assert "HKLM" not in SCRIPT
    assert "SetShellVarContext all" not in SCRIPT


def test_installs_a_start_menu_entry_and_the_uwr_association():
    main = _section("UWR Desktop")
    assert 'CreateShortcut "$SMPROGRAMS\\${APP_NAME}.lnk"' in main
    assert 'WriteRegStr HKCU "Software\\Classes\\${FILE_EXT}" "" "${PROG_ID}"' in main
    assert '!define FILE_EXT ".uwr"' in SCRIPT
    assert '\\shell\\open\\command" "" \'"$INSTDIR\\${APP_EXE}" "%1"\'' in main


def test_the_uninstaller_removes_every_key_file_and_shortcut_the_installer_adds():
    main, uninstall = _section("UWR Desktop"), _section("Uninstall")
    written = set(re.findall(r'WriteReg\w+ HKCU "([^"]+)"', main))
    deleted = set(re.findall(r'DeleteRegKey HKCU "([^"]+)"', uninstall))
    for key in written:
        assert any(key == gone or key.startswith(gone + "\\") for gone in deleted), key
    for shortcut in re.findall(r'CreateShortcut "([^"]+)"', main):
        assert f'Delete "{shortcut}"' in uninstall
    assert 'WriteUninstaller "$INSTDIR\\uninstall.exe"' in main
    assert 'Delete "$INSTDIR\\uninstall.exe"' in uninstall
    assert 'RMDir /r "$INSTDIR\\_internal"' in uninstall
    assert 'RMDir "$INSTDIR"' in uninstall
