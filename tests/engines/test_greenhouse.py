"""The greenhouse engine against the fake Job Board API: every normalised field, and the unknown-board 404."""

import datetime as dt
from pathlib import Path

from fakeboards import FakeBoards
from web import sweep


def test_a_board_becomes_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("greenhouse", {"boards": ["acme"], "base_url": boards.url}, tmp_path)
    first, second = found.postings
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Paralegal", "Acme", "Remote - United States", "remote", "greenhouse",
    )  # fmt: skip
    assert first.url == first.apply_url == "https://job-boards.greenhouse.io/acme/jobs/4012345001"
    assert first.description == "Draft filings & manage dockets. Pay: $150,000 — $190,000 USD\n• Westlaw\n• 401k match"
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        150000, 190000, "USD", "year",
    )  # fmt: skip
    assert first.posted_at == dt.date(2026, 2, 20)  # first_published, not the later updated_at
    assert (first.engine, first.source) == ("greenhouse", "acme")
    assert (second.workplace, second.salary, second.posted_at) == ("hybrid", None, dt.date(2026, 3, 5))
    assert second.canonical_url == "https://acme.example.com/careers?gh_jid=4012345002"
    assert found.skipped_records == [("acme#4012345003", "the posting has no title or no company")]
    request = boards.requests("/v1/boards/acme/jobs")[0]
    assert request.arg("content") == "true"
    assert request.headers["User-Agent"].startswith("Sweepy/")


def test_an_unknown_board_is_skipped_and_the_others_still_count(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("greenhouse", {"boards": ["acme", "nosuch", "emptyco"], "base_url": boards.url}, tmp_path)
    assert len(found.postings) == 2
    assert [(r.source, r.status, r.postings, r.requests, r.reason) for r in found.sources] == [
        ("acme", "ok", 2, 1, None),
        ("nosuch", "skipped", 0, 1, "http_error"),
        ("emptyco", "ok", 0, 1, None),
    ]
    assert found.sources[1].detail == f"HTTP 404 from {boards.url.split('//')[1]}/v1/boards/nosuch/jobs: Job not found"


def test_pay_is_read_from_the_text_of_the_pay_transparency_block_and_other_sums_are_not_pay(
    boards: FakeBoards, tmp_path: Path
) -> None:
    found = sweep("greenhouse", {"boards": ["payband"], "base_url": boards.url}, tmp_path)
    banded, perks_only, sales = found.postings
    assert "US Base Salary\n$139,200—$235,200 USD" in banded.description  # each bound was in its own <span>
    assert banded.salary is not None
    assert (banded.salary.min, banded.salary.max, banded.salary.currency, banded.salary.period, banded.salary.ote) == (
        139_200, 235_200, "USD", "year", False,
    )  # fmt: skip
    assert banded.salary.text == "$139,200—$235,200 USD"
    assert perks_only.salary is None  # funding, an HRA and relocation are no pay
    assert sales.salary is not None
    assert (sales.salary.min, sales.salary.max, sales.salary.currency, sales.salary.ote) == (
        80_000, 160_000, "CAD", True,
    )  # fmt: skip
