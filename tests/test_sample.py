"""The bundled sample data: deterministic, messy in the intended ways, and in sync with sweepy/data."""

import datetime as dt
import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import docx
import pytest
from pypdf import PdfReader

from tools.sample import (
    DATA_DIR,
    SAMPLE_COUNT,
    SAMPLE_SEED,
    SAMPLE_TODAY,
    generate_postings,
    write_sample_postings,
    write_sample_resumes,
)

HOSTS = {
    "greenhouse": r"(?:job-)?boards\.greenhouse\.io/[a-z0-9]+/jobs/\d{7}",
    "lever": r"jobs\.lever\.co/[a-z0-9]+/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
    "ashby": r"jobs\.ashbyhq\.com/[a-z0-9]+/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
    "workable": r"apply\.workable\.com/[a-z0-9]+/j/[0-9A-F]{10}/",
    "smartrecruiters": r"jobs\.smartrecruiters\.com/[A-Za-z0-9]+/\d{12}-[a-z0-9-]+",
    "recruitee": r"[a-z0-9]+\.recruitee\.com/o/[a-z0-9-]+",
    "linkedin": r"www\.linkedin\.com/jobs/view/\d{10}/",
    "indeed": r"www\.indeed\.com/viewjob\?jk=[0-9a-f]{16}",
    "remotive": r"remotive\.com/remote-jobs/[a-z-]+/[a-z0-9-]+-\d{7}",
    "usajobs": r"www\.usajobs\.gov/job/\d{9}",
    "wellfound": r"wellfound\.com/jobs/\d{7}-[a-z0-9-]+",
}
PARALEGAL_FAMILY = re.compile(r"paralegal|legal assistant|law clerk", re.IGNORECASE)
NYC_METRO = re.compile(r"New York|Manhattan|Brooklyn|Queens|Bronx|Long Island City|Flushing|Jersey City|Remote - US")
TRACKING = re.compile(r"^(?:utm_.*|gh_src|lever-source)$")
COMPANY_SUFFIXES = {"inc", "llc", "llp", "pllc", "pc", "co", "corp", "corporation", "the"}


@pytest.fixture(scope="module")
def sample() -> list[dict[str, object]]:
    return generate_postings(SAMPLE_COUNT, SAMPLE_SEED, SAMPLE_TODAY)


def _valid(records: list[dict[str, object]]) -> list[dict[str, object]]:
    """Records a loader accepts: text title and company, an https URL, salary text/object/absent."""
    return [
        r
        for r in records
        if isinstance(r.get("title"), str)
        and isinstance(r.get("company"), str)
        and str(r.get("url", "")).startswith("https://")
        and not isinstance(r.get("salary"), list)
    ]


def _salary_kind(value: object) -> str:
    if value is None:
        return "missing"
    if isinstance(value, dict):
        return {"hour": "hourly", "month": "monthly", "year": "annual"}.get(str(value["period"]), "other")
    text = str(value)
    if re.search(r"/hr|hour", text):
        return "hourly"
    if "month" in text:
        return "monthly"
    return "annual"


def _canonical(url: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if not TRACKING.match(k)]
    return urlunsplit(("https", parts.netloc.lower(), parts.path.rstrip("/"), urlencode(query), ""))


def _role_key(record: dict[str, object]) -> tuple[str, str, str]:
    company = re.findall(r"[a-z0-9]+", str(record["company"]).lower().replace("&", " and "))
    title = re.findall(r"[a-z0-9]+", str(record["title"]).lower())
    place = str(record["location"]).split(",")[0].lower().replace("hybrid - ", "")
    return (
        " ".join(w for w in company if w not in COMPANY_SUFFIXES),
        " ".join("senior" if w == "sr" else w for w in title),
        place,
    )


def test_same_seed_same_records_and_other_seeds_differ() -> None:
    assert generate_postings(320) == generate_postings(320)
    assert generate_postings(50, seed=3) == generate_postings(50, seed=3)
    assert generate_postings(50, seed=3) != generate_postings(50, seed=4)


@pytest.mark.parametrize("count", [0, 1, 7, 40, 320, 1000])
def test_exact_count(count: int) -> None:
    assert len(generate_postings(count)) == count


def test_negative_count_is_an_error() -> None:
    with pytest.raises(ValueError):
        generate_postings(-1)


def test_record_shapes(sample: list[dict[str, object]]) -> None:
    allowed = {"title", "company", "url", "location", "description", "workplace", "salary", "posted_at"}
    allowed |= {"platform", "apply_url"}
    for record in sample:
        assert set(record) <= allowed
        assert isinstance(record["location"], str)
        assert record.get("workplace", "remote") in ("remote", "hybrid", "onsite")
    valid = _valid(sample)
    lengths = [len(str(r["description"])) for r in valid]
    assert min(lengths) >= 600 and max(lengths) <= 2000
    html = sum(str(r["description"]).startswith("<p>") for r in valid)
    assert 0.08 * len(valid) <= html <= 0.25 * len(valid)
    assert any("&amp;" in str(r["description"]) for r in valid)
    with_workplace = sum("workplace" in r for r in sample)
    assert 0.6 * len(sample) <= with_workplace <= 0.8 * len(sample)
    assert any(r["location"] == "" for r in sample)
    assert any(str(r["location"]).startswith("Hybrid - ") for r in sample)
    assert any(r["location"] == "Remote (EU only)" for r in generate_postings(2000))


def test_at_least_eight_platforms_and_urls_look_real(sample: list[dict[str, object]]) -> None:
    platforms = Counter(str(r["platform"]) for r in sample if "platform" in r)
    assert len(platforms) >= 8
    assert set(platforms) <= set(HOSTS)
    missing = sum("platform" not in r for r in sample)
    assert 0.08 * len(sample) <= missing <= 0.25 * len(sample)
    for record in _valid(sample):
        canonical = _canonical(str(record["url"]))
        matches = {name for name, pattern in HOSTS.items() if re.fullmatch(rf"https://{pattern}/?", canonical + "/")}
        assert matches == {record["platform"]} if "platform" in record else len(matches) == 1, canonical
        apply_url = record.get("apply_url")
        assert apply_url is None or str(apply_url).startswith("https://")


def test_urls_are_unique_except_deliberate_duplicates() -> None:
    records = _valid(generate_postings(5000))
    urls = [str(r["url"]) for r in records]
    assert len(set(urls)) == len(urls)
    canonical = Counter(_canonical(u) for u in urls)
    assert sum(n - 1 for n in canonical.values()) == round(5000 * 5 / 320)


def test_url_noise_for_canonicalisation(sample: list[dict[str, object]]) -> None:
    urls = [str(r["url"]) for r in _valid(sample)]
    assert any("utm_source=" in u for u in urls)
    assert any(re.match(r"https://[^/]*[A-Z]", u) for u in urls) or any("#" in u for u in urls)
    params = {k for u in urls for k, _ in parse_qsl(urlsplit(u).query)}
    assert params & {"gh_src", "lever-source", "utm_source"}


def test_paralegal_family_mostly_in_nyc(sample: list[dict[str, object]]) -> None:
    legal = [r for r in _valid(sample) if PARALEGAL_FAMILY.search(str(r["title"]))]
    assert len(legal) >= 50
    nyc = [r for r in legal if NYC_METRO.search(str(r["location"]))]
    assert len(nyc) >= 30
    text = " ".join(str(r["description"]) for r in legal)
    for keyword in ("Relativity", "Westlaw", "LexisNexis", "e-discovery", "deposition preparation", "NYSCEF", "Clio"):
        assert keyword in text


def test_other_roles_have_role_specific_keywords(sample: list[dict[str, object]]) -> None:
    by_title = {
        r"Software Engineer|Backend Engineer|Platform Engineer": ("Python", "Kubernetes", "PostgreSQL"),
        r"Technical Writer|Documentation": ("API documentation", "Markdown", "Git"),
        r"Nurse|RN\b": ("Epic", "BLS/ACLS", "patient"),
        r"Administrative|Executive Assistant|Office Administrator": ("Microsoft Office", "scheduling"),
    }
    valid = _valid(sample)
    for pattern, keywords in by_title.items():
        text = " ".join(str(r["description"]) for r in valid if re.search(pattern, str(r["title"])))
        assert text, pattern
        for keyword in keywords:
            assert keyword in text, (pattern, keyword)


def test_salary_forms(sample: list[dict[str, object]]) -> None:
    kinds = Counter(_salary_kind(r.get("salary")) for r in _valid(sample))
    assert kinds["hourly"] and kinds["monthly"] and kinds["annual"]
    assert 0.2 * len(sample) <= kinds["missing"] <= 0.4 * len(sample)
    salaries = [r["salary"] for r in sample if "salary" in r]
    assert any(isinstance(s, dict) for s in salaries)
    assert any(isinstance(s, str) and re.fullmatch(r"\$\d+K-\$\d+K", s) for s in salaries)
    assert any(isinstance(s, str) and s.startswith("USD ") for s in salaries)
    assert any("€" in str(r.get("salary", "")) for r in generate_postings(2000))
    for value in salaries:
        if isinstance(value, dict):
            assert value["period"] in ("hour", "day", "week", "month", "year")
            assert 0 < int(value["min"]) <= int(value["max"])


def test_salaries_are_plausible_for_the_role(sample: list[dict[str, object]]) -> None:
    for record in _valid(sample):
        value = record.get("salary")
        if not isinstance(value, dict) or value["currency"] != "USD":
            continue
        title = str(record["title"])
        if value["period"] == "year" and "Paralegal" in title:
            assert 45_000 <= int(value["min"]) <= 120_000
        if value["period"] == "hour" and re.search(r"Nurse|RN\b", title):
            assert 40 <= int(value["min"]) <= 90
        if value["period"] == "year" and "Software Engineer" in title:
            assert 110_000 <= int(value["min"]) <= 270_000


def test_fresh_and_stale_postings(sample: list[dict[str, object]]) -> None:
    ages = []
    for record in sample:
        text = str(record["posted_at"])
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:00Z)?", text)
        ages.append((SAMPLE_TODAY - dt.date.fromisoformat(text[:10])).days)
    assert min(ages) >= 0
    stale = sum(90 <= a <= 400 for a in ages)
    assert 0.04 * len(ages) <= stale <= 0.18 * len(ages)
    assert sum(a <= 30 for a in ages) + stale == len(ages)
    assert any("T" in str(r["posted_at"]) for r in sample)


def test_duplicate_pairs_across_platforms(sample: list[dict[str, object]]) -> None:
    groups: dict[tuple[str, str, str], list[dict[str, object]]] = {}
    for record in _valid(sample):
        groups.setdefault(_role_key(record), []).append(record)
    pairs = [g for g in groups.values() if len({_canonical(str(r["url"])) for r in g}) == 2]
    assert 20 <= len(pairs) <= 30
    spelled_differently = 0
    for pair in pairs:
        first, second = pair
        assert first["location"] == second["location"]
        richer, poorer = sorted(pair, key=lambda r: len(str(r["description"])), reverse=True)
        assert "salary" in richer and "salary" not in poorer
        spelled_differently += first["company"] != second["company"]
    assert spelled_differently == len(pairs)
    assert any("Sr. " in str(r["title"]) for pair in pairs for r in pair)
    legal_pairs = [p for p in pairs if PARALEGAL_FAMILY.search(str(p[0]["title"]))]
    assert len(legal_pairs) >= 5


def test_tracking_parameter_duplicates(sample: list[dict[str, object]]) -> None:
    by_url = Counter(_canonical(str(r["url"])) for r in _valid(sample))
    assert sum(n - 1 for n in by_url.values()) == 5


def test_malformed_records(sample: list[dict[str, object]]) -> None:
    reasons: Counter[str] = Counter()
    for record in sample:
        if "title" not in record:
            reasons["missing title"] += 1
        elif not isinstance(record["title"], str):
            reasons["numeric title"] += 1
        if "company" not in record:
            reasons["missing company"] += 1
        if record["url"] in ("ftp://x", "not a url"):
            reasons["bad url"] += 1
        if isinstance(record.get("salary"), list):
            reasons["salary list"] += 1
    assert reasons == {"missing title": 2, "numeric title": 2, "missing company": 2, "bad url": 2, "salary list": 2}


def test_the_loader_skips_exactly_the_malformed_records_and_dedupe_merges_the_copies(
    sample: list[dict[str, object]],
) -> None:
    from sweepy.domain.records import RecordError, posting_from_record
    from sweepy.pipeline.dedupe import deduplicate

    postings, skipped = [], []
    for record in sample:
        try:
            postings.append(posting_from_record(record, "feed", "sample_postings.jsonl"))
        except RecordError as exc:
            skipped.append(str(exc))
    assert len(skipped) == 10 and all(skipped)
    unique, drops = deduplicate(postings)
    assert drops["duplicate"] == 30
    assert len(unique) == len(postings) - 30


def test_large_counts_are_varied() -> None:
    # How fast it generates is for bench/big_sweep.py (80,000 postings), not for a pass/fail on a shared machine.
    records = generate_postings(20_000)
    assert len(records) == 20_000
    valid = _valid(records)
    assert len({str(r["url"]) for r in valid}) == len(valid)
    assert len({r["company"] for r in valid}) > 500
    assert len({_role_key(r) for r in valid}) > 0.8 * len(valid)


def test_committed_jsonl_matches_the_generator(tmp_path: Path) -> None:
    committed = DATA_DIR / "sample_postings.jsonl"
    lines = committed.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == generate_postings(320, seed=7)
    regenerated = write_sample_postings(tmp_path / "sample_postings.jsonl")
    assert regenerated.read_bytes() == committed.read_bytes()


def test_resume_pdf_and_docx(tmp_path: Path) -> None:
    reader = PdfReader(DATA_DIR / "sample_resume.pdf")
    assert len(reader.pages) == 1
    pdf_text = reader.pages[0].extract_text()
    document = docx.Document(str(DATA_DIR / "sample_resume.docx"))
    docx_text = "\n".join(p.text for p in document.paragraphs)
    for text in (pdf_text, docx_text):
        for keyword in (
            "Alex Rivera",
            "Relativity",
            "Westlaw",
            "LexisNexis",
            "NYSCEF",
            "Clio",
            "Paralegal Certificate",
        ):
            assert keyword in text


def test_resume_files_are_reproducible(tmp_path: Path) -> None:
    first = write_sample_resumes(tmp_path / "a")
    second = write_sample_resumes(tmp_path / "b")
    for one, two in zip(first, second, strict=True):
        assert one.read_bytes() == two.read_bytes()
    assert docx.Document(str(first[0])).core_properties.modified == dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
