"""The remotive engine against the fake feed: one request per sweep, free-text pay, and a blocked or garbled answer."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards, Fault
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


def test_the_feed_becomes_remote_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("remotive", {"base_url": boards.url, "category": "legal", "limit": 100}, tmp_path,
                  titles=["Paralegal", "Legal Assistant"])  # fmt: skip
    first, second, third = found.postings
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Paralegal", "Acme & Co", "USA, CST (UTC-6)", "remote", "remotive",
    )  # fmt: skip
    assert first.url == first.apply_url == "https://remotive.com/remote-jobs/legal/senior-paralegal-1185979"
    assert first.description == "Manage dockets & filings.\n• Westlaw"
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        150000, 230000, "USD", "year",
    )  # fmt: skip
    assert first.posted_at == dt.date(2026, 7, 4)  # ISO without a timezone, read as written
    assert (first.engine, first.source) == ("remotive", "remotive")
    assert second.salary is not None
    assert (second.salary.min, second.salary.max, second.salary.currency, second.salary.period) == (
        50, 75, "USD", "hour",
    )  # fmt: skip
    assert (second.title, second.company, second.location, second.posted_at) == (
        "Contract Paralegal", "Globex", "Worldwide", dt.date(2026, 7, 2),
    )  # fmt: skip
    # A remote board still carries on-site jobs: no place, no text, so nothing says where the work is.
    assert (third.salary, third.posted_at, third.location, third.workplace) == (None, None, "", "unknown")
    assert found.skipped_records == [("remotive#1185982", "the posting has no title or no company")]
    assert boards.hits("/api/remote-jobs") == 1  # once per sweep, whatever the titles: Remotive blocks > 2/min
    request = boards.requests("/api/remote-jobs")[0]
    assert (request.arg("category"), request.arg("limit"), request.arg("search", "none")) == ("legal", "100", "none")


def test_no_filter_is_sent_when_none_is_set(boards: FakeBoards, tmp_path: Path) -> None:
    sweep("remotive", {"base_url": boards.url}, tmp_path)
    assert boards.requests("/api/remote-jobs")[0].query == {}


@pytest.mark.parametrize(
    ("fault", "reason", "detail"),
    [
        (Fault("status", status=403), "http_error", "HTTP 403 from {host}/api/remote-jobs: fault"),
        (Fault("not_json"), "bad_response", "the answer from {host}/api/remote-jobs is not JSON "
                                            "(it starts with '<!DOCTYPE html><html><body>Just a moment')"),
    ],
)  # fmt: skip
def test_a_blocked_or_garbled_answer_skips_the_source(
    boards: FakeBoards, tmp_path: Path, fault: Fault, reason: str, detail: str
) -> None:
    boards.fault("/api/remote-jobs", fault)
    found = sweep("remotive", {"base_url": boards.url}, tmp_path)
    assert found.postings == []
    [report] = found.sources
    assert (report.status, report.reason, report.detail) == ("skipped", reason, detail.format(host=boards.url[7:]))


@pytest.mark.parametrize(
    ("block", "field"),
    [
        ({"limit": 0}, "'limit'"),
        ({"limit": 501}, "'limit'"),
        ({"category": ""}, "'category'"),
        ({"search": "x"}, "'search'"),
    ],
)
def test_config_is_checked(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError, match=field):
        get_engine("remotive").parse_config(block, Settings.from_env().workspace())


def test_a_remotive_candidate_location_is_where_the_candidate_may_live(boards: FakeBoards, tmp_path: Path) -> None:
    """candidate_required_location is the country a candidate must live in, not a city: "USA, CST (UTC-6)" is
    kept for New York and dropped for London; "Worldwide" is kept for both; no place is kept, marked."""
    from sweepy.domain.places import NO_PLACE
    from sweepy.pipeline.filter import Criteria, filter_postings

    found = sweep("remotive", {"base_url": boards.url, "category": "legal"}, tmp_path, titles=["Paralegal"])
    for seeker, kept_locations in (("New York, NY", ["USA, CST (UTC-6)", "Worldwide", ""]),
                                   ("London, UK", ["Worldwide", ""])):  # fmt: skip
        criteria = Criteria(["Paralegal", "Legal Assistant"], [], seeker, today=dt.date(2026, 7, 10))
        kept, drops = filter_postings(list(found.postings), criteria)
        assert [(p.location, p.place_note) for p in kept] == [
            (location, NO_PLACE if not location else None) for location in kept_locations
        ]
        assert drops == ({"location": 1} if seeker == "London, UK" else {})
