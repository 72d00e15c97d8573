"""What the resources and prompts read, as service methods (sweepy.service.reading, issue 26 item 3): read_profile,
sweep_cards, latest_summary and tailor_context, in-process, before and after a sweep."""

from pathlib import Path

import pytest
from mcp_helpers import RESUME_LINES, SMALL_FEED_CARDS
from test_paging import swept

from sweepy.errors import InvalidArgument, NotFound, StorageError
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.paths import result_files

STEM = "alex_rivera_paralegal"


def test_before_any_sweep_each_says_what_to_call(workspace: Path) -> None:
    service = SweepyService()
    assert service.latest_summary() == (
        "# No sweep yet\n\nNo sweep has written results in this workspace. Call run_sweep first.\n"
    )
    with pytest.raises(NotFound) as cards:
        service.sweep_cards("latest")
    with pytest.raises(NotFound) as profile:
        service.read_profile(STEM)
    with pytest.raises(NotFound) as tailor:
        service.tailor_context("x")
    assert cards.value.message == "no sweep has written results yet. Call run_sweep first."
    assert profile.value.message == f"no profile {STEM!r} in {workspace / 'profiles'}. create_profile writes one."
    assert tailor.value.message == (
        f"No active session in {workspace / 'results'}. Call run_sweep, then get_sweep_status until it reads completed."
    )


def test_read_profile_is_the_yaml_create_profile_wrote(workspace: Path) -> None:
    service = swept()
    assert service.read_profile(STEM) == (workspace / "profiles" / f"{STEM}.yaml").read_text(encoding="utf-8")
    with pytest.raises(InvalidArgument) as caught:
        service.read_profile("../secret")
    assert caught.value.message.startswith("profile_stem '../secret' is not a profile id")
    (workspace / "profiles" / "latin.yml").write_bytes("name: Jos\xe9\n".encode("latin-1"))
    with pytest.raises(StorageError) as latin:
        service.read_profile("latin")
    assert latin.value.message == (
        f"Profile {workspace / 'profiles' / 'latin.yml'} is not UTF-8 text (byte 9 is not); it is not served. Save "
        "it as UTF-8 (the encoding Sweepy writes profiles in)."
    )


def test_sweep_cards_by_id_and_latest_are_the_same_page(workspace: Path) -> None:
    service = swept()
    (path,) = result_files(workspace / "results", None)
    latest = service.sweep_cards("latest", 1, 2)
    by_id = service.sweep_cards(str(latest.sweep_id), 1, 2)
    assert by_id == latest and latest.result_file == str(path)
    assert (latest.total, latest.offset, latest.count, latest.next_offset) == (SMALL_FEED_CARDS, 1, 2, 3)
    with pytest.raises(InvalidArgument) as bad:
        service.sweep_cards("bad_id!")
    with pytest.raises(NotFound) as missing:
        service.sweep_cards("no-such-sweep")
    assert bad.value.message == "sweep_id is a sweep's job_id from run_sweep (letters, digits, '-') or 'latest'."
    assert missing.value.message == f"no result file of sweep 'no-such-sweep' in {workspace / 'results'}."


def test_latest_summary_counts_the_sweep_and_lists_its_best(workspace: Path) -> None:
    service = swept()
    best = service.get_jobs(a.GetJobs(results_dir="results", limit=1)).dump()["jobs"][0]
    summary = service.latest_summary()
    assert summary.startswith("# Sweep of Alex Rivera\n\n- Profile: `alex_rivera_paralegal`; titles: Paralegal;")
    assert f", cards {SMALL_FEED_CARDS}\n" in summary
    assert f"\n1. **{best['title']}** at {best['company']} (" in summary
    assert summary.count("\n") == len(summary.splitlines()) and "\n8. " not in summary


def test_tailor_context_is_the_card_and_the_resume_text(workspace: Path) -> None:
    service = swept()
    best = service.get_jobs(a.GetJobs(results_dir="results", limit=1)).dump()["jobs"][0]
    found = service.tailor_context(best["job_id"])
    assert (found.card.job_id, found.card.title, found.card.company) == (best["job_id"], best["title"], best["company"])
    assert all(line in found.resume for line in RESUME_LINES)
    with pytest.raises(NotFound) as caught:
        service.tailor_context("no-such-card")
    assert caught.value.message == (
        "job_id 'no-such-card' is not a card of the active session: call get_jobs for the ids."
    )
