"""employment_type, closes_at and open_to from records to cards (the normaliser, import records, the filter's
`closed` and `employment_type` drops, dedupe, the profile key, get_jobs, the CSV), and field sizes at ingest:
a 3,000-character title is cut, and the report renders."""

import csv
import datetime as dt
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from mcp_helpers import profile_args, write_feed, write_resume
from pydantic import ValidationError
from report_helpers import pdf_text

from sweepy.domain.cards import Card
from sweepy.domain.employment import as_employment_type, employment_type, title_kind
from sweepy.domain.postings import Posting
from sweepy.domain.records import RecordError, posting_from_record
from sweepy.errors import ProfileError
from sweepy.pipeline.dedupe import deduplicate
from sweepy.pipeline.filter import Criteria, filter_postings
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.service.report_parts import search_line
from sweepy.store.csvfiles import csv_text
from sweepy.store.profiles import validate_profile_data

TODAY = dt.date(2026, 6, 15)


@pytest.mark.parametrize(
    ("values", "kind"),
    [
        (("Full-time",), "full_time"),  # Lever, Workable, SmartRecruiters label, USAJOBS Name
        (("Regular Full-Time",), "full_time"),  # a Lever company's own words
        (("FullTime",), "full_time"),  # Ashby
        (("PartTime",), "part_time"),
        (("Intern",), "internship"),
        (("Full Time",), "full_time"),  # Himalayas
        (("Contractor",), "contract"),
        (("Volunteer",), "volunteer"),
        (("Other",), "other"),
        (("fulltime_permanent",), "full_time"),  # Recruitee
        (("parttime_minijob",), "part_time"),
        (("fulltime_fixed_term",), "temporary"),
        (("internship",), "internship"),
        ((["full time"],), "full_time"),  # Arbeitnow
        ((["Berufserfahren", "Vollzeit"],), "full_time"),
        ((["Teilzeit"],), "part_time"),
        ((["Praktikum"],), "internship"),
        ((["Ausbildung"],), "apprenticeship"),
        ((["Full-Time"],), "full_time"),  # Jobicy
        (("freelance",), "contract"),  # Remotive
        (("permanent", "full_time"), "full_time"),  # Adzuna contract_type, contract_time
        (("contract", "full_time"), "contract"),
        ((None, "part_time"), "part_time"),
        (({"id": "permanent", "label": "Full-time"},), "full_time"),  # SmartRecruiters
        (([{"Name": "Part-time", "Code": "2"}],), "part_time"),  # USAJOBS PositionSchedule
        (([{"Name": "Job Sharing", "Code": "5"}],), "part_time"),
        (([{"Name": "Shift Work", "Code": "3"}],), "other"),
        (([{"name": "Internship", "short_name": "internship"}],), "internship"),  # The Muse
        (("Seasonal",), "temporary"),
        (("Apprenticeship",), "apprenticeship"),
        (("Full-time internship",), "internship"),
        (("Permanent contract",), None),  # a CDI is employment, not contract work
        (("Permanent",), None),  # says nothing about the kind
        (("Regular",), None),
        ((["Mid Level"],), None),
        (("",), None),
        ((None,), None),
        ((42, True, {"nested": {"deep": "Full-time"}}), None),
        (("Template designer",), None),  # "temp" is a word, not a prefix
    ],
)
def test_every_api_vocabulary_reads_as_one_kind(values: tuple[Any, ...], kind: str | None) -> None:
    assert employment_type(*values) == kind


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("Registered Nurse - Medical Day Unit (Part-Time)", "part_time"),
        ("Data Engineer (Contract)", "contract"),
        ("People Operations Specialist [Temp to Hire]", "temporary"),
        ("Software Engineer (Intern, Summer 2027)", "internship"),
        ("Registered Nurse - Float Pool (Full-Time)", "full_time"),
        ("Contract Manager", None),  # the work, not its terms: only a bracketed qualifier is read
        ("Internal Audit Lead (Remote)", None),
        ("Développeur Backend Python (H/F)", None),
        ("Paralegal (Contracts)", None),  # contracts are the subject
    ],
)
def test_a_title_states_its_kind_only_in_brackets(title: str, kind: str | None) -> None:
    assert title_kind(title) == kind
    assert Posting(title, "Northwind", "https://jobs.lever.co/n/1").employment_type == kind
    # the API's own word wins over the title's
    assert Posting(title, "Northwind", "https://jobs.lever.co/n/1", employment_type="full_time").employment_type == (
        "full_time"
    )


def test_typed_kinds_must_name_one_exactly() -> None:
    assert [as_employment_type(v) for v in ("Full-time", "FULL_TIME", "part time", "contract")] == [
        "full_time", "full_time", "part_time", "contract",
    ]  # fmt: skip
    assert [as_employment_type(v) for v in ("Permanent", "fulltime", "")] == [None, None, None]


def record(**fields: Any) -> dict[str, Any]:
    slug = "-".join(str(v)[:10] for v in fields.values()).replace(" ", "")
    return {"title": "Paralegal", "company": "Northwind", "url": f"https://jobs.lever.co/northwind/{slug}",
            "location": "New York, NY", **fields}  # fmt: skip


def test_records_carry_the_new_fields_checked() -> None:
    posting = posting_from_record(
        record(employment_type="Full-time", closes_at="2026-07-01", open_to=["public", "vet", "public"]), "feed", "t"
    )
    assert (posting.employment_type, posting.closes_at, posting.open_to) == (
        "full_time", dt.date(2026, 7, 1), ["public", "vet"],
    )  # fmt: skip
    bare = posting_from_record(record(), "feed", "t")
    assert (bare.employment_type, bare.closes_at, bare.open_to) == (None, None, None)


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        (
            {"employment_type": "permanent"},
            "employment_type must be one of full_time, part_time, contract, "
            "temporary, internship, apprenticeship, volunteer, other; got 'permanent'",
        ),
        ({"employment_type": 3}, "field 'employment_type' must be text, got int"),
        ({"closes_at": "next week"}, "closes_at 'next week' is not an ISO date"),
        ({"closes_at": 20260701}, "closes_at must be an ISO date or date-time text"),
        ({"open_to": "public"}, 'open_to must be a list of at most 20 texts, e.g. ["public"]'),
        ({"open_to": ["x"] * 21}, 'open_to must be a list of at most 20 texts, e.g. ["public"]'),
        ({"open_to": [""]}, "each open_to entry must be a text of 1 to 100 characters"),
        ({"open_to": [1]}, "field 'open_to' must be text, got int"),
    ],
)
def test_bad_new_fields_are_refused_naming_the_field(fields: dict[str, Any], reason: str) -> None:
    with pytest.raises(RecordError) as caught:
        posting_from_record(record(**fields), "feed", "t")
    assert str(caught.value) == reason


def test_an_import_record_is_cut_to_size_with_an_ellipsis() -> None:
    posting = posting_from_record(
        record(title="Paralegal " + "x" * 2990, company="C" * 500, location="L" * 500, description="word " * 50_000),
        "import", "import_jobs",
    )  # fmt: skip
    assert (len(posting.title), len(posting.company), len(posting.location)) == (300, 200, 200)
    assert posting.title == "Paralegal " + "x" * 289 + "…"
    assert posting.company.endswith("C…") and posting.location.endswith("L…")
    assert len(posting.description) == 100_000 and posting.description.endswith("word…")
    short = posting_from_record(record(title="Paralegal", description="Short."), "import", "import_jobs")
    assert (short.title, short.description) == ("Paralegal", "Short.")  # what fits is kept as it is


def posting(title: str = "Paralegal", **fields: Any) -> Posting:
    return posting_from_record(record(title=title, **fields), "feed", "test")


def test_a_passed_deadline_drops_the_posting_as_closed() -> None:
    found = [
        posting("Paralegal A", closes_at="2026-06-14"),  # yesterday
        posting("Paralegal B", closes_at="2026-06-15"),  # closes today: still open
        posting("Paralegal C", closes_at="2026-09-01"),
        posting("Paralegal D"),  # no deadline stated
    ]
    kept, drops = filter_postings(found, Criteria(["Paralegal"], [], "New York, NY", today=TODAY))
    assert [p.title for p in kept] == ["Paralegal B", "Paralegal C", "Paralegal D"]
    assert drops == Counter(closed=1)


def test_employment_types_keep_those_kinds_and_postings_that_do_not_say() -> None:
    found = [
        posting("Paralegal A", employment_type="full_time"),
        posting("Paralegal B", employment_type="contract"),
        posting("Paralegal C", employment_type="part_time"),
        posting("Paralegal D", employment_type="internship"),
        posting("Paralegal E"),
    ]
    wanted = frozenset({"full_time", "contract"})
    kept, drops = filter_postings(
        found, Criteria(["Paralegal"], [], "New York, NY", today=TODAY, employment_types=wanted)
    )
    assert [p.title for p in kept] == ["Paralegal A", "Paralegal B", "Paralegal E"]
    assert drops == Counter(employment_type=2)
    kept, drops = filter_postings(found, Criteria(["Paralegal"], [], "New York, NY", today=TODAY))
    assert (len(kept), drops) == (5, Counter())  # no employment_types: every kind


def test_a_merged_duplicate_keeps_what_only_the_poorer_copy_states() -> None:
    rich = posting_from_record(
        record(description="A long description " * 20, salary="$70,000 a year", platform="greenhouse"), "feed", "a"
    )
    poor = posting_from_record(
        {**record(employment_type="contract", closes_at="2026-07-01", open_to=["public"]), "platform": "lever"},
        "feed", "b",
    )  # fmt: skip
    (merged,), drops = deduplicate([rich, poor])
    assert merged is rich and drops == Counter(duplicate=1)
    assert (merged.employment_type, merged.closes_at, merged.open_to) == ("contract", dt.date(2026, 7, 1), ["public"])


def base_profile(**search: Any) -> dict[str, Any]:
    return {"name": "A", "search": {"titles": ["Paralegal"], "location": "New York, NY", **search},
            "resume": {"path": "r.docx"}}  # fmt: skip


def test_the_profile_key_takes_the_kinds_and_names_a_wrong_one() -> None:
    profile = validate_profile_data(base_profile(employment_types=["full_time", "contract"]), "test", fix="")
    assert profile.search.employment_types == ["full_time", "contract"]
    assert search_line(profile, {}).endswith(" · no minimum salary · full-time, contract only")  # the report's header
    assert validate_profile_data(base_profile(), "test", fix="").search.employment_types == []
    with pytest.raises(ProfileError) as caught:
        validate_profile_data(base_profile(employment_types=["permanent"]), "test", fix="")
    assert "search.employment_types.0" in caught.value.message and "full_time" in caught.value.message


def test_the_csv_has_the_new_columns() -> None:
    card = Card(job_id="a", title="Paralegal", company="C", employment_type="contract", closes_at="2026-07-01",
                open_to=["fed-competitive", "vet"])  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(csv_text([card, Card(job_id="b", title="T", company="C")], False, {})[1:])))
    assert [(r["employment_type"], r["closes_at"], r["open_to"]) for r in rows] == [
        ("contract", "2026-07-01", "fed-competitive; vet"), ("", "", ""),
    ]  # fmt: skip


FEED: list[dict[str, Any]] = [
    {"title": "Paralegal", "company": "Hudson LLP", "url": "https://boards.greenhouse.io/hudson/jobs/1",
     "location": "New York, NY", "employment_type": "full_time", "closes_at": "2099-01-31", "open_to": ["public"]},
    {"title": "Contract Paralegal", "company": "Pike LLP", "url": "https://jobs.lever.co/pike/2",
     "location": "New York, NY", "employment_type": "contract"},
    {"title": "Part-time Paralegal", "company": "Borough Aid", "url": "https://jobs.lever.co/borough/3",
     "location": "New York, NY", "employment_type": "part_time"},
    {"title": "Senior Paralegal", "company": "Closed LLP", "url": "https://jobs.lever.co/closed/4",
     "location": "New York, NY", "closes_at": "2020-01-31"},
    {"title": "Litigation Paralegal", "company": "Quiet LLP", "url": "https://jobs.lever.co/quiet/5",
     "location": "New York, NY"},
    {"title": ("Paralegal " + "Litigation-Support-Specialist " * 110)[:3000], "company": "Longtitle LLP",
     "url": "https://jobs.lever.co/longtitle/6", "location": "New York, NY"},
]  # fmt: skip


def swept(workspace: Path, **changes: Any) -> tuple[SweepyService, dict[str, Any]]:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", FEED)
    service = SweepyService()
    created = service.create_profile(a.CreateProfile(**profile_args(resume, "feeds/postings.jsonl", **changes))).dump()
    job, _joined = service.start_sweep(created["profile_path"], deduplicate=True, include_seen=False)
    assert job.done.wait(60)
    payload = service.sweep_payload(job).dump()
    assert payload["sweep_status"] == "completed", payload
    return service, payload


def test_a_sweep_drops_closed_and_unwanted_kinds_and_get_jobs_shows_the_fields(workspace: Path) -> None:
    service, payload = swept(workspace, employment_types=["full_time", "contract"], assessment="keyword")
    assert payload["dropped"] == {"closed": 1, "employment_type": 1}
    jobs = {job["company"]: job for job in service.get_jobs(a.GetJobs(results_dir="results")).dump()["jobs"]}
    assert set(jobs) == {"Hudson LLP", "Pike LLP", "Quiet LLP", "Longtitle LLP"}
    hudson = jobs["Hudson LLP"]
    assert (hudson["employment_type"], hudson["closes_at"], hudson["open_to"]) == ("full_time", "2099-01-31",
                                                                                   ["public"])  # fmt: skip
    assert jobs["Pike LLP"]["employment_type"] == "contract" and "closes_at" not in jobs["Pike LLP"]
    assert not {"employment_type", "closes_at", "open_to"} & set(jobs["Quiet LLP"])  # null: left out
    result = json.loads(Path(payload["reports"]["json"]).read_text(encoding="utf-8"))
    quiet = next(card for card in result["cards"] if card["company"] == "Quiet LLP")
    assert (quiet["employment_type"], quiet["closes_at"], quiet["open_to"]) == (None, None, None)  # in the file


def test_create_profile_writes_employment_types_and_refuses_a_wrong_one(workspace: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "x.jsonl", FEED)
    service = SweepyService()
    created = service.create_profile(
        a.CreateProfile(**profile_args(resume, "feeds/x.jsonl", employment_types=["contract"]))
    ).dump()
    assert "employment_types:\n  - contract\n" in Path(created["profile_path"]).read_text(encoding="utf-8")
    with pytest.raises(ValidationError, match=r"employment_types\.0\n  Input should be 'full_time', "):
        a.CreateProfile(**profile_args(resume, "feeds/x.jsonl", employment_types=["gig"]))
    with pytest.raises(ProfileError) as caught:  # the profile model refuses it too (a hand-built model, or a YAML)
        service.create_profile(a.CreateProfile.model_construct(**profile_args(resume, "feeds/x.jsonl",
                               employment_types=["gig"], output_filename="profiles/other.yaml")))  # fmt: skip
    assert "employment_types" in caught.value.message
    assert not (workspace / "profiles" / "other.yaml").exists()


def test_a_3000_character_title_is_cut_and_the_report_renders(workspace: Path) -> None:
    service, _payload = swept(workspace, assessment="keyword")
    cards = {job["company"]: job for job in service.get_jobs(a.GetJobs(results_dir="results")).dump()["jobs"]}
    title = cards["Longtitle LLP"]["title"]
    assert len(title) == 300 and title.endswith("…") and title.startswith("Paralegal Litigation-Support-Specialist")
    rendered = service.render_report(a.RenderReport(results_dir="results", playbook="")).dump()
    assert rendered["card_count"] == 5 and rendered["pages"] >= 1
    text = pdf_text(Path(rendered["pdf_report"]))  # whitespace squeezed out
    assert "LongtitleLLP" in text and "ParalegalLitigation-Support-Specialist" in text


def test_import_jobs_takes_the_fields_and_cuts_long_ones(workspace: Path) -> None:
    service, _payload = swept(workspace, assessment="keyword")
    entries = [
        {"title": "Paralegal " + "y" * 3000, "company": "Imported LLP", "url": "https://jobs.lever.co/imported/9",
         "location": "New York, NY", "employment_type": "Temporary", "closes_at": "2099-03-01",
         "open_to": ["public"]},
        {"title": "Paralegal", "company": "Bad LLP", "url": "https://jobs.lever.co/bad/10", "closes_at": "soon"},
    ]  # fmt: skip
    answer = service.import_jobs(a.ImportJobs(jobs_json=json.dumps(entries), validate=False)).dump()
    assert (answer["imported_count"], answer["skipped_count"]) == (1, 1)
    assert answer["skipped"][0]["reason"] == "closes_at 'soon' is not an ISO date"
    card = next(
        j for j in service.get_jobs(a.GetJobs(results_dir="results")).dump()["jobs"] if j["company"] == "Imported LLP"
    )
    assert (len(card["title"]), card["employment_type"], card["closes_at"], card["open_to"]) == (
        300, "temporary", "2099-03-01", ["public"],
    )  # fmt: skip
