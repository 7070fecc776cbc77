"""The README's build and release sections say what the build and the workflow really do."""

import re

from project import PACKAGING_DIR, REPO_ROOT

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
BUILD_PACKAGES = PACKAGING_DIR / "linux" / "build-packages.txt"


def _section(title):
    start = README.index(f"\n{title}\n")
    level = title.split(" ", 1)[0]
    following = re.search(rf"\n{level} ", README[start + len(title) + 2 :])
    end = start + len(title) + 2 + following.start() if following else len(README)
    return README[start:end]


def test_the_readme_lists_every_package_a_linux_build_needs():
    listed = [
        line.strip()
        for line in BUILD_PACKAGES.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for needed in ("libwayland-cursor0", "libwayland-egl1", "libfile-mimeinfo-perl", "dpkg-dev"):
        assert needed in listed
    block = re.search(
        r"```sh\n(sudo apt-get install[^`]*)```", _section("### Building the installers")
    )
    assert block, "no apt-get line in the build section"
    words = block[1].replace("\\\n", " ").split()
    assert words[:3] == ["sudo", "apt-get", "install"]
    assert [word for word in words[3:] if not word.startswith("-")] == listed


def test_the_releasing_section_names_every_secret_the_release_workflow_reads():
    workflow = (REPO_ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    secrets = set(re.findall(r"secrets\.(\w+)", workflow))
    assert secrets
    releasing = _section("## Releasing")
    for secret in secrets:
        assert f"`{secret}`" in releasing, secret
    assert "v` + the version" in releasing
    assert "SHA256SUMS.txt" in releasing


def test_the_readme_names_the_runner_file_and_the_python_pin():
    releasing = _section("## Releasing")
    assert "`.github/runners.json`" in releasing
    assert "`.python-version`" in releasing
