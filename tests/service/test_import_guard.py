"""import_jobs meets the address guard and a bounded validation (issues 13 item 7 and 14 item 2), in-process."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from linksite import running_site
from mcp_helpers import SMALL_FEED, profile_args, write_feed, write_resume
from pydantic import ValidationError

from sweepy.errors import InvalidArgument
from sweepy.service import SweepyService
from sweepy.service import arguments as a


def swept(workspace: Path, monotonic: Callable[[], float] | None = None) -> SweepyService:
    """A service (settings read now) whose active session holds a sweep of the small feed."""
    service = SweepyService() if monotonic is None else SweepyService(monotonic=monotonic)
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    profile = service.create_profile(a.CreateProfile(**profile_args(resume, "feeds/postings.jsonl"))).dump()[
        "profile_path"
    ]
    job, _joined = service.start_sweep(profile, deduplicate=True, include_seen=False)
    assert job.done.wait(60)
    return service


def role(n: int, url: str) -> dict[str, Any]:
    return {"title": "Paralegal", "company": f"Imported Firm {n}", "url": url, "location": "New York, NY"}


def test_links_to_loopback_private_or_metadata_hosts_are_refused_as_blocked_address(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SWEEPY_ALLOW_PRIVATE_URLS")
    service = swept(workspace)
    urls = [
        "http://localhost/jobs/1",
        "http://[::1]/jobs/1",
        "http://2130706433/jobs/1",
        "http://[fd00::1]/jobs/1",
        "http://169.254.169.254/latest/meta-data/",
        "https://jobs.lever.co/acme/abc",
    ]
    entries = [role(n, url) for n, url in enumerate(urls)]
    entries[5]["apply_url"] = "http://10.0.0.7/apply"
    entries.append(role(6, "https://jobs.lever.co/acme/def"))
    result = service.import_jobs(a.ImportJobs(jobs_json=json.dumps(entries), validate=False)).dump()
    reasons = {s["index"]: s["reason"] for s in result["skipped"]}
    assert reasons == {
        0: "blocked_address: the url's host localhost is loopback; only public addresses are kept",
        1: "blocked_address: the url's host ::1 is loopback (::1/128); only public addresses are kept",
        2: "blocked_address: the url's host 2130706433 is loopback (127.0.0.0/8); only public addresses are kept",
        3: "blocked_address: the url's host fd00::1 is unique-local (fc00::/7); only public addresses are kept",
        4: "blocked_address: the url's host 169.254.169.254 is cloud metadata (169.254.169.254); only public "
        "addresses are kept",
        5: "blocked_address: the apply_url's host 10.0.0.7 is private (10.0.0.0/8); only public addresses are kept",
    }
    assert [i["company"] for i in result["imported"]] == ["Imported Firm 6"]


def test_with_the_private_flag_loopback_is_kept_but_metadata_is_not(workspace: Path) -> None:
    service = swept(workspace)  # conftest sets SWEEPY_ALLOW_PRIVATE_URLS=1
    entries = [role(0, "http://127.0.0.1:8080/jobs/1"), role(1, "http://metadata.google.internal/computeMetadata/")]
    result = service.import_jobs(a.ImportJobs(jobs_json=json.dumps(entries), validate=False)).dump()
    assert [i["company"] for i in result["imported"]] == ["Imported Firm 0"]
    assert [s["reason"].split(":")[0] for s in result["skipped"]] == ["blocked_address"]


class TickingClock:
    """A fake monotonic clock that the link site moves on by `step` as each request arrives."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        return self.now

    def tick(self, path: str) -> None:
        self.now += self.step


def test_a_validation_past_its_deadline_marks_the_rest_not_checked(workspace: Path) -> None:
    # The site moves the fake clock 10 s on as the first request arrives: the validation's 5 s are spent, so
    # the links in flight and the ones not started all stay not_checked (the mix of checked and not reached,
    # one link at a time, is in test_linkcheck.py).
    clock = TickingClock(10.0)
    paths = ["/posting", "/gzipped", "/moved/jobs/123", *(f"/chain/{n}" for n in range(1, 8))]
    with running_site() as site:
        site.on_request = clock.tick
        service = swept(workspace, monotonic=clock)
        entries = [role(n, site.url(path)) for n, path in enumerate(paths)]
        result = service.import_jobs(
            a.ImportJobs(jobs_json=json.dumps(entries), validate=True, validate_timeout_seconds=5)
        ).dump()
    verdicts = {(i["verification"], i.get("verification_reason")) for i in result["imported"]}
    assert verdicts == {("not_checked", "deadline")}
    assert result["imported_count"] == 10
    assert "10 links were not checked within validate_timeout_seconds (5 s)" in result["message"]


def test_one_unparsable_redirect_does_not_fail_the_batch(workspace: Path) -> None:
    with running_site() as site:
        service = swept(workspace)
        entries = [role(0, site.url("/bad-location")), role(1, site.url("/posting"))]
        result = service.import_jobs(a.ImportJobs(jobs_json=json.dumps(entries), validate=True)).dump()
    verdicts = {i["company"]: (i["verification"], i["verification_reason"]) for i in result["imported"]}
    assert verdicts == {"Imported Firm 0": ("unverified", "bad_url"), "Imported Firm 1": ("verified", "ok")}


@pytest.mark.parametrize("seconds", [0, 0.5, 601, float("nan")])
def test_a_validation_limit_out_of_range_is_refused(workspace: Path, seconds: float) -> None:
    service = swept(workspace)
    entries = json.dumps([role(0, "https://jobs.lever.co/acme/abc")])
    with pytest.raises(ValidationError, match="validate_timeout_seconds\n  Input should be"):
        a.ImportJobs(jobs_json=entries, validate=True, validate_timeout_seconds=seconds)
    built = a.ImportJobs.model_construct(jobs_json=entries, validate_links=True, validate_timeout_seconds=seconds)
    with pytest.raises(InvalidArgument, match="validate_timeout_seconds must be between 1 and 600"):
        service.import_jobs(built)  # behind the model, the service's own check
