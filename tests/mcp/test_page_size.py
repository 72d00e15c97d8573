"""What get_jobs and submit_judgments cost an assistant's context (issue 25 item 4), over stdio on cards shaped
like real ones: a page of 50 brief but complete cards, and a batch answer that says what changed, not every card
again. Sizes are bytes of the JSON text block, each against its budget; both answers validate against the
outputSchema the tools publish."""

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, ok, server_env
from page_cards import SAMPLE_RESUME, activate_cards, bench_shaped_cards, full_judgment, real_shaped_cards

from sweepy.domain.cards import EXCERPT_CHARS, JUDGMENT_FIELDS, Card, rank, sentences_within
from sweepy.domain.sections import role_opening

pytestmark = pytest.mark.anyio
PAGE = 50
REAL_PAGE_BYTES = 39_000
"""A page of the 50 best of the relevance set's real-shaped cards (their cards' JSON: 64.1 KB before these cuts,
45.7 KB after, 41.2 KB with the repeats left out and 140-character excerpts, 37.7 KB with `ok` findings and pay
texts the figures say left out and 120-character excerpts, 37.1 KB with the role's opening as the excerpt and a
yearly period left out)."""
LARGEST_PAGE_BYTES = 43_000
"""A page of its 50 largest cards (69.3 KB before, 52.2 KB after, 46.7 KB, 41.8 KB, 41.4 KB now: the issue's 40 KB
target is not met here; score_parts and the top terms, which issue 21 asks of get_jobs, take 5.3 KB of it)."""
BENCH_PAGE_BYTES = 38_000
"""A page of the bench's cards, 2 KB descriptions (58.5 KB before, 40.0 KB after, 38.0 KB, 36.8 KB, 36.3 KB now)."""
JUDGED_BYTES = 15_000
"""submit_judgments' answer to 50 full judgments (44-52 KB before: every card again; 9.5 KB after)."""
PROFILE = "name: Page Reader\nsearch: {titles: [Paralegal]}\nresume: {path: %s}\n"


@asynccontextmanager
async def _server(workspace: Path) -> AsyncIterator[tuple[Client, dict[str, Any]]]:
    """A stdio server publishing outputSchemas (the SDK's client then validates structuredContent too)."""
    env = server_env(workspace, SWEEPY_OUTPUT_SCHEMAS="1")
    async with Client(StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)) as client:
        yield client, {tool.name: tool.output_schema for tool in (await client.list_tools()).tools}


async def _page(client: Client, schemas: dict[str, Any], folder: str) -> tuple[dict[str, Any], int]:
    result = await client.call_tool("get_jobs", {"limit": PAGE, "results_dir": folder})
    text = result.content[0].text  # type: ignore[union-attr]
    payload = json.loads(text)
    assert payload["status"] == "ok", payload
    jsonschema.validate(payload, schemas["get_jobs"])
    return payload, len(text.encode("utf-8"))


def _brief_and_whole(jobs: list[dict[str, Any]], cards: list[Card]) -> None:
    """Each excerpt is the opening of the role in the card's description (sections.role_opening), cut after a
    whole sentence or line."""
    whole = {card.job_id: card for card in cards}
    cut = [job for job in jobs if job["description"].endswith(" …")]
    assert cut, "2 KB descriptions are cut"
    for job in jobs:
        text, shown = whole[job["job_id"]].description, job["description"].removesuffix(" …")
        text = text[role_opening(text) :]
        assert text.startswith(shown) and len(job["description"]) <= EXCERPT_CHARS
        if shown != text:  # cut before a space: after a sentence's stop, at a line's end, or at a word
            assert text[len(shown)].isspace()
            assert shown[-1] in ".!?;:" or "\n" in text[len(shown) : len(shown) + 3] or len(shown) > EXCERPT_CHARS // 2


@pytest.fixture(scope="module")
def real() -> list[Card]:
    return real_shaped_cards()


async def test_a_page_of_real_shaped_cards_fits_its_budget_and_its_schema(workspace: Path, real: list[Card]) -> None:
    largest = sorted(real, key=lambda card: len(json.dumps(card.brief(None))), reverse=True)[:PAGE]
    activate_cards(workspace, "results", real, "reader", PROFILE % SAMPLE_RESUME)
    activate_cards(workspace, "largest", largest, "reader", PROFILE % SAMPLE_RESUME)
    async with _server(workspace) as (client, schemas):
        page, size = await _page(client, schemas, "results")
        big, big_size = await _page(client, schemas, "largest")
    assert (page["count"], page["total"], page["offset"], page["next_offset"]) == (PAGE, len(real), 0, PAGE)
    assert [job["job_id"] for job in page["jobs"]] == [card.job_id for card in rank(list(real))[:PAGE]]
    assert size <= REAL_PAGE_BYTES, size
    assert (big["count"], big["next_offset"], big_size <= LARGEST_PAGE_BYTES) == (PAGE, None, True), big_size
    _brief_and_whole(page["jobs"] + big["jobs"], real)
    findings = [f for job in big["jobs"] for f in job.get("eligibility", [])]
    assert findings and all(set(f) == {"kind", "verdict", "quote"} for f in findings)  # every finding, complete
    cards = {card.job_id: card for card in real}
    jobs = page["jobs"] + big["jobs"]
    for job in jobs:  # the blocking and warning findings, as the CSV and the report show them
        shown = [(f["kind"], f["verdict"]) for f in job.get("eligibility", [])]
        assert shown == [(f.kind, f.verdict) for f in cards[job["job_id"]].concerns]
    assert any(f.verdict == "ok" for card in largest for f in card.eligibility)  # some were left out
    assert all("match_kind" not in job for job in page["jobs"])  # KEYWORD OVERLAP
    boards = {card.job_id: card.platform for card in real}  # a board each, shown or named by the url's host
    assert all(boards[job["job_id"]] in job["url"].lower() for job in jobs if "platform" not in job)
    assert all(boards[job["job_id"]] == job["platform"] for job in jobs if "platform" in job)


async def test_a_page_of_the_benchs_cards_fits_its_budget(workspace: Path) -> None:
    cards = bench_shaped_cards()
    activate_cards(workspace, "results", cards, "reader", PROFILE % SAMPLE_RESUME)
    async with _server(workspace) as (client, schemas):
        page, size = await _page(client, schemas, "results")
    assert (page["count"], page["next_offset"]) == (PAGE, PAGE)
    assert size <= BENCH_PAGE_BYTES, size
    _brief_and_whole(page["jobs"], cards)


async def test_fifty_judgments_answer_what_changed_and_the_new_ranks(workspace: Path, real: list[Card]) -> None:
    activate_cards(workspace, "results", real, "reader", PROFILE % SAMPLE_RESUME)
    async with _server(workspace) as (client, schemas):
        page, _size = await _page(client, schemas, "results")
        judgments = [full_judgment(job, n) for n, job in enumerate(page["jobs"])]
        result = await client.call_tool("submit_judgments", {"judgments": judgments})
        text = result.content[0].text  # type: ignore[union-attr]
        answer = json.loads(text)
        jsonschema.validate(answer, schemas["submit_judgments"])
        ranked = await ok(client, "get_jobs", {"limit": PAGE})
    assert len(text.encode("utf-8")) <= JUDGED_BYTES, len(text.encode("utf-8"))
    assert (answer["applied"], answer["rejected"], answer["assessed_count"]) == (PAGE, [], PAGE)
    assert (answer["card_count"], answer["unassessed_count"]) == (len(real), len(real) - PAGE)
    places = {job["job_id"]: n for n, job in enumerate(ranked["jobs"], start=1)}
    fields = [name for name in JUDGMENT_FIELDS if name in judgments[0]]
    for sent, changed in zip(judgments, answer["jobs"], strict=True):
        assert changed == {"job_id": sent["job_id"], "rank": places[sent["job_id"]], "match_pct": sent["match_pct"],
                           "changed": fields}  # fmt: skip
    assert sorted(changed["rank"] for changed in answer["jobs"]) == list(range(1, PAGE + 1))


def test_an_excerpt_keeps_whole_sentences_and_a_long_first_one_is_cut_at_a_word() -> None:
    text = "Review documents in Relativity. Draft privilege logs.\nPrepare trial binders for the team."
    assert sentences_within(text, 200) == text
    assert sentences_within(text, 60) == "Review documents in Relativity. Draft privilege logs. …"
    assert sentences_within(text, 40) == "Review documents in Relativity. …"
    assert sentences_within("One very long sentence " * 10, 40) == "One very long sentence One very long …"
