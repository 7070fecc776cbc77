import subprocess
import sys

from uwr_desktop import __version__


def test_version_flag_prints_name_and_version():
    out = subprocess.run(
        [sys.executable, "-m", "uwr_desktop", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == f"UWR Desktop {__version__}"


def test_smoke_test_writes_a_png(tmp_path):
    shot = tmp_path / "shot.png"
    subprocess.run(
        [sys.executable, "-m", "uwr_desktop", f"--smoke-test={shot}"],
        check=True,
        timeout=60,
    )
    assert shot.read_bytes().startswith(b"\x89PNG")
