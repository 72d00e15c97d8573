"""The `feed` engine: posting records from local JSON, JSONL and CSV files, or a folder of them."""

import json
from pathlib import Path

import pytest

from sweepy.engines import DiscoverRequest, EngineResult, get_engine
from sweepy.engines.feed import MAX_LINE_BYTES
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings

JSON_RECORDS = [
    {
        "title": "Paralegal",
        "company": "Northwind Labs",
        "url": "https://jobs.lever.co/northwind/5f2e",
        "location": "New York, NY",
        "salary": "$70,000 - $85,000 a year",
    },
    {"title": "Legal Assistant", "company": "Contoso", "url": "ftp://contoso.example/jobs/1"},
    {"company": "Fabrikam", "url": "https://boards.greenhouse.io/fabrikam/jobs/7"},
]

JSONL_TEXT = (
    '{"title": "Technical Writer", "company": "Globex", "url": "https://jobs.ashbyhq.com/globex/7c1d",'
    ' "location": "Remote - US"}\n'
    '{"title": "UX Writer", "company": "Initech", "url": \n'
    '{"title": "Docs Engineer", "company": "Hooli", "url": "https://hooli.example/jobs/3", "salary": [1, 2]}\n'
)

# Excel's way: UTF-8 BOM, `;` between fields, CRLF line ends, a quoted field holding the delimiter.
CSV_BYTES = (
    b"\xef\xbb\xbftitle;company;url;location;salary\r\n"
    b'Paralegal;Umbrella, Inc.;https://boards.greenhouse.io/umbrella/jobs/11;Brooklyn, NY;"$32/hr; overtime"\r\n'
    b"Clerk;Acme;not-a-url;Jersey City, NJ;\r\n"
)


def discover(path: str) -> EngineResult:
    workspace = Settings.from_env().workspace()
    engine = get_engine("feed")
    config = engine.parse_config({"path": path}, workspace)
    request = DiscoverRequest(titles=["Paralegal"], location="New York, NY", workspace=workspace, custom_platforms={})
    return engine.discover(config, request)


def summary(result: EngineResult) -> list[tuple[str, str, str, str]]:
    return [(p.title, p.company, p.platform, p.location) for p in result.postings]


def test_json_array_file(workspace: Path) -> None:
    (workspace / "jobs.json").write_text(json.dumps(JSON_RECORDS), encoding="utf-8")
    result = discover("jobs.json")
    assert summary(result) == [("Paralegal", "Northwind Labs", "lever", "New York, NY")]
    posting = result.postings[0]
    assert (posting.engine, posting.source) == ("feed", str(workspace / "jobs.json"))
    assert posting.salary is not None
    assert (posting.salary.annual_min, posting.salary.annual_max) == (70_000, 85_000)
    assert result.skipped_records == [
        ("jobs.json#2", "url 'ftp://contoso.example/jobs/1' is not an http(s) URL"),
        ("jobs.json#3", "missing required field 'title'"),
    ]
    assert result.skipped_sources == []


def test_json_object_with_a_jobs_list(workspace: Path) -> None:
    (workspace / "jobs.json").write_text(json.dumps({"jobs": JSON_RECORDS[:1]}), encoding="utf-8")
    assert summary(discover("jobs.json")) == [("Paralegal", "Northwind Labs", "lever", "New York, NY")]


def test_jsonl_file_with_a_broken_line(workspace: Path) -> None:
    (workspace / "jobs.jsonl").write_text(JSONL_TEXT, encoding="utf-8")
    result = discover("jobs.jsonl")
    assert summary(result) == [("Technical Writer", "Globex", "ashby", "Remote - US")]
    assert result.postings[0].workplace == "remote"
    assert result.skipped_records == [
        ("jobs.jsonl#2", "line 2 is not valid JSON"),
        ("jobs.jsonl#3", "salary must be text or an object with min, max, currency, period"),
    ]
    assert result.skipped_sources == []


def test_csv_file_with_semicolons_and_a_bom(workspace: Path) -> None:
    (workspace / "jobs.csv").write_bytes(CSV_BYTES)
    result = discover("jobs.csv")
    assert summary(result) == [("Paralegal", "Umbrella, Inc.", "greenhouse", "Brooklyn, NY")]
    salary = result.postings[0].salary
    assert salary is not None
    assert (salary.text, salary.period, salary.annual_min) == ("$32/hr; overtime", "hour", 66_560)
    assert result.skipped_records == [("jobs.csv#2", "url 'not-a-url' is not an http(s) URL")]
    assert result.skipped_sources == []


def test_csv_with_doubled_quotes_after_the_sniffed_sample(workspace: Path) -> None:
    filler = "x" * 1500
    rows = ["title,company,url,description"]
    rows += [f"Paralegal,Acme,https://acme.example/jobs/{i},{filler}" for i in range(4)]
    rows.append('Clerk,"Beta, Inc.",https://beta.example/jobs/1,"She said ""hi"", then left"')
    (workspace / "jobs.csv").write_text("\r\n".join(rows) + "\r\n", encoding="utf-8")
    result = discover("jobs.csv")
    assert len(result.postings) == 5
    assert (result.postings[4].company, result.postings[4].description) == ("Beta, Inc.", 'She said "hi", then left')
    assert result.skipped_records == []


def test_single_column_csv_is_read_not_crashed(workspace: Path) -> None:
    (workspace / "titles.csv").write_text("title\nParalegal\n", encoding="utf-8")
    result = discover("titles.csv")
    assert result.postings == []
    assert result.skipped_records == [("titles.csv#1", "missing required field 'company'")]
    assert result.skipped_sources == []


def test_folder_holding_all_three(workspace: Path) -> None:
    feeds = workspace / "feeds"
    feeds.mkdir()
    (feeds / "a.json").write_text(json.dumps(JSON_RECORDS), encoding="utf-8")
    (feeds / "b.jsonl").write_text(JSONL_TEXT, encoding="utf-8")
    (feeds / "c.csv").write_bytes(CSV_BYTES)
    (feeds / "notes.txt").write_text("not a feed", encoding="utf-8")
    result = discover("feeds")
    assert summary(result) == [
        ("Paralegal", "Northwind Labs", "lever", "New York, NY"),
        ("Technical Writer", "Globex", "ashby", "Remote - US"),
        ("Paralegal", "Umbrella, Inc.", "greenhouse", "Brooklyn, NY"),
    ]
    assert [where for where, _reason in result.skipped_records] == [
        "a.json#2",
        "a.json#3",
        "b.jsonl#2",
        "b.jsonl#3",
        "c.csv#2",
    ]
    assert result.skipped_sources == []


def test_missing_path_fails_parse_config() -> None:
    engine = get_engine("feed")
    with pytest.raises(EngineConfigError) as caught:
        engine.parse_config({"path": "nowhere/jobs.json"}, Settings.from_env().workspace())
    assert caught.value.message.startswith("feed: feed path 'nowhere/jobs.json' does not exist")


def test_empty_path_fails_parse_config() -> None:
    with pytest.raises(EngineConfigError) as caught:
        get_engine("feed").parse_config({}, Settings.from_env().workspace())
    assert caught.value.message == "feed: 'path' is required: the JSON, JSONL or CSV file (or folder) to read."


def test_unknown_config_key_fails_parse_config(workspace: Path) -> None:
    (workspace / "jobs.json").write_text("[]", encoding="utf-8")
    with pytest.raises(EngineConfigError) as caught:
        get_engine("feed").parse_config({"path": "jobs.json", "url": "x"}, Settings.from_env().workspace())
    assert caught.value.message == "feed: unknown key 'url'."


def test_unparsable_json_file_is_a_skipped_source(workspace: Path) -> None:
    feeds = workspace / "feeds"
    feeds.mkdir()
    (feeds / "a.json").write_text('[{"title": "Paralegal",', encoding="utf-8")
    (feeds / "b.json").write_text(json.dumps(JSON_RECORDS[:1]), encoding="utf-8")
    result = discover("feeds")
    assert summary(result) == [("Paralegal", "Northwind Labs", "lever", "New York, NY")]
    assert [(s.engine, s.source, s.reason) for s in result.skipped_sources] == [
        ("feed", str(feeds / "a.json"), "bad_response")
    ]
    assert result.skipped_sources[0].detail.startswith("a.json: ")
    assert result.skipped_records == []


def test_json_that_is_not_a_list_is_a_skipped_source(workspace: Path) -> None:
    (workspace / "jobs.json").write_text('{"title": "Paralegal"}', encoding="utf-8")
    result = discover("jobs.json")
    assert result.postings == []
    assert [s.to_dict() for s in result.skipped_sources] == [
        {
            "engine": "feed",
            "source": str(workspace / "jobs.json"),
            "reason": "bad_response",
            "detail": "jobs.json: a JSON feed must be an array of posting records",
        }
    ]


def test_feed_file_removed_after_config_is_a_skipped_source(workspace: Path) -> None:
    (workspace / "jobs.json").write_text("[]", encoding="utf-8")
    workspace_ = Settings.from_env().workspace()
    engine = get_engine("feed")
    config = engine.parse_config({"path": "jobs.json"}, workspace_)
    (workspace / "jobs.json").unlink()
    request = DiscoverRequest(titles=["Paralegal"], location="New York, NY", workspace=workspace_, custom_platforms={})
    result = engine.discover(config, request)
    assert result.postings == []
    assert [(s.source, s.reason) for s in result.skipped_sources] == [("jobs.json", "config")]


def test_nan_and_infinity_in_a_feed_are_refused_with_a_reason(workspace: Path) -> None:
    feeds = workspace / "feeds"
    feeds.mkdir()
    good = json.dumps(JSON_RECORDS[0])
    (feeds / "a.jsonl").write_text(
        f'{good[:-1]}, "score": NaN}}\n{good}\n{good[:-1]}, "n": 1e400}}\n', encoding="utf-8"
    )
    (feeds / "b.json").write_text(f'[{good[:-1]}, "score": -Infinity}}]', encoding="utf-8")
    result = discover("feeds")
    assert summary(result) == [("Paralegal", "Northwind Labs", "lever", "New York, NY")]
    assert result.skipped_records == [
        ("a.jsonl#1", "line 1 is skipped: it holds NaN, which is not a number JSON allows"),
        ("a.jsonl#3", "line 3 is skipped: it holds 1e400, a number too large for a float"),
        ("b.json#1", "it holds -Infinity, which is not a number JSON allows"),
    ]
    assert result.skipped_sources == []


def test_a_jsonl_line_over_the_cap_is_a_skipped_record(workspace: Path) -> None:
    good = json.dumps(JSON_RECORDS[0])
    huge = json.dumps({**JSON_RECORDS[0], "description": "x" * (3 * MAX_LINE_BYTES)})
    (workspace / "jobs.jsonl").write_text(f"{good}\n{huge}\n{good}\n", encoding="utf-8")
    result = discover("jobs.jsonl")
    assert len(result.postings) == 2
    assert result.skipped_records == [("jobs.jsonl#2", f"line 2 is longer than {MAX_LINE_BYTES} bytes; skipped")]


def test_a_json_feed_nested_too_deeply_is_a_skipped_source_naming_it(workspace: Path) -> None:
    feeds = workspace / "feeds"
    feeds.mkdir()
    (feeds / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")  # RecursionError before
    (feeds / "deep.jsonl").write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    (feeds / "good.json").write_text(json.dumps(JSON_RECORDS[:1]), encoding="utf-8")
    result = discover("feeds")
    assert summary(result) == [("Paralegal", "Northwind Labs", "lever", "New York, NY")]
    assert [(s.source, s.reason, s.detail) for s in result.skipped_sources] == [
        (str(feeds / "deep.json"), "bad_response", "deep.json: it is nested too deeply (arrays or objects thousands "
         "of levels inside each other)"),
    ]  # fmt: skip
    assert result.skipped_records == [
        ("deep.jsonl#1", "line 1 is skipped: it is nested too deeply (arrays or objects thousands of levels inside "
         "each other)")
    ]  # fmt: skip
