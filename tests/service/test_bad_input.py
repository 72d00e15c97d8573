"""Bad input over MCP (in-process, both client modes): every case is an error payload that says what to do,
and nothing on disk is written or changed."""

import json
import os
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import HELD_CARDS, App, HeldBoard, snapshot
from mcp import Client
from mcp_helpers import SMALL_FEED, envelope, error_payload, profile_args, write_feed, write_resume

from sweepy.errors import DocumentError, ProfileError, StorageError
from sweepy.resume import resume_text
from sweepy.service import arguments as a
from sweepy.settings import Settings
from sweepy.store.csvfiles import carried_tracking
from sweepy.store.profiles import load_profile

pytestmark = pytest.mark.anyio


@dataclass(frozen=True)
class Setup:
    home: Path
    state: Path
    tmp: Path
    resume: Path
    profile: Path
    profile_text: str

    def args(self, **changes: Any) -> dict[str, Any]:
        return profile_args(self.resume, "feeds/postings.jsonl", **changes)


@pytest.fixture
def setup(app: App, workspace: Path, tmp_path: Path) -> Setup:
    """A workspace with a resume, a feed and one valid profile written by create_profile."""
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    created = app.service.create_profile(a.CreateProfile(**profile_args(resume, "feeds/postings.jsonl"))).dump()
    profile = Path(created["profile_path"])
    return Setup(workspace, tmp_path / "state", tmp_path, resume, profile, profile.read_text(encoding="utf-8"))


@pytest.fixture(params=["auto", "legacy"])
async def client(app: App, request: pytest.FixtureRequest) -> AsyncIterator[Client]:
    async with Client(app.mcp, mode=request.param) as connected:
        yield connected


async def sweep_ids(client: Client) -> list[str]:
    return [s["id"] for s in envelope(await client.call_tool("list_sweeps", {}))["sweeps"]]


async def rejected(client: Client, s: Setup, tool: str, arguments: dict[str, Any], *extra: Path) -> dict[str, Any]:
    """Call `tool`, assert the error envelope, and that no file under the workspace, the state folder or
    `extra` was written or changed, and that no sweep was started."""
    roots = (s.home, s.state, *extra)
    before, sweeps_before = snapshot(*roots), await sweep_ids(client)
    payload = error_payload(await client.call_tool(tool, arguments))
    assert snapshot(*roots) == before
    assert await sweep_ids(client) == sweeps_before
    return payload


# -- wrong types and unknown keys ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tool", "change", "expected"),
    [
        ("create_profile", {"titles": "Paralegal"}, ["'titles'", "valid list", "'Paralegal'"]),
        ("create_profile", {"min_salary": "abc"}, ["'min_salary'", "valid integer", "'abc'"]),
        ("create_profile", {"min_salary": "60000"}, ["'min_salary'", "valid integer", "'60000'"]),
        ("create_profile", {"remote_only": "NO"}, ["'remote_only'", "valid boolean", "'NO'"]),
        ("create_profile", {"synonyms": ["JD", "Juris Doctor"]}, ["'synonyms.0'", "valid list"]),
        ("create_profile", {"salary_floor": 50000}, ["unknown key 'salary_floor'"]),
    ],
)
async def test_create_profile_wrong_types_and_unknown_keys(
    client: Client, setup: Setup, tool: str, change: dict[str, Any], expected: list[str]
) -> None:
    payload = await rejected(client, setup, tool, setup.args(**change))
    for phrase in expected:
        assert phrase in payload["message"]
    assert "Fix them and call create_profile again" in payload["message"]


@pytest.mark.parametrize(
    ("tool", "arguments", "expected"),
    [
        ("run_sweep", {"wait_seconds": 1.5}, ["'wait_seconds'", "valid integer", "1.5"]),
        ("run_sweep", {"wait_seconds": "abc"}, ["'wait_seconds'", "valid integer", "'abc'"]),
        ("run_sweep", {"deduplicate": "false"}, ["'deduplicate'", "valid boolean"]),
        ("run_sweep", {"profile": "profiles/x.yaml"}, ["unknown key 'profile'"]),
        ("get_sweep_status", {"wait_seconds": 1.5}, ["'wait_seconds'", "valid integer"]),
        ("get_sweep_status", {"wait_seconds": "abc"}, ["'wait_seconds'", "valid integer"]),
        ("get_sweep_status", {"job": "x"}, ["unknown key 'job'"]),
        ("get_jobs", {"limit": "5"}, ["'limit'", "valid integer"]),
        ("get_results", {"limit": [1]}, ["'limit'", "valid integer"]),
        ("clear_history", {"profile": "x"}, ["unknown key 'profile'"]),
        ("list_sweeps", {"limit": 0}, ["'limit'", "greater than or equal to 1"]),
        ("list_sweeps", {"limit": 101}, ["'limit'", "less than or equal to 100"]),
        ("list_sweeps", {"cursor": ""}, ["'cursor'", "at least 1 character"]),
        ("list_sweeps", {"page": 2}, ["unknown key 'page'"]),
    ],
)
async def test_other_tools_wrong_types_and_unknown_keys(
    client: Client, setup: Setup, tool: str, arguments: dict[str, Any], expected: list[str]
) -> None:
    payload = await rejected(client, setup, tool, arguments)
    for phrase in expected:
        assert phrase in payload["message"]
    assert f"Fix them and call {tool} again" in payload["message"]


# -- wait_seconds is clamped, not refused ---------------------------------------------------------------------


async def test_negative_wait_seconds_is_clamped_to_zero(
    app: App, client: Client, setup: Setup, held_board: HeldBoard
) -> None:
    # The sweep's board is held until the test releases it, so both calls below must answer "running": a
    # negative wait is no wait (fail_after only bounds a call that would block instead).
    created = app.service.create_profile(
        a.CreateProfile(**setup.args(sources_config=held_board.sources), output_filename="profiles/held.yaml")
    ).dump()
    arguments = {"profile_path": created["profile_path"], "wait_seconds": -5}
    with anyio.fail_after(20):
        started = envelope(await client.call_tool("run_sweep", arguments))
    assert (started["status"], started["sweep_status"]) == ("ok", "running")
    job_id = started["job_id"]
    await held_board.until_arrived()
    with anyio.fail_after(20):
        status = envelope(await client.call_tool("get_sweep_status", {"job_id": job_id, "wait_seconds": -5}))
    assert (status["status"], status["job_id"], status["sweep_status"]) == ("ok", job_id, "running")
    held_board.release()
    done = envelope(await client.call_tool("get_sweep_status", {"job_id": job_id, "wait_seconds": 60}))
    assert done["sweep_status"] == "completed"
    assert done["card_count"] == HELD_CARDS


# -- profiles and resumes that do not exist or are not allowed ---------------------------------------------


async def test_missing_profile_path_fails_before_any_job(client: Client, setup: Setup) -> None:
    payload = await rejected(client, setup, "run_sweep", {"profile_path": "profiles/nobody.yaml", "wait_seconds": 0})
    assert "job_id" not in payload
    assert "sweep_status" not in payload
    assert "'profiles/nobody.yaml' does not exist" in payload["message"]
    assert "Check the path" in payload["message"]


async def test_profile_whose_resume_is_gone_fails_before_any_job(client: Client, setup: Setup) -> None:
    moved = setup.home / "elsewhere.yaml"
    moved.write_text(setup.profile_text.replace(str(setup.resume), str(setup.home / "gone.docx")), encoding="utf-8")
    payload = await rejected(client, setup, "run_sweep", {"profile_path": str(moved), "wait_seconds": 0})
    assert "job_id" not in payload
    assert "gone.docx" in payload["message"]
    assert "does not exist" in payload["message"]


async def test_resume_that_does_not_exist(client: Client, setup: Setup) -> None:
    payload = await rejected(client, setup, "create_profile", setup.args(resume_path="resumes/missing.docx"))
    assert "resume_path 'resumes/missing.docx' does not exist" in payload["message"]
    assert "Check the path" in payload["message"]


async def test_resume_that_is_not_a_pdf_or_docx(client: Client, setup: Setup) -> None:
    notes = setup.home / "resume.txt"
    notes.write_text("Paralegal, e-discovery, Relativity", encoding="utf-8")
    payload = await rejected(client, setup, "create_profile", setup.args(resume_path=str(notes)))
    assert "resume.txt is not a PDF or DOCX resume" in payload["message"]
    assert "convert_document" in payload["message"]


# -- profile YAML that must never be trusted ---------------------------------------------------------------


async def test_profile_with_a_python_tag_is_refused_and_not_executed(client: Client, setup: Setup) -> None:
    marker = setup.tmp / "pwned"
    hostile = setup.home / "hostile.yaml"
    hostile.write_text(f'name: !!python/object/apply:os.system ["touch {marker}"]\n', encoding="utf-8")
    for tool in ("run_sweep", "clear_history"):
        payload = await rejected(client, setup, tool, {"profile_path": str(hostile)}, setup.tmp)
        assert "YAML tag that is not allowed" in payload["message"]
        assert "remove the tag" in payload["message"]
        assert "job_id" not in payload
    assert not marker.exists()


async def test_profile_with_yaml_11_boolean_no_is_refused(client: Client, setup: Setup) -> None:
    assert "remote_only: false" in setup.profile_text
    norway = setup.home / "norway.yaml"
    norway.write_text(setup.profile_text.replace("remote_only: false", "remote_only: NO"), encoding="utf-8")
    payload = await rejected(client, setup, "run_sweep", {"profile_path": str(norway), "wait_seconds": 0})
    assert "'search.remote_only'" in payload["message"]
    assert "valid boolean" in payload["message"]
    assert "(got 'NO')" in payload["message"]
    assert "job_id" not in payload


async def test_profile_enabling_a_feed_that_is_gone(client: Client, setup: Setup) -> None:
    stale = setup.home / "stale.yaml"
    stale.write_text(setup.profile_text.replace("feeds/postings.jsonl", "feeds/moved.jsonl"), encoding="utf-8")
    payload = await rejected(client, setup, "run_sweep", {"profile_path": str(stale), "wait_seconds": 0})
    assert "feed" in payload["message"]
    assert "'feeds/moved.jsonl' does not exist" in payload["message"]
    assert payload["failing_engines"] == ["feed"]
    assert "job_id" not in payload


# -- create_profile: write targets outside the workspace ----------------------------------------------------


def assert_outside(payload: dict[str, Any], s: Setup) -> None:
    assert "outside Sweepy's allowed folders" in payload["message"]
    assert "Choose a path inside the workspace" in payload["message"]
    assert "SWEEPY_ALLOW_EXTERNAL_WRITES=1" in payload["message"]
    assert payload["allowed_roots"] == [str(s.home), str(s.state)]


async def test_output_filename_absolute_outside(client: Client, setup: Setup) -> None:
    target = setup.tmp / "outside" / "p.yaml"
    payload = await rejected(client, setup, "create_profile", setup.args(output_filename=str(target)), setup.tmp)
    assert_outside(payload, setup)
    assert not target.parent.exists()


async def test_output_filename_dotdot_escape(client: Client, setup: Setup) -> None:
    payload = await rejected(client, setup, "create_profile", setup.args(output_filename="../outside.yaml"), setup.tmp)
    assert_outside(payload, setup)
    assert str(setup.tmp / "outside.yaml") in payload["message"]
    assert not (setup.tmp / "outside.yaml").exists()


async def test_output_filename_through_a_symlinked_folder(client: Client, setup: Setup) -> None:
    outside = setup.tmp / "outside_dir"
    outside.mkdir()
    (setup.home / "linked").symlink_to(outside, target_is_directory=True)
    payload = await rejected(client, setup, "create_profile", setup.args(output_filename="linked/p.yaml"), outside)
    assert_outside(payload, setup)
    assert list(outside.iterdir()) == []


async def test_output_filename_that_is_a_symlink_to_outside(client: Client, setup: Setup) -> None:
    outside = setup.tmp / "outside_dir"
    outside.mkdir()
    (setup.home / "profiles" / "evil.yaml").symlink_to(outside / "evil.yaml")
    payload = await rejected(client, setup, "create_profile", setup.args(output_filename="profiles/evil.yaml"), outside)
    assert_outside(payload, setup)
    assert list(outside.iterdir()) == []


async def test_output_filename_in_a_sibling_sharing_the_prefix(client: Client, setup: Setup) -> None:
    sibling = Path(f"{setup.home}_evil")
    assert sibling.name == "home_evil"
    payload = await rejected(client, setup, "create_profile", setup.args(output_filename=str(sibling / "p.yaml")))
    assert_outside(payload, setup)
    assert not sibling.exists()


async def test_output_filename_that_is_not_yaml(client: Client, setup: Setup) -> None:
    payload = await rejected(client, setup, "create_profile", setup.args(output_filename="profiles/p.txt"))
    assert "must end with .yaml or .yml" in payload["message"]


async def test_enabled_feed_whose_path_does_not_exist(client: Client, setup: Setup) -> None:
    args = setup.args(sources_config={"feed": {"enabled": True, "path": "feeds/missing.jsonl"}})
    args["output_filename"] = "profiles/new.yaml"
    payload = await rejected(client, setup, "create_profile", args)
    assert payload["message"].startswith("Engine configuration is incomplete: feed:")
    assert "'feeds/missing.jsonl' does not exist" in payload["message"]
    assert "Fix sources_config" in payload["message"]
    assert payload["failing_engines"] == ["feed"]
    assert not (setup.home / "profiles" / "new.yaml").exists()


async def test_enabled_feed_without_a_path(client: Client, setup: Setup) -> None:
    payload = await rejected(client, setup, "create_profile", setup.args(sources_config={"feed": {"enabled": True}}))
    assert "feed: 'path' is required" in payload["message"]
    assert payload["failing_engines"] == ["feed"]


# -- mutually exclusive and unknown references ---------------------------------------------------------------


async def test_clear_history_with_both_profile_path_and_stem(client: Client, setup: Setup) -> None:
    arguments = {"profile_path": str(setup.profile), "profile_stem": "alex_rivera_paralegal"}
    payload = await rejected(client, setup, "clear_history", arguments)
    assert payload["message"] == "Pass profile_path or profile_stem, not both."


async def test_unknown_job_id(client: Client, setup: Setup) -> None:
    payload = await rejected(client, setup, "get_sweep_status", {"job_id": "no-such-sweep", "wait_seconds": 0})
    assert "No sweep with job_id 'no-such-sweep'" in payload["message"]
    assert "run_sweep" in payload["message"]


async def test_forged_cursor(client: Client, setup: Setup) -> None:
    payload = await rejected(client, setup, "list_sweeps", {"limit": 1, "cursor": "eyJhZnRlciI6ICJ4In0.deadbeef"})
    assert "cursor is not one this server issued" in payload["message"]
    assert "Call list_sweeps without cursor" in payload["message"]


def test_setup_profile_is_the_one_create_profile_wrote(setup: Setup) -> None:
    """The fixture's profile is real: the cases above edit a true copy of it."""
    assert setup.profile == setup.home / "profiles" / "alex_rivera_paralegal.yaml"
    state = json.loads((setup.state / "state.json").read_text(encoding="utf-8"))
    assert state["default_profile"] == str(setup.profile)
    assert os.path.realpath(setup.resume) in setup.profile_text


# -- files that are not regular files (a FIFO would block a read forever) -------------------------------------


async def test_a_fifo_named_like_the_session_is_refused_not_waited_on(client: Client, setup: Setup) -> None:
    folder = setup.home / "d"
    folder.mkdir()
    os.mkfifo(folder / "report_session.json")
    with anyio.fail_after(20):  # a guard against the hang, not a measurement
        payload = await rejected(client, setup, "get_jobs", {"results_dir": "d"})
    assert f"Session file {folder / 'report_session.json'} is not a regular file (it is a FIFO)" in payload["message"]
    assert "Replace it with a regular file or remove it" in payload["message"]


async def test_a_fifo_named_like_a_result_file_is_refused_not_waited_on(client: Client, setup: Setup) -> None:
    folder = setup.home / "d"
    folder.mkdir()
    os.mkfifo(folder / "alex_rivera_paralegal_20261118-090000.json")
    with anyio.fail_after(20):
        payload = await rejected(client, setup, "get_results", {"results_dir": "d"})
    assert "Result file" in payload["message"]
    assert "is not a regular file (it is a FIFO)" in payload["message"]


def test_fifo_profile_state_and_earlier_csv_are_never_opened_for_a_blocking_read(setup: Setup) -> None:
    fifo = setup.home / "fifo.yaml"
    os.mkfifo(fifo)
    with pytest.raises(ProfileError, match=r"is not a regular file \(it is a FIFO\)"):
        load_profile(fifo)
    state = setup.state / "state.json"
    state.unlink()
    os.mkfifo(state)
    assert Settings.from_env().workspace().read_state() == {}  # an unreadable state means "no default profile"
    results = setup.home / "results"
    results.mkdir()
    os.mkfifo(results / "alex_rivera_paralegal_20261118-090000.csv")
    with pytest.raises(StorageError, match="is not a regular file"):
        carried_tracking(results, "alex_rivera_paralegal")


# -- NaN and Infinity: Python's json accepts them, JSON (and every client) does not ---------------------------


async def test_a_session_with_a_nan_score_is_refused_naming_the_file(client: Client, setup: Setup) -> None:
    folder = setup.home / "d"
    folder.mkdir()
    card = {"job_id": "j1", "title": "Paralegal", "match_score": float("nan")}
    (folder / "report_session.json").write_text(json.dumps({"cards": [card]}), encoding="utf-8")
    payload = await rejected(client, setup, "get_jobs", {"results_dir": "d"})
    assert payload["message"].startswith(f"Session file {folder / 'report_session.json'} is damaged: it holds NaN")
    assert "Call run_sweep" in payload["message"]


async def test_a_result_file_with_infinity_is_refused_naming_the_file(client: Client, setup: Setup) -> None:
    folder = setup.home / "d"
    folder.mkdir()
    result = folder / "alex_rivera_paralegal_20261118-090000.json"
    card = {"job_id": "j1", "title": "Paralegal", "match_score": float("inf")}
    result.write_text(json.dumps({"profile": {"stem": "alex_rivera_paralegal"}, "cards": [card]}), encoding="utf-8")
    payload = await rejected(client, setup, "get_results", {"results_dir": "d"})
    assert payload["message"].startswith(f"Result file {result} cannot be read (it holds Infinity")


# -- OS limits and unreadable documents, said in words --------------------------------------------------------

LONG_PART = "n" * 256


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("create_profile", {"output_filename": f"profiles/{LONG_PART}.yaml"}),
        ("create_profile", {"history_config": {"path": f"{LONG_PART}/history.db"}}),
        ("run_sweep", {"profile_path": f"{LONG_PART}.yaml", "wait_seconds": 0}),
        ("get_results", {"results_dir": LONG_PART}),
        ("get_jobs", {"results_dir": LONG_PART}),
        ("clear_history", {"profile_path": f"profiles/{LONG_PART}.yaml"}),
    ],
)
async def test_a_path_part_longer_than_255_bytes(
    client: Client, setup: Setup, tool: str, arguments: dict[str, Any]
) -> None:
    payload = await rejected(client, setup, tool, setup.args(**arguments) if tool == "create_profile" else arguments)
    assert "a part of the path is longer than 255 bytes (2" in payload["message"]
    assert "Shorten that file or folder name" in payload["message"]


async def test_a_path_with_thousands_of_parts(client: Client, setup: Setup) -> None:
    payload = await rejected(client, setup, "create_profile", setup.args(output_filename="x/" * 2000 + "y.yaml"))
    assert "is past the path limit (20" in payload["message"]
    assert "at most 128 parts and 4096 bytes). Use a shorter path." in payload["message"]


def flate_bomb(path: Path, inflated: int) -> Path:
    """A one-page PDF whose content stream is `inflated` bytes of spaces, compressed to a few hundred KB."""
    stream = zlib.compress(b" " * inflated, 9)
    objects = [
        b"<</Type/Catalog/Pages 2 0 R>>",
        b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>",
        b"<</Length %d/Filter/FlateDecode>>stream\n" % len(stream) + stream + b"\nendstream",
    ]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<</Size %d/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    path.write_bytes(bytes(out))
    return path


async def test_a_pdf_resume_that_inflates_to_80_mb(client: Client, setup: Setup) -> None:
    bomb = flate_bomb(setup.home / "bomb.pdf", 80_000_000)
    assert bomb.stat().st_size < 200_000
    payload = await rejected(client, setup, "create_profile", setup.args(resume_path=str(bomb)))
    assert "bomb.pdf holds a compressed part that expands past 10 MB" in payload["message"]
    assert "Export it again" in payload["message"]


def test_a_resume_that_cannot_be_read_says_which_file_and_why(setup: Setup) -> None:
    folder = setup.home / "x.docx"  # unreadable even for root: a folder where a file was expected
    folder.mkdir()
    with pytest.raises(DocumentError) as caught:
        resume_text(folder)
    assert caught.value.message == (
        f"Resume {folder} is not a regular file (it is a folder); Sweepy reads only regular files. Replace it "
        "with a regular file or remove it."
    )


# -- history.path naming one of Sweepy's own files --------------------------------------------------------


@pytest.mark.parametrize(
    "history_path",
    [
        "results/report_session.json",
        "results/alex_rivera_paralegal_session.json",
        "~/.sweepy/state.json",
        "profiles/alex_rivera_paralegal.yaml",
        "results/.session.lock",
        "results/alex_rivera_paralegal_20261118-090000.json",
        "results/alex_rivera_paralegal_20261118-090000.csv",
        "notes.txt",  # an existing file that is not an SQLite database
    ],
)
async def test_history_path_on_sweepys_own_files_is_refused(client: Client, setup: Setup, history_path: str) -> None:
    (setup.home / "notes.txt").write_text("my notes", encoding="utf-8")
    args = setup.args(history_config={"path": history_path}, output_filename="profiles/other.yaml")
    payload = await rejected(client, setup, "create_profile", args)
    assert f"history_config.path {history_path!r}" in payload["message"]
    assert "is one of Sweepy's own files or not a history database" in payload["message"]
    assert "Use a file of its own" in payload["message"]
    hand_written = setup.home / "hand.yaml"
    hand_written.write_text(setup.profile_text.replace("~/.sweepy/history.db", history_path), encoding="utf-8")
    assert history_path in hand_written.read_text(encoding="utf-8")
    payload = await rejected(client, setup, "run_sweep", {"profile_path": str(hand_written), "wait_seconds": 0})
    assert "history.path of hand.yaml" in payload["message"]
    assert "job_id" not in payload
    payload = await rejected(client, setup, "clear_history", {"profile_path": str(hand_written)})
    assert "is one of Sweepy's own files or not a history database" in payload["message"]
