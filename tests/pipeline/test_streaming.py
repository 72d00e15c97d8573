"""Stages 1 and 2 as one stream: postings are filtered as their sources hand them over and only survivors are
kept, with the same counts, drops, examples and skipped records as when an engine returns its list; the feed
reads one record at a time; and a built-in local engine is not cut by the network deadline (a fake clock)."""

import datetime as dt
import json
import threading
from pathlib import Path
from typing import Any

from clocks import FakeClock

from sweepy.domain.postings import Posting
from sweepy.domain.records import posting_from_record
from sweepy.engines import DiscoverRequest, Engine, EngineConfig, EngineResult, get_engine
from sweepy.engines.feed import FeedEngine
from sweepy.pipeline.discover import Discovery, discover
from sweepy.pipeline.filter import Criteria, Sieve, filter_postings
from sweepy.pipeline.shelf import DescriptionShelf
from sweepy.store.paths import Workspace

TITLES = ["Paralegal", "Software Engineer", "Legal Assistant", "Paralegal", "Chef", "Senior Paralegal", "Nurse"]
PLACES = ["New York, NY", "Chicago, IL", "Brooklyn, NY", "Remote, Italy", "New York, NY", "Austin, TX", "NYC"]
BOUND = 60.0


def records(board: str, count: int) -> list[Any]:
    found: list[Any] = []
    for n in range(count):
        found.append({"title": TITLES[n % len(TITLES)], "company": f"{board} {n}", "location": PLACES[n % 7],
                      "url": f"https://jobs.lever.co/{board}/{n}", "posted_at": "2026-11-20"})  # fmt: skip
    return found


def postings(engine: str, board: str, count: int) -> list[Any]:
    made: list[Any] = [posting_from_record(r, engine, board) for r in records(board, count)]
    return [*made[:3], None, *made[3:]]  # a plugin's bad item: a skipped record, the others count


class Board(Engine):
    """Three boards: `streams` hands each posting over as found, else the engine returns its list."""

    def __init__(self, name: str, streams: bool, max_postings: int = 5_000) -> None:
        self.name, self.streams, self.max_postings = name, streams, max_postings  # type: ignore[misc]

    def sources(self, config: Any, titles: list[str]) -> list[str]:
        return ["b1", "b2", "b3"]

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        result = EngineResult(skipped_records=[(f"{request.source}#x", "a record the engine skipped")])
        made = postings("board", request.source, 12)
        if not self.streams:
            return EngineResult(postings=made, skipped_records=result.skipped_records)
        for item in made:
            request.hand(result, item)
        return result


def criteria() -> Criteria:
    return Criteria(["Paralegal"], [["Paralegal", "Legal Assistant"]], "New York, NY", today=dt.date(2026, 11, 25))


def sweep(tmp_path: Path, engine: Engine, **options: Any) -> Discovery:
    request = DiscoverRequest(["Paralegal"], "New York, NY", Workspace(tmp_path, tmp_path), {})
    return discover({engine.name: EngineConfig()}, request, lookup=lambda _n: engine, **options)


def view(found: Discovery) -> tuple[Any, ...]:
    kept = [(p.title, p.company, p.location, p.place_note) for p in found.postings]
    return found.discovered, kept, dict(found.drops), found.drops.example_dicts(), found.skipped_records


def test_streamed_postings_are_filtered_as_they_arrive_exactly_as_a_returned_list_is(tmp_path: Path) -> None:
    streamed = sweep(tmp_path, Board("board", streams=True), sieve=Sieve(criteria()))
    listed = sweep(tmp_path, Board("board", streams=False), sieve=Sieve(criteria()))
    assert view(streamed) == view(listed)
    # and the same as stage 2 run over every posting afterwards, as the sweep once did
    whole = sweep(tmp_path, Board("board", streams=False))
    kept, drops = filter_postings(whole.postings, criteria())
    assert [p.company for p in streamed.postings] == [p.company for p in kept]
    assert (dict(streamed.drops), streamed.drops.example_dicts()) == (dict(drops), drops.example_dicts())
    assert streamed.discovered == len(whole.postings) == 36
    assert dict(drops) == {"title": 15, "location": 9}
    assert drops.example_dicts()["title"][0] == {"title": "Software Engineer", "company": "b1 1",
                                                 "location": "Chicago, IL"}  # fmt: skip
    assert streamed.skipped_records[:2] == [("b1#4", "engine 'board' gave a NoneType, not a Posting"),
                                            ("b1#x", "a record the engine skipped")]  # fmt: skip


def test_the_cap_counts_streamed_postings_and_filters_only_those_it_keeps(tmp_path: Path) -> None:
    log: list[str] = []
    engine = Board("board", streams=True, max_postings=5)
    request = DiscoverRequest(["Paralegal"], "New York, NY", Workspace(tmp_path, tmp_path), {}, log=log.append)
    found = discover({"board": EngineConfig()}, request, lookup=lambda _n: engine, sieve=Sieve(criteria()))
    # an installed engine is held to MAX_POSTINGS_PER_SOURCE; this test engine asks fewer, so 5 hold
    assert [r.postings for r in found.sources] == [5, 5, 5] and found.discovered == 15
    assert log[0] == "source board/b1: kept the first 5 of 12 postings"
    assert sum(found.drops.values()) + len(found.postings) == 15


def test_the_feed_reads_one_record_at_a_time(workspace: Path) -> None:
    # Each posting handed over appends the next record to the file being read: a reader that took the whole file
    # first would find one record; one that reads a line, then hands its posting over, finds all five.
    feed = workspace / "grow.jsonl"
    lines = [json.dumps(record) for record in records("grow", 5)]
    feed.write_text(lines[0] + "\n", encoding="utf-8")
    handed: list[Posting] = []

    def sink(posting: Posting) -> None:
        handed.append(posting)
        if len(handed) < len(lines):
            with feed.open("a", encoding="utf-8") as handle:
                handle.write(lines[len(handed)] + "\n")

    engine = get_engine("feed")
    request = DiscoverRequest(["Paralegal"], "New York, NY", Workspace(workspace, workspace / "state"), {},
                              sink=sink)  # fmt: skip
    result = engine.discover(engine.parse_config({"path": "grow.jsonl"}, request.workspace), request)
    assert [p.company for p in handed] == [f"grow {n}" for n in range(5)]
    assert result.postings == []  # handed over, never collected in the engine's own list


class WatchedClock(FakeClock):
    """A fake clock that tells the source when the sweep's loop (any other thread) has looked at it three times
    since it moved: by then the loop has checked every deadline at least once at the new time."""

    def __init__(self) -> None:
        super().__init__()
        self.source: int | None = None
        self.looks = 0
        self.looked = threading.Event()

    def __call__(self) -> float:
        now = super().__call__()
        if self.source is not None and threading.get_ident() != self.source:
            self.looks += 1
            if self.looks >= 3:
                self.looked.set()
        return now

    def move_from_source(self, now: float) -> None:
        self.source = threading.get_ident()
        self.set(now)


class InstalledFeed(FeedEngine):
    """The feed engine as an installed package would bring it: Sweepy cannot tell what such an engine waits on."""

    name = "installedfeed"


def run_past_deadline(workspace: Path, engine: Engine) -> Discovery:
    (workspace / "jobs.jsonl").write_text("\n".join(json.dumps(r) for r in records("slow", 3)), encoding="utf-8")
    clock = WatchedClock()

    def slow(posting: Posting) -> str | None:  # the first posting takes "100 s" and waits for the loop to see it
        if clock.source is None:
            clock.move_from_source(100.0)
            assert clock.looked.wait(BOUND), "the sweep's loop never looked at the clock"
        return None

    config = engine.parse_config({"path": "jobs.jsonl"}, Workspace(workspace, workspace / "state"))
    request = DiscoverRequest(["Paralegal"], "New York, NY", Workspace(workspace, workspace / "state"), {})
    return discover({engine.name: config}, request, timeout=30.0, lookup=lambda _n: engine, monotonic=clock,
                    sieve=slow)  # fmt: skip


def test_a_built_in_local_engine_is_not_cut_by_the_network_deadline(workspace: Path) -> None:
    found = run_past_deadline(workspace, get_engine("feed"))
    assert [(r.status, r.postings, r.elapsed_seconds) for r in found.sources] == [("ok", 3, 100.0)]
    assert len(found.postings) == 3


def test_an_installed_engine_is_still_held_to_it(workspace: Path) -> None:
    found = run_past_deadline(workspace, InstalledFeed())
    assert [(r.status, r.reason, r.postings) for r in found.sources] == [("skipped", "timeout", 0)]
    assert found.postings == []


def test_survivors_keep_their_cleaned_descriptions_on_the_shelf_not_in_memory(tmp_path: Path) -> None:
    texts = ["<p>Draft <b>court filings</b> &amp; manage dockets.</p>", "Legal research on Westlaw — “quoted” é"]
    pairs = zip(records("s", 2), texts, strict=True)
    made = [posting_from_record({**r, "description": text}, "feed", "f") for r, text in pairs]
    shelf = DescriptionShelf()
    found = sweep(tmp_path, Listed(made), sieve=lambda _p: None, shelf=shelf)
    assert [p.description for p in found.postings] == ["Draft court filings & manage dockets.", texts[1]]
    for posting in found.postings:  # the text lives on the shelf only
        assert (posting.description_source, posting._description) == ("", None)
    assert [p.description for p in reversed(found.postings)] == ["Legal research on Westlaw — “quoted” é",
                                                                 "Draft court filings & manage dockets."]  # fmt: skip


class Listed(Engine):
    name = "listed"

    def __init__(self, made: list[Posting]) -> None:
        self.made = made

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        return EngineResult(postings=list(self.made))


def test_texts_put_after_a_get_are_read_back_whole_with_the_earlier_ones() -> None:
    """A put writes where the last put ended, also after gets have read earlier texts from elsewhere in the file."""
    shelf = DescriptionShelf()
    first, second = shelf.put("Draft court filings."), shelf.put("Legal research — “quoted” é")
    assert shelf.get(first) == "Draft court filings."
    third = shelf.put("Manage dockets.")
    fourth = shelf.put("Review contracts.")
    assert [shelf.get(place) for place in (fourth, second, third, first)] == [
        "Review contracts.", "Legal research — “quoted” é", "Manage dockets.", "Draft court filings."
    ]  # fmt: skip
    assert third == (first[1] + second[1], len("Manage dockets."))
