"""The sweep registry with real threads: joining, the edited-profile rule, the running cap, forgetting."""

import threading
from pathlib import Path

import pytest

from sweepy.errors import ServerBusy
from sweepy.pipeline import SweepOptions
from sweepy.sweeps import MAX_KEPT, MAX_RUNNING, SweepJob, SweepRegistry


def job(tmp_path: Path, digest: str = "d1", include_seen: bool = False, profile: str = "p.yaml") -> SweepJob:
    return SweepJob(
        tmp_path / profile, "p", SweepOptions(True, include_seen), tmp_path / "x.log", profile_digest=digest
    )


def test_identical_requests_join_and_an_edited_profile_starts_anew(tmp_path: Path) -> None:
    release = threading.Event()
    registry = SweepRegistry()

    def work(j: SweepJob) -> None:
        release.wait(10)
        j.finish(result={"sweep_status": "completed"})

    first, joined_first = registry.start_or_join(job(tmp_path), work)
    second, joined_second = registry.start_or_join(job(tmp_path), work)
    edited, joined_edited = registry.start_or_join(job(tmp_path, digest="d2"), work)
    release.set()
    assert (joined_first, joined_second, joined_edited) == (False, True, False)
    assert second is first and edited is not first
    assert first.done.wait(10) and edited.done.wait(10)


def test_a_fifth_concurrent_sweep_is_refused_until_one_finishes(tmp_path: Path) -> None:
    release = threading.Event()
    registry = SweepRegistry()

    def work(j: SweepJob) -> None:
        release.wait(10)
        j.finish(result={})

    jobs = [registry.start_or_join(job(tmp_path, profile=f"p{n}.yaml"), work)[0] for n in range(MAX_RUNNING)]
    with pytest.raises(ServerBusy, match="already running") as caught:
        registry.start_or_join(job(tmp_path, profile="extra.yaml"), work)
    assert caught.value.details == {"retryable": True}
    release.set()
    assert all(j.done.wait(10) for j in jobs)
    extra, joined = registry.start_or_join(job(tmp_path, profile="extra.yaml"), work)
    assert not joined and extra.done.wait(10)


def test_old_finished_sweeps_are_forgotten(tmp_path: Path) -> None:
    registry = SweepRegistry()

    def work(j: SweepJob) -> None:
        j.finish(result={})

    started = []
    for n in range(MAX_KEPT + 5):
        started.append(registry.start_or_join(job(tmp_path, profile=f"p{n}.yaml"), work)[0])
        assert started[-1].done.wait(10)
    kept = registry.newest_first()
    assert len(kept) <= MAX_KEPT + 1
    assert kept[0] is started[-1]
    assert started[0] not in kept
