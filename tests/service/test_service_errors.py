"""Error paths of the service on real files: each answers a SweepyError that says what to do, and changes
nothing it should not (no stuck sweeps, no writes from reads, no escapes through a profile stem)."""

import datetime as dt
import json
import shutil
import threading
from pathlib import Path

import pytest
from conftest import PROFILES, ROOT, snapshot

from sweepy.engines import default_engines, get_engine
from sweepy.errors import InvalidArgument, NotFound, PathNotAllowed, StorageError
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.profiles import load_profile

FIXED_NOW = 1_790_000_000.0


@pytest.fixture
def sample(workspace: Path) -> str:
    shutil.copy(PROFILES / "example.yaml", workspace / "config.sample.yaml")
    return "config.sample.yaml"


def finished(service: SweepyService, profile: str, include_seen: bool = False) -> dict[str, object]:
    job, _ = service.start_sweep(profile, True, include_seen)
    assert job.done.wait(60), "the sweep must end, never stay running"
    return service.sweep_payload(job).dump()


def test_an_unwritable_log_folder_does_not_leave_a_sweep_running(workspace: Path, sample: str) -> None:
    (workspace / "results").mkdir()
    (workspace / "results" / "logs").write_text("not a folder", encoding="utf-8")
    payload = finished(SweepyService(), sample)
    assert payload["sweep_status"] == "completed"
    assert (workspace / "results" / "logs").read_text(encoding="utf-8") == "not a folder"


def test_a_log_folder_linked_outside_is_refused_before_the_sweep(workspace: Path, sample: str, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (workspace / "results").mkdir()
    (workspace / "results" / "logs").symlink_to(outside)
    service = SweepyService()
    with pytest.raises(PathNotAllowed, match="debug log"):
        service.start_sweep(sample, True, False)
    assert list(outside.iterdir()) == []
    assert service.sweeps.newest_first() == []


@pytest.mark.parametrize("stem", ["../../outside/notes", "a/b", "..", "", "x\x00y"])
def test_a_profile_stem_cannot_climb_out(workspace: Path, tmp_path: Path, stem: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "notes_session.json").write_text("{not json", encoding="utf-8")
    before = snapshot(tmp_path)
    service = SweepyService()
    for call in (
        lambda: service.get_jobs(a.GetJobs(profile_stem=stem, results_dir="results")),
        lambda: service.get_results(a.GetResults(profile_stem=stem, results_dir="results", limit=5)),
        lambda: service.clear_history(a.ClearHistory(profile_stem=stem)),
    ):
        with pytest.raises(InvalidArgument, match="profile_stem"):
            call()
    assert snapshot(tmp_path) == before


def test_reading_tools_write_nothing(workspace: Path, sample: str) -> None:
    service = SweepyService()
    finished(service, sample)
    results = workspace / "results"
    (results / ".session.lock").unlink()
    (results / "sessions.db").write_bytes(b"damaged " * 1000)
    before = snapshot(workspace)
    payload = service.get_results(
        a.GetResults(results_dir="results", limit=3)
    ).dump()  # from the result file, when the store cannot answer
    assert len(payload["top_roles"]) == 3
    with pytest.raises(StorageError, match=r"The session store .*sessions.db cannot be used .*Move it aside"):
        service.get_jobs(a.GetJobs(profile_stem="config.sample", results_dir="results"))
    with pytest.raises(NotFound):
        service.get_jobs(a.GetJobs(results_dir="no/such/folder"))
    assert snapshot(workspace) == before
    assert not (workspace / "no").exists()


@pytest.mark.parametrize(
    ("document", "problem"),
    [
        ({"profile": "x", "cards": []}, "is not a Sweepy result file"),
        ({"profile": {}, "cards": "a"}, "is not a Sweepy result file"),
        ({"profile": {}, "cards": ["a"]}, "holds a card Sweepy cannot read ('0'"),
        ({"profile": {}, "cards": [{"job_id": "a", "match_score": "high"}]}, "'0.match_score'"),
        ({"profile": {"stem": 7}, "cards": [{"job_id": 1}]}, "'0.job_id'"),
    ],
)
def test_a_malformed_result_file_is_a_clear_error(workspace: Path, document: dict[str, object], problem: str) -> None:
    results = workspace / "results"
    results.mkdir()
    (results / "p_20261101-101010.json").write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(StorageError) as caught:
        SweepyService().get_results(a.GetResults(results_dir="results", limit=5))
    assert problem in caught.value.message


@pytest.mark.parametrize(
    ("card", "problem"),
    [
        ({"job_id": "a", "match_pct": 50.5}, "'0.title' is required"),
        ({"job_id": "a", "title": "T", "company": "C", "match_pct": 50.5}, "'0.match_pct'"),
        ({"job_id": "a", "title": "T", "company": "C", "workplace": "moon"}, "'0.workplace'"),
    ],
)
def test_a_result_file_with_a_card_sweepy_cannot_read_is_a_clear_error(
    workspace: Path, card: dict[str, object], problem: str
) -> None:
    results = workspace / "results"
    results.mkdir()
    path = results / "p_20261101-101010.json"
    path.write_text(json.dumps({"profile": {"stem": "p"}, "cards": [card]}), encoding="utf-8")
    service = SweepyService()
    for call in (
        lambda: service.get_results(a.GetResults(results_dir="results", limit=5)),
        lambda: service.export_report(
            a.ExportReport(json_source=str(path), results_dir="results", formats=["json"], candidate_name="Job Seeker")
        ),
    ):
        with pytest.raises(StorageError, match="holds a card Sweepy cannot read") as caught:
            call()
        assert problem in caught.value.message
    assert sorted(p.name for p in results.iterdir()) == ["p_20261101-101010.json"]


def test_clear_history_names_what_it_cannot_find_and_creates_nothing(workspace: Path, tmp_path: Path) -> None:
    service = SweepyService()
    with pytest.raises(NotFound, match="No profile named 'ghost'"):
        service.clear_history(a.ClearHistory(profile_stem="ghost"))
    assert not (tmp_path / "state" / "history.db").exists()


def test_create_profile_refuses_a_history_path_it_could_never_write(workspace: Path) -> None:
    before = snapshot(workspace)
    with pytest.raises(PathNotAllowed, match=r"history_config\.path"):
        SweepyService().create_profile(
            a.CreateProfile(
                name="Pat Lee",
                titles=["Paralegal"],
                location="New York, NY",
                resume_path=str(ROOT / "sweepy/data/sample_resume.pdf"),
                sources_config={"feed": {"path": str(ROOT / "sweepy/data/sample_postings.jsonl")}},
                history_config={"path": "/etc/sweepy-history.db"},
            )
        ).dump()
    assert snapshot(workspace) == before


def test_a_profile_is_kept_when_only_the_default_note_fails(workspace: Path, tmp_path: Path) -> None:
    (tmp_path / "state" / "state.json").mkdir(parents=True)  # the note cannot be written
    result = (
        SweepyService()
        .create_profile(
            a.CreateProfile(
                name="Pat Lee",
                titles=["Paralegal"],
                location="New York, NY",
                resume_path=str(ROOT / "sweepy/data/sample_resume.pdf"),
                sources_config={"feed": {"path": str(ROOT / "sweepy/data/sample_postings.jsonl")}},
            )
        )
        .dump()
    )
    assert Path(result["profile_path"]).is_file()
    assert "could not be made the default profile" in result["message"]


def test_two_sweeps_of_one_profile_in_one_second_write_separate_files(workspace: Path, sample: str) -> None:
    service = SweepyService(clock=lambda: FIXED_NOW)
    payloads: list[dict[str, object]] = []
    threads = [
        threading.Thread(target=lambda flag=flag: payloads.append(finished(service, sample, include_seen=flag)))
        for flag in (False, True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    names = sorted(Path(p["reports"]["json"]).name for p in payloads)  # type: ignore[index]
    stamp = dt.datetime.fromtimestamp(FIXED_NOW, dt.UTC).strftime("%Y%m%d-%H%M%S")
    assert names == [f"config.sample_{stamp}-2.json", f"config.sample_{stamp}.json"]
    for name in names:
        document = json.loads((workspace / "results" / name).read_text(encoding="utf-8"))
        assert (workspace / "results" / name.replace(".json", ".csv")).is_file()
        assert document["counts"]["active"] == len(document["cards"])


def test_create_profile_refuses_a_profile_that_enables_no_source(workspace: Path) -> None:
    with pytest.raises(InvalidArgument) as caught:
        SweepyService().create_profile(
            a.CreateProfile(
                name="Dana Lee",
                titles=["Paralegal"],
                location="New York, NY",
                resume_path=str(ROOT / "sweepy/data/sample_resume.pdf"),
                sources_config={"feed": {"enabled": False, "path": "x.jsonl"}},
            )
        ).dump()
    assert caught.value.message.startswith("sources_config enables no source, so a sweep would find nothing; ")
    assert "leave sources_config out to use the keyless public boards" in caught.value.message
    assert not (workspace / "profiles").exists()


def test_create_profile_without_sources_enables_the_keyless_public_boards(workspace: Path) -> None:
    result = (
        SweepyService()
        .create_profile(
            a.CreateProfile(
                name="Dana Lee",
                titles=["Paralegal"],
                location="New York, NY",
                resume_path=str(ROOT / "sweepy/data/sample_resume.pdf"),
            )
        )
        .dump()
    )
    assert result["enabled_engines"] == default_engines()
    assert result["default_sources_used"] is True
    assert f"the keyless public boards are enabled ({', '.join(default_engines())})" in result["message"]
    profile = load_profile(Path(result["profile_path"]))
    assert sorted(profile.sources) == default_engines()
    assert default_engines() == ["arbeitnow", "himalayas", "hn_hiring", "jobicy", "remoteok", "remotive", "themuse"]
    assert all(get_engine(name).uses_network for name in default_engines())
