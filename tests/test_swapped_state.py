"""The rest of the symlink race (issue 14, item 7): the history database, the circuit breakers and the HTTP cache
are opened inside their folder as it was checked, so a history or state folder swapped for a link after the
check gets nothing created (or deleted) on the other side. And history.path refuses Sweepy's own names that do
not exist yet."""

import os
import threading
from pathlib import Path

import pytest
from conftest import snapshot

from sweepy.engines.breaker import BreakerBook
from sweepy.engines.cache import ResponseCache
from sweepy.errors import InvalidArgument, PathNotAllowed, StorageError
from sweepy.settings import Settings
from sweepy.store.history import HistoryStore, check_history_path


@pytest.fixture
def state() -> Path:
    """The real state folder, as a sweep resolves it before it starts."""
    ws = Settings.from_env().workspace()
    folder = ws.resolve_write(ws.state_dir, "state folder")
    folder.mkdir()
    return folder


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "keep.txt").write_text("theirs", encoding="utf-8")
    return folder


def swap_for_link(folder: Path, outside: Path) -> None:
    """`mv F F_real; ln -s <outside> F`: what another process can do mid-sweep."""
    folder.rename(folder.with_name(f"{folder.name}_real"))
    folder.symlink_to(outside, target_is_directory=True)


def test_the_history_database_is_never_created_through_a_swapped_folder(state: Path, outside: Path) -> None:
    folder = state / "hist"
    store = HistoryStore(folder / "h.db")
    store.record("p", [("k1", "https://a.example/1", "Paralegal")])
    swap_for_link(folder, outside)
    before = snapshot(outside)
    with pytest.raises(PathNotAllowed):
        store.record("p", [("k2", "https://a.example/2", "Clerk")])
    with pytest.raises(PathNotAllowed):
        store.seen_keys("p", ["k1"])
    with pytest.raises(PathNotAllowed):
        HistoryStore(folder / "h.db")  # a new store on the checked path: no empty h.db over there
    assert snapshot(outside) == before and sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
    real = HistoryStore(state / "hist_real" / "h.db")  # the real folder still holds the history
    assert real.count("p") == 1


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the descriptor-pinned path exists on Linux")
def test_a_connection_open_when_the_folder_is_swapped_keeps_writing_to_the_real_one(state: Path, outside: Path) -> None:
    """The race after the check: the folder is swapped while a connection is open (inside a write)."""
    folder = state / "hist"
    store = HistoryStore(folder / "h.db")
    with store._connect() as db:  # the connection a write holds; the swap lands between its open and its write
        swap_for_link(folder, outside)
        db.execute("INSERT INTO seen VALUES ('p', 'k', 'u', 't', 1.0, 1.0)")
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
    assert HistoryStore(state / "hist_real" / "h.db").count("p") == 1


def test_the_breakers_are_never_locked_or_written_through_a_swapped_state_folder(state: Path, outside: Path) -> None:
    book = BreakerBook(state / "breakers.json", threshold=1, cooldown=60, clock=lambda: 1000.0)
    book.record({"greenhouse:acme": False})
    assert book.open_until("greenhouse:acme") == 1060.0
    swap_for_link(state, outside)
    before = snapshot(outside)
    with pytest.raises(PathNotAllowed):
        book.record({"greenhouse:acme": False})
    assert snapshot(outside) == before
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]  # no breakers.json.lock, no .session.lock
    swapped = BreakerBook(state / "breakers.json", threshold=1, cooldown=60, clock=lambda: 1000.0)
    assert swapped.open_until("greenhouse:acme") is None  # the other side is not read as Sweepy's state


def test_a_breakers_file_nested_too_deeply_reads_as_no_open_breaker(state: Path) -> None:
    (state / "breakers.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")  # RecursionError before
    book = BreakerBook(state / "breakers.json", threshold=1, cooldown=60, clock=lambda: 1000.0)
    assert book.open_until("greenhouse:acme") is None
    book.record({"greenhouse:acme": False})  # and the damaged file is replaced by a good one
    assert (
        BreakerBook(state / "breakers.json", threshold=1, cooldown=60, clock=lambda: 1000.0).open_until(
            "greenhouse:acme"
        )
        == 1060.0
    )


def test_the_cache_creates_reads_and_prunes_nothing_through_a_swapped_folder(state: Path, outside: Path) -> None:
    now = [1_000_000.0]
    cache = ResponseCache(state / "cache", ttl_seconds=3600, clock=lambda: now[0])
    cache.put("k1", b"body")
    assert cache.get("k1") == b"body"
    swap_for_link(state, outside)
    cache.put("k2", b"other")  # a cache that cannot be written is a miss next time, never a write elsewhere
    assert cache.get("k1") is None
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]  # no cache/ created over there

    (outside / "cache").mkdir()
    planted = outside / "cache" / "old.bin"
    planted.write_bytes(b"sweepy-cache-1 0.0\ntheirs")
    os.utime(planted, (1, 1))
    assert ResponseCache(state / "cache", 3600, clock=lambda: now[0]).prune(older_than=60) == 0
    assert planted.read_bytes() == b"sweepy-cache-1 0.0\ntheirs"


def test_a_swap_during_many_cache_writes_never_lands_outside(state: Path, outside: Path) -> None:
    """Writers racing the swap: every entry is in the real folder or nowhere."""
    cache = ResponseCache(state / "cache", ttl_seconds=3600, clock=lambda: 1.0)
    started = threading.Event()

    def writer() -> None:
        for n in range(300):
            cache.put(f"k{n}", b"x")
            started.set()

    thread = threading.Thread(target=writer)
    thread.start()
    started.wait(10)
    swap_for_link(state, outside)
    thread.join(30)
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]


@pytest.mark.parametrize(
    "name",
    [
        "~/.sweepy/breakers.json",
        "~/.sweepy/breakers.json.lock",
        "~/.sweepy/history.db-wal",
        "~/.sweepy/history.db-shm",
        "~/.sweepy/history.db-journal",
        "~/.sweepy/cache",
        "results/.alex_rivera_paralegal.tracking.json",
        "~/.sweepy/written.json",
    ],
)
def test_history_path_refuses_sweepys_own_names_that_do_not_exist_yet(name: str) -> None:
    ws = Settings.from_env().workspace()
    assert not ws.expand(name).exists()
    with pytest.raises(InvalidArgument) as caught:
        check_history_path(ws, name, "history.path")
    assert "is one of Sweepy's own files or not a history database" in caught.value.message


def test_a_history_folder_removed_mid_sweep_is_a_storage_error(state: Path) -> None:
    store = HistoryStore(state / "hist" / "h.db")
    for path in (state / "hist").iterdir():
        path.unlink()
    (state / "hist").rmdir()
    with pytest.raises(StorageError) as caught:
        store.count()
    assert "cannot be opened" in caught.value.message


def test_the_session_store_is_never_written_through_a_swapped_results_folder(outside: Path) -> None:
    """The session store (results/sessions.db) writes under the folder lock, which refuses the swapped folder."""
    from sweepy.domain.cards import Card
    from sweepy.store.session import Session, SessionStore

    ws = Settings.from_env().workspace()
    folder = ws.resolve_write("results", "results_dir")
    folder.mkdir()
    store = SessionStore(folder)
    card = Card(job_id="j1", title="Paralegal", company="Northwind")
    store.activate(Session(profile_stem="p", cards=[card]))
    swap_for_link(folder, outside)
    before = snapshot(outside)
    with pytest.raises(PathNotAllowed):
        store.activate(Session(profile_stem="p", cards=[card]))
    assert snapshot(outside) == before and sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
    assert SessionStore(folder.with_name("results_real")).load("p").cards == [card]
