"""The README keeps up with the code: every tool, the two set-up commands first, every SWEEPY_ variable."""

import json
import re

from conftest import ROOT
from pydantic import BaseModel

from sweepy.domain.profile import Profile
from sweepy.engines import engines
from sweepy.hosts import HOSTS
from sweepy.service.tools import RECORDS as TOOLS

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(text: str) -> list[tuple[str, list[str]]]:
    """The fenced code blocks in order: (language, lines without their # comments)."""
    found = re.findall(r"^```(\w*)\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    return [(lang, [line.split("#")[0].strip() for line in body.strip().splitlines()]) for lang, body in found]


def test_readme_opens_with_the_install_lines_then_the_two_setup_commands() -> None:
    # Issue 22: Claude Desktop's uvx entry, pipx, uvx from a clone, then make demo / make test for contributors.
    (lang, entry), (_, installs), (_, setup) = _blocks(README)[:3]
    assert lang == "json" and json.loads("\n".join(entry)) == {
        "mcpServers": {"sweepy": {"command": "uvx", "args": ["sweepy-mcp"]}}
    }
    assert installs == ["pipx install sweepy-mcp", "uvx --from . sweepy-mcp"]
    assert setup == ["make demo", "make test"]
    assert README.index("## Set-up: two commands") < README.index("## What it does")  # right after the install


def test_readme_documents_every_install_host() -> None:
    for name in HOSTS:
        assert f"| `{name}` |" in README and f"sweepy install {name}" in README, name


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


DOCS = ROOT / "docs"
TOOLS_DOC = (DOCS / "tools.md").read_text(encoding="utf-8")
PROFILE_DOC = (DOCS / "profile.md").read_text(encoding="utf-8")


def test_the_tool_reference_has_a_section_per_tool_and_every_variable() -> None:
    for name in TOOLS:
        assert f"\n## {name}\n" in TOOLS_DOC, name
    for name in re.findall(r"`(SWEEPY_[A-Z_]+)", README):
        assert f"`{name}" in TOOLS_DOC, name


def _keys(model: type[BaseModel], prefix: str = "") -> list[str]:
    keys = []
    for name, field in model.model_fields.items():
        keys.append(prefix + name)
        if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
            keys += _keys(field.annotation, f"{prefix}{name}.")
    return keys


def test_the_profile_reference_documents_every_key_and_every_engine_key() -> None:
    for key in _keys(Profile):
        # Each key appears in backticks, alone (`ttl_seconds`) or dotted (`circuit_breaker.cooldown_seconds`).
        assert re.search(rf"`(?:[\w.]*\.)?{key.split('.')[-1]}[`.]", PROFILE_DOC), key
    for name, engine in engines().items():
        assert f"| `{name}` |" in PROFILE_DOC, name
        for key in engine.config_model.model_fields:
            if key not in ("enabled", "base_url", "max_bytes"):  # every web engine's: described once, above
                assert re.search(rf"\| `{name}` \| [^|\n]*`{key}`", PROFILE_DOC), f"{name}.{key}"
    assert "takes `max_bytes`" in PROFILE_DOC and "takes\n`base_url`" in PROFILE_DOC


def test_the_docs_link_only_to_files_in_the_repository() -> None:
    for path in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", path.read_text(encoding="utf-8")):
            if not target.startswith(("http://", "https://", "mailto:")):
                assert (path.parent / target).exists(), (path.name, target)
        assert "../shared" not in path.read_text(encoding="utf-8"), path.name


def test_the_readme_keeps_what_set_up_registration_tools_and_environment_and_points_to_the_rest() -> None:
    """Issue 26: the sweep, engine, HTTP-layer, report and file sections live in docs/, each linked from the
    README's Reference table."""
    heads = re.findall(r"^## (.+)$", README, re.M)
    assert heads[:4] == ["Install", "Set-up: two commands", "What it does", "Register it in an MCP host"]
    assert {"Tools", "Environment", "Code layout", "Reference"} <= set(heads)
    assert not {"Files", "Engines", "How a sweep works", "Reports"} & set(heads)
    for name in ("tools", "profile", "sweeps", "reports", "files"):
        assert f"](docs/{name}.md)" in _section("Reference"), name


def _section(title: str) -> str:
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_file_table_lists_each_path_once() -> None:
    files = (DOCS / "files.md").read_text(encoding="utf-8")
    rows = [line.split(" | ")[0] for line in files.splitlines() if line.startswith("| `")]
    assert rows and len(rows) == len(set(rows)), rows


def test_the_benchmarks_paragraph_names_every_bench_section_once_and_repeats_no_line() -> None:
    text = _section("Benchmarks")
    sections = re.findall(r'^    "(\w+)": lambda', (ROOT / "bench" / "run.py").read_text(encoding="utf-8"), re.M)
    assert sections
    for name in sections:
        assert text.count(f"- `{name}`:") == 1, name
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert len(lines) == len(set(lines))


def test_the_get_jobs_card_table_lists_every_field_of_the_published_card_in_order() -> None:
    """docs/tools.md's card table names each field of get_jobs' JobCard once, in the order get_jobs sends them,
    and marks "always" exactly the fields its schema requires; the salary paragraph names each salary field."""
    from sweepy.service.answers_cards import JobCard, SalaryBrief

    section = TOOLS_DOC.split("\n## get_jobs\n", 1)[1].split("\n## ", 1)[0]
    table = section.split("| field | when | meaning |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split(" | ")[:2] for line in table.splitlines() if line.startswith("| `")]
    names = [[name.strip("| `") for name in cell.split(", ")] for cell, _when in rows]
    assert [name for row in names for name in row] == list(JobCard.model_fields)
    always = {name for row, (_cell, when) in zip(names, rows, strict=True) if when == "always" for name in row}
    assert always == {name for name, field in JobCard.model_fields.items() if field.is_required()}
    assert always >= {"job_id", "title", "company", "match_score"}
    for name in SalaryBrief.model_fields:
        assert re.search(f"`{name}[`:]", section.split("A card's `salary` holds", 1)[1].split("\n\n", 1)[0]), name
