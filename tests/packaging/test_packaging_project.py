"""Version and metadata read from pyproject.toml, as every installer is stamped with them."""

import importlib.metadata

import pytest
from project import PackagingError, ProjectInfo, read_project_info


def _pyproject(tmp_path, body):
    path = tmp_path / "pyproject.toml"
    path.write_text(body, encoding="utf-8")
    return path


def test_the_version_matches_what_the_app_reports():
    info = read_project_info()
    assert info.name == "uwr-desktop"
    assert info.version == importlib.metadata.version("uwr-desktop")
    assert info.summary and info.license


@pytest.mark.parametrize(
    ("version", "debian", "quad"),
    [
        ("1.2.3", "1.2.3", (1, 2, 3, 0)),
        ("2.0", "2.0", (2, 0, 0, 0)),
        ("1.4.0rc2", "1.4.0~rc2", (1, 4, 0, 0)),
        ("1.4.0b1", "1.4.0~b1", (1, 4, 0, 0)),
        ("0.9.1.post3", "0.9.1+post3", (0, 9, 1, 0)),
        ("3.1.0.dev7", "3.1.0~dev7", (3, 1, 0, 0)),
        ("1.2.3.4.5", "1.2.3.4.5", (1, 2, 3, 4)),
    ],
)
def test_versions_are_spelled_for_dpkg_and_windows(version, debian, quad):
    info = ProjectInfo(name="uwr-desktop", version=version, summary="s", license="MIT")
    assert info.debian_version == debian
    assert info.numeric_version == quad


def test_a_bad_version_is_named_in_the_error(tmp_path):
    path = _pyproject(
        tmp_path,
        '[project]\nname = "x"\nversion = "one"\ndescription = "d"\nlicense = "MIT"\n',
    )
    with pytest.raises(PackagingError, match=r"version 'one' must look like 1\.2\.3"):
        read_project_info(path)


def test_a_missing_field_is_named_in_the_error(tmp_path):
    path = _pyproject(tmp_path, '[project]\nname = "x"\nversion = "1.0"\nlicense = "MIT"\n')
    with pytest.raises(PackagingError, match="'description'"):
        read_project_info(path)


def test_missing_and_broken_files_get_clear_messages(tmp_path):
    with pytest.raises(PackagingError, match="is missing"):
        read_project_info(tmp_path / "nowhere.toml")
    with pytest.raises(PackagingError, match="not valid TOML"):
        read_project_info(_pyproject(tmp_path, "[project\n"))
    with pytest.raises(PackagingError, match=r"no \[project\] table"):
        read_project_info(_pyproject(tmp_path, "[tool.x]\ny = 1\n"))
