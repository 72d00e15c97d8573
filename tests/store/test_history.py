"""Stage 4's SQLite history: migrations, record/seen, retention on a frozen clock, corruption, split_seen."""

import sqlite3
import threading
from collections import Counter
from pathlib import Path

import pytest
from conftest import snapshot

from sweepy.domain.postings import Posting
from sweepy.domain.records import posting_from_record
from sweepy.errors import StorageError
from sweepy.pipeline.dedupe import deduplicate
from sweepy.pipeline.score import card_id
from sweepy.pipeline.seen import history_key, history_keys, split_seen
from sweepy.store.history import DAY, HistoryStore

START = 1_717_200_000.0  # 2024-06-01 00:00:00 UTC


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    db = sqlite3.connect(path)
    try:
        return list(db.execute(sql))
    finally:
        db.close()


def posting(title: str, url: str) -> Posting:
    return posting_from_record({"title": title, "company": "Northwind Labs", "url": url}, "feed", "test")


def test_migration_is_applied_once_even_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "state" / "history.db"
    clock = FakeClock()
    HistoryStore(path, clock=clock)
    clock.advance(60)
    store = HistoryStore(path, clock=clock)
    HistoryStore(path, clock=clock)
    assert rows(path, "SELECT name, applied_at FROM migrations") == [
        ("001_seen", START), ("002_applications", START), ("003_sightings", START),
    ]  # fmt: skip
    assert store.count() == 0


def test_record_then_seen_keys(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path / "history.db", clock=FakeClock())
    store.record("paralegal_nyc", [("k1", "https://a.example/1", "Paralegal"), ("k2", "https://a.example/2", "Clerk")])
    assert store.seen_keys("paralegal_nyc", ["k1", "k2", "k3"]) == {"k1", "k2"}
    assert store.seen_keys("other_profile", ["k1", "k2"]) == set()
    assert store.seen_keys("paralegal_nyc", []) == set()
    assert store.count("paralegal_nyc") == 2


def test_seen_keys_handles_more_keys_than_one_query_holds(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path / "history.db", clock=FakeClock())
    store.record("p", [(f"k{i}", f"https://a.example/{i}", "Paralegal") for i in range(0, 1200, 2)])
    found = store.seen_keys("p", [f"k{i}" for i in range(1200)])
    assert found == {f"k{i}" for i in range(0, 1200, 2)}


def test_recording_again_refreshes_last_seen_and_keeps_first_seen(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    clock = FakeClock()
    store = HistoryStore(path, clock=clock)
    store.record("p", [("k1", "https://a.example/1", "Paralegal")])
    clock.advance(3 * DAY)
    store.record("p", [("k1", "https://a.example/1", "Paralegal")])
    assert rows(path, "SELECT key, first_seen, last_seen FROM seen") == [("k1", START, START + 3 * DAY)]


def test_retention_boundary_on_a_frozen_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    store = HistoryStore(tmp_path / "history.db", clock=clock)
    store.record("p", [("older", "https://a.example/1", "Paralegal")])
    clock.advance(1)
    store.record("p", [("newer", "https://a.example/2", "Paralegal")])

    clock.now = START + 4 * DAY  # "older" is exactly 4 days old, "newer" a second less
    assert store.expire("p", 4) == 0
    assert store.seen_keys("p", ["older", "newer"]) == {"older", "newer"}

    clock.advance(1)  # "older" is now a second past 4 days, "newer" exactly 4 days
    assert store.expire("p", 4) == 1
    assert store.seen_keys("p", ["older", "newer"]) == {"newer"}

    clock.advance(1)
    assert store.expire("p", 4) == 1
    assert store.count("p") == 0


def test_expire_leaves_other_profiles_alone(tmp_path: Path) -> None:
    clock = FakeClock()
    store = HistoryStore(tmp_path / "history.db", clock=clock)
    store.record("a", [("k", "https://a.example/1", "Paralegal")])
    store.record("b", [("k", "https://a.example/1", "Paralegal")])
    clock.advance(30 * DAY)
    assert store.expire("a", 4) == 1
    assert (store.count("a"), store.count("b")) == (0, 1)


def test_clear_is_per_profile(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path / "history.db", clock=FakeClock())
    store.record("paralegal_nyc", [("k1", "https://a.example/1", "Paralegal"), ("k2", "https://a.example/2", "Clerk")])
    store.record("writer_remote", [("k1", "https://a.example/1", "Paralegal")])
    assert store.clear("paralegal_nyc") == 2
    assert store.seen_keys("paralegal_nyc", ["k1", "k2"]) == set()
    assert store.seen_keys("writer_remote", ["k1", "k2"]) == {"k1"}
    assert (store.count("paralegal_nyc"), store.count("writer_remote"), store.count()) == (0, 1, 1)


def test_corrupt_database_raises_and_is_left_unchanged(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    path = folder / "history.db"
    path.write_bytes(b"this is not a database\x00\xff" * 200)
    before = snapshot(folder)
    with pytest.raises(StorageError) as caught:
        HistoryStore(path, clock=FakeClock())
    assert caught.value.message == (
        f"The history database {path} cannot be used (file is not a database). Move it aside to start a fresh history."
    )
    assert snapshot(folder) == before


def test_history_key_by_url_and_by_url_plus_role() -> None:
    a = posting("Sr. Paralegal", "https://jobs.lever.co/northwind/5f2e?utm_source=x")
    assert history_key(a, "url") == "https://jobs.lever.co/northwind/5f2e"
    assert history_key(a, "url+role") == "https://jobs.lever.co/northwind/5f2e|senior paralegal"


def test_split_seen_hides_seen_postings_unless_asked() -> None:
    a = posting("Paralegal", "https://jobs.lever.co/northwind/1")
    b = posting("Legal Assistant", "https://jobs.lever.co/northwind/2")
    c = posting("Clerk", "https://jobs.lever.co/northwind/3")
    seen = {"https://jobs.lever.co/northwind/2"}

    reported, old, drops = split_seen([a, b, c], seen, "url", include_seen=False)
    assert reported == [a, c]
    assert old == [b]
    assert [p.seen_before for p in (a, b, c)] == [False, True, False]
    assert drops == Counter({"seen": 1})

    reported, old, drops = split_seen([a, b, c], seen, "url", include_seen=True)
    assert reported == [a, c, b]
    assert old == [b]
    assert drops == Counter()


def test_url_plus_role_keys_differ_from_url_keys(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path / "history.db", clock=FakeClock())
    shown = posting("Sr. Paralegal", "https://jobs.lever.co/northwind/1")
    store.record("by_url", [(history_key(shown, "url"), shown.canonical_url, shown.title)])
    store.record("by_role", [(history_key(shown, "url+role"), shown.canonical_url, shown.title)])
    assert history_key(shown, "url") != history_key(shown, "url+role")

    same = posting("Senior Paralegal", "https://jobs.lever.co/northwind/1?utm_source=x")
    retitled = posting("Senior Legal Assistant", "https://jobs.lever.co/northwind/1")
    assert store.seen_keys("by_url", [history_key(retitled, "url")]) == {"https://jobs.lever.co/northwind/1"}
    assert store.seen_keys("by_role", [history_key(same, "url+role")]) == {
        "https://jobs.lever.co/northwind/1|senior paralegal"
    }
    seen = store.seen_keys("by_role", [history_key(retitled, "url+role")])
    assert seen == set()

    reported, old, drops = split_seen([retitled], seen, "url+role", include_seen=False)
    assert (reported, old, drops) == ([retitled], [], Counter())
    assert retitled.seen_before is False


def test_many_sweeps_opening_a_new_database_at_once_all_succeed(tmp_path: Path) -> None:
    """Sweeps of one profile with different flags open the history together; migrations run once.

    The race is timing-dependent (about 1 round in 10 failed before the fix), so it runs 30 fresh rounds.
    """
    for round_number in range(30):
        path = tmp_path / f"round{round_number}" / "history.db"
        errors: list[BaseException] = []
        barrier = threading.Barrier(8)

        def sweep(
            n: int, path: Path = path, errors: list[BaseException] = errors, barrier: threading.Barrier = barrier
        ) -> None:
            try:
                barrier.wait()
                HistoryStore(path).record("p", [(f"https://x.example/{n}", f"https://x.example/{n}", "Paralegal")])
            except BaseException as exc:  # collected, asserted below
                errors.append(exc)

        threads = [threading.Thread(target=sweep, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert HistoryStore(path).count("p") == 8
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT name FROM migrations").fetchall() == [
                ("001_seen",), ("002_applications",), ("003_sightings",),
            ]  # fmt: skip
            assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_role_seen_through_another_platform_stays_seen_and_keeps_its_card_id() -> None:
    """Run 1 reports the Greenhouse copy (richer); in run 2 the LinkedIn copy is richer and wins."""

    def pair(rich: str) -> list[Posting]:
        records = [
            {"title": "Paralegal", "company": "Contoso", "url": "https://boards.greenhouse.io/contoso/jobs/1",
             "location": "New York, NY", "platform": "greenhouse"},
            {"title": "Paralegal", "company": "Contoso Inc.", "url": "https://www.linkedin.com/jobs/view/2/",
             "location": "New York, NY", "platform": "linkedin"},
        ]  # fmt: skip
        for record in records:
            if record["platform"] == rich:
                record["description"] = "Litigation support " * 20
        return [posting_from_record(r, "feed", "t") for r in records]

    (first,), _ = deduplicate(pair("greenhouse"))
    (second,), _ = deduplicate(pair("linkedin"))
    assert (first.platform, second.platform) == ("greenhouse", "linkedin")
    assert card_id(first) == card_id(second)
    seen = set(history_keys(first, "url"))
    reported, old, drops = split_seen([second], seen, "url", include_seen=False)
    assert (reported, old, drops) == ([], [second], Counter({"seen": 1}))
