"""The README's test command on a machine that lacks what the tests need: it is CI's own script, which installs
it, and a browser test without its browser fails in one line saying what to install."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bash_blocks(text: str) -> list[str]:
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", text, re.DOTALL)]


def test_the_readme_runs_the_suite_through_ci_s_own_script() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = _bash_blocks(readme)
    assert blocks[1] == "bash .ci/run"  # the second command of the README: one source of the setup, CI's
    after = readme.split("bash .ci/run", 1)[1].split("\n\n", 2)[1]  # the sentence after it says what it needs
    assert all(word in after for word in ("chromium", "postgresql", "apt-get", "root"))


def test_the_readme_names_every_example_package_ci_installs() -> None:
    """The README says what each example package shows; one added to CI's install and not to the README is named."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    installed = set(re.findall(r"\./plugins/examples/(\w+)", script))
    packages = {p.parent.name for p in (ROOT / "plugins" / "examples").glob("*/pyproject.toml")}
    assert installed == packages  # CI installs every example package there is
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sentence = next(par for par in readme.split("\n\n") if "example packages it installs" in par)
    words = "no one two three four five six seven eight nine ten eleven twelve".split()
    assert f"The {words[len(packages)] if len(packages) < len(words) else len(packages)} example packages" in sentence
    assert {name for name in packages if f"`{name}`" not in sentence} == set()


def test_ci_s_script_installs_the_browser_and_the_database_server_it_lacks() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    subprocess.run(["bash", "-n", str(ROOT / ".ci" / "run")], check=True)
    assert "[ ! -x /usr/bin/chromium ]" in script and "apt_install chromium" in script
    assert "/usr/lib/postgresql/*/bin/initdb" in script and "apt_install postgresql" in script
    assert "fc-list :lang=ja" in script and "apt_install fonts-wqy-zenhei" in script
    assert 'apt-get install -y "$1"' in script and "id -u" in script  # as root, and saying so otherwise
    last = script.strip().splitlines()[-1]
    assert last.endswith(".venv/bin/python -m pytest -n auto --dist loadgroup")
    assert "./plugins/examples/example_bot" in last


BROWSER_TESTS = '''
def test_one(browser):
    pass


def test_two(browser):
    pass
'''

CONFTEST = '''
import importlib.util

spec = importlib.util.spec_from_file_location("project_conftest", {conftest!r})
project = importlib.util.module_from_spec(spec)
spec.loader.exec_module(project)
project.CHROMIUM = "/nonexistent/chromium"
browser = project.browser
'''


def test_a_browser_test_without_its_browser_fails_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST.format(conftest=str(ROOT / "tests" / "conftest.py")),
                                          encoding="utf-8")
    (tmp_path / "test_a.py").write_text(BROWSER_TESTS, encoding="utf-8")
    (tmp_path / "test_b.py").write_text(BROWSER_TESTS, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly", "-q",
                             str(tmp_path)], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    out = result.stdout + result.stderr
    assert result.returncode == 1, out  # failed, not skipped
    assert "4 errors" in out and "skipped" not in out, out
    line = ("Debian's chromium is not at /nonexistent/chromium: run `apt-get install chromium` (bash .ci/run does)")
    # Each error is that line alone, under its test's header.
    sections = re.split(r"_+ ERROR at setup of test_\w+ _+\n", out.split("short test summary info")[0])[1:]
    assert [section.strip().splitlines()[0] for section in sections] == [line] * 4, out
    assert all(len(section.strip().splitlines()) == 1 for section in sections[:-1]), out
    assert "Traceback" not in out and "playwright" not in out.lower() and "def browser" not in out, out


def test_the_set_up_installs_what_every_package_here_builds_with() -> None:
    """.ci/run builds the project and the example packages without build isolation, with the one build requirement
    it installs first: a pyproject.toml asking for another would be built with the wrong tools, or fail."""
    import tomllib

    stated = re.search(r"^BUILD_REQUIRES='([^']+)'$", (ROOT / ".ci" / "run").read_text(encoding="utf-8"), re.M)
    assert stated is not None, ".ci/run names no BUILD_REQUIRES"
    projects = [ROOT / "pyproject.toml", *sorted((ROOT / "plugins" / "examples").glob("*/pyproject.toml"))]
    assert len(projects) >= 9
    for path in projects:
        requires = tomllib.loads(path.read_text(encoding="utf-8"))["build-system"]["requires"]
        assert requires == [stated.group(1)], (path, requires)
