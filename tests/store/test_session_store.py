"""The session store: a sweep's cards in SQLite, read a page at a time, judged a card at a time; session files of
the JSON era read once, moved into the store, and said so; render_report's best-N limit and its gate."""

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import snapshot
from mcp_helpers import write_resume
from pydantic import ValidationError

from sweepy.domain.cards import Card, rank
from sweepy.errors import InvalidArgument, NotAssessed, StorageError
from sweepy.resume import fingerprint
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.settings import Settings
from sweepy.store.history import check_history_path
from sweepy.store.session import DB_NAME, SessionStore
from sweepy.store.session_model import Session
from sweepy.store.session_rows import RANK_ORDER

PROFILE = """\
name: Alex Rivera
search: {{titles: [Paralegal], location: "New York, NY"}}
resume: {{path: {resume}, must_have_skills: [Relativity]}}
sources: {{feed: {{enabled: true, path: feed.jsonl}}}}
report: {{assessment: agent}}
"""


def cards(count: int, description: str = "Litigation support in Relativity.") -> list[Card]:
    """Cards with ties on score and title (case apart), so the ranking's every key is exercised."""
    return [
        Card(
            job_id=f"j{n:05d}",
            title=("Paralegal", "paralegal", "Senior Paralegal", "Clerk")[n % 4],
            company=f"Firm {n}",
            url=f"https://firm{n}.example/jobs/{n}",
            match_score=(n * 37) % 11,
            keyword_score=(n * 37) % 11,
            description=description,
        )
        for n in range(count)
    ]


def profile(workspace: Path) -> tuple[Path, Path]:
    resume = write_resume(workspace / "resume.docx")
    path = workspace / "profiles" / "alex.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(PROFILE.format(resume=resume), encoding="utf-8")
    return path, resume


def activate(workspace: Path, made: list[Card]) -> Path:
    path, resume = profile(workspace)
    session = Session(profile_stem="alex", profile_path=str(path), sweep_id="s1")
    SessionStore(workspace / "results").activate(session, made)
    return resume


def legacy_text(session: Session) -> str:
    """A session file as Sweepy wrote it before the store: the session's fields and every card, one JSON."""
    return json.dumps(session.model_dump(mode="json"), ensure_ascii=False)


# -- paging and ranking --------------------------------------------------------------------------------------


def test_pages_come_in_the_order_rank_gives(workspace: Path) -> None:
    made = cards(203)
    made[150].match_pct, made[150].match_score, made[150].match_kind = 40, 40, "MATCH"
    made[7].match_pct, made[7].match_score, made[7].match_kind = 40, 40, "MATCH"
    activate(workspace, made)
    service = SweepyService()
    pages, offset = [], 0
    while offset is not None:
        payload = service.get_jobs(a.GetJobs(results_dir="results", limit=50, offset=offset)).dump()
        pages += [job["job_id"] for job in payload["jobs"]]
        offset = payload["next_offset"]
    assert pages == [c.job_id for c in rank(made)]
    assert pages[:2] == ["j00007", "j00150"]  # judged first; equal score and title: the sweep's order
    assert payload["total"] == 203


def test_a_page_is_read_through_the_ranking_index_not_a_sort(workspace: Path) -> None:
    activate(workspace, cards(30))
    db = sqlite3.connect(workspace / "results" / DB_NAME)
    plan = " ".join(
        str(row[-1])
        for row in db.execute(
            f"EXPLAIN QUERY PLAN SELECT data FROM cards WHERE session = 1 {RANK_ORDER} LIMIT 50 OFFSET 0"
        )
    )
    db.close()
    assert "cards_rank" in plan and "TEMP B-TREE" not in plan, plan
    assert RANK_ORDER == "ORDER BY unjudged, score DESC, blocked, title_key, pos"  # eligible before blocked


def test_a_session_past_the_old_50_mb_file_limit_is_paged_judged_and_reported(workspace: Path) -> None:
    """Before the store, this session's file (about 55 MB) was refused by get_jobs, submit_judgments and
    render_report alike ("the limit is 50000000 bytes")."""
    resume = activate(workspace, cards(1200, "Relativity review and e-discovery. " * 1300))
    service = SweepyService()
    page = service.get_jobs(a.GetJobs(results_dir="results", limit=50)).dump()
    assert (page["count"], page["total"], page["next_offset"]) == (50, 1200, 50)
    top = [job["job_id"] for job in page["jobs"]]
    judged = service.submit_judgments(
        a.SubmitJudgments(judgments=[{"job_id": j, "match_pct": 90 - n} for n, j in enumerate(top)])
    ).dump()
    assert (judged["applied"], judged["assessed_count"], judged["unassessed_count"]) == (50, 50, 1150)
    report = service.render_report(
        a.RenderReport(
            results_dir="results", output_filename="results/top.pdf", playbook="Apply to the top ten first.", limit=50
        )
    ).dump()
    assert (report["card_count"], report["total_cards"]) == (50, 1200)
    assert "the best 50 of 1200" in report["message"]
    stored = SessionStore(workspace / "results").load("alex")
    assert [c.match_pct for c in stored.cards if c.job_id in top] == [90 - top.index(c.job_id) for c in stored.cards
                                                                       if c.job_id in top]  # fmt: skip
    assert all(c.judged_resume == fingerprint(resume) for c in stored.cards if c.job_id in top)


def test_submit_judgments_changes_only_the_judged_rows(workspace: Path) -> None:
    activate(workspace, cards(40))
    path = workspace / "results" / DB_NAME

    def rows() -> dict[str, str]:
        db = sqlite3.connect(path)
        try:
            return {job_id: data for job_id, data in db.execute("SELECT job_id, data FROM cards")}
        finally:
            db.close()

    before = rows()
    SweepyService().submit_judgments(
        a.SubmitJudgments(judgments=[{"job_id": "j00003", "match_pct": 77}, {"job_id": "j00021", "domain": "Law"}])
    )
    after = rows()
    assert {k for k in before if before[k] != after[k]} == {"j00003", "j00021"}
    assert json.loads(after["j00003"])["match_kind"] == "MATCH"


# -- the report's limit and its gate --------------------------------------------------------------------------


def test_render_report_shows_the_best_n_and_gates_only_those(workspace: Path) -> None:
    activate(workspace, cards(12))
    service = SweepyService()
    best = [job["job_id"] for job in service.get_jobs(a.GetJobs(results_dir="results", limit=3)).dump()["jobs"]]
    service.submit_judgments(a.SubmitJudgments(judgments=[{"job_id": j, "match_pct": 80} for j in best[:2]]))
    report = service.render_report(
        a.RenderReport(results_dir="results", output_filename="results/two.pdf", playbook="", limit=2)
    ).dump()
    assert (report["card_count"], report["total_cards"], report["pages"]) == (2, 12, report["pages"])
    with pytest.raises(NotAssessed) as caught:
        service.render_report(
            a.RenderReport(results_dir="results", output_filename="results/three.pdf", playbook="", limit=3)
        )
    assert caught.value.details["unassessed_job_ids"] == [best[2]]
    assert caught.value.details["card_count"] == 3
    assert "the best 3 cards (of 12) that it shows" in caught.value.message
    assert not (workspace / "results" / "three.pdf").exists()
    for bad in (0, 2001, True):
        with pytest.raises(ValidationError, match="limit"):
            a.RenderReport(results_dir="results", output_filename="results/bad.pdf", playbook="", limit=bad)
        with pytest.raises(InvalidArgument, match="limit"):  # behind the model, the service's own check
            service.render_report(a.RenderReport.model_construct(output_filename="results/bad.pdf", limit=bad))


# -- session files of the JSON era ---------------------------------------------------------------------------


def test_an_old_session_file_is_moved_into_the_store_once_and_the_answer_says_so(workspace: Path) -> None:
    path, resume = profile(workspace)
    made = cards(9)
    made[4].match_pct, made[4].match_score, made[4].match_kind = 66, 66, "MATCH"
    made[4].judged_resume = fingerprint(resume)
    old = Session(profile_stem="alex", profile_path=str(path), sweep_id="s0", playbook="Old plan.", cards=made)
    results = workspace / "results"
    results.mkdir()
    for name in ("report_session.json", "alex_session.json"):
        (results / name).write_text(legacy_text(old), encoding="utf-8")
    service = SweepyService()
    first = service.get_jobs(a.GetJobs(results_dir="results", limit=3)).dump()
    for name in ("report_session.json", "alex_session.json", "sessions.db"):  # the profile's file went too
        assert name in first["migrated"]
    assert first["jobs"][0]["job_id"] == "j00004" and first["total"] == 9
    assert sorted(p.name for p in results.glob("*session.json*")) == [
        "alex_session.json.migrated",
        "report_session.json.migrated",
    ]
    second = service.get_jobs(a.GetJobs(results_dir="results", limit=3)).dump()
    assert "migrated" not in second and second["jobs"] == first["jobs"]
    saved = service.submit_judgments(a.SubmitJudgments(job_id="j00001", match_pct=50, profile_stem="alex")).dump()
    assert "migrated" not in saved and saved["assessed_count"] == 2
    assert SessionStore(results).load(None).card("j00001").match_pct == 50  # type: ignore[union-attr]
    assert SessionStore(results).load(None).playbook == "Old plan."


def test_an_old_session_file_outside_the_workspace_is_read_where_it_is(workspace: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "report_session.json").write_text(legacy_text(Session(cards=cards(5))), encoding="utf-8")
    before = snapshot(outside)
    payload = SweepyService().get_jobs(a.GetJobs(results_dir=str(outside))).dump()
    assert payload["total"] == 5 and "not moved" in payload["migrated"]
    assert snapshot(outside) == before


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),  # RecursionError before the fix
        (
            '{"cards": [{"job_id": "j", "title": "t", "company": "c", "match_score": ' + "9" * 5000 + "}]}",
            "5,000 digits",
        ),
    ],
    ids=["deep", "huge-int"],
)
def test_an_unreadable_old_session_file_is_named_and_nothing_is_written(workspace: Path, text: str, says: str) -> None:
    results = workspace / "results"
    results.mkdir()
    (results / "report_session.json").write_text(text, encoding="utf-8")
    before = snapshot(workspace)
    service = SweepyService()
    for call in (
        lambda: service.get_jobs(a.GetJobs(results_dir="results", limit=5)),
        lambda: service.submit_judgments(a.SubmitJudgments(job_id="j", match_pct=5)),
        lambda: service.render_report(a.RenderReport(results_dir="results", playbook="")),
    ):
        with pytest.raises(StorageError) as caught:
            call()
        assert str(results / "report_session.json") in caught.value.message and says in caught.value.message
    assert snapshot(workspace) == before


def test_a_store_that_is_not_a_database_is_named(workspace: Path) -> None:
    results = workspace / "results"
    results.mkdir()
    (results / DB_NAME).write_bytes(b"not sqlite " * 200)
    with pytest.raises(StorageError, match=r"sessions.db cannot be used .*Move it aside"):
        SweepyService().get_jobs(a.GetJobs(results_dir="results", limit=5))


@pytest.mark.parametrize("name", ["sessions.db", "sessions.db-wal", "report_session.json.migrated"])
def test_the_history_cannot_be_pointed_at_the_session_store(workspace: Path, name: str) -> None:
    activate(workspace, cards(3))  # the store exists and is an SQLite file: the header check alone would pass it
    before = snapshot(workspace)
    with pytest.raises(InvalidArgument, match="one of Sweepy's own files"):
        check_history_path(Settings.from_env().workspace(), f"results/{name}", "history.path")
    assert snapshot(workspace) == before


def test_a_sweep_that_fails_while_its_cards_go_in_leaves_the_session_as_it_was(workspace: Path) -> None:
    activate(workspace, cards(5))
    SweepyService().submit_judgments(a.SubmitJudgments(job_id="j00002", match_pct=61))
    before = SessionStore(workspace / "results").load(None)

    def failing() -> Iterator[Card]:
        yield from cards(3)
        raise OSError("disk full")  # what a result file's write can raise between two cards

    session = Session(profile_stem="alex", profile_path=before.profile_path, sweep_id="s2")
    with pytest.raises(OSError, match="disk full"):
        SessionStore(workspace / "results").activate(session, failing())
    after = SessionStore(workspace / "results").load(None)
    assert after.sweep_id == "s1" and [c.to_json() for c in after.cards] == [c.to_json() for c in before.cards]
