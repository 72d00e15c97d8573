"""The remoteok engine against the fake feed: the legal element, pay with 0 for "unknown", the tripwire line,
a Cloudflare page answered with 200, and a failed feed that leaves the other engines' sources counting."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards, Fault
from web import sweep

from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.http import build_client, open_network
from sweepy.errors import EngineConfigError
from sweepy.pipeline.discover import discover
from sweepy.settings import Settings


def test_the_feed_becomes_remote_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("remoteok", {"base_url": boards.url, "tags": ["legal", "python"]}, tmp_path)
    first, second, third = found.postings
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Backend Engineer", "Acme", "Kalgoorlie", "remote", "remoteok",
    )  # fmt: skip
    assert first.url == "https://remoteOK.com/remote-jobs/remote-senior-backend-engineer-acme-1234567"
    assert first.apply_url == "https://remoteOK.com/remote-jobs/remote-senior-backend-engineer-acme-1234567/apply"
    assert first.canonical_url == "https://remoteok.com/remote-jobs/remote-senior-backend-engineer-acme-1234567"
    assert first.description == "Build services in Python.\nRemote, async team."  # the tripwire line is gone
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        90000, 130000, "USD", "year",
    )  # fmt: skip
    assert first.posted_at == dt.date(2026, 7, 9)  # epoch seconds
    assert (first.engine, first.source) == ("remoteok", "remoteok")
    assert (second.title, second.company, second.location, second.workplace) == (
        "Remote Paralegal", "Globex", "", "remote",
    )  # fmt: skip
    assert second.salary is None  # 0 and 0 mean "not stated"
    assert second.posted_at == dt.date(2026, 7, 8)  # no epoch: the ISO date
    assert second.apply_url == second.url == "https://remoteOK.com/remote-jobs/remote-paralegal-globex-1234568"
    assert second.description == "Draft contracts & NDAs."
    assert third.salary is not None
    assert (third.salary.min, third.salary.max, third.location, third.posted_at) == (
        70000, 70000, "US only", dt.date(2026, 7, 6),
    )  # fmt: skip
    # The legal notice is no job and no skipped record; a job without a position is.
    assert found.skipped_records == [("remoteok#1234570", "the posting has no title or no company")]
    [request] = boards.requests("^/api$")
    assert request.arg("tags") == "legal,python"


def test_a_job_the_text_places_in_a_town_is_not_remote_though_the_company_is(
    boards: FakeBoards, tmp_path: Path
) -> None:
    found = sweep("remoteok", {"base_url": f"{boards.url}/placed"}, tmp_path)
    assert [(p.title, p.location, p.workplace) for p in found.postings] == [
        ("Mobile Valeter", "Inverness", "unknown"),  # "Based in Inverness, you will…"
        ("Senior Editor", "New York, NY", "unknown"),  # "…fully remote, but this role must be based in New York"
        ("Warehouse Operative", "Leeds", "unknown"),  # "you will work at our depot in Leeds"
        ("Field Service Engineer", "Aberdeen", "onsite"),  # "on-site in Aberdeen"
        ("Store Manager", "Fort William", "unknown"),  # "at our Fort William store"
        ("Laboratory Technician", "Cambridge", "unknown"),  # "based at our Cambridge site"
        ("Practice Nurse", "Manchester", "unknown"),
        ("HGV Driver", "Perth", "unknown"),
        ("Sous Chef", "Edinburgh", "onsite"),  # "on site at our Edinburgh restaurant"
        ("Retail Assistant", "Dundee", "unknown"),  # "This job is located in Dundee city centre"
        ("Customer Support Agent", "Remote", "remote"),  # the location says remote; the HQ's town is no placement
        ("Payroll Specialist", "", "remote"),  # based in a country: where from, not where the work is
        ("Claims Handler", "", "remote"),  # a town or remote: a choice that includes remote
    ]


def test_no_tags_sends_no_query(boards: FakeBoards, tmp_path: Path) -> None:
    sweep("remoteok", {"base_url": boards.url}, tmp_path)
    assert boards.requests("^/api$")[0].query == {}


def test_a_cloudflare_page_with_200_is_a_bad_response_and_other_sources_still_count(
    boards: FakeBoards, tmp_path: Path
) -> None:
    boards.fault("^/api$", Fault("not_json"))
    workspace = Settings.from_env().workspace()
    configs = {
        "remoteok": get_engine("remoteok").parse_config({"base_url": boards.url}, workspace),
        "remotive": get_engine("remotive").parse_config({"base_url": boards.url}, workspace),
    }
    with open_network(build_client, tmp_path, None, None) as network:
        found = discover(configs, DiscoverRequest(["Paralegal"], "Remote", workspace, {}, network=network))
    assert [(r.engine, r.status, r.reason) for r in found.sources] == [
        ("remoteok", "skipped", "bad_response"),
        ("remotive", "ok", None),
    ]
    assert found.sources[0].detail.startswith(f"the answer from {boards.url[7:]}/api is not JSON")
    assert {p.engine for p in found.postings} == {"remotive"} and len(found.postings) == 3


def test_a_feed_that_is_not_an_array_is_a_bad_response(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault("^/api$", Fault("status", status=200, body={"error": "maintenance"}))
    [report] = sweep("remoteok", {"base_url": boards.url}, tmp_path).sources
    assert (report.status, report.reason, report.detail) == ("skipped", "bad_response",
                                                             "the feed is not a JSON array (got dict)")  # fmt: skip


@pytest.mark.parametrize(
    ("block", "field"),
    [({"tags": ["a"] * 11}, "'tags'"), ({"tags": ["a,b"]}, "'tags.0'"), ({"tags": [""]}, "'tags.0'")],
)
def test_config_is_checked(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError, match=field):
        get_engine("remoteok").parse_config(block, Settings.from_env().workspace())
