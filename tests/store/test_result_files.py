"""Result files Sweepy can read back (issue 24 item 2): a sweep whose cards would make a full result JSON exceed the
read cap (lowered with SWEEPY_MAX_RESULT_BYTES) writes a summary within it, and export_report, get_results and the
cards and summary resources read every card from the session store, over stdio. Full result files of earlier
versions still read: within the cap from the file, past it from the store while the store holds their sweep."""

import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_helpers import SERVER_PY, error_payload, ok, profile_args, server_env, write_feed, write_resume

from sweepy.settings import MIN_RESULT_BYTES, Settings
from sweepy.store.results import RESULT_FILE_CARDS

pytestmark = pytest.mark.anyio

POSTINGS = 150
CAP = MIN_RESULT_BYTES
"""64 KiB: 150 cards of 2 KB descriptions make a full result JSON of about 450 KB."""
DUTIES = (
    "Manage e-discovery in Relativity, court filings on NYSCEF, legal research on Westlaw, deposition prep and "
    "document review for a litigation team in New York. "
)


def big_feed(count: int) -> list[dict[str, Any]]:
    """`count` Paralegal postings in New York that pass the filters and stay distinct, each with 2 KB of text."""
    return [
        {
            "title": "Paralegal" if n % 2 else "Litigation Paralegal",
            "company": f"Firm {n} LLP",
            "url": f"https://boards.greenhouse.io/firm{n}/jobs/{5_000_000 + n}",
            "location": "New York, NY",
            "description": f"Role {n}. " + DUTIES * 12 + f"Reference {n * 7919}.",
            "salary": f"${60_000 + n * 100:,} - ${80_000 + n * 100:,} a year",
            "posted_at": "2026-11-18",
            "platform": "greenhouse",
        }
        for n in range(count)
    ]


def text_of(result: types.ReadResourceResult) -> str:
    (contents,) = result.contents
    assert isinstance(contents, types.TextResourceContents)
    return contents.text


async def all_card_ids(client: Client, sweep: str) -> tuple[list[str], int]:
    """Every card's job_id from the cards resource, page by page as next_offset says; and the total it names."""
    ids: list[str] = []
    offset: int | None = 0
    total = -1
    while offset is not None:
        page = json.loads(
            text_of(await client.read_resource(f"sweepy://sweeps/{sweep}/cards?offset={offset}&limit=100"))
        )
        ids += [card["job_id"] for card in page["cards"]]
        offset, total = page["next_offset"], page["total"]
    return ids, total


async def sweep_of(client: Client, profile: str) -> dict[str, Any]:
    payload = await ok(client, "run_sweep", {"profile_path": profile, "wait_seconds": 120})
    assert payload["sweep_status"] == "completed"
    return payload


def export_args(**changes: Any) -> dict[str, Any]:
    return {"formats": ["csv", "json", "pdf"], "candidate_name": "Alex Rivera", **changes}


def test_the_setting_takes_ascii_digits_at_least_64_kib() -> None:
    def cap(value: str) -> int:
        return Settings.from_env({"SWEEPY_MAX_RESULT_BYTES": value, "SWEEPY_HOME": "/tmp"}).max_result_bytes

    assert Settings.from_env({"SWEEPY_HOME": "/tmp"}).max_result_bytes == 50_000_000
    assert (cap("300000000"), cap("100"), cap("٣٠٠٠٠٠"), cap("50MB"), cap("")) == (
        300_000_000, MIN_RESULT_BYTES, 50_000_000, 50_000_000, 50_000_000
    )  # fmt: skip


async def test_a_sweep_past_the_read_cap_is_read_back_whole_from_the_store(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "big.jsonl", big_feed(POSTINGS))
    env = server_env(workspace, SWEEPY_MAX_RESULT_BYTES=str(CAP))
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    async with Client(params) as client:
        created = await ok(client, "create_profile", profile_args(resume, "feeds/big.jsonl", assessment="keyword"))
        swept = await sweep_of(client, created["profile_path"])
        source = Path(swept["reports"]["json"])
        ids = set(swept["job_ids"])
        assert len(ids) == POSTINGS

        # The result file is a summary within half the cap: counts, the best cards, and where the rest are.
        assert source.stat().st_size <= CAP // 2
        data = json.loads(source.read_text(encoding="utf-8"))
        assert data["cards_total"] == data["counts"]["active"] == POSTINGS
        assert 0 < len(data["cards"]) < min(POSTINGS, RESULT_FILE_CARDS)
        assert [c["job_id"] for c in data["cards"]] == swept["job_ids"][: len(data["cards"])]  # the best first
        assert data["store"] == {
            "path": str(workspace / "results" / "sessions.db"),
            "session": created["profile_stem"],
            "sweep_id": swept["job_id"],
        }

        results = await ok(client, "get_results", {"limit": 100})
        assert (results["result_file"], results["total_roles"], len(results["top_roles"])) == (str(source), 150, 100)

        exported = await ok(client, "export_report", export_args())
        assert (exported["roles_exported"], exported["errors"], exported["generated"]["csv_rows"]) == (150, [], 150)
        rows = list(csv.DictReader(io.StringIO(Path(exported["generated"]["csv"]).read_text(encoding="utf-8-sig"))))
        assert {row["job_id"] for row in rows} == ids
        exported_json = json.loads(Path(exported["generated"]["json"]).read_text(encoding="utf-8"))
        assert {card["job_id"] for card in exported_json["cards"]} == ids
        assert exported["generated"]["pdf_pages"] > 1

        for name in ("latest", swept["job_id"]):
            served, total = await all_card_ids(client, name)
            assert (total, len(served), set(served)) == (POSTINGS, POSTINGS, ids)
        summary = text_of(await client.read_resource("sweepy://sweeps/latest/summary"))
        assert f"cards {POSTINGS}" in summary and summary.count("** at Firm ") == 10

        # A role import_jobs adds to the session is exported with the sweep's cards, and counted once.
        role = {"title": "Paralegal", "company": "Imported LLP", "url": "https://jobs.lever.co/imported/1",
                "location": "New York, NY", "description": "Relativity and e-discovery review."}  # fmt: skip
        added = await ok(client, "import_jobs", {"jobs_json": json.dumps([role])})
        (imported,) = [item["job_id"] for item in added["imported"]]
        with_import = await ok(client, "export_report", export_args(formats=["csv"]))
        assert (with_import["roles_exported"], with_import["generated"]["csv_rows"]) == (POSTINGS + 1, POSTINGS + 1)
        assert "(1 of them imported into its session)" in with_import["message"]
        rows = list(csv.DictReader(io.StringIO(Path(with_import["generated"]["csv"]).read_text(encoding="utf-8-sig"))))
        assert {row["job_id"] for row in rows} == ids | {imported}

        # A newer sweep of the profile replaces the session: the older summary says where to go instead.
        write_feed(workspace / "feeds" / "big.jsonl", big_feed(POSTINGS + 5))
        newer = await sweep_of(client, created["profile_path"])
        assert newer["reports"]["json"] != str(source)
        before = sorted(p.name for p in (workspace / "results").iterdir())
        refused = error_payload(await client.call_tool("export_report", export_args(json_source=str(source))))
        assert f"holds only the best {len(data['cards'])} of its {POSTINGS} cards" in refused["message"]
        assert "leave json_source out for the newest" in refused["message"]
        assert sorted(p.name for p in (workspace / "results").iterdir()) == before
        with pytest.raises(MCPError) as gone:
            await client.read_resource(f"sweepy://sweeps/{swept['job_id']}/cards")
        assert gone.value.error.code == types.INVALID_PARAMS and "newer sweep" in gone.value.error.message
        newest = await ok(client, "get_results", {"limit": 3})  # the new sweep's session, the imported role kept
        assert newest["total_roles"] == len(newer["job_ids"]) + 1


async def test_full_result_files_of_earlier_versions_still_read(workspace: Path) -> None:
    """A result JSON that holds every card (no cards_total, no store) reads from the file within the cap; past
    the cap, while the session store holds its sweep, from the store; else it says how to raise the cap."""
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "big.jsonl", big_feed(POSTINGS))
    env = server_env(workspace, SWEEPY_MAX_RESULT_BYTES=str(CAP))
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    async with Client(params) as client:
        created = await ok(client, "create_profile", profile_args(resume, "feeds/big.jsonl", assessment="keyword"))
        swept = await sweep_of(client, created["profile_path"])
        source = Path(swept["reports"]["json"])
        exported = await ok(client, "export_report", export_args(formats=["json"]))
        every = json.loads(Path(exported["generated"]["json"]).read_text(encoding="utf-8"))["cards"]
        head = json.loads(source.read_text(encoding="utf-8"))
        old = {k: v for k, v in head.items() if k not in ("cards_total", "store", "cards")}

        # Past the cap (as 80,000 cards were): the document and the cards come from the sweep's session.
        source.write_text(json.dumps({**old, "cards": every}), encoding="utf-8")
        assert source.stat().st_size > CAP
        again = await ok(client, "export_report", export_args(formats=["csv"]))
        assert (again["roles_exported"], again["generated"]["csv_rows"]) == (POSTINGS, POSTINGS)
        served, total = await all_card_ids(client, swept["job_id"])
        assert (total, set(served)) == (POSTINGS, set(swept["job_ids"]))
        summary = text_of(await client.read_resource("sweepy://sweeps/latest/summary"))
        assert f"cards {POSTINGS}" in summary

    # A server whose results folder has no session store (moved aside): a full file within the cap is read from
    # itself, every card it holds; past the cap, the message names the setting that reads it.
    for store in list((workspace / "results").glob("sessions.db*")):
        store.rename(store.with_name(store.name + ".aside"))
    source.write_text(json.dumps({**old, "cards": every[:12]}), encoding="utf-8")
    async with Client(StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)) as client:
        small = await ok(client, "export_report", export_args(json_source=str(source), formats=["csv"]))
        assert (small["roles_exported"], small["generated"]["csv_rows"]) == (12, 12)
        served, total = await all_card_ids(client, "latest")
        assert (total, served) == (12, [card["job_id"] for card in every[:12]])
        assert (await ok(client, "get_results", {"limit": 100}))["total_roles"] == 12
        source.write_text(json.dumps({**old, "cards": every}), encoding="utf-8")
        refused = error_payload(await client.call_tool("export_report", export_args(json_source=str(source))))
        assert "SWEEPY_MAX_RESULT_BYTES" in refused["message"] and "no longer holds its sweep" in refused["message"]
