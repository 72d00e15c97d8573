"""The store side of what is new (issue 23): a store an earlier version made (no `known` table) still tells a
sweep which cards are new, its migration seeds `known` from the sessions it holds, the digests are marked read
once, and the carry keeps an imported card that is still open but not one the person is done with."""

import sqlite3
from pathlib import Path

from sweepy.domain.cards import Card, EncodedCard
from sweepy.store.digests import DigestStore
from sweepy.store.session import SessionStore
from sweepy.store.session_migrations import MIGRATIONS
from sweepy.store.session_model import Session, card_text


def card(job_id: str, **fields: object) -> Card:
    return Card.model_validate({"job_id": job_id, "title": f"Paralegal {job_id}", "company": "Firm", **fields})


def encoded(made: Card) -> EncodedCard:
    return EncodedCard(made.job_id, made.match_score, made.title, card_text(made), made.blocked, made.is_new)


def test_a_store_of_an_earlier_version_answers_its_saved_cards_and_seeds_known_when_migrated(tmp_path: Path) -> None:
    folder = tmp_path / "results"
    folder.mkdir()
    with sqlite3.connect(folder / "sessions.db") as db:  # the schema as the version before issue 23 left it
        db.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
        for name, migration in MIGRATIONS[:2]:
            migration(db)
            db.execute("INSERT INTO migrations VALUES (?, 0)", (name,))
        db.execute(
            "INSERT INTO sessions (name, meta, card_count, token) VALUES ('alex', '{\"sweep_id\": \"s0\"}', 2, 't')"
        )
        for pos, job_id in enumerate(("a1", "a2")):
            db.execute(
                "INSERT INTO cards (session, pos, job_id, unjudged, score, title_key, kept, blocked, data) "
                "VALUES (1, ?, ?, 1, 0, 'p', 0, 0, ?)",
                (pos, job_id, card_text(card(job_id))),
            )
    store = SessionStore(folder)
    assert store.known_ids("alex") == frozenset({"a1", "a2"})  # read before the migration: the saved cards
    assert store.known_ids("other") == frozenset()
    fresh = card("a3", is_new=True)
    store.activate(
        Session(profile_stem="alex", sweep_id="s1"), [encoded(card("a1")), encoded(fresh)], known=["a1", "a3"]
    )
    with sqlite3.connect(folder / "sessions.db") as db:
        known = db.execute("SELECT job_id, first_sweep FROM known WHERE profile = 'alex' ORDER BY job_id").fetchall()
    assert known == [("a1", "s0"), ("a2", "s0"), ("a3", "s1")]  # seeded by the migration, then this sweep's
    with store.reading("alex") as view:
        assert [c.job_id for c in view.page(0, None, new_only=True)] == ["a3"]
        assert (view.count(new_only=True), view.count(), view.card_count) == (1, 2, 2)


def test_digests_are_read_once_newest_first(tmp_path: Path) -> None:
    folder = tmp_path / "results"
    store = DigestStore(folder)
    assert store.unread().total == 0 and store.last_read() is None  # no store yet: nothing, and nothing made
    assert not (folder / "sessions.db").exists()
    first = store.write("alex", "s1", "2026-12-01T08:00:00+00:00", 2, [{"job_id": "a1"}])
    second = store.write("alex", "s2", "2026-12-02T08:00:00+00:00", 1, [{"job_id": "a2"}])
    unread = store.unread()
    assert ([d.sweep_id for d in unread.digests], unread.total, unread.last_id) == (["s2", "s1"], 2, second)
    assert store.mark_read(first, "2026-12-02T09:00:00+00:00") == 1  # a read that saw only the first
    assert [d.sweep_id for d in store.unread().digests] == ["s2"]
    assert store.mark_read(second, "2026-12-02T10:00:00+00:00") == 1
    assert store.mark_read(second, "2026-12-02T11:00:00+00:00") == 0  # read already: its time stays
    last = store.last_read()
    assert last is not None and (last.sweep_id, last.read_at) == ("s2", "2026-12-02T10:00:00+00:00")
    assert store.unread().digests == [] and store.profiles() == ["alex"]


def test_the_carry_keeps_open_imported_and_judged_cards_but_not_ended_ones(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / "results")
    earlier = [card("s1"), card("imp", imported=True, engine="import"), card("judged", match_pct=70),
               card("gone", match_pct=20), card("again", match_pct=55)]  # fmt: skip
    store.activate(Session(profile_stem="alex", sweep_id="s1", cards=earlier))
    carried = store.activate(Session(profile_stem="alex", sweep_id="s2"), [encoded(card("again", is_new=True)),
                             encoded(card("n1", is_new=True))], ended={"gone"})  # fmt: skip
    assert sorted(c.job_id for c in carried.kept) == ["imp", "judged"] and list(carried.merged) == ["again"]
    session = store.load("alex")
    by_id = {c.job_id: c for c in session.cards}
    assert set(by_id) == {"again", "n1", "imp", "judged"}  # the unjudged s1 goes, and so does the ended one
    assert (by_id["again"].match_pct, by_id["again"].is_new) == (55, False)  # found again: judged, not new
    assert by_id["imp"].imported and by_id["judged"].match_pct == 70 and by_id["n1"].is_new
    with store.reading("alex") as view:
        assert view.card_count == 4 and [c.job_id for c in view.new_cards(10)] == ["n1"]
