"""Inputs that used to end in a generic Python error (RecursionError, ValueError) or a misnamed file: each gets a
clear error naming the file or argument, over MCP too, and nothing changes on disk. Sweepy's own files damaged
outside it (a card row, a session row, the tracking index), a host whose form fails, and malformed resource URIs
answer over real stdio with what is wrong and what to do, never "failed unexpectedly" or Python's own words."""

import json
import sqlite3
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from conftest import App, snapshot
from mcp import Client, ClientSession, StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError
from mcp_helpers import (
    SERVER_PY,
    SMALL_FEED,
    SMALL_FEED_CARDS,
    envelope,
    error_payload,
    profile_args,
    server_env,
    write_feed,
    write_resume,
)

from sweepy.errors import InvalidArgument, ProfileError, StorageError
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store import card_packing
from sweepy.store.profiles import load_profile
from sweepy.store.session import SessionStore
from sweepy.store.session_model import Session

DEEP = "[" * 100_000 + "]" * 100_000
"""Nested far past what Python's JSON parser follows: json.loads raised RecursionError."""


@pytest.fixture
def swept(app: App, workspace: Path) -> Path:
    """A finished sweep of the small feed (a session, a result file, a CSV): returns its result file."""
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    profile = app.service.create_profile(a.CreateProfile(**profile_args(resume, "feeds/postings.jsonl"))).dump()[
        "profile_path"
    ]
    job, _joined = app.service.start_sweep(profile, deduplicate=True, include_seen=False)
    assert job.done.wait(60)
    return Path(app.service.sweep_payload(job).dump()["reports"]["json"])


def test_a_result_file_nested_too_deeply_is_named(app: App, swept: Path, workspace: Path) -> None:
    deep = swept.with_name("alex_rivera_paralegal_29991231-235959.json")  # the newest result file
    deep.write_text(DEEP, encoding="utf-8")
    before = snapshot(workspace)
    for call in (
        lambda: app.service.get_results(a.GetResults(results_dir="results", limit=5)),
        lambda: app.service.export_report(
            a.ExportReport(json_source=str(deep), results_dir="results", formats=["csv"], candidate_name="Alex")
        ),
    ):
        with pytest.raises(StorageError) as caught:
            call()
        assert f"Result file {deep} cannot be read (it is nested too deeply" in caught.value.message
    assert snapshot(workspace) == before


def test_a_profile_with_a_4400_digit_number_is_named(app: App, workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    path = workspace / "profiles" / "huge.yaml"
    path.parent.mkdir()
    path.write_text(
        f"name: Alex\nsearch:\n  titles: [Paralegal]\n  location: New York, NY\n  min_salary: {'9' * 4400}\n"
        f"resume: {{path: {resume}}}\n",
        encoding="utf-8",
    )
    with pytest.raises(ProfileError) as caught:  # a ValueError ("Exceeds the limit (4300 digits)") before
        load_profile(path)
    assert caught.value.message.startswith(f"Profile {path} has a number with 4400 digits at line 5")
    before = snapshot(workspace)
    with pytest.raises(ProfileError, match="4400 digits"):
        app.service.start_sweep(str(path), deduplicate=True, include_seen=False)
    assert snapshot(workspace) == before


@pytest.mark.parametrize("name", ["report.pdf\n", "report.pdf ", "report.pdf\r", "report.pdf\t", "re\x1bport.pdf",
                                  "report.pdf\u3000"], ids=repr)  # fmt: skip
def test_output_names_ending_in_white_space_or_holding_control_characters_are_refused(
    app: App, swept: Path, workspace: Path, name: str
) -> None:
    service: SweepyService = app.service
    resume = workspace / "resume.docx"
    before = snapshot(workspace)
    calls = {
        "output_filename": lambda: service.render_report(
            a.RenderReport(results_dir="results", output_filename=f"results/{name}", playbook="")
        ),
        "output_dir": lambda: service.export_report(
            a.ExportReport(results_dir="results", formats=["csv"], candidate_name="Alex", output_dir=f"results/{name}")
        ),
        "pdf_path": lambda: service.convert_document(a.ConvertDocument(document_path=str(resume), pdf_path=name)),
    }
    for argument, call in calls.items():
        with pytest.raises(InvalidArgument) as caught:
            call()
        assert caught.value.message.startswith(f"{argument} ") and "does not read back as typed" in caught.value.message
    assert snapshot(workspace) == before


@pytest.mark.anyio
async def test_over_mcp_a_name_with_a_trailing_newline_is_an_error_payload(app: App, swept: Path) -> None:
    before = snapshot(swept.parent)
    async with Client(app.mcp) as client:
        payload = error_payload(
            await client.call_tool("render_report", {"output_filename": "results/report.pdf\n", "limit": 3})
        )
    assert payload["message"].startswith("output_filename 'results/report.pdf\\n' ends in a line break")
    assert snapshot(swept.parent) == before


# -- Sweepy's own files damaged outside it, over stdio (issue 24 item 5) ----------------------------------------
STEM = "alex_rivera_paralegal"


@asynccontextmanager
async def legacy(workspace: Path, **callbacks: Any) -> AsyncIterator[ClientSession]:
    """A fresh `python server.py` on the handshake era (2025-11-25), where the server sends elicitation/create
    mid-call and so sees what the client's handler answers. (On 2026-07-28 the client runs its handler between
    input_required rounds: a handler that raises fails the client's own call, and the server never hears of it.)"""
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=server_env(workspace))
    async with stdio_client(params) as (read, write), ClientSession(read, write, **callbacks) as session:
        await session.initialize()
        yield session


def store_rows(db: Path) -> list[Any]:
    """Every row of the session store's sessions and cards: what "nothing was changed" compares."""
    with sqlite3.connect(db) as con:
        return [*con.execute("SELECT * FROM sessions ORDER BY id"), *con.execute("SELECT * FROM cards ORDER BY rowid")]


def files(workspace: Path) -> dict[str, bytes]:
    """The workspace's files but SQLite's own -wal and -shm (a reader may checkpoint them: no row changes)."""
    return {name: data for name, data in snapshot(workspace).items() if not name.endswith(("-wal", "-shm"))}


def edit_store(db: Path, sql: str, *args: Any) -> None:
    """A change made outside Sweepy, with SQLite's own client (as a person with sqlite3 would)."""
    con = sqlite3.connect(db)
    try:
        with con:
            con.execute(sql, args)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the edit in sessions.db itself, so its bytes compare
    finally:
        con.close()


def first_job(db: Path) -> tuple[str, str]:
    """The first card's id and JSON text (a sweep's rows hold it packed: sweepy.store.card_packing)."""
    with sqlite3.connect(db) as con:
        row = con.execute("SELECT job_id, data FROM cards ORDER BY pos LIMIT 1").fetchone()
    data = card_packing.unpack(row[1]) if isinstance(row[1], bytes) else row[1]
    return str(row[0]), str(data)


def deep_card(db: Path) -> str:
    job_id, _data = first_job(db)
    edit_store(db, "UPDATE cards SET data = ? WHERE job_id = ?", DEEP, job_id)
    return f"holds card {job_id!r} whose JSON cannot be parsed (recursion limit exceeded"


def nan_card(db: Path) -> str:
    job_id, data = first_job(db)
    planted = data.replace('"match_score":', '"match_score":NaN,"x":', 1)
    edit_store(db, "UPDATE cards SET data = ? WHERE job_id = ?", planted, job_id)
    return f"holds card {job_id!r} whose JSON does not hold what Sweepy writes ('match_score': Input should be a finite"


def torn_meta(db: Path) -> str:
    edit_store(db, "UPDATE sessions SET meta = substr(meta, 1, length(meta) / 2)")
    return f"holds session {STEM!r} whose fields are not JSON Sweepy wrote (Unterminated string"


DAMAGES: dict[str, Callable[[Path], str]] = {"deep card": deep_card, "NaN card": nan_card, "torn meta": torn_meta}


def no_generic_words(answer: str) -> None:
    assert "unexpectedly" not in answer and "Traceback" not in answer, answer


@pytest.mark.anyio
@pytest.mark.parametrize("damage", DAMAGES)
async def test_a_damaged_session_store_is_named_by_every_tool_and_nothing_changes(
    app: App, swept: Path, workspace: Path, damage: str
) -> None:
    db = swept.parent / "sessions.db"
    job_id, _data = first_job(db)
    expected = DAMAGES[damage](db)
    rows, before = store_rows(db), files(workspace)
    reading = {
        "get_jobs": {},
        "render_report": {"limit": 3},
        "submit_judgments": {"job_id": job_id, "match_pct": 80, "summary": "Litigation support in Relativity."},
    }
    async with legacy(workspace) as client:
        for name, arguments in reading.items():
            payload = error_payload(await client.call_tool(name, arguments))
            assert payload["message"].startswith(f"The session store {db} {expected}"), (name, payload)
            assert payload["message"].endswith(
                "it was changed outside Sweepy, and nothing was changed now. Move it aside, then call run_sweep for "
                "a fresh session."
            ), (name, payload)
        assert store_rows(db) == rows and files(workspace) == before
        # Sweep-wide: every other tool and resource answers in words (some read around the store, some name it).
        others = {
            "get_jobs": {"profile_stem": STEM, "limit": 2},
            "get_results": {},
            "export_report": {"formats": ["csv", "json"]},
            "track_jobs": {"items": [{"job_id": job_id, "status": "applied"}]},
            "get_outcomes": {},
            "get_applications": {},
            "clear_history": {"profile_stem": STEM, "dry_run": True},
            "list_sweeps": {},
            "run_sweep": {"profile_path": f"profiles/{STEM}.yaml", "wait_seconds": 60},
        }
        for name, arguments in others.items():
            payload = envelope(await client.call_tool(name, arguments))
            no_generic_words(payload.get("message", "") + str(payload.get("error", "")))
        for uri in ("sweepy://digest/latest", "sweepy://sweeps/latest/summary", "sweepy://sweeps/latest/cards"):
            try:
                await client.read_resource(uri)
            except MCPError as exc:
                assert exc.error.code == types.INVALID_PARAMS, (uri, exc.error)
                no_generic_words(exc.error.message)


@pytest.mark.anyio
async def test_a_tracking_index_nested_too_deeply_is_read_around(app: App, swept: Path, workspace: Path) -> None:
    index = swept.parent / f".{STEM}.tracking.json"
    index.write_text(DEEP, encoding="utf-8")
    async with legacy(workspace) as client:
        results = envelope(await client.call_tool("get_results", {}))
        assert results["status"] == "ok" and len(results["top_roles"]) == SMALL_FEED_CARDS
        exported = envelope(await client.call_tool("export_report", {"formats": ["csv"]}))
        assert exported["status"] == "ok", exported
    rows = Path(exported["generated"]["csv"]).read_text(encoding="utf-8").splitlines()
    assert len(rows) == 1 + SMALL_FEED_CARDS  # the header, and every card: the CSVs were read instead


# -- a host whose form fails (issue 24 item 5) -----------------------------------------------------------------
async def broken_form(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
    raise RuntimeError("the host's form window crashed")


@pytest.mark.anyio
async def test_a_host_whose_form_fails_gets_an_error_naming_the_step_and_nothing_is_written(
    app: App, swept: Path, workspace: Path
) -> None:
    state = Path(str(workspace.parent / "state"))
    resume = workspace / "resume.docx"
    before = snapshot(workspace, state)
    async with legacy(workspace, elicitation_callback=broken_form) as client:
        created = error_payload(
            await client.call_tool("create_profile", {"name": "Sam Lee", "resume_path": str(resume)})
        )
        cleared = error_payload(await client.call_tool("clear_history", {"profile_stem": STEM}))
        counted = envelope(await client.call_tool("clear_history", {"profile_stem": STEM, "dry_run": True}))
    assert created["message"] == (
        "The host could not show the create_profile form to the person (it answered the form with an error: "
        '"the host\'s form window crashed"), so no profile was written. Call create_profile again with titles, '
        "location given as arguments (the form asks only for the ones missing)."
    )
    assert cleared["message"].startswith("The host could not show the clear_history form to the person (it answered")
    assert f"so nothing was cleared: profile {STEM!r} keeps its 7 reported postings." in cleared["message"]
    assert created["elicitation"] == cleared["elicitation"] == "error"
    assert counted["would_clear"] == 7
    assert snapshot(workspace, state) == before


# -- resources answer like tools (issue 24 item 6) --------------------------------------------------------------
CARDS = "sweepy://sweeps/latest/cards"
RESOURCE_ERRORS = {
    "superscript offset": (f"{CARDS}?offset=%C2%B2", "offset must be a whole number from 0 to 1000000000 in ASCII "
                           "digits (got '²')."),
    "5,000-digit limit": (f"{CARDS}?limit={'9' * 5000}", "limit must be a whole number from 1 to 100 in ASCII digits "
                          "(got '99999999999999999999' (5,000 characters))."),
    "Arabic-Indic limit": (f"{CARDS}?limit=%D9%A3", "limit must be a whole number from 1 to 100 in ASCII digits "
                           "(got '٣')."),
    "non-UTF-8 CSV": ("sweepy://reports/results%2Flatin1.csv", "results/latin1.csv is not UTF-8 text (byte 7 is not); "
                      "it is not served. Sweepy writes its CSV and JSON reports as UTF-8: call export_report"),
    "20,000-part path": ("sweepy://reports/" + "a%2F" * 20_000 + "x.csv", "a report is named by its path in the "
                         "workspace: at most 4096 bytes, each folder or file name at most 255"),
    "a 300-byte name": ("sweepy://reports/results%2F" + "a" * 300 + ".csv", "each folder or file name at most 255"),
}  # fmt: skip


@pytest.mark.anyio
async def test_malformed_resource_uris_are_invalid_params_saying_what_sweepy_serves(
    app: App, swept: Path, workspace: Path
) -> None:
    (swept.parent / "latin1.csv").write_bytes("job,Café\r\n".encode("latin-1"))
    before = snapshot(workspace)
    async with legacy(workspace) as client:
        for case, (uri, expected) in RESOURCE_ERRORS.items():
            with pytest.raises(MCPError) as caught:
                await client.read_resource(uri)
            assert caught.value.error.code == types.INVALID_PARAMS, case
            assert expected in caught.value.error.message, (case, caught.value.error.message)
            assert len(caught.value.error.message) < 1000, case  # a 60 KB URI is not echoed whole
        (page,) = (await client.read_resource(f"{CARDS}?offset=1&limit=3")).contents
    assert isinstance(page, types.TextResourceContents)
    body = json.loads(page.text)
    assert (body["offset"], body["count"], body["next_offset"]) == (1, 3, 4)
    assert snapshot(workspace) == before


@pytest.mark.parametrize(
    ("meta", "expected"),
    [
        ('{"sweep_id": 5}', "whose fields' JSON does not hold what Sweepy writes ('sweep_id': Input should be a valid"),
        (
            '{"sweep_id": NaN}',
            "whose fields are not JSON Sweepy wrote (it holds NaN, which is not a number JSON allows)",
        ),
        ("[1]", "whose fields are not JSON Sweepy wrote (it is not an object)"),
    ],
)
def test_a_session_row_whose_fields_are_not_sweepys_is_named_on_read_and_write(
    workspace: Path, meta: str, expected: str
) -> None:
    folder = workspace / "results"
    store = SessionStore(folder)
    store.activate_empty(Session(profile_stem=STEM, sweep_id="s-1"))
    edit_store(folder / "sessions.db", "UPDATE sessions SET meta = ?", meta)
    rows = store_rows(folder / "sessions.db")
    for call in (lambda: store.load(None), lambda: store.update(None, lambda session: None)):
        with pytest.raises(StorageError) as caught:
            call()
        assert caught.value.message.startswith(f"The session store {folder / 'sessions.db'} holds session "), meta
        assert expected in caught.value.message
    assert store_rows(folder / "sessions.db") == rows
