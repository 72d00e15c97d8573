"""Prompts, resources, resource links, elicitation and logging over real stdio (server.py as a subprocess), with
the SDK's own clients in both protocol eras.

auto: `mcp.Client(StdioServerParameters(...))` negotiates 2026-07-28 (elicitation rides input_required rounds).
legacy: `stdio_client` + `ClientSession` + `initialize()` negotiates 2025-11-25 (elicitation/create mid-call).
"""

import base64
import json
import sys
import warnings
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import mcp.types as types
import pytest
from conftest import snapshot
from mcp import Client, ClientSession, StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError
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

from sweepy.pipeline import STAGES
from sweepy.store.reads import MAX_DATA_BYTES

pytestmark = pytest.mark.anyio

ERAS = ["auto", "legacy"]
PROMPTS = {"start_job_search", "triage_new_cards", "weekly_review", "tailor_resume_for", "whats_new"}


@asynccontextmanager
async def connect(era: str, env: dict[str, str], **callbacks: Any) -> AsyncIterator[Any]:
    """A client of a fresh `python server.py` in `era`, with the given callbacks (elicitation, logging)."""
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    if era == "auto":
        async with Client(params, **callbacks) as client:
            assert client.protocol_version == "2026-07-28"
            yield client
    else:
        async with stdio_client(params) as (read, write), ClientSession(read, write, **callbacks) as session:
            init = await session.initialize()
            assert init.protocol_version == "2025-11-25"
            yield session


def answering(action: str, content: dict[str, Any] | None = None, asked: list[Any] | None = None) -> Any:
    """An elicitation callback that answers every form with `action` (and `content`), recording the questions."""

    async def callback(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        if asked is not None:
            asked.append(params)
        return types.ElicitResult(action=action, content=content)  # type: ignore[arg-type]

    return callback


async def ok(client: Any, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    payload = envelope(await client.call_tool(name, arguments))
    assert payload["status"] == "ok", payload
    return payload


async def swept(client: Any, workspace: Path) -> dict[str, Any]:
    """A profile and a completed sweep of the small feed; the sweep's payload."""
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    created = await ok(client, "create_profile", profile_args(resume, "feeds/postings.jsonl", assessment="keyword"))
    payload = await ok(client, "run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 60})
    assert payload["sweep_status"] == "completed"
    return payload


def text_of(result: types.ReadResourceResult) -> str:
    (contents,) = result.contents
    assert isinstance(contents, types.TextResourceContents)
    return contents.text


# -- prompts --------------------------------------------------------------------------------------------------
def in_order(text: str, names: list[str]) -> bool:
    """Every name appears in `text`, in this order."""
    positions = [text.find(name) for name in names]
    return -1 not in positions and positions == sorted(positions)


@pytest.mark.parametrize("era", ERAS)
async def test_every_prompt_is_listed_with_a_title_and_gets_its_steps(era: str, workspace: Path) -> None:
    async with connect(era, server_env(workspace)) as client:
        listed = {prompt.name: prompt for prompt in (await client.list_prompts()).prompts}
        assert set(listed) == PROMPTS
        assert all(prompt.title and prompt.description for prompt in listed.values())
        assert [a.name for a in listed["start_job_search"].arguments or []] == ["titles", "location"]
        assert [(a.name, a.required) for a in listed["tailor_resume_for"].arguments or []] == [("job_id", True)]

        start = await client.get_prompt("start_job_search", {"titles": "Paralegal", "location": "New York, NY"})
        text = start.messages[0].content.text
        assert start.messages[0].role == "user"
        assert "Paralegal" in text and "New York, NY" in text
        flow = ["create_profile", "run_sweep", "get_sweep_status", "get_jobs", "submit_judgments", "render_report"]
        assert in_order(text, flow)

        triage = (await client.get_prompt("triage_new_cards", {})).messages[0].content.text
        assert in_order(triage, ["get_jobs", "submit_judgments", "render_report"]) and "20" in triage

        # The tracking tools come from another part of Sweepy: the prompt names them whether or not they are
        # registered in this build.
        weekly = (await client.get_prompt("weekly_review", {})).messages[0].content.text
        assert in_order(weekly, ["get_applications", "watch_postings", "get_outcomes", "track_jobs"])

        payload = await swept(client, workspace)
        card = payload["top_match"]
        tailor = await client.get_prompt("tailor_resume_for", {"job_id": card["job_id"]})
        text = tailor.messages[0].content.text
        assert card["title"] in text and card["job_id"] in text
        assert "Must-haves my resume does not show yet:" in text
        assert "Six years of litigation support" in text  # the resume's own text

        with pytest.raises(MCPError) as unknown_card:
            await client.get_prompt("tailor_resume_for", {"job_id": "no-such-card"})
        assert "no-such-card" in unknown_card.value.error.message and "get_jobs" in unknown_card.value.error.message
        with pytest.raises(MCPError) as unknown:
            await client.get_prompt("no_such_prompt", {})
        assert "Unknown prompt 'no_such_prompt'" in unknown.value.error.message


# -- resources ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("era", ERAS)
async def test_every_resource_is_listed_and_read_inside_the_workspace(
    era: str, workspace: Path, tmp_path: Path
) -> None:
    (tmp_path / "secret.yaml").write_text("name: not yours\n", encoding="utf-8")
    (workspace / "profiles").mkdir()
    (workspace / "profiles" / "linked.yaml").symlink_to(tmp_path / "secret.yaml")  # a link out of the workspace
    async with connect(era, server_env(workspace)) as client:
        payload = await swept(client, workspace)
        templates = {t.uri_template: t for t in (await client.list_resource_templates()).resource_templates}
        assert set(templates) == {
            "sweepy://profiles/{name}",
            "sweepy://sweeps/{sweep_id}/cards{?offset,limit}",
            "sweepy://reports/{name}",
        }
        assert all(t.title for t in templates.values())
        listed = {r.uri: r for r in (await client.list_resources()).resources}
        sweep_cards = f"sweepy://sweeps/{payload['job_id']}/cards"
        static = {"sweepy://sweeps/latest/summary", "sweepy://digest/latest", "sweepy://docs/tools"}
        assert {*static, sweep_cards} <= set(listed)
        assert "sweepy://profiles/alex_rivera_paralegal" in listed
        assert all(r.title for r in listed.values())

        profile = text_of(await client.read_resource("sweepy://profiles/alex_rivera_paralegal"))
        assert (workspace / "profiles" / "alex_rivera_paralegal.yaml").read_text(encoding="utf-8") == profile

        first = json.loads(text_of(await client.read_resource(f"{sweep_cards}?offset=0&limit=3")))
        assert (first["total"], first["count"], first["next_offset"]) == (SMALL_FEED_CARDS, 3, 3)
        assert [c["job_id"] for c in first["cards"]] == payload["job_ids"][:3]
        rest = json.loads(text_of(await client.read_resource(f"{sweep_cards}?offset=3&limit=100")))
        assert [c["job_id"] for c in rest["cards"]] == payload["job_ids"][3:] and rest["next_offset"] is None
        latest = json.loads(text_of(await client.read_resource("sweepy://sweeps/latest/cards")))
        assert latest["sweep_id"] == payload["job_id"] and latest["count"] == SMALL_FEED_CARDS

        summary = text_of(await client.read_resource("sweepy://sweeps/latest/summary"))
        assert summary.startswith("# Sweep of Alex Rivera")
        assert f"cards {SMALL_FEED_CARDS}" in summary and "- feed/" in summary
        assert "1. **Litigation Paralegal** at Hudson & Pike LLP" in summary

        docs = text_of(await client.read_resource("sweepy://docs/tools"))
        assert "## create_profile" in docs

        with (workspace / "results" / "huge_export.json").open("wb") as huge:  # sparse: no disk used
            huge.truncate(MAX_DATA_BYTES + 1)
        refused = {
            "sweepy://reports/results%2Fhuge_export.json": "open it there",
            "sweepy://nothing/here": "no such resource",
            "file:///etc/passwd": "only sweepy:// URIs",
            "sweepy://profiles/..%2F..%2Fetc": "not a profile id",
            "sweepy://profiles/nobody": "no profile 'nobody'",
            "sweepy://profiles/linked": "outside Sweepy's workspace",
            f"sweepy://reports/{quote('../../outside.pdf', safe='')}": "outside Sweepy's workspace",
            "sweepy://reports/%2Fetc%2Fpasswd.pdf": "named by its path in the workspace",
            "sweepy://reports/notes.txt": "a report is a .pdf",
            "sweepy://sweeps/no-such-sweep/cards": "no result file of sweep 'no-such-sweep'",
            f"{sweep_cards}?limit=1000": "limit must be a whole number from 1 to 100",
        }
        for uri, words in refused.items():
            with pytest.raises(MCPError) as caught:
                await client.read_resource(uri)
            assert words in caught.value.error.message, (uri, caught.value.error.message)


@pytest.mark.parametrize("era", ERAS)
async def test_render_report_links_to_its_pdf_and_the_link_reads_it(era: str, workspace: Path) -> None:
    async with connect(era, server_env(workspace)) as client:
        await swept(client, workspace)
        events: list[tuple[float, float | None, str | None]] = []

        async def on_progress(progress: float, total: float | None, message: str | None) -> None:
            events.append((progress, total, message))

        playbook = {"playbook": "Apply to the **litigation** roles first."}
        result = await client.call_tool("render_report", playbook, progress_callback=on_progress)
        payload = envelope(result)
        assert events == [(0, 1, "rendering the PDF"), (1, 1, f"{payload['pages']} pages written")]
        assert payload["status"] == "ok"
        text, link = result.content
        assert json.loads(text.text) == result.structured_content  # the link sits beside the JSON, not in it
        assert isinstance(link, types.ResourceLink)
        pdf = Path(payload["pdf_report"])
        assert link.uri == f"sweepy://reports/{quote(pdf.relative_to(workspace).as_posix(), safe='')}"
        assert (link.name, link.mime_type, link.size) == (pdf.name, "application/pdf", pdf.stat().st_size)
        (contents,) = (await client.read_resource(link.uri)).contents
        assert isinstance(contents, types.BlobResourceContents)
        assert contents.mime_type == "application/pdf"
        assert base64.b64decode(contents.blob) == pdf.read_bytes()

        events.clear()
        exported = await client.call_tool("export_report", {"formats": ["csv", "json"]}, progress_callback=on_progress)
        assert events == [(0, 1, "writing csv, json"), (1, 1, "2 files written, 0 formats failed")]
        files = envelope(exported)["generated"]
        uris = [block.uri for block in exported.content[1:]]
        assert len(uris) == 2
        converted = await client.call_tool("convert_docx", {"docx_path": "resume.docx"})
        (link,) = converted.content[1:]
        assert isinstance(link, types.ResourceLink) and link.uri == "sweepy://reports/resume.pdf"
        (contents,) = (await client.read_resource(link.uri)).contents
        assert isinstance(contents, types.BlobResourceContents)
        assert base64.b64decode(contents.blob) == Path(envelope(converted)["pdf_path"]).read_bytes()

        csv_text = text_of(await client.read_resource(uris[0]))
        assert csv_text == Path(files["csv"]).read_bytes().decode("utf-8")  # CSV rows end in \r\n


# -- elicitation ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("era", ERAS)
async def test_create_profile_asks_for_exactly_the_missing_fields(era: str, workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    asked: list[Any] = []
    form = {"titles": "Paralegal, Legal Assistant", "location": "New York, NY"}
    callback = answering("accept", form, asked)
    async with connect(era, server_env(workspace), elicitation_callback=callback) as client:
        arguments = profile_args(resume, "feeds/postings.jsonl")
        del arguments["titles"], arguments["location"]
        created = await ok(client, "create_profile", arguments)
    (question,) = asked
    assert set(question.requested_schema["properties"]) == {"titles", "location"}
    assert question.requested_schema["required"] == ["titles", "location"]
    assert "Alex Rivera" in question.message
    written = Path(created["profile_path"]).read_text(encoding="utf-8")
    assert "- Paralegal\n" in written and "- Legal Assistant\n" in written and "New York, NY" in written


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize("action", ["decline", "cancel"])
async def test_a_declined_or_cancelled_form_writes_nothing_and_says_so(era: str, action: str, workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    before = snapshot(workspace)
    async with connect(era, server_env(workspace), elicitation_callback=answering(action)) as client:
        payload = error_payload(await client.call_tool("create_profile", {"name": "Alex Rivera"}))
    verb = {"decline": "declined", "cancel": "cancelled"}[action]
    assert payload["message"].startswith(f"The form was {verb}, so no profile was written.")
    assert "titles, location, resume_path" in payload["message"]
    assert payload["elicitation"] == action
    assert snapshot(workspace) == before
    assert resume.is_file()


@pytest.mark.parametrize("era", ERAS)
async def test_without_the_capability_the_error_names_the_missing_arguments(era: str, workspace: Path) -> None:
    before = snapshot(workspace)
    async with connect(era, server_env(workspace)) as client:
        payload = error_payload(await client.call_tool("create_profile", {"name": "Alex Rivera", "location": "NYC"}))
    assert payload["message"] == (
        "Invalid arguments for create_profile: 'titles' is required; 'resume_path' is required. Fix them and call "
        "create_profile again."
    )
    assert snapshot(workspace) == before


@pytest.mark.parametrize("era", ERAS)
async def test_clear_history_asks_before_forgetting(era: str, workspace: Path) -> None:
    asked: list[Any] = []
    refuse = answering("accept", {"confirm": False}, asked)
    async with connect(era, server_env(workspace), elicitation_callback=refuse) as client:
        stem = "alex_rivera_paralegal"
        await swept(client, workspace)
        dry = await ok(client, "clear_history", {"profile_stem": stem, "dry_run": True})
        assert (dry["would_clear"], dry["cleared"], dry["dry_run"]) == (SMALL_FEED_CARDS, 0, True)
        assert asked == []  # a dry run changes nothing, so nothing is asked
        kept = error_payload(await client.call_tool("clear_history", {"profile_stem": stem}))
        assert kept["message"].startswith("Not confirmed (accept), so nothing was cleared")
        assert f"keeps its {SMALL_FEED_CARDS} reported postings" in kept["message"]
        (question,) = asked
        assert question.message.startswith(f"Forget the {SMALL_FEED_CARDS} postings profile 'alex_rivera_paralegal'")
        again = await ok(client, "clear_history", {"profile_stem": stem, "dry_run": True})
        assert again["would_clear"] == SMALL_FEED_CARDS
    async with connect(era, server_env(workspace), elicitation_callback=answering("accept", {"confirm": True})) as c:
        cleared = await ok(c, "clear_history", {"profile_stem": stem})
        assert cleared["cleared"] == SMALL_FEED_CARDS


# -- logging --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("era", ERAS)
async def test_log_lines_arrive_at_the_level_the_client_sets(era: str, workspace: Path) -> None:
    lines: list[types.LoggingMessageNotificationParams] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        lines.append(params)

    extra = {"log_level": "info"} if era == "auto" else {}
    async with connect(era, server_env(workspace), logging_callback=on_log, **extra) as client:
        if era == "legacy":
            with warnings.catch_warnings():  # MCP logging is deprecated in 2026-07-28; still served before it
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                await client.set_logging_level("info")
        await swept(client, workspace)
        error_payload(await client.call_tool("get_sweep_status", {"job_id": "no-such-sweep"}))
    info = [p.data.split(": ", 1)[1] for p in lines if p.level == "info"]
    assert info == [*STAGES, f"{SMALL_FEED_CARDS} cards"]
    errors = [p.data for p in lines if p.level == "error"]
    assert len(errors) == 1 and errors[0].startswith("get_sweep_status: No sweep with job_id 'no-such-sweep'")
    assert {p.logger for p in lines} == {"sweepy"}


@pytest.mark.parametrize("era", ERAS)
async def test_no_log_lines_below_the_level(era: str, workspace: Path) -> None:
    lines: list[types.LoggingMessageNotificationParams] = []

    async def on_log(params: types.LoggingMessageNotificationParams) -> None:
        lines.append(params)

    async with connect(era, server_env(workspace), logging_callback=on_log) as client:
        await swept(client, workspace)  # no opt-in (2026-07-28) / the default level, warning (2025-11-25)
        error_payload(await client.call_tool("get_sweep_status", {"job_id": "no-such-sweep"}))
    assert [p.level for p in lines] == ([] if era == "auto" else ["error"])
