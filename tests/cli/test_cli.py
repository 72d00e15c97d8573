"""The `sweepy` command: the demo's sweep summary, results as JSON, and errors on stderr with an exit code."""

import json
import shutil
import sys
from pathlib import Path

import pytest
from conftest import PROFILES, ROOT
from fakeboards import FakeBoards
from mcp import Client, StdioServerParameters
from mcp_helpers import server_env

from sweepy.cli import main


def test_sweep_prints_counts_top_roles_and_the_files_it_wrote(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(PROFILES / "example.yaml", workspace / "config.sample.yaml")
    assert main(["sweep", "config.sample.yaml", "--include-seen"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("discovered 310, new ")
    assert lines[1].startswith("dropped: ") and "title " in lines[1]
    assert lines[2] == "skipped sources: none"
    assert lines[3] == "top roles:"
    top = lines[4:9]
    assert len(top) == 5 and all("aralegal" in line or "Legal Assistant" in line for line in top)
    json_line, csv_line = lines[9], lines[10]
    assert json_line.startswith("json: ") and Path(json_line[6:]).is_file()
    assert csv_line.startswith("csv:  ") and Path(csv_line[6:]).is_file()
    assert Path(json_line[6:]).parent == workspace / "results"
    assert lines[11].startswith("debug log: ")
    assert lines[12] == "profile: config.sample.yaml"  # workspace-relative
    cards = int(lines[0].split("cards ")[1].split(",")[0])
    assert lines[13].startswith(f"{cards} roles found; the best keyword overlap is ")
    assert "judge each card in an MCP host (get_jobs, submit_judgments) before presenting them as matches." in lines[13]
    # the first sweep of the profile: every card is new, said in the command's words
    assert lines[13].endswith(f"{cards} cards are new: no earlier sweep of the profile matched them (in an MCP host: "
                              "get_jobs new_only, the digest).")  # fmt: skip


def test_results_prints_the_newest_result_as_json(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(PROFILES / "example.yaml", workspace / "config.sample.yaml")
    assert main(["sweep", "config.sample.yaml", "--json"]) == 0
    swept = json.loads(capsys.readouterr().out)
    assert main(["results", "--profile-stem", "config.sample", "--limit", "3"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert results["result_file"] == swept["reports"]["json"]
    assert [r["job_id"] for r in results["top_roles"]] == swept["job_ids"][:3]


def test_a_sweep_of_seen_postings_names_the_flag_not_the_tool_argument(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sweep", "example"]) == 0
    first = capsys.readouterr().out
    assert main(["sweep", "example"]) == 0
    again = capsys.readouterr().out.splitlines()
    assert again[0].startswith("discovered 310, new 0, previously seen ")
    seen = int(again[0].split("previously seen ")[1].split(",")[0])
    assert seen > 0 and "cards 0" in again[0]
    assert again[-1] == (
        f"All {seen} matching postings were reported by earlier sweeps. Run sweepy sweep again with --include-seen "
        "to review them."
    )
    assert main(["sweep", "example", "--json"]) == 0
    message = json.loads(capsys.readouterr().out)["message"]
    assert message == again[-1]
    assert "include_seen: true" not in first + message and "run_sweep" not in message


def test_a_sweep_whose_every_source_failed_exits_3(
    workspace: Path, boards: FakeBoards, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = {
        "name": "Dana Lee",
        "search": {"titles": ["Paralegal"], "location": "New York, NY"},
        "resume": {"path": str(ROOT / "sweepy/data/sample_resume.pdf")},
        "sources": {"greenhouse": {"boards": ["nosuch", "gone"], "base_url": boards.url}},
    }
    (workspace / "dead.yaml").write_text(json.dumps(profile), encoding="utf-8")
    assert main(["sweep", "dead.yaml"]) == 3
    captured = capsys.readouterr()
    assert "skipped sources: greenhouse (http_error), greenhouse (http_error)" in captured.out
    assert "No postings: every source of the sweep failed (2 of 2)" in captured.out
    assert captured.err == "every source failed (2 of 2): nothing was searched\n"
    profile["sources"]["greenhouse"]["boards"] = ["acme", "nosuch"]  # one answers: the sweep searched
    (workspace / "dead.yaml").write_text(json.dumps(profile), encoding="utf-8")
    assert main(["sweep", "dead.yaml"]) == 0
    assert capsys.readouterr().err == ""


def test_an_error_names_the_command_to_run_not_the_tool(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workspace / "results").mkdir()
    assert main(["results"]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"error: No sweep result files in {workspace / 'results'}. Run sweepy sweep first.\n"
    profile = {
        "name": "Dana Lee",
        "search": {"titles": ["Paralegal"], "location": "New York, NY"},
        "resume": {"path": str(ROOT / "sweepy/data/sample_resume.pdf")},
        "sources": {"feed": {"path": "sample_postings.jsonl"}},
    }
    (workspace / "bare.yaml").write_text(json.dumps(profile), encoding="utf-8")
    assert main(["sweep", "bare.yaml"]) == 2
    err = capsys.readouterr().err
    assert 'The bundled sample feed is "sweepy/data/sample_postings.jsonl": pass that path exactly.' in err
    assert err.endswith("Fix the profile's sources block (docs/profile.md) and retry.\n")
    assert "sources_config" not in err


def test_errors_go_to_stderr_with_an_exit_code(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "profiles/missing.yaml"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: Profile 'profiles/missing.yaml' does not exist")


def test_sources_says_whether_each_enabled_source_answers_now(
    workspace: Path, boards: FakeBoards, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = {
        "name": "Dana Lee",
        "search": {"titles": ["Paralegal"], "location": "New York, NY"},
        "resume": {"path": str(ROOT / "sweepy/data/sample_resume.pdf")},
        "sources": {"greenhouse": {"boards": ["acme", "nosuch"], "base_url": boards.url}},
        "cache": {"enabled": True, "ttl_seconds": 3600},
    }
    (workspace / "live.yaml").write_text(json.dumps(profile), encoding="utf-8")  # JSON is YAML
    for _ in range(2):  # the cache is not used: each run asks again
        assert main(["sources", "live.yaml"]) == 1
        acme, nosuch = capsys.readouterr().out.splitlines()
        assert acme.startswith("greenhouse/acme: reachable, 2 postings in ")
        assert (
            nosuch
            == f"greenhouse/nosuch: http_error: HTTP 404 from {boards.url[7:]}/v1/boards/nosuch/jobs: Job not found"
        )
    assert boards.hits("/v1/boards/acme/jobs") == 2


@pytest.mark.anyio
async def test_sweepy_serve_needs_no_server_py(workspace: Path, tmp_path: Path) -> None:
    # The server comes from the package (an installed wheel has no server.py): start it as the console script
    # does, from a folder with nothing in it, with the checkout kept off sys.path (-P).
    params = StdioServerParameters(
        command=sys.executable, args=["-P", "-m", "sweepy.cli", "serve"], env=server_env(workspace), cwd=tmp_path
    )
    async with Client(params) as client:
        tools = {tool.name for tool in (await client.list_tools()).tools}
    assert {"create_profile", "run_sweep", "get_jobs"} <= tools


def test_paths_typed_on_the_command_line_are_taken_from_the_current_folder(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    here = tmp_path / "elsewhere"
    here.mkdir()
    shutil.copy(PROFILES / "example.yaml", here / "mine.yaml")  # beside the person, not in the workspace
    monkeypatch.chdir(here)
    assert main(["sweep", "mine.yaml", "--json"]) == 0
    swept = json.loads(capsys.readouterr().out)
    assert Path(swept["reports"]["json"]).parent == workspace / "results"  # results still go to the workspace
    monkeypatch.chdir(workspace.parent)
    assert main(["results", "--results-dir", f"{workspace.name}/results", "--limit", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["result_file"] == swept["reports"]["json"]
    monkeypatch.chdir(here)
    assert main(["sweep", "example", "--json"]) == 0  # not a file here: a profile's name, the bundled one
    assert Path(json.loads(capsys.readouterr().out)["reports"]["json"]).name.startswith("example_")


def test_init_creates_the_workspace_with_the_example_profiles_once(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"workspace: {workspace}"
    names = sorted(p.name for p in PROFILES.glob("*.yaml"))
    assert sorted(p.name for p in (workspace / "profiles").iterdir()) == names == [
        "example.yaml", "example_live.yaml", "paralegal_nyc.yaml",
    ]  # fmt: skip
    assert (workspace / "results").is_dir()
    edited = workspace / "profiles" / "example.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("Alex Rivera", "Dana Lee"), encoding="utf-8")
    assert main(["init"]) == 0
    assert "already there" in capsys.readouterr().out
    assert "Dana Lee" in edited.read_text(encoding="utf-8")  # an edited copy is never replaced
    assert main(["sweep", "example"]) == 0  # the workspace's copy now


def test_a_checkout_is_its_own_workspace_without_sweepy_home() -> None:
    from sweepy.settings import Settings

    assert Settings.from_env({}).home == ROOT  # what `make demo` relies on
