"""The workflows: today's runner labels from one place, pinned Python and uv, the tag check,
every stage of each release job, signing only with its secrets."""

import json
import re
import shlex
import tomllib

import pytest
import yaml
from project import REPO_ROOT

WORKFLOWS = REPO_ROOT / ".github" / "workflows"
RUNNERS_FILE = REPO_ROOT / ".github" / "runners.json"
RUNNERS = json.loads(RUNNERS_FILE.read_text(encoding="utf-8"))
RELEASE = yaml.safe_load((WORKFLOWS / "release.yml").read_text(encoding="utf-8"))
TESTS = yaml.safe_load((WORKFLOWS / "tests.yml").read_text(encoding="utf-8"))
# GitHub's hosted runners of today (macos-13 retired in December 2025, macos-14 no longer
# offered, ubuntu-22.04 retires in April 2027); a label that retires is changed in runners.json.
HOSTED_TODAY = {
    "linux": "ubuntu-24.04",
    "windows": "windows-latest",
    "macos-arm64": "macos-15",
    "macos-x86_64": "macos-15-intel",
}
RETIRED = {"macos-12", "macos-13", "macos-14", "ubuntu-20.04", "ubuntu-22.04", "windows-2019"}
STAGES = (
    "Install uv",
    "Run the tests",
    "Build the app",
    "Smoke-test the frozen app",
    "Build the installer",
    "Smoke-test the installed app",
    "Upload the installer",
)
LABELS_EXPRESSION = re.compile(
    r"^\$\{\{ fromJSON\(needs\.(?P<job>\w+)\.outputs\.labels\)"
    r"(?:\.(?P<key>[\w-]+)|\[(?P<index>[^\]]+)\]) \}\}$"
)


def _steps(workflow, job):
    return workflow["jobs"][job]["steps"]


def _triggers(workflow):
    return workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare "on" key as true


def _labels_of(workflow, job_name):
    """The runner labels a job runs on, through runners.json and its matrix."""
    job = workflow["jobs"][job_name]
    runs_on = job["runs-on"]
    match = LABELS_EXPRESSION.match(runs_on)
    if match is None:
        return {runs_on}
    reader = workflow["jobs"][match["job"]]
    assert match["job"] in _needs(job)
    read = next(step for step in reader["steps"] if step.get("id") == "labels")
    assert ".github/runners.json" in read["run"]
    assert reader["outputs"]["labels"] == "${{ steps.labels.outputs.labels }}"
    if match["key"]:
        return {RUNNERS[match["key"]]}
    matrix = job["strategy"]["matrix"]
    keys = set()
    for name, values in matrix.items():
        template = match["index"]
        if template == f"matrix.{name}":
            keys |= set(values)
        elif template.startswith("format("):
            pattern = re.fullmatch(r"format\('([^']*)', matrix\.(\w+)\)", template)
            assert pattern and pattern[2] == name
            keys |= {pattern[1].replace("{0}", value) for value in values}
    assert keys, runs_on
    return {RUNNERS[key] for key in keys}


def _needs(job):
    needs = job.get("needs", [])
    return [needs] if isinstance(needs, str) else needs


def test_the_runner_list_names_todays_hosted_runners():
    assert RUNNERS == HOSTED_TODAY
    assert not set(RUNNERS.values()) & RETIRED


def test_tests_run_on_every_system_on_every_push():
    assert "push" in _triggers(TESTS)
    assert _labels_of(TESTS, "test") == set(HOSTED_TODAY.values())


def test_release_jobs_build_on_the_runner_list():
    assert _labels_of(RELEASE, "linux") == {"ubuntu-24.04"}
    assert _labels_of(RELEASE, "windows") == {"windows-latest"}
    assert _labels_of(RELEASE, "macos") == {"macos-15", "macos-15-intel"}


@pytest.mark.parametrize("workflow", [TESTS, RELEASE], ids=["tests", "release"])
def test_no_job_names_a_runner_label_of_its_own(workflow):
    # Only the one-step jobs that read runners.json run on the always-current ubuntu-latest.
    for name, job in workflow["jobs"].items():
        if not LABELS_EXPRESSION.match(job["runs-on"]):
            assert job["runs-on"] == "ubuntu-latest", name
    text = yaml.safe_dump(workflow)
    for label in RETIRED | set(HOSTED_TODAY.values()) - {"ubuntu-latest"}:
        assert label not in text, label


def test_python_is_pinned_to_the_lock_files_minor_version():
    pinned = (REPO_ROOT / ".python-version").read_text(encoding="utf-8").strip()
    lock = tomllib.loads((REPO_ROOT / "uv.lock").read_text(encoding="utf-8"))
    floor = re.fullmatch(r">=\s*(\d+\.\d+)", lock["requires-python"])
    assert floor and pinned == floor[1] == "3.11"
    # uv takes the Python from .python-version; no workflow may ask for another one.
    for workflow in (TESTS, RELEASE):
        for job in workflow["jobs"].values():
            for step in job["steps"]:
                assert "python-version" not in step.get("with", {})
                assert "UV_PYTHON" not in step.get("env", {})


def test_uv_is_pinned_to_one_exact_version_in_both_workflows():
    versions = {TESTS["env"]["UV_VERSION"], RELEASE["env"]["UV_VERSION"]}
    assert len(versions) == 1
    assert re.fullmatch(r"\d+\.\d+\.\d+", versions.pop())
    for workflow in (TESTS, RELEASE):
        for job in workflow["jobs"].values():
            for step in job["steps"]:
                if step.get("uses", "").startswith("astral-sh/setup-uv@"):
                    assert step["with"]["version"] == "${{ env.UV_VERSION }}"


def test_every_action_is_pinned_to_a_commit():
    for workflow in (TESTS, RELEASE):
        for job in workflow["jobs"].values():
            for step in job["steps"]:
                if "uses" in step:
                    assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", step["uses"]), step


def test_the_tests_workflow_runs_the_readme_test_command():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert "uv run pytest        # run the tests" in readme
    runs = [step.get("run", "") for step in _steps(TESTS, "test")]
    assert any(run.strip() == "uv run pytest" for run in runs)
    assert TESTS["jobs"]["test"]["env"]["QT_QPA_PLATFORM"] == "offscreen"
    assert TESTS["jobs"]["test"]["strategy"]["fail-fast"] is False


def test_release_runs_on_version_tags_and_checks_the_tag_before_building():
    triggers = _triggers(RELEASE)
    assert triggers["push"]["tags"] == ["v*"]
    assert "workflow_dispatch" in triggers
    check = next(
        step for step in _steps(RELEASE, "prepare") if "check_tag.py" in step.get("run", "")
    )
    assert check["if"] == "github.ref_type == 'tag'"
    assert shlex.split(check["run"]) == ["python3", "packaging/check_tag.py", "$GITHUB_REF_NAME"]
    for job in ("linux", "windows", "macos"):
        assert "prepare" in _needs(RELEASE["jobs"][job]), job


def test_every_platform_job_runs_every_stage_in_order():
    for job in ("linux", "windows", "macos"):
        names = [step.get("name") for step in _steps(RELEASE, job)]
        positions = [names.index(stage) for stage in STAGES]
        assert positions == sorted(positions), job


def test_every_frozen_app_opens_its_odds_chart():
    for job in ("linux", "windows", "macos"):
        smoke = next(s for s in _steps(RELEASE, job) if s["name"] == "Smoke-test the frozen app")
        assert "UWR_DESKTOP_CHART_CHECK" in smoke["run"], job
        assert smoke["run"].count("check_screenshot.py") == 2, job


def test_each_job_uploads_its_own_installer():
    expected = {"linux": ".deb", "windows": "-setup.exe", "macos": ".dmg"}
    for job, suffix in expected.items():
        upload = next(
            step for step in _steps(RELEASE, job) if step["name"] == "Upload the installer"
        )
        assert upload["uses"].startswith("actions/upload-artifact@")
        assert upload["with"]["path"].endswith(suffix)
        assert upload["with"]["if-no-files-found"] == "error"


def test_signing_runs_only_when_its_secrets_exist_and_unsigned_builds_say_so():
    for job in ("windows", "macos"):
        env = RELEASE["jobs"][job]["env"]
        for step in _steps(RELEASE, job):
            if re.match(r"(Sign|Notarize)", step["name"]):
                names = re.findall(r"env\.(\w+) != ''", step.get("if", ""))
                assert names, f"{job}: {step['name']} runs without its secret"
                for name in names:
                    assert env[name] == f"${{{{ secrets.{name} }}}}"
        unsigned = next(
            s for s in _steps(RELEASE, job) if s["name"].startswith("Name the unsigned")
        )
        assert re.fullmatch(r"env\.\w+ == ''", unsigned["if"])
        assert "unsigned" in unsigned["run"]


def test_macos_signing_follows_apples_documented_way():
    sign = next(s for s in _steps(RELEASE, "macos") if s["name"] == "Sign the app")["run"]
    assert re.search(r"security import \S+ -k \S+ -f pkcs12 -t agg", sign)
    assert "set-key-partition-list -S apple-tool:,apple:,codesign: -s" in sign
    assert "packaging/macos_sign.py" in sign
    assert "--deep" not in yaml.safe_dump(RELEASE)
    notarize = next(s for s in _steps(RELEASE, "macos") if s["name"] == "Notarize the disk image")
    submit = notarize["run"].index("xcrun notarytool submit")
    assert "--wait" in notarize["run"]
    assert submit < notarize["run"].index("xcrun stapler staple")


def test_the_macos_minimum_is_checked_on_the_built_app():
    steps = _steps(RELEASE, "macos")
    names = [step["name"] for step in steps]
    check = steps[names.index("Check the macOS version the app states")]
    assert "packaging/macos_minimum.py" in check["run"]
    assert "--check-app" in check["run"]
    assert names.index("Build the app") < names.index(check["name"])


def test_the_release_attaches_sha256_sums():
    publish = RELEASE["jobs"]["publish"]
    assert publish["if"] == "github.ref_type == 'tag'"
    assert set(_needs(publish)) == {"linux", "windows", "macos"}
    runs = "\n".join(step.get("run", "") for step in publish["steps"])
    assert "sha256sum -- * > SHA256SUMS.txt" in runs
    assert "installers/*" in runs
    assert publish["permissions"] == {"contents": "write"}
    assert RELEASE["permissions"] == {"contents": "read"}


def test_every_build_command_is_one_the_build_script_accepts(build_script):
    allowed = {"linux": {"app", "deb"}, "windows": {"app", "nsis"}, "macos": {"app", "dmg"}}
    for job, formats in allowed.items():
        seen = set()
        for step in _steps(RELEASE, job):
            for line in step.get("run", "").splitlines():
                if "packaging/build.py" not in line:
                    continue
                words = shlex.split(line)
                args = build_script.parse_args(words[words.index("packaging/build.py") + 1 :])
                assert args.format in formats, f"{job}: {line}"
                seen.add(args.format)
        assert seen == formats, job


def test_scripts_and_files_the_workflows_use_exist():
    for name in ("release.yml", "tests.yml"):
        text = (WORKFLOWS / name).read_text(encoding="utf-8")
        for script in set(re.findall(r"packaging/[\w./-]+\.(?:py|txt)", text)):
            assert (REPO_ROOT / script).is_file(), script
