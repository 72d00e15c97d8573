"""The rest of the symlink race (issue 14, item 7; issue 24, item 1): the databases, the locks, the logs, the circuit
breakers and the HTTP cache are opened inside their folder as it was checked, on every call and on every route
(a folder held open, /proc/self/fd, or a path checked before and after), so a state or results folder swapped
for a link after the check gets nothing created, read or deleted on the other side. And history.path refuses
Sweepy's own names that do not exist yet."""

import hashlib
import json
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import snapshot
from mcp import Client, StdioServerParameters
from mcp_helpers import (
    SERVER_PY,
    SMALL_FEED,
    envelope,
    error_payload,
    profile_args,
    server_env,
    write_feed,
    write_resume,
)

from sweepy.domain.cards import Card
from sweepy.engines.breaker import BreakerBook
from sweepy.engines.cache import ResponseCache
from sweepy.errors import InvalidArgument, PathNotAllowed, StorageError
from sweepy.settings import Settings
from sweepy.store import realdirs
from sweepy.store.applications import ApplicationStore, Event
from sweepy.store.folder_lock import folder_lock
from sweepy.store.history import HistoryStore, check_history_path
from sweepy.store.owned import OwnWrites, WrittenFiles
from sweepy.store.session import SessionStore
from sweepy.store.session_model import Session
from sweepy.sweeps import SweepLog


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
    """`mv F F_real; ln -s <outside> F`: what another process can do mid-sweep. A writer racing it may make F
    again between the two steps (a cache write makes its folders, inside the workspace): that one is moved
    aside too, as a determined attacker would, until the link is in place."""
    for attempt in range(100):
        folder.rename(folder.with_name(f"{folder.name}_real" + (f"{attempt}" if attempt else "")))
        try:
            folder.symlink_to(outside, target_is_directory=True)
            return
        except FileExistsError:
            continue
    raise AssertionError(f"{folder} was made again 100 times in a row")


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
    from sweepy.store.session import SessionStore
    from sweepy.store.session_model import Session

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


# -- issue 24, item 1: a state folder swapped after a sweep, over stdio ------------------------------------------

SWAPPED = "was replaced by a link"


@pytest.mark.anyio
async def test_after_a_sweep_a_swapped_state_folder_is_refused_by_every_tool_and_nothing_is_lost(
    workspace: Path,
) -> None:
    """`mv state state.real; ln -s elsewhere state` between calls of one server: the history's path was checked
    (and once cached) before the swap, and the other side holds a copy of the history. No tool reads it as the
    person's, none writes there; put back, the real folder answers as before."""
    state = workspace.parent / "state"
    elsewhere = workspace.parent / "elsewhere"
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=server_env(workspace))
    async with Client(params) as client:
        write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
        await client.call_tool(
            "create_profile", profile_args(write_resume(workspace / "r.docx"), "feeds/postings.jsonl")
        )
        assert envelope(await client.call_tool("run_sweep", {"wait_seconds": 60}))["sweep_status"] == "completed"
        jobs = envelope(await client.call_tool("get_jobs", {}))["jobs"]
        track = {"items": [{"job_id": jobs[0]["job_id"], "status": "applied"}]}
        assert envelope(await client.call_tool("track_jobs", track))["accepted_count"] == 1
        assert envelope(await client.call_tool("get_outcomes", {}))["totals"]["applied"] == 1
        shutil.copytree(state, elsewhere)  # the other side looks like Sweepy's state: a copy of the history
        shutil.rmtree(elsewhere / "cache", ignore_errors=True)
        state.rename(state.with_name("state.real"))
        state.symlink_to("elsewhere", target_is_directory=True)
        before = snapshot(elsewhere)
        calls = [
            ("get_outcomes", {}),
            ("export_report", {"formats": ["ics"]}),
            ("get_applications", {}),
            ("get_jobs", {}),
            ("track_jobs", {"items": [{"job_id": jobs[1]["job_id"], "status": "applied"}]}),
            ("watch_postings", {}),
            ("clear_history", {}),
            ("run_sweep", {"wait_seconds": 30}),
        ]
        for name, arguments in calls:
            message = error_payload(await client.call_tool(name, arguments))["message"]
            assert SWAPPED in message and "while Sweepy ran" in message and str(state) in message, (name, message)
            assert "unexpectedly" not in message
        assert snapshot(elsewhere) == before
        state.unlink()
        state.with_name("state.real").rename(state)
        outcomes = envelope(await client.call_tool("get_outcomes", {}))
        assert outcomes["status"] == "ok" and outcomes["totals"]["applied"] == 1
        export = envelope(await client.call_tool("export_report", {"formats": ["ics"]}))
        assert export["status"] == "ok" and export["generated"]["ics_events"] == 1


# -- every route: the folder held open (Linux), named by /proc (Linux), a path checked before and after ---------

ROUTES = {
    "pinned": {},
    "no-proc": {"PINNED_PATHS": False},
    "no-dir-fd": {"PINNED_PATHS": False, "DIR_FD_WRITES": False},
}


@pytest.fixture(params=sorted(ROUTES))
def route(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The OS capabilities paths.py reads at import, set as on a platform without them (macOS has no
    /proc/self/fd; Windows cannot hold a folder open): a documented fake of the platform, so the by-path
    fallbacks run here against a real swapped folder."""
    for name, value in ROUTES[request.param].items():
        monkeypatch.setattr(realdirs, name, value)
    yield request.param


def card(n: int) -> Card:
    return Card(job_id=f"j{n}", title=f"Paralegal {n}", company="Northwind", url=f"https://a.example/{n}")


def applied(n: int) -> Event:
    return Event(f"j{n}", "applied", "2026-11-20", None, None, None, "track_jobs")


def test_on_every_route_the_history_is_never_read_or_written_through_a_swapped_state_folder(
    route: str, state: Path, outside: Path
) -> None:
    store = ApplicationStore(state / "history.db")
    store.track("p", [(card(1), applied(1))])
    assert store.statuses("p") == {"j1": {"status": "applied", "since": "2026-11-20"}}
    swap_for_link(state, outside)
    before = snapshot(outside)
    for attempt in (
        lambda: store.track("p", [(card(2), applied(2))]),
        lambda: store.statuses("p"),  # the kept reader too: the folder is checked on every call
        lambda: store.applications("p"),
        lambda: ApplicationStore(state / "history.db"),
    ):
        with pytest.raises(PathNotAllowed) as caught:
            attempt()
        assert f"{state} is no longer a real folder: it {SWAPPED}" in caught.value.message
    assert realdirs.stat_in_real_dir(state.with_name("state_real") / "history.db") is not None
    with pytest.raises(PathNotAllowed):
        realdirs.stat_in_real_dir(state / "history.db")
    assert snapshot(outside) == before and sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
    store.close()
    assert list(ApplicationStore(state.with_name("state_real") / "history.db").applications("p")) == ["j1"]


@pytest.mark.parametrize("swapped", ["results", "results/logs"])
def test_on_every_route_the_lock_and_the_debug_log_never_land_in_a_swapped_results_folder(
    route: str, swapped: str, outside: Path
) -> None:
    ws = Settings.from_env().workspace()
    results = ws.results_dir("results")
    sweep_log = SweepLog(ws.resolve_write(results / "logs" / "j1.log", "debug log"))
    with folder_lock(results):
        sweep_log("started")
    swap_for_link(ws.home / swapped, outside)
    before = snapshot(outside)
    sweep_log("a page read")  # a diagnostic: the line is lost (logged), never written on the other side
    if swapped == "results":
        with pytest.raises(PathNotAllowed) as caught, folder_lock(results):
            pass
        assert SWAPPED in caught.value.message
    assert snapshot(outside) == before and sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
    real = ws.home / f"{swapped}_real"
    log_file = real / "j1.log" if swapped.endswith("logs") else real / "logs" / "j1.log"
    assert log_file.read_text(encoding="utf-8").endswith(" started\n")


def test_on_every_route_the_session_store_is_not_read_from_a_swapped_results_folder(route: str, outside: Path) -> None:
    """The other side holds a session store of its own: reads refuse it (they opened sessions.db by path)."""
    ws = Settings.from_env().workspace()
    folder = ws.results_dir("results")
    SessionStore(folder).activate(Session(profile_stem="p", cards=[card(1)]))
    SessionStore(outside).activate(Session(profile_stem="p", cards=[card(9)]))
    swap_for_link(folder, outside)
    before = snapshot(outside)
    for attempt in (lambda: SessionStore(folder).load("p"), lambda: SessionStore(folder).present()):
        with pytest.raises(PathNotAllowed) as caught:
            attempt()
        assert SWAPPED in caught.value.message
    assert snapshot(outside) == before
    assert SessionStore(folder.with_name("results_real")).load("p").cards == [card(1)]


def test_on_every_route_the_schedules_are_not_read_from_a_swapped_state_folder(route: str, outside: Path) -> None:
    from sweepy.store.schedules import ScheduleStore

    ws = Settings.from_env().workspace()
    store = ScheduleStore(ws)  # made before the swap, as a server's is; the state folder holds no schedule yet
    assert store.newest_first() == []
    ws.state_dir.mkdir()
    swap_for_link(ws.state_dir, outside)
    with pytest.raises(PathNotAllowed) as caught:
        store.newest_first()
    assert SWAPPED in caught.value.message
    with pytest.raises(PathNotAllowed) as caught:
        ScheduleStore(ws)
    assert f"The state folder {ws.state_dir} {SWAPPED} while Sweepy ran" in caught.value.message
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]


def test_on_every_route_the_state_and_the_manifest_of_a_swapped_state_folder_are_not_taken_for_sweepys(
    route: str, state: Path, outside: Path
) -> None:
    """The other side's state.json names another default profile, and its written.json vouches for the person's
    file (so it would be replaced without a backup): neither is read as Sweepy's."""
    ws = Settings.from_env().workspace()
    person = ws.home / "report.pdf"
    person.write_bytes(b"the person's own report")
    ws.update_state(default_profile="profiles/mine.yaml")
    (outside / "state.json").write_text('{"default_profile": "profiles/theirs.yaml"}', encoding="utf-8")
    vouch = {str(person): {"sha256": hashlib.sha256(person.read_bytes()).hexdigest(), "at": 1.0}}
    (outside / "written.json").write_text(json.dumps({"files": vouch}), encoding="utf-8")
    swap_for_link(state, outside)
    before = snapshot(outside)
    with pytest.raises(PathNotAllowed) as caught:
        ws.read_state()
    assert SWAPPED in caught.value.message
    assert WrittenFiles(ws).files() == {} and not WrittenFiles(ws).wrote(person)
    writes = OwnWrites(ws, clock=lambda: 1_700_000_000.0)
    writes.write(person, b"a report Sweepy made")
    writes.commit()  # the manifest is not updated (logged): the swapped folder gets nothing
    assert [Path(b).read_bytes() for b in writes.backups] == [b"the person's own report"]
    assert snapshot(outside) == before
    assert json.loads((state.with_name("state_real") / "state.json").read_text(encoding="utf-8")) == {
        "default_profile": "profiles/mine.yaml"
    }
