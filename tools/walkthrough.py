"""Record every answer Sweepy gives over stdio in a fixed walk-through of every tool, resource and prompt.

A refactor that must not change behaviour (issue 26's redesign) is checked by recording before and after and
comparing the two files byte for byte:

    .venv/bin/python tools/walkthrough.py before.txt
    ... the change ...
    .venv/bin/python tools/walkthrough.py after.txt && cmp before.txt after.txt

The walk starts `server.py` as a host would (a subprocess over stdio, the SDK's client) in a fresh workspace with
the bundled sample feed and resume, the test clock fixed, and calls each tool with good arguments and with bad
ones (wrong types, out-of-range values, missing and hostile paths). What changes from run to run on the same code
(the temporary folder's name, wall-clock stamps, sweep ids, a PDF's byte count) is replaced by a placeholder, so
two runs of the same code write the same file.
"""

import asyncio
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

import docx
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parents[1]
DEEP_PASSWD = "../" * 16 + "etc/passwd"
"""A hostile relative path that reaches /etc/passwd from the workspace and from any checkout (a lookup in the
install folder too), so the answer does not depend on how deep the checkout sits."""
CLOCK = 1_796_256_000  # 2026-12-03T00:00:00Z
RESUME = ["Alex Rivera", "Paralegal", "Litigation support, e-discovery in Relativity, legal research on Westlaw.",
          "Court filings, deposition preparation, trial binders, privilege logs."]  # fmt: skip


def _volatile(workspace: Path) -> list[tuple[re.Pattern[str], str]]:
    """What differs between two runs of the same code, and its placeholder."""
    return [
        (re.compile(re.escape(str(workspace))), "<WS>"),
        (re.compile(re.escape(str(workspace.parent))), "<TMP>"),
        (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?"), "<STAMP>"),
        (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"), "<UUID>"),
        (re.compile(r'(elapsed_seconds|duration_seconds)(\\?"): ?[0-9.]+'), r"\1\2:<N>"),
        (re.compile(r'("size"): \d+'), r"\1: <N>"),
        (re.compile(r"\b[0-9a-f]{16}\b"), "<RESUME>"),  # the resume's fingerprint: a .docx holds its zip's stamps
        (re.compile(r'"blob": "[A-Za-z0-9+/=]*"'), '"blob": "<BASE64>"'),  # a PDF holds the time it was made
    ]


class Walk:
    """One recorded session: each step's request and the server's answer, normalised."""

    def __init__(self, client: Client, workspace: Path, out: list[str]) -> None:
        self.client, self.out, self.volatile = client, out, _volatile(workspace)

    def record(self, label: str, answer: Any) -> None:
        text = f"## {label}\n{json.dumps(answer, ensure_ascii=False, default=str)}\n"
        for pattern, placeholder in self.volatile:
            text = pattern.sub(placeholder, text)
        self.out.append(text)

    async def tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = await self.client.call_tool(name, arguments)
        blocks = [block.model_dump(mode="json", exclude_none=True) for block in result.content]
        self.record(f"{name} {json.dumps(arguments, sort_keys=True)}", {"isError": result.is_error, "content": blocks})
        first = result.content[0]
        return json.loads(first.text) if first.type == "text" else {}


def _dump(model: Any) -> Any:
    return model.model_dump(mode="json", exclude_none=True, by_alias=True)


async def walk(workspace: Path) -> list[str]:
    out: list[str] = []
    feed = workspace / "feeds" / "postings.jsonl"
    feed.parent.mkdir(parents=True)
    feed.write_bytes((ROOT / "sweepy" / "data" / "sample_postings.jsonl").read_bytes())
    document = docx.Document()
    for line in RESUME:
        document.add_paragraph(line)
    document.save(str(workspace / "resume.docx"))
    (workspace / "notes.md").write_text("# Notes\n\nA short **markdown** file.\n", encoding="utf-8")
    (workspace / "broken.docx").write_bytes(b"PK\x03\x04 not really a docx")
    clock = workspace / "clock"
    clock.write_text(str(CLOCK))
    env = {"SWEEPY_HOME": str(workspace), "SWEEPY_STATE_DIR": str(workspace / ".state"), "HOME": str(workspace),
           "PATH": "/usr/bin:/bin", "SWEEPY_TEST_CLOCK": str(clock), "SWEEPY_OUTPUT_SCHEMAS": "1"}  # fmt: skip
    params = StdioServerParameters(command=sys.executable, args=[str(ROOT / "server.py")], env=env, cwd=str(workspace))
    async with Client(params) as client:
        w = Walk(client, workspace, out)
        w.record("tools/list", [_dump(tool) for tool in (await client.list_tools()).tools])
        w.record("prompts/list", [_dump(p) for p in (await client.list_prompts()).prompts])
        w.record("resources/list", [_dump(r) for r in (await client.list_resources()).resources])
        w.record("resources/templates", [_dump(t) for t in (await client.list_resource_templates()).resource_templates])
        await _before_any_sweep(w, client)
        await _profiles(w)
        sweep = await w.tool("run_sweep", {"profile_path": "profiles/alex_rivera_paralegal.yaml", "wait_seconds": 120})
        job = sweep.get("job_id", "none")
        await w.tool("get_sweep_status", {"job_id": job, "wait_seconds": 0})
        await w.tool("get_sweep_status", {"job_id": "no-such-sweep", "wait_seconds": 0})
        await w.tool("cancel_sweep", {"job_id": job})
        page = await _reading(w)
        ids = [card["job_id"] for card in page.get("jobs", [])]
        await _judging(w, ids)
        await _files(w)
        await _tracking(w, ids)
        await _surfaces(w, client, job, ids)
        await _history(w)
    return out


async def _read(w: Walk, client: Client, uri: str) -> None:
    try:
        w.record(f"resources/read {uri}", _dump(await client.read_resource(uri)))
    except Exception as error:  # an MCP error answer is part of what a host sees
        w.record(f"resources/read {uri}", {"error": type(error).__name__, "message": str(error)})


async def _prompt(w: Walk, client: Client, name: str, arguments: dict[str, str]) -> None:
    try:
        w.record(f"prompts/get {name} {arguments}", _dump(await client.get_prompt(name, arguments)))
    except Exception as error:
        w.record(f"prompts/get {name} {arguments}", {"error": type(error).__name__, "message": str(error)})


async def _before_any_sweep(w: Walk, client: Client) -> None:
    """The surfaces of a workspace with no profile, no results folder and no session yet."""
    for uri in (
        "sweepy://sweeps/latest/summary",
        "sweepy://sweeps/latest/cards",
        "sweepy://profiles/alex_rivera_paralegal",
    ):
        await _read(w, client, uri)
    await _prompt(w, client, "tailor_resume_for", {"job_id": "x"})


async def _profiles(w: Walk) -> None:
    good = {"name": "Alex Rivera", "titles": ["Paralegal", "Legal Assistant"], "location": "New York, NY",
            "resume_path": "resume.docx", "must_have_skills": ["e-discovery", "Relativity"],
            "sources_config": {"feed": {"enabled": True, "path": "feeds/postings.jsonl"}}}  # fmt: skip
    await w.tool("create_profile", good)
    changes: list[dict[str, Any]] = [{"titles": []}, {"titles": ["x"] * 51}, {"name": "n" * 501}, {"min_salary": -1},
                   {"min_salary": 10_000_001}, {"min_salary": "lots"}, {"location": "l" * 501},
                   {"resume_path": "missing.pdf"}, {"resume_path": DEEP_PASSWD},
                   {"output_filename": "../escape"}, {"employment_types": ["gig"]}]  # fmt: skip
    for change in changes:
        await w.tool("create_profile", {**good, **change, "name": change.get("name", "Bad Input")})
    await w.tool("create_profile", {"name": "Only Name"})


async def _reading(w: Walk) -> dict[str, Any]:
    page = await w.tool("get_jobs", {"limit": 5})
    for arguments in ({}, {"limit": 2, "offset": 2}, {"limit": 0}, {"limit": "ten"}, {"offset": -1},
                      {"eligible_only": True, "limit": 3}, {"new_only": True, "limit": 3}, {"status": "applied"},
                      {"profile_stem": "nobody"}, {"results_dir": "../outside"}):  # fmt: skip
        await w.tool("get_jobs", arguments)
    for arguments in ({}, {"limit": 3}, {"limit": 0}, {"profile_stem": "nobody"}):
        await w.tool("get_results", arguments)
    for arguments in ({}, {"limit": 1}, {"cursor": "not-a-cursor"}, {"limit": -5}):
        await w.tool("list_sweeps", arguments)
    return page


async def _judging(w: Walk, ids: list[str]) -> None:
    if len(ids) >= 2:
        await w.tool("submit_judgments", {"job_id": ids[0], "match_pct": 82, "resume_track": "Litigation",
                                          "resume_color": "#1f6feb", "summary": "Strong litigation fit."})  # fmt: skip
        await w.tool("submit_judgments", {"judgments": [{"job_id": ids[1], "match_pct": 40, "domain": "Corporate"}]})
    for arguments in ({"job_id": "nope", "match_pct": 50}, {"job_id": ids[0] if ids else "x", "match_pct": 101},
                      {"job_id": ids[0] if ids else "x", "resume_color": "not a colour"}, {}):  # fmt: skip
        await w.tool("submit_judgments", arguments)


async def _files(w: Walk) -> None:
    await w.tool("render_report", {"limit": 3})
    await w.tool("render_report", {"limit": 1})
    await w.tool("render_report", {"output_filename": "../../escape.pdf"})
    await w.tool("export_report", {"formats": ["csv", "json"]})
    await w.tool("export_report", {"formats": ["gif"]})
    await w.tool("export_report", {"json_source": "results/missing.json"})
    await w.tool("convert_document", {"document_path": "notes.md"})
    await w.tool("convert_document", {"document_path": "missing.docx"})
    await w.tool("convert_docx", {"docx_path": "resume.docx"})
    await w.tool("convert_docx", {"docx_path": "broken.docx"})
    await w.tool("convert_docx", {"docx_path": "/etc/passwd"})


async def _tracking(w: Walk, ids: list[str]) -> None:
    first = ids[0] if ids else "x"
    await w.tool("track_jobs", {"items": [{"job_id": first, "status": "applied"}]})
    await w.tool("track_jobs", {"items": [{"job_id": first, "status": "teleported"}]})
    await w.tool("track_jobs", {"items": []})
    await w.tool("get_applications", {})
    await w.tool("get_applications", {"status": "applied", "due_only": True})
    await w.tool("get_applications", {"cursor": "bad"})
    await w.tool("get_outcomes", {})
    await w.tool("get_outcomes", {"since": "not a date"})
    await w.tool("watch_postings", {"job_ids": ["no-such-card"], "wait_seconds": 0})
    await w.tool("watch_postings", {"job_ids": "one", "wait_seconds": 0})
    jobs = json.dumps([{"title": "Paralegal", "company": "Imported LLP", "url": "https://example.com/jobs/1",
                        "location": "New York, NY", "description": "Court filings and e-discovery."}])  # fmt: skip
    await w.tool("import_jobs", {"jobs_json": jobs, "validate": False})
    await w.tool("import_jobs", {"jobs_json": "[{not json", "validate": False})


async def _surfaces(w: Walk, client: Client, job: str, ids: list[str]) -> None:
    uris = ["sweepy://profiles/alex_rivera_paralegal", "sweepy://profiles/nobody", "sweepy://sweeps/latest/summary",
            f"sweepy://sweeps/{job}/cards?offset=0&limit=2", f"sweepy://sweeps/{job}/cards?offset=1&limit=1",
            "sweepy://sweeps/no-such/cards", f"sweepy://sweeps/{job}/cards?limit=0", "sweepy://digest/latest",
            "sweepy://docs/tools", "sweepy://reports/../../etc/passwd"]  # fmt: skip
    for resource in (await client.list_resources()).resources:
        uris.append(str(resource.uri))
    for uri in uris:
        try:
            w.record(f"resources/read {uri}", _dump(await client.read_resource(uri)))
        except Exception as error:  # an MCP error answer is part of what a host sees
            w.record(f"resources/read {uri}", {"error": type(error).__name__, "message": str(error)})
    prompts = {"start_job_search": {}, "triage_new_cards": {}, "weekly_review": {},
               "tailor_resume_for": {"job_id": ids[0] if ids else "x"}, "no_such_prompt": {}}  # fmt: skip
    prompts["tailor_resume_for "] = {"job_id": "no-such-card"}
    for name, arguments in prompts.items():
        try:
            w.record(f"prompts/get {name} {arguments}", _dump(await client.get_prompt(name.strip(), arguments)))
        except Exception as error:
            w.record(f"prompts/get {name} {arguments}", {"error": type(error).__name__, "message": str(error)})
    await _paging(w, client, job)
    for arguments in ({"job_id": ""}, {}):
        await _prompt(w, client, "tailor_resume_for", arguments)
    await _prompt(w, client, "whats_new", {})


async def _paging(w: Walk, client: Client, job: str) -> None:
    """The cards resource's pages at and past the edges (36 cards), and URIs that name nothing."""
    for query in ("offset=34&limit=5", "offset=36", "offset=1000", "offset=1000000000", "offset=1000000001",
                  "limit=100", "limit=101", "offset=abc", "limit=-1", "offset=2&limit=2&limit=3"):  # fmt: skip
        await _read(w, client, f"sweepy://sweeps/{job}/cards?{query}")
    for uri in ("sweepy://sweeps/latest/cards?offset=2&limit=2", "sweepy://sweeps/bad_id!/cards",
                "sweepy://sweeps/latest/cards/more", "sweepy://profiles/..%2Fsecret", "sweepy://profiles/",
                "sweepy://nothing/here", "https://example.com/cards"):  # fmt: skip
        await _read(w, client, uri)


async def _history(w: Walk) -> None:
    await w.tool("clear_history", {"profile_stem": "alex_rivera_paralegal", "dry_run": True})
    await w.tool("clear_history", {"profile_stem": "alex_rivera_paralegal"})
    await w.tool("clear_history", {"profile_path": DEEP_PASSWD})
    again = await w.tool("run_sweep", {"profile_path": "profiles/alex_rivera_paralegal.yaml", "wait_seconds": 120})
    await w.tool("get_jobs", {"limit": 3})
    await w.tool("run_sweep", {"profile_path": "profiles/missing.yaml", "wait_seconds": 0})
    await w.tool("run_sweep", {"wait_seconds": "soon"})
    w.record("second sweep id differs", {"changed": again.get("job_id") is not None})


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: walkthrough.py OUT_FILE")
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp).resolve() / "ws"
        workspace.mkdir()
        lines = asyncio.run(walk(workspace))
    Path(sys.argv[1]).write_text("".join(lines), encoding="utf-8")
    print(f"{len(lines)} answers written to {sys.argv[1]}")


if __name__ == "__main__":
    main()
