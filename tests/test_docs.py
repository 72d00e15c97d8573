"""The README keeps up with the code: every tool, the two set-up commands first, every SWEEPY_ variable."""

import re

from conftest import ROOT

from sweepy.tools import TOOLS

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_starts_with_the_two_setup_commands() -> None:
    first_block = README.split("```sh", 1)[1].split("```", 1)[0]
    assert [line.split("#")[0].strip() for line in first_block.strip().splitlines()] == ["make demo", "make test"]


def test_readme_documents_every_tool() -> None:
    for name in TOOLS:
        assert f"| `{name}` |" in README


def test_readme_documents_every_environment_variable_the_code_reads() -> None:
    used: set[str] = set()
    for path in [ROOT / "server.py", *(ROOT / "sweepy").rglob("*.py")]:
        used |= set(re.findall(r"\"(SWEEPY_[A-Z_]+)\"", path.read_text(encoding="utf-8")))
    assert used, "no SWEEPY_ variables found"
    for name in used:
        assert f"`{name}" in README, name
