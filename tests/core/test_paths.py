import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from uwr_desktop.core.storage import paths
from uwr_desktop.core.storage.paths import (
    HOME_ENV,
    TEMP_CONFIG_ENV,
    StoragePathError,
    app_paths,
    forget_chosen_paths,
    platform_paths,
    use_paths,
    use_temporary_paths,
)


@pytest.fixture(autouse=True)
def _clean_choice(monkeypatch):
    monkeypatch.delenv(TEMP_CONFIG_ENV, raising=False)
    monkeypatch.delenv(HOME_ENV, raising=False)
    forget_chosen_paths()
    yield
    forget_chosen_paths()


def _all_folders(chosen):
    return (chosen.data_dir, chosen.log_dir, chosen.config_dir)


def test_home_variable_puts_every_folder_and_file_under_it(monkeypatch, tmp_path):
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "portable"))
    chosen = app_paths()
    root = tmp_path / "portable"
    for folder in _all_folders(chosen):
        assert folder.is_dir()
        assert folder.is_relative_to(root)
    for file in (chosen.journal_db, chosen.settings_file, chosen.log_file):
        assert file.is_relative_to(root)
    assert len({*_all_folders(chosen)}) == 3
    assert not chosen.temporary


def test_choice_is_kept_until_forgotten(monkeypatch, tmp_path):
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "first"))
    first = app_paths()
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "second"))
    assert app_paths() == first
    forget_chosen_paths()
    assert app_paths().data_dir.is_relative_to(tmp_path / "second")


def test_temp_config_variable_wins_over_home(monkeypatch, tmp_path):
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setenv(TEMP_CONFIG_ENV, "1")
    monkeypatch.setattr(tempfile, "mkdtemp", lambda prefix: str(tmp_path / f"{prefix}x"))
    chosen = app_paths()
    assert chosen.temporary
    assert chosen.data_dir.is_relative_to(tmp_path / "uwr-desktop-x")
    assert not (tmp_path / "home").exists()


@pytest.mark.parametrize("word", ["0", "no", "", "false"])
def test_temp_config_variable_off_words_leave_the_home_folder(monkeypatch, tmp_path, word):
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    monkeypatch.setenv(TEMP_CONFIG_ENV, word)
    assert not app_paths().temporary


def test_unclear_temp_config_value_is_explained(monkeypatch):
    monkeypatch.setenv(TEMP_CONFIG_ENV, "maybe")
    with pytest.raises(StoragePathError, match=r"UWR_DESKTOP_TEMP_CONFIG='maybe' is not"):
        app_paths()


def test_home_that_is_a_file_is_refused_with_a_message(monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(HOME_ENV, str(blocker))
    with pytest.raises(StoragePathError, match="it is a file, not a folder"):
        app_paths()


def test_folder_that_cannot_be_created_is_explained(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StoragePathError, match="Cannot create the folder"):
        use_paths(blocker / "inside")


def test_use_paths_overrides_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "env"))
    chosen = use_paths(tmp_path / "explicit")
    assert app_paths() == chosen
    assert chosen.data_dir.is_relative_to(tmp_path / "explicit")


def test_platform_folders_are_named_after_the_app():
    chosen = platform_paths()
    for folder in _all_folders(chosen):
        assert "UWR Desktop" in folder.parts
    assert not chosen.temporary


def test_temporary_folder_is_fresh_and_removed_at_exit(tmp_path):
    script = (
        "from uwr_desktop.core.storage.paths import use_temporary_paths\n"
        "p = use_temporary_paths()\n"
        "p.journal_db.write_bytes(b'x')\n"
        "print(p.data_dir.parent)\n"
    )
    env = {"TMPDIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**_minimal_env(), **env},
    )
    root = Path(done.stdout.strip())
    assert root.is_relative_to(tmp_path)
    assert not root.exists()


def test_two_temporary_choices_do_not_share_a_folder():
    first = use_temporary_paths()
    second = use_temporary_paths()
    try:
        assert first.data_dir != second.data_dir
        assert first.data_dir.is_dir()
        assert second.data_dir.is_dir()
    finally:
        paths.remove_temporary_folders()
    assert not first.data_dir.exists()
    assert not second.data_dir.exists()


def test_temp_config_flag_of_the_program_relocates_the_data(monkeypatch, tmp_path):
    from uwr_desktop.__main__ import choose_storage
    from uwr_desktop.cli import parse_args

    monkeypatch.setattr(tempfile, "mkdtemp", lambda prefix: str(tmp_path / "tmp"))
    choose_storage(parse_args(["--temp-config"]))
    assert app_paths().temporary
    assert app_paths().journal_db.is_relative_to(tmp_path / "tmp")


def _minimal_env():
    import os

    keep = ("PATH", "HOME", "PYTHONPATH", "SYSTEMROOT", "VIRTUAL_ENV")
    return {key: os.environ[key] for key in keep if key in os.environ}
