"""The release workflow: valid YAML, the promised runners, and every stage of each job."""

import re
import shlex

import yaml
from project import REPO_ROOT

WORKFLOW = REPO_ROOT / ".github" / "workflows" / "release.yml"
DATA = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
STAGES = (
    "Install uv",
    "Run the tests",
    "Build the app",
    "Smoke-test the frozen app",
    "Build the installer",
    "Smoke-test the installed app",
    "Upload the installer",
)


def _steps(job):
    return DATA["jobs"][job]["steps"]


def test_runs_on_version_tags_and_by_hand():
    triggers = DATA.get("on", DATA.get(True))  # YAML 1.1 reads a bare "on" key as true
    assert triggers["push"]["tags"] == ["v*"]
    assert "workflow_dispatch" in triggers


def test_uses_the_promised_runners():
    assert DATA["jobs"]["linux"]["runs-on"] == "ubuntu-22.04"
    assert DATA["jobs"]["windows"]["runs-on"] == "windows-2022"
    matrix = DATA["jobs"]["macos"]["strategy"]["matrix"]["include"]
    assert {(row["runner"], row["arch"]) for row in matrix} == {
        ("macos-14", "arm64"),
        ("macos-13", "x86_64"),
    }


def test_every_platform_job_runs_every_stage_in_order():
    for job in ("linux", "windows", "macos"):
        names = [step.get("name") for step in _steps(job)]
        positions = [names.index(stage) for stage in STAGES]
        assert positions == sorted(positions), job


def test_each_job_uploads_its_own_installer():
    expected = {"linux": ".deb", "windows": "-setup.exe", "macos": ".dmg"}
    for job, suffix in expected.items():
        upload = next(step for step in _steps(job) if step["name"] == "Upload the installer")
        assert upload["uses"].startswith("actions/upload-artifact@")
        assert upload["with"]["path"].endswith(suffix)
        assert upload["with"]["if-no-files-found"] == "error"


def test_signing_runs_only_when_its_secrets_exist():
    for job in ("windows", "macos"):
        env = DATA["jobs"][job]["env"]
        for step in _steps(job):
            if re.match(r"(Sign|Notarize)", step["name"]):
                condition = step.get("if", "")
                names = re.findall(r"env\.(\w+) != ''", condition)
                assert names, f"{job}: {step['name']} runs without its secret"
                for name in names:
                    assert env[name] == f"${{{{ secrets.{name} }}}}"


def test_every_build_command_is_one_the_build_script_accepts(build_script):
    allowed = {"linux": {"app", "deb"}, "windows": {"app", "nsis"}, "macos": {"app", "dmg"}}
    for job, formats in allowed.items():
        seen = set()
        for step in _steps(job):
            for line in step.get("run", "").splitlines():
                if "packaging/build.py" not in line:
                    continue
                words = shlex.split(line)
                args = build_script.parse_args(words[words.index("packaging/build.py") + 1 :])
                assert args.format in formats, f"{job}: {line}"
                seen.add(args.format)
        assert seen == formats, job


def test_scripts_the_workflow_runs_exist():
    text = WORKFLOW.read_text(encoding="utf-8")
    for script in set(re.findall(r"packaging/[\w./-]+\.py", text)):
        assert (REPO_ROOT / script).is_file(), script
