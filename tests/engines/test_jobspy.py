"""The jobspy engine without python-jobspy installed: the install message, and JobSpy's DataFrame rows mapped."""

import datetime as dt
from typing import Any

import pytest

from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.base import SourceError
from sweepy.engines.jobspy import JobspyConfig, postings_from_rows
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings

NAN = float("nan")
COLUMNS = (
    "id site job_url job_url_direct title company location date_posted job_type salary_source interval min_amount "
    "max_amount currency is_remote job_level job_function listing_type emails description company_industry "
    "company_url company_logo company_url_direct company_addresses company_num_employees company_revenue "
    "company_description"
).split()


def row(**values: Any) -> dict[str, Any]:
    """A row as `DataFrame.to_dict("records")` gives it: every column, NaN where JobSpy found nothing."""
    return {column: NAN for column in COLUMNS} | values


ROWS = [
    row(id="in-5e1b2c3d", site="indeed", job_url="https://www.indeed.com/viewjob?jk=5e1b2c3d",
        job_url_direct="https://careers.acme.example/jobs/12", title="Senior Paralegal", company="Acme",
        location="New York, NY, US", date_posted=dt.date(2026, 10, 1), job_type="fulltime",
        salary_source="direct_data", interval="yearly", min_amount=70000.0, max_amount=85000.0, currency="USD",
        is_remote=False, description="**Draft** filings & manage dockets\n\n* Westlaw\n* Hybrid, 3 days in office",
        company_industry="Legal", company_url="https://www.indeed.com/cmp/Acme"),
    row(id="li-4001234567", site="linkedin", job_url="https://www.linkedin.com/jobs/view/4001234567",
        title="Remote Paralegal", company="Globex", location="United States", date_posted=None, interval="hourly",
        min_amount=25.0, max_amount=32.5, currency="USD", is_remote=True, job_level="mid-senior level",
        description="Support trial teams from home."),
    row(id="zr-abc123", site="zip_recruiter", job_url="https://www.ziprecruiter.com/c/Initech/Job/Paralegal/-in-Austin,TX?jid=abc123",
        title="Paralegal", company="Initech", location="Austin, TX, US", date_posted=dt.date(2026, 9, 30),
        interval=NAN, min_amount=0.0, max_amount=NAN, currency=NAN, is_remote=NAN),
    row(id="go-77", site="google", job_url="https://www.glassdoor.com/job-listing/paralegal-umbrella-JV_KO0,9.htm",
        title="Paralegal", company="Umbrella", location="Remote", date_posted=dt.datetime(2026, 9, 29, 14, 5),
        interval="monthly", min_amount=NAN, max_amount=4000.0, currency="EUR"),
    row(id="in-noco", site="indeed", job_url="https://www.indeed.com/viewjob?jk=noco", title="Paralegal", company=NAN),
]  # fmt: skip


def request() -> DiscoverRequest:
    return DiscoverRequest(["Paralegal"], "New York, NY", Settings.from_env().workspace(), {}, source="Paralegal")


def test_dataframe_rows_become_postings_with_every_field_normalised() -> None:
    found = postings_from_rows(get_engine("jobspy"), request(), ROWS)
    first, second, third, fourth = found.postings
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Paralegal", "Acme", "New York, NY, US", "hybrid", "indeed",
    )  # fmt: skip
    assert (first.url, first.apply_url) == (
        "https://www.indeed.com/viewjob?jk=5e1b2c3d", "https://careers.acme.example/jobs/12",
    )  # fmt: skip
    assert first.description == "**Draft** filings & manage dockets\n* Westlaw\n* Hybrid, 3 days in office"
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        70000, 85000, "USD", "year",
    )  # fmt: skip
    assert (first.posted_at, first.engine, first.source) == (dt.date(2026, 10, 1), "jobspy", "Paralegal")
    assert (second.title, second.company, second.location, second.workplace, second.platform, second.posted_at) == (
        "Remote Paralegal", "Globex", "United States", "remote", "linkedin", None,
    )  # fmt: skip
    assert second.url == second.apply_url == "https://www.linkedin.com/jobs/view/4001234567"
    assert second.salary is not None
    assert (second.salary.min, second.salary.max, second.salary.currency, second.salary.period) == (
        25, 32.5, "USD", "hour",
    )  # fmt: skip
    assert (third.platform, third.salary, third.workplace, third.description) == ("ziprecruiter", None, "unknown", "")
    assert (fourth.platform, fourth.workplace, fourth.posted_at) == ("glassdoor", "remote", dt.date(2026, 9, 29))
    assert fourth.salary is not None
    assert (fourth.salary.min, fourth.salary.max, fourth.salary.currency, fourth.salary.period) == (
        None, 4000, "EUR", "month",
    )  # fmt: skip
    assert found.skipped_records == [("Paralegal#in-noco", "the posting has no title or no company")]


def test_without_python_jobspy_the_profile_is_refused_with_the_install_command() -> None:
    with pytest.raises(EngineConfigError) as caught:
        get_engine("jobspy").parse_config({"sites": ["indeed", "linkedin"]}, Settings.from_env().workspace())
    assert caught.value.message == (
        "jobspy: python-jobspy is not installed; install it with `.venv/bin/pip install -e '.[jobspy]'`"
    )


def test_without_python_jobspy_a_source_is_skipped_as_config() -> None:
    with pytest.raises(SourceError) as caught:
        get_engine("jobspy").discover(JobspyConfig(), request())
    assert caught.value.reason == "config" and ".[jobspy]" in caught.value.detail


def test_sources_are_the_titles_once_each() -> None:
    assert get_engine("jobspy").sources(JobspyConfig(), ["Paralegal", "Clerk", "Paralegal"]) == ["Paralegal", "Clerk"]
    assert (JobspyConfig().sites, JobspyConfig().hours_old, JobspyConfig().results_wanted) == (["indeed"], 72, 30)


@pytest.mark.parametrize(
    ("block", "field"),
    [({"sites": []}, "sites"), ({"sites": ["monster"]}, "sites.0"), ({"hours_old": 0}, "hours_old"),
     ({"results_wanted": 201}, "results_wanted"), ({"base_url": "http://127.0.0.1:9"}, "base_url")],
)  # fmt: skip
def test_bad_config_values_are_refused_naming_the_field(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError, match=f"jobspy: .*'{field}'"):
        get_engine("jobspy").validate_types(block)
