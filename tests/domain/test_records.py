"""Posting records → Posting: required fields, types, URLs, HTML, workplace inference, platform, dates."""

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from sweepy.domain.postings import Salary
from sweepy.domain.records import RecordError, posting_from_record
from sweepy.engines import DiscoverRequest, get_engine
from sweepy.settings import Settings

BASE: dict[str, Any] = {
    "title": "Paralegal",
    "company": "Northwind Labs",
    "url": "https://jobs.lever.co/northwind/5f2e",
}


def record(**changes: Any) -> dict[str, Any]:
    merged = {**BASE, **changes}
    return {key: value for key, value in merged.items() if value is not ...}


def test_minimal_record_becomes_a_posting_with_defaults() -> None:
    posting = posting_from_record(record(), "feed", "jobs.json")
    assert (posting.title, posting.company, posting.url) == ("Paralegal", "Northwind Labs", BASE["url"])
    assert posting.location == ""
    assert posting.description == ""
    assert posting.workplace == "unknown"
    assert posting.salary is None
    assert posting.posted_at is None
    assert posting.platform == "lever"
    assert posting.apply_url == BASE["url"]
    assert (posting.engine, posting.source) == ("feed", "jobs.json")
    assert posting.canonical_url == "https://jobs.lever.co/northwind/5f2e"


ON_A_JOB_BOARD = "https://remotive.com/remote-jobs/legal/paralegal-1"  # a page that names no company


@pytest.mark.parametrize("field", ["title", "company", "url"])
def test_missing_required_field_is_named(field: str) -> None:
    with pytest.raises(RecordError) as caught:  # a record without a company is skipped, whatever its URL names
        posting_from_record(record(**{field: ...}), "feed", "jobs.json")
    assert str(caught.value) == f"missing required field {field!r}"


@pytest.mark.parametrize("field", ["title", "company"])
def test_blank_title_or_company_is_rejected(field: str) -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(**{field: "   "}, url=ON_A_JOB_BOARD), "feed", "jobs.json")
    assert str(caught.value) == "title and company must not be blank"


@pytest.mark.parametrize(
    ("company", "url", "apply_url", "named"),
    [
        ("name", "https://jobs.lever.co/northwind/5f2e", ..., "northwind"),  # the board token in the path
        ("N/A", "https://job-boards.greenhouse.io/acme/jobs/4012345001", ..., "acme"),
        ("Company", "https://acme.recruitee.com/o/senior-paralegal", ..., "acme"),  # the board in the host
        ("", "https://careers.northwind.example/jobs/7?gh_jid=7", ..., "northwind.example"),  # the site's host
        ("[company]", ON_A_JOB_BOARD, "https://www.initech.example/apply/3", "initech.example"),  # the apply link
        ("", "https://acme.wd5.myworkdayjobs.com/External/job/Austin-TX/Paralegal_JR1", ..., "acme"),
        ("Name Corp", ON_A_JOB_BOARD, ..., "Name Corp"),  # a real name that contains a placeholder word
    ],
)
def test_a_placeholder_company_falls_back_to_the_company_the_record_names(
    company: Any, url: str, apply_url: Any, named: str
) -> None:
    posting = posting_from_record(record(company=company, url=url, apply_url=apply_url), "feed", "jobs.json")
    assert posting.company == named


def test_a_placeholder_company_with_nothing_to_fall_back_to_is_skipped() -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(company="n/a", url=ON_A_JOB_BOARD), "feed", "jobs.json")
    assert str(caught.value) == "title and company must not be blank"


def test_record_that_is_not_an_object_is_rejected() -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(["Paralegal", "Northwind Labs"], "feed", "jobs.json")
    assert str(caught.value) == "record must be an object, got list"


@pytest.mark.parametrize(
    "url",
    [
        "ftp://jobs.example.com/1",
        "javascript:alert(1)",
        "jobs.example.com/1",
        "https://localhost/1",
        "https:// example.com/1",
        "https://example.com:notaport/jobs/1",
        "https://example.com:99999/jobs/1",
        "https://[example.com/jobs/1",
    ],
)
def test_url_must_be_http_or_https(url: str) -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(url=url), "feed", "jobs.json")
    assert str(caught.value) == f"url {url!r} is not an http(s) URL"


def test_apply_url_is_checked_too() -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(apply_url="mailto:jobs@example.com"), "feed", "jobs.json")
    assert str(caught.value) == "apply_url 'mailto:jobs@example.com' is not an http(s) URL"


def test_http_url_is_accepted_and_canonicalised_to_https() -> None:
    posting = posting_from_record(record(url="http://Example.com/jobs/1/?utm_source=x"), "feed", "jobs.json")
    assert posting.url == "http://Example.com/jobs/1/?utm_source=x"
    assert posting.canonical_url == "https://example.com/jobs/1"


def test_title_as_a_number_names_the_field() -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(title=42), "feed", "jobs.json")
    assert str(caught.value) == "field 'title' must be text, got int"


def test_salary_as_a_list_gives_a_reason() -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(salary=[70_000, 85_000]), "feed", "jobs.json")
    assert str(caught.value) == "salary must be text or an object with min, max, currency, period"


def test_salary_text_is_parsed() -> None:
    posting = posting_from_record(record(salary="$32/hr"), "feed", "jobs.json")
    assert posting.salary == Salary(min=32.0, max=32.0, currency="USD", period="hour", text="$32/hr")


def test_html_description_is_cleaned_to_text() -> None:
    html = (
        "<div><h2>About the role</h2><p>Draft <b>filings</b> &amp; manage<br/>dockets.</p>"
        "<ul><li>Westlaw</li><li>E-filing</li></ul></div>"
    )
    posting = posting_from_record(record(description=html), "feed", "jobs.json")
    assert posting.description == "About the role\nDraft filings & manage\ndockets.\n• Westlaw\n• E-filing"


def test_control_and_bidi_characters_are_stripped_from_text() -> None:
    posting = posting_from_record(record(title="Para\x00legal\u202e", company="North\x1bwind"), "feed", "jobs.json")
    assert (posting.title, posting.company) == ("Paralegal", "Northwind")


@pytest.mark.parametrize(
    ("location", "description", "workplace"),
    [
        ("Hybrid - Austin, TX", "", "hybrid"),
        ("Remote - US", "", "remote"),
        ("Brooklyn, NY", "", "unknown"),  # a place is where an office or a candidate is, not how the work is done
        ("", "This position is fully remote within the US.", "remote"),
        ("", "Hybrid schedule: three days a week in the office.", "hybrid"),
        ("", "You will work on-site at our Midtown office.", "onsite"),
        ("Hybrid - Austin, TX", "This role is fully remote.", "hybrid"),
        ("", "", "unknown"),
    ],
)
def test_workplace_is_inferred_from_location_then_description(location: str, description: str, workplace: str) -> None:
    posting = posting_from_record(record(location=location, description=description), "feed", "jobs.json")
    assert posting.workplace == workplace


@pytest.mark.parametrize(
    ("given", "location", "workplace"),
    [("Remote", "Hybrid - Austin, TX", "remote"), ("On-site", "Remote - US", "onsite"), ("HYBRID", "Austin", "hybrid")],
)
def test_explicit_workplace_wins_over_inference(given: str, location: str, workplace: str) -> None:
    posting = posting_from_record(record(workplace=given, location=location), "feed", "jobs.json")
    assert posting.workplace == workplace


def test_workplace_unknown_as_a_get_jobs_card_carries_it_is_inferred() -> None:
    posting = posting_from_record(record(workplace="unknown", location="Remote - US"), "feed", "jobs.json")
    assert posting.workplace == "remote"


def test_an_explicit_hybrid_that_also_offers_remote_is_remote() -> None:
    posting = posting_from_record(record(workplace="hybrid", location="Austin, TX; Remote - US"), "feed", "jobs.json")
    assert posting.workplace == "remote"  # a remote-only search must keep it


def test_unknown_workplace_value_is_rejected() -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(workplace="anywhere"), "feed", "jobs.json")
    assert str(caught.value) == "workplace must be one of remote, hybrid, onsite, unknown; got 'anywhere'"


@pytest.mark.parametrize(
    ("url", "platform"),
    [
        ("https://boards.greenhouse.io/acme/jobs/4012", "greenhouse"),
        ("https://jobs.ashbyhq.com/acme/7c1d", "ashby"),
        ("https://www.linkedin.com/jobs/view/3901", "linkedin"),
        ("https://careers.acme.com/jobs/1", "other"),
    ],
)
def test_platform_comes_from_the_url_when_absent(url: str, platform: str) -> None:
    assert posting_from_record(record(url=url), "feed", "jobs.json").platform == platform


def test_given_platform_is_kept_lower_cased() -> None:
    posting = posting_from_record(record(platform="Indeed"), "feed", "jobs.json")
    assert posting.platform == "indeed"


def test_custom_platforms_classify_the_url() -> None:
    posting = posting_from_record(
        record(url="https://acme.icims.com/jobs/77"), "feed", "jobs.json", {"icims.com": "icims"}
    )
    assert posting.platform == "icims"


@pytest.mark.parametrize(
    ("posted_at", "date"),
    [
        ("2024-03-05", dt.date(2024, 3, 5)),
        ("2024-03-05T09:30:00", dt.date(2024, 3, 5)),
        ("2024-03-05T23:30:00Z", dt.date(2024, 3, 5)),
        ("2024-03-05T23:30:00-05:00", dt.date(2024, 3, 5)),
        (" 2024-03-05 ", dt.date(2024, 3, 5)),
        ("", None),
        (None, None),
    ],
)
def test_posted_at_date_and_datetime_are_parsed(posted_at: str | None, date: dt.date | None) -> None:
    posting = posting_from_record(record(posted_at=posted_at), "feed", "jobs.json")
    assert posting.posted_at == date


@pytest.mark.parametrize("posted_at", ["yesterday", "2024-13-01", "05/03/2024"])
def test_bad_posted_at_text_is_rejected(posted_at: str) -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(posted_at=posted_at), "feed", "jobs.json")
    assert str(caught.value) == f"posted_at {posted_at!r} is not an ISO date"


def test_posted_at_as_a_number_is_rejected() -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(posted_at=20240305), "feed", "jobs.json")
    assert str(caught.value) == "posted_at must be an ISO date or date-time text"


@pytest.mark.parametrize("field", ["title", "company", "url", "apply_url", "location", "description", "platform"])
def test_lone_surrogate_in_a_text_field_is_named(field: str) -> None:
    # json.loads turns the escape "\ud800" into a lone surrogate, which no UTF-8 writer accepts.
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(**{field: "Para\ud800legal"}), "feed", "jobs.json")
    assert str(caught.value) == f"field {field!r} is not valid Unicode text (it holds a lone surrogate)"


@pytest.mark.parametrize(
    ("salary", "reason"),
    [
        ({"min": float("nan")}, "salary min nan is not a number"),
        ("$" + "9" * 400, "salary amount in '$" + "9" * 39 + "' is too large to be an amount"),
        ({"min": 10**400}, "salary min/max is too large to be an amount"),
    ],
)
def test_unusable_salary_is_a_record_error(salary: object, reason: str) -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(salary=salary), "feed", "jobs.json")
    assert str(caught.value) == reason


def test_bad_records_are_skipped_and_the_rest_of_the_feed_is_kept(workspace: Path) -> None:
    good = json.dumps(record())
    bad = [
        '{"title": "Paralegal", "company": "A", "url": "https://a.example/1", "salary": {"min": NaN}}',
        '{"title": "Paralegal", "company": "B", "url": "https://b.example/1", "salary": "$' + "9" * 400 + '"}',
        '{"title": "Paralegal", "company": "C", "url": "https://c.example/1", "salary": {"min": 1' + "0" * 400 + "}}",
        '{"title": "Para\\ud800legal", "company": "D", "url": "https://d.example/1"}',
    ]
    (workspace / "jobs.json").write_text("[" + ", ".join([good, *bad, good]) + "]", encoding="utf-8")
    engine = get_engine("feed")
    ws = Settings.from_env().workspace()
    request = DiscoverRequest(titles=["Paralegal"], location="New York, NY", workspace=ws, custom_platforms={})
    result = engine.discover(engine.parse_config({"path": "jobs.json"}, ws), request)
    assert [p.company for p in result.postings] == ["Northwind Labs", "Northwind Labs"]
    assert result.skipped_sources == []
    assert result.skipped_records == [
        ("jobs.json#2", "it holds NaN, which is not a number JSON allows"),
        ("jobs.json#3", "salary amount in '$" + "9" * 39 + "' is too large to be an amount"),
        ("jobs.json#4", "salary min/max is too large to be an amount"),
        ("jobs.json#5", "field 'title' is not valid Unicode text (it holds a lone surrogate)"),
    ]
