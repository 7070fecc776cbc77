"""The build script refuses what cannot work here with a clear message, before any freezing."""

import pytest
from project import PackagingError


def _run(build, argv, system):
    return build.run(build.parse_args(argv), system)


def test_all_means_the_native_installer(build_script):
    build = build_script
    assert build.native_formats("Linux") == ("deb",)
    assert build.native_formats("Windows") == ("nsis",)
    assert build.native_formats("Darwin") == ("dmg",)
    with pytest.raises(PackagingError, match="no installer is made on Plan9"):
        build.native_formats("Plan9")


def test_installers_of_other_systems_are_refused(build_script, tmp_path):
    with pytest.raises(PackagingError, match="a dmg can only be built on Darwin, not on Linux"):
        _run(build_script, ["--format", "dmg", "--work", str(tmp_path)], "Linux")
    with pytest.raises(PackagingError, match="a deb can only be built on Linux"):
        _run(build_script, ["--format", "deb", "--work", str(tmp_path)], "Windows")


def test_nsis_elsewhere_than_windows_needs_a_payload(build_script, tmp_path):
    with pytest.raises(PackagingError, match="pass --app-dir"):
        _run(build_script, ["--format", "nsis", "--work", str(tmp_path)], "Linux")


def test_a_missing_app_dir_is_named(build_script, tmp_path):
    missing = tmp_path / "nowhere"
    with pytest.raises(PackagingError, match="nowhere does not exist"):
        _run(
            build_script,
            ["--format", "deb", "--app-dir", str(missing), "--work", str(tmp_path)],
            "Linux",
        )


def test_errors_become_a_message_and_exit_code_one(build_script, tmp_path, capsys, monkeypatch):
    build = build_script
    monkeypatch.setattr(build.platform, "system", lambda: "Linux")
    assert build.main(["--format", "dmg", "--work", str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith("error: a dmg can only be built on Darwin")


def test_the_frozen_app_lands_where_the_installers_look_for_it(build_script, tmp_path):
    build = build_script
    assert build.frozen_app_path(tmp_path, "Darwin") == tmp_path / "UWR Desktop.app"
    assert build.frozen_app_path(tmp_path, "Linux") == tmp_path / "uwr-desktop"
