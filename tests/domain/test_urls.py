"""Canonical URLs (stage 3's first dedupe key) and platform classification by URL host."""

import pytest

from sweepy.domain.urls import canonical_url, platform_for_url


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("HTTPS://Jobs.Example.COM/careers/42", "https://jobs.example.com/careers/42"),
        ("https://www.example.com/careers/42", "https://example.com/careers/42"),
        ("https://example.com:443/careers/42", "https://example.com/careers/42"),
        ("http://example.com:80/careers/42", "https://example.com/careers/42"),
        ("https://example.com:8443/careers/42", "https://example.com:8443/careers/42"),
        ("http://example.com/careers/42", "https://example.com/careers/42"),
        ("https://example.com/careers/42/", "https://example.com/careers/42"),
        ("https://example.com/careers/42#apply", "https://example.com/careers/42"),
        ("https://example.com/", "https://example.com"),
    ],
)
def test_scheme_host_port_fragment_and_trailing_slash_are_normalised(url: str, expected: str) -> None:
    assert canonical_url(url) == expected


def test_path_case_is_kept() -> None:
    assert canonical_url("https://example.com/Jobs/Senior-Paralegal") == "https://example.com/Jobs/Senior-Paralegal"


@pytest.mark.parametrize(
    "query",
    [
        "utm_source=linkedin",
        "utm_source=linkedin&utm_medium=social&utm_campaign=spring",
        "UTM_Source=x",
        "gh_src=abc123",
        "lever-source=LinkedIn",
        "lever-origin=applied",
        "fbclid=xyz&gclid=abc",
    ],
)
def test_tracking_parameters_are_removed(query: str) -> None:
    assert canonical_url(f"https://jobs.lever.co/acme/123?{query}") == "https://jobs.lever.co/acme/123"


def test_other_parameters_are_kept_and_sorted() -> None:
    url = "https://www.indeed.com/viewjob?vjk=2&utm_source=x&jk=9f1c&gh_src=y&from=serp#top"
    assert canonical_url(url) == "https://indeed.com/viewjob?from=serp&jk=9f1c&vjk=2"


def test_urls_that_differ_only_by_tracking_share_one_canonical_form() -> None:
    variants = [
        "https://jobs.lever.co/northwind/5f2e",
        "http://jobs.lever.co/northwind/5f2e/",
        "https://JOBS.lever.co:443/northwind/5f2e?lever-source=LinkedIn",
        "https://jobs.lever.co/northwind/5f2e/?utm_source=newsletter&utm_medium=email#apply",
    ]
    assert {canonical_url(url) for url in variants} == {"https://jobs.lever.co/northwind/5f2e"}


@pytest.mark.parametrize(
    ("url", "platform"),
    [
        ("https://boards.greenhouse.io/acme/jobs/4012", "greenhouse"),
        ("https://job-boards.greenhouse.io/acme/jobs/4012", "greenhouse"),
        ("https://BOARDS.GREENHOUSE.IO/acme/jobs/4012", "greenhouse"),
        ("https://jobs.lever.co/acme/5f2e", "lever"),
        ("https://jobs.ashbyhq.com/acme/7c1d", "ashby"),
        ("https://www.linkedin.com/jobs/view/3901", "linkedin"),
        ("https://www.indeed.com/viewjob?jk=9f1c", "indeed"),
        ("https://careers.acme.com/jobs/1", "other"),
        ("https://notgreenhouse.io/acme/jobs/1", "other"),
        ("https://greenhouse.io.evil.example/acme", "other"),
        ("not a url", "other"),
    ],
)
def test_platform_is_classified_by_host(url: str, platform: str) -> None:
    assert platform_for_url(url) == platform


def test_custom_domains_classify_other_ats_hosts() -> None:
    custom = {"acme-careers.com": "icims", "workday.example": "workday"}
    assert platform_for_url("https://jobs.acme-careers.com/req/77", custom) == "icims"
    assert platform_for_url("https://acme-careers.com/req/77", custom) == "icims"
    assert platform_for_url("https://workday.example/wd/1", custom) == "workday"
    assert platform_for_url("https://other-careers.com/req/77", custom) == "other"


def test_custom_domain_does_not_match_a_longer_lookalike_host() -> None:
    assert platform_for_url("https://evilacme-careers.com/req/77", {"acme-careers.com": "icims"}) == "other"


def test_job_id_parameters_of_careers_pages_are_kept() -> None:
    """A company's own careers page tells its jobs apart by gh_jid / ashby_jid: not tracking."""
    assert (
        canonical_url("https://acme.example/careers?gh_jid=111&gh_src=x") == "https://acme.example/careers?gh_jid=111"
    )
    assert canonical_url("https://acme.example/careers?gh_jid=222") != canonical_url(
        "https://acme.example/careers?gh_jid=111"
    )
    assert canonical_url("https://acme.example/jobs?ashby_jid=ab-12") == "https://acme.example/jobs?ashby_jid=ab-12"
