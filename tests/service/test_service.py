"""The service layer end to end on real files: the bundled sample, the fallback chain, config merging,
tracking carried across sweeps, judgments kept across sweeps, and the result file's drop counts."""

import csv
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, PROFILES, snapshot
from mcp_helpers import SMALL_FEED, SMALL_FEED_CARDS, profile_args, write_feed, write_resume

from sweepy.domain.cards import Card, rank
from sweepy.errors import InvalidArgument, ProfileError
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.profiles import load_profile

PARALEGAL_FAMILY = ("paralegal", "legal assistant", "law clerk", "litigation support")


def sweep(service: SweepyService, profile: str | None, include_seen: bool = False) -> dict[str, Any]:
    job, _joined = service.start_sweep(profile, deduplicate=True, include_seen=include_seen)
    assert job.done.wait(60)
    return service.sweep_payload(job).dump()


SHIPPED = {"config.sample.yaml": "example.yaml", "profiles/example.yaml": "example.yaml",
           "profiles/paralegal_nyc.yaml": "paralegal_nyc.yaml"}  # fmt: skip


def bundled(workspace: Path, *names: str) -> None:
    """Copies of the shipped example profiles in the workspace, under the names given."""
    for name in names:
        target = workspace / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(PROFILES / SHIPPED[name], target)


@pytest.mark.parametrize("profile", ["config.sample.yaml", "profiles/paralegal_nyc.yaml"])
def test_the_bundled_paralegal_profiles_put_paralegal_roles_on_top(workspace: Path, profile: str) -> None:
    bundled(workspace, profile)
    payload = sweep(SweepyService(), profile)
    assert payload["discovered_count"] == 310  # 320 records, 10 malformed ones skipped with a reason
    assert payload["skipped_records"] == 10
    assert payload["card_count"] >= 20
    for role in payload["top_roles"]:
        assert any(word in role["title"].lower() for word in PARALEGAL_FAMILY), role["title"]
    cards = json.loads(Path(payload["reports"]["json"]).read_text(encoding="utf-8"))["cards"]
    scores = [c["match_score"] for c in cards]
    assert scores == sorted(scores, reverse=True)
    assert all(0 <= s <= 100 for s in scores)
    assert len(set(scores)) > 5, "scores should spread, not saturate"
    assert payload["dropped"]["title"] > 150 and payload["dropped"]["duplicate"] >= 3


def test_run_sweep_without_a_path_follows_the_fallback_chain(workspace: Path) -> None:
    service = SweepyService()
    payload = sweep(service, None, include_seen=True)  # an empty workspace falls back to Sweepy's bundled profiles
    assert Path(payload["reports"]["json"]).name.startswith("paralegal_nyc_")
    assert payload["discovered_count"] == 310
    chain = ["profiles/example.yaml", "profiles/paralegal_nyc.yaml"]
    bundled(workspace, *chain)
    (workspace / "profiles" / "custom_profile.yaml").write_text(
        (PROFILES / "paralegal_nyc.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    expected = ["custom_profile", "paralegal_nyc", "example"]
    for stem, remove in zip(
        expected, ["profiles/custom_profile.yaml", "profiles/paralegal_nyc.yaml", None], strict=True
    ):
        payload = sweep(service, None, include_seen=True)
        assert Path(payload["reports"]["json"]).name.startswith(f"{stem}_")
        if remove:
            (workspace / remove).unlink()
    created = service.create_profile(
        a.CreateProfile(
            name="Dana Lee",
            titles=["Paralegal"],
            location="New York, NY",
            resume_path=str(DATA / "sample_resume.pdf"),
            sources_config={"feed": {"enabled": True, "path": str(DATA / "sample_postings.jsonl")}},
        )
    ).dump()
    payload = sweep(service, None, include_seen=True)  # the last saved profile now comes first
    assert Path(payload["reports"]["json"]).name.startswith(f"{created['profile_stem']}_")


def test_create_profile_merges_config_blocks_and_names_the_file(workspace: Path) -> None:
    result = (
        SweepyService()
        .create_profile(
            a.CreateProfile(
                name="Pedro Writer",
                titles=["Technical Writer", "UX Writer"],
                location="New York, NY",
                resume_path=str(DATA / "sample_resume.docx"),
                sources_config={"feed": {"path": str(DATA / "sample_postings.jsonl")}},
                history_config={"retention_days": 9, "match": "url+role"},
                orchestrator_config={"circuit_breaker": {"failure_threshold": 5}},
                cache_config={"ttl_seconds": 60},
                assessment="keyword",
                job_tracking=False,
            )
        )
        .dump()
    )
    assert result["profile_path"] == str(workspace / "profiles" / "pedro_writer_technical_writer.yaml")
    assert result["enabled_engines"] == ["feed"]
    profile = load_profile(Path(result["profile_path"]))
    assert (profile.history.retention_days, profile.history.match, profile.history.enabled) == (9, "url+role", True)
    assert profile.orchestrator.circuit_breaker.failure_threshold == 5
    assert profile.orchestrator.circuit_breaker.cooldown_seconds == 600  # untouched keys keep their defaults
    assert (profile.cache.ttl_seconds, profile.cache.enabled) == (60, True)
    assert (profile.report.assessment, profile.export.tracking) == ("keyword", False)


def test_create_profile_takes_eligibility_and_refuses_other_keys(workspace: Path) -> None:
    service = SweepyService()
    args: dict[str, Any] = {
        "name": "Pedro Writer", "titles": ["Technical Writer"], "location": "New York, NY",
        "resume_path": str(DATA / "sample_resume.docx"),
        "sources_config": {"feed": {"path": str(DATA / "sample_postings.jsonl")}},
    }  # fmt: skip
    result = service.create_profile(a.CreateProfile(**args, eligibility_config={
        "needs_sponsorship": True, "citizenships": ["in"], "clearance": "none", "eligibility": "strict",
        "exclude_companies": ["Initech"], "employer_boards": {"max": 10},
    })).dump()  # fmt: skip
    profile = load_profile(Path(result["profile_path"]))
    assert (profile.needs_sponsorship, profile.citizenships, profile.clearance) == (True, ["IN"], "none")
    assert (profile.eligibility, profile.exclude_companies, profile.employer_boards.max) == ("strict", ["Initech"], 10)
    before = snapshot(workspace)
    with pytest.raises(InvalidArgument, match=r"unknown keys 'search'"):
        service.create_profile(a.CreateProfile(**args, eligibility_config={"search": {"titles": ["CEO"]}}))
    with pytest.raises(ProfileError, match="timezone"):
        service.create_profile(a.CreateProfile(**args, eligibility_config={"timezone": "Mars/Olympus"}))
    assert snapshot(workspace) == before


def test_tracking_columns_survive_a_sweep_that_does_not_report_the_job(workspace: Path) -> None:
    bundled(workspace, "config.sample.yaml")
    service = SweepyService()
    first = sweep(service, "config.sample.yaml")
    first_csv = Path(first["reports"]["csv"])
    with first_csv.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    rows[0].update(status="applied", applied_on="2026-11-29", notes="=follow up Friday")
    with first_csv.open("w", encoding="utf-8-sig", newline="") as handle:  # as a spreadsheet would save it
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), delimiter=";")
        writer.writeheader()
        writer.writerows(rows)
    empty = sweep(service, "config.sample.yaml")  # everything was seen: a header-only CSV
    assert (empty["card_count"], empty["previously_seen_count"]) == (0, first["card_count"])
    assert "include_seen" in empty["message"]
    again = sweep(service, "config.sample.yaml", include_seen=True)
    with Path(again["reports"]["csv"]).open(encoding="utf-8-sig", newline="") as handle:
        carried = {row["job_id"]: row for row in csv.DictReader(handle)}
    row = carried[rows[0]["job_id"]]
    assert (row["status"], row["applied_on"], row["notes"]) == ("applied", "2026-11-29", "'=follow up Friday")


def test_a_new_sweep_keeps_judgments_and_an_empty_one_keeps_the_saved_session(workspace: Path) -> None:
    bundled(workspace, "config.sample.yaml")
    service = SweepyService()
    first = sweep(service, "config.sample.yaml")
    last = service.get_jobs(a.GetJobs(profile_stem="config.sample", results_dir="results")).dump()["jobs"][-1]
    service.submit_judgments(a.SubmitJudgments(job_id=last["job_id"], match_pct=88, summary="Strong litigation fit"))
    judged = {"job_id": last["job_id"]}
    empty = sweep(service, "config.sample.yaml")
    assert empty["card_count"] == 0
    active = service.get_jobs(a.GetJobs(results_dir="results")).dump()
    assert (active["source_result"], active["total"]) == (empty["reports"]["json"], 0)  # it is the active session
    assert "get_jobs with profile_stem 'config.sample'" in active["message"]
    saved = service.get_jobs(
        a.GetJobs(profile_stem="config.sample", results_dir="results")
    ).dump()  # the profile's saved session, judgments and all
    assert saved["source_result"] == first["reports"]["json"]
    again = sweep(service, "config.sample.yaml", include_seen=True)
    jobs = service.get_jobs(a.GetJobs(profile_stem="config.sample", results_dir="results")).dump()["jobs"]
    assert jobs[0]["job_id"] == judged["job_id"]  # a submitted match_pct outranks keyword overlap
    assert (jobs[0]["match_pct"], jobs[0]["match_kind"], jobs[0]["summary"]) == (88, "MATCH", "Strong litigation fit")
    assert again["card_count"] == len(jobs)


def test_rank_puts_judged_cards_first_then_scores() -> None:
    cards = [
        Card(job_id="1", title="b", company="x", match_score=90),
        Card(job_id="2", title="a", company="x", match_score=40, match_pct=40),
        Card(job_id="3", title="c", company="x", match_score=95),
        Card(job_id="4", title="d", company="x", match_score=70, match_pct=70),
    ]
    assert [c.title for c in rank(cards)] == ["d", "a", "c", "b"]


def test_result_file_counts_drops_by_reason_and_keeps_skipped_records(workspace: Path) -> None:
    bundled(workspace, "config.sample.yaml")
    payload = sweep(SweepyService(), "config.sample.yaml")
    result = json.loads(Path(payload["reports"]["json"]).read_text(encoding="utf-8"))
    assert result["dropped"] == payload["dropped"]
    assert set(result["dropped"]) <= {"title", "location", "remote", "hybrid", "salary", "platform", "age",
                                      "duplicate", "seen"}  # fmt: skip
    counted = result["counts"]
    assert counted["discovered"] == sum(result["dropped"].values()) + counted["active"]
    assert len(result["skipped_records"]) == 10
    assert {r["reason"] for r in result["skipped_records"]} >= {"missing required field 'title'"}
    log = Path(payload["debug_log"]).read_text(encoding="utf-8")
    assert "stage 5/5 score" in log and "skipped record" in log


def test_two_people_with_one_title_keep_their_own_profile_and_history(workspace: Path) -> None:
    service = SweepyService()
    write_feed(workspace / "feed.jsonl", SMALL_FEED)
    resume = write_resume(workspace / "resume.docx")
    yamada = service.create_profile(a.CreateProfile(**profile_args(resume, "feed.jsonl", name="山田太郎"))).dump()
    assert sweep(service, yamada["profile_path"])["new_count"] == SMALL_FEED_CARDS
    sato = service.create_profile(a.CreateProfile(**profile_args(resume, "feed.jsonl", name="佐藤花子"))).dump()
    assert (yamada["profile_stem"], sato["profile_stem"]) == ("山田太郎_paralegal", "佐藤花子_paralegal")
    assert load_profile(Path(yamada["profile_path"])).name == "山田太郎"  # not overwritten by the second person
    second = sweep(service, sato["profile_path"])
    assert (second["new_count"], second["previously_seen_count"]) == (SMALL_FEED_CARDS, 0)


def test_create_profile_keeps_a_hand_edited_profile_it_replaces(workspace: Path) -> None:
    service = SweepyService(clock=lambda: 1_800_000_000.0)
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feed.jsonl", SMALL_FEED)
    first = service.create_profile(a.CreateProfile(**profile_args(resume, "feed.jsonl"))).dump()
    assert first["backup_path"] is None
    path = Path(first["profile_path"])
    edited = path.read_text(encoding="utf-8").replace("min_salary: 0", "min_salary: 55000") + "# my notes\n"
    path.write_text(edited, encoding="utf-8")
    again = service.create_profile(a.CreateProfile(**profile_args(resume, "feed.jsonl"))).dump()
    backup = Path(again["backup_path"])
    assert backup.parent == path.parent and backup.name.startswith("alex_rivera_paralegal.yaml.bak-")
    assert backup.read_text(encoding="utf-8") == edited
    assert f"it was kept as {backup}" in again["message"]
    assert "min_salary: 0" in path.read_text(encoding="utf-8")
    unchanged = service.create_profile(
        a.CreateProfile(**profile_args(resume, "feed.jsonl"))
    ).dump()  # same bytes: nothing to keep
    assert unchanged["backup_path"] is None
    assert sorted(p.name for p in path.parent.iterdir()) == sorted([path.name, backup.name])
