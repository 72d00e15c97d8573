"""Where the work is: the API's signal, then the title and places, then the whole description; `unknown` when
nothing says so (sweepy/domain/workplace.py)."""

import pytest

from sweepy.domain.records import posting_from_record
from sweepy.domain.workplace import infer_workplace, workplace_in_description, workplace_in_fields

INTRO = (
    "<p>Acme is Australia's leading legal-technology company. Founded in 2009, we serve over 4,000 firms and "
    "in-house teams, and our platform handles matters, billing, documents and trust accounting. </p>" * 20
)  # a company introduction of about 4,000 characters: the old inference read only the first 3,000


@pytest.mark.parametrize(
    ("title", "location", "workplace"),
    [
        ("Senior Paralegal (Hybrid)", "New York, NY", "hybrid"),
        ("Remote Paralegal", "", "remote"),
        ("Paralegal - On-site", "Chicago, IL", "onsite"),
        ("Paralegal", "Remote - United States", "remote"),
        ("Paralegal", "Hybrid - San Francisco", "hybrid"),
        ("Paralegal", "Anywhere", "remote"),  # a remote board's eligibility field
        ("Paralegal", "Hybrid - New York, NY; Remote - US", "remote"),  # offered both ways: remote is on offer
        ("Paralegal", "Remote or Hybrid (London)", "remote"),
        ("Paralegal", "Hybrid Remote - Austin, TX", "hybrid"),  # one arrangement, not a choice
        ("Remote Sensing Analyst", "Denver, CO", None),  # a technology, not a way of working
        ("Hybrid Cloud Engineer", "Brooklyn, NY", None),
        ("Paralegal", "Brooklyn, NY", None),  # a place says nothing about how the work is done
    ],
)
def test_titles_and_places_state_the_workplace(title: str, location: str, workplace: str | None) -> None:
    assert workplace_in_fields((title,), (location,)) == workplace


@pytest.mark.parametrize(
    ("description", "workplace"),
    [
        (INTRO + "<p>This role is <strong>Remote within NSW, VIC, or ACT</strong>.</p>", "remote"),
        (INTRO + "<p>You will work <em>in one of our offices</em> at least 25% of the time.</p>", "hybrid"),
        (INTRO + "<p>Expect three days a week in our Sydney office.</p>", "hybrid"),
        (INTRO + "<p>Hybrid schedule: in the office Tuesday to Thursday, remote the rest.</p>", "hybrid"),
        (INTRO + "<p>This is not a remote position.</p>", "onsite"),
        (INTRO + "<p>This is a non-remote role.</p>", "onsite"),
        (INTRO + "<p>This is a fully-remote role.</p>", "remote"),
        (INTRO + "<p>You can work from home.</p>", "remote"),
        (INTRO + "<p>You will work on-site at our Midtown office.</p>", "onsite"),
        (INTRO + "<p>We offer remote or hybrid working.</p>", "remote"),
        (INTRO + "<p>Build our hybrid cloud and remote monitoring tools. On-site gym.</p>", None),
        (INTRO + "<p>Draft filings.</p>", None),
        # Greenhouse's entity-escaped HTML, a tag splitting the sentence
        ("&lt;p&gt;" + "Acme builds software. " * 200 + "You will join us &lt;b&gt;in one of our offices&lt;/b&gt;"
         " at least 25% of the time.&lt;/p&gt;", "hybrid"),
    ],
)  # fmt: skip
def test_the_whole_description_is_read_as_text(description: str, workplace: str | None) -> None:
    assert workplace_in_description(description) == workplace


@pytest.mark.parametrize(
    ("description", "workplace"),
    [
        ("<p>This role is remote, or in an office 25 % of the time.</p>", "remote"),
        ("<p>This role is remote, or in an office 25% of the time.</p>", "remote"),
        ("<p>This role is remote, or in an office 25\u00a0% of the time.</p>", "remote"),
        ("<p>Work remotely, or from one of our offices 25 percent of the time.</p>", "remote"),
        ("<p>You can be fully remote or join us in our Berlin office two days a week.</p>", "remote"),
        ("<p>Work in our London office two days a week, or fully remote.</p>", "remote"),
        # a share of the week in an office with no remote choice stays hybrid, whichever way the share is written
        ("<p>You will work in one of our offices 25 % of the time.</p>", "hybrid"),
        ("<p>You will work in one of our offices 25 percent of the time.</p>", "hybrid"),
        ("<p>You will work in one of our offices 25\u00a0% of the time.</p>", "hybrid"),
        ("<p>Work remotely two days a week, in the office 60 % of the time.</p>", "hybrid"),
    ],
)
def test_an_office_share_offered_as_a_choice_beside_remote_is_remote(description: str, workplace: str) -> None:
    assert workplace_in_description(INTRO + description) == workplace


_COMPANY_REMOTE = " Our head office teams enjoy a remote-first culture."  # "remote", said of the company


@pytest.mark.parametrize(
    ("description", "workplace"),
    [
        # the job placed in a town or at a site: the company's "remote" does not make it remote
        ("<p>Based in Inverness, you will valet used cars.</p>", None),
        ("<p>Our company is fully remote, but this role must be based in New York.</p>", None),
        ("<p>You will work at our depot in Inverness.</p>", None),
        ("<p>You will be based at our Inverness site.</p>", None),
        ("<p>Valet used cars at our Inverness site.</p>", None),
        ("<p>This position is located in Inverness.</p>", None),
        ("<p>This role is on-site in Inverness.</p>", "onsite"),
        ("<p>You will work onsite at our Inverness branch.</p>", "onsite"),
        # not a placement of the job: a country or a state to live in, the company's own town, a remote choice
        ("<p>You must be based in the UK.</p>", "remote"),
        ("<p>This role must be based in Texas.</p>", "remote"),
        ("<p>Candidates must be located in the United States.</p>", "remote"),
        ("<p>Our headquarters are based in Glasgow.</p>", "remote"),
        ("<p>We are a small team based in London.</p>", "remote"),
        ("<p>You can be based in Inverness or work remotely from anywhere in Scotland.</p>", "remote"),
        ("<p>You will be based at our Inverness site, or fully remote.</p>", "remote"),
        ("<p>You will be based in a cross-functional team.</p>", "remote"),
    ],
)
def test_a_job_placed_in_a_town_is_not_remote_for_a_remote_said_of_the_company(
    description: str, workplace: str | None
) -> None:
    assert workplace_in_description(INTRO + description + _COMPANY_REMOTE) == workplace


def test_the_api_signal_wins_and_a_hybrid_that_also_offers_remote_is_remote() -> None:
    assert infer_workplace("onsite", ("Remote Paralegal",), ("Remote - US",), "") == "onsite"
    assert infer_workplace("hybrid", ("Paralegal",), ("New York, NY",), "Fully remote.") == "hybrid"
    assert infer_workplace("hybrid", ("Paralegal",), ("New York, NY; Remote (US)",), "") == "remote"
    assert infer_workplace("unknown", ("Paralegal",), ("New York, NY",), "Work from home.") == "remote"
    assert infer_workplace(None, ("Paralegal",), ("New York, NY",), "") == "unknown"


def test_a_feed_record_with_a_place_and_no_workplace_word_is_unknown() -> None:
    record = {
        "title": "Mobile Valeter",
        "company": "Arnold Clark",
        "url": "https://www.arnoldclark.com/careers/jobs/12345",
        "location": "Inverness",
        "description": "<p>Valet used cars before handover, keeping the forecourt presentable.</p>",
    }
    assert posting_from_record(record, "feed", "jobs.jsonl").workplace == "unknown"
