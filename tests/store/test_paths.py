"""The write guard (matrix S-01..S-04, S-09) and atomic writes."""

import os
from pathlib import Path

import pytest
from conftest import snapshot
from mcp_helpers import SMALL_FEED, profile_args, write_feed, write_resume

from sweepy.errors import InvalidArgument, PathNotAllowed
from sweepy.pipeline import SweepContext, run
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.settings import Settings
from sweepy.store.files import append_text, atomic_write_text
from sweepy.store.folder_lock import folder_lock
from sweepy.store.profiles import load_profile
from sweepy.store.results import write_results


def real(path: Path) -> Path:
    return Path(os.path.realpath(path))


@pytest.fixture
def outside(workspace: Path) -> Path:
    """`<home>_evil`: a sibling whose name shares the workspace's prefix, holding one sentinel file."""
    folder = workspace.parent / f"{workspace.name}_evil"
    folder.mkdir()
    (folder / "target.yaml").write_text("original\n", encoding="utf-8")
    return folder


def refused(raw: str | Path) -> PathNotAllowed:
    with pytest.raises(PathNotAllowed) as caught:
        Settings.from_env().workspace().resolve_write(raw, "profile path")
    return caught.value


def test_prefix_sibling_is_refused(workspace: Path, outside: Path) -> None:
    before = snapshot(outside)
    error = refused(outside / "p.yaml")
    assert error.message.startswith(f"profile path {str(outside / 'p.yaml')!r} resolves to ")
    assert error.details == {"allowed_roots": [str(real(workspace)), str(real(workspace.parent / "state"))]}
    assert snapshot(outside) == before


def test_dotdot_into_prefix_sibling_is_refused(workspace: Path, outside: Path) -> None:
    refused(f"{workspace}/../{outside.name}/p.yaml")
    refused(f"../{outside.name}/p.yaml")
    refused("profiles/../../x.yaml")
    assert sorted(p.name for p in outside.iterdir()) == ["target.yaml"]


def test_absolute_path_outside_is_refused(tmp_path: Path) -> None:
    refused(tmp_path / "x.yaml")
    refused("/tmp/sweepy-test-x.yaml")
    refused("~/.bashrc")


def test_symlinked_file_pointing_outside_is_refused(workspace: Path, outside: Path) -> None:
    (workspace / "profiles").mkdir()
    (workspace / "profiles" / "a.yaml").symlink_to(outside / "target.yaml")
    before = snapshot(outside)
    error = refused("profiles/a.yaml")
    assert f"resolves to {str(real(outside / 'target.yaml'))!r}" in error.message
    assert snapshot(outside) == before


def test_symlinked_parent_folder_pointing_outside_is_refused(workspace: Path, outside: Path) -> None:
    (workspace / "profiles").symlink_to(outside, target_is_directory=True)
    refused("profiles/new.yaml")
    refused(workspace / "profiles" / "target.yaml")
    assert sorted(p.name for p in outside.iterdir()) == ["target.yaml"]


def test_dangling_symlink_to_outside_is_refused(workspace: Path, outside: Path) -> None:
    (workspace / "profiles").mkdir()
    (workspace / "profiles" / "new.yaml").symlink_to(outside / "new.yaml")
    refused("profiles/new.yaml")
    assert not (outside / "new.yaml").exists()


def test_paths_inside_home_and_state_are_accepted(workspace: Path) -> None:
    ws = Settings.from_env().workspace()
    state = real(workspace.parent / "state")
    assert ws.resolve_write("profiles/pedro.yaml") == real(workspace) / "profiles" / "pedro.yaml"
    assert ws.resolve_write(workspace / "results" / "a.csv") == real(workspace) / "results" / "a.csv"
    assert ws.resolve_write("profiles/../results/a.csv") == real(workspace) / "results" / "a.csv"
    assert ws.resolve_write(state / "history.db") == state / "history.db"
    assert ws.resolve_write("~/.sweepy/history.db") == state / "history.db"
    assert ws.resolve_write(".") == real(workspace)


def test_symlink_that_stays_inside_is_accepted(workspace: Path) -> None:
    (workspace / "results").mkdir()
    (workspace / "latest").symlink_to(workspace / "results", target_is_directory=True)
    assert Settings.from_env().workspace().resolve_write("latest/a.csv") == real(workspace) / "results" / "a.csv"


@pytest.mark.parametrize(
    ("value", "allowed"), [("0", False), ("true", False), ("yes", False), (" 1", False), ("1", True)]
)
def test_only_exact_1_allows_external_writes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str, allowed: bool
) -> None:
    monkeypatch.setenv("SWEEPY_ALLOW_EXTERNAL_WRITES", value)
    ws = Settings.from_env().workspace()
    assert ws.allow_external is allowed
    target = tmp_path / "elsewhere" / "x.yaml"
    if allowed:
        assert ws.resolve_write(target) == real(target)
    else:
        with pytest.raises(PathNotAllowed):
            ws.resolve_write(target)


def test_external_writes_are_refused_when_unset(tmp_path: Path) -> None:
    assert "SWEEPY_ALLOW_EXTERNAL_WRITES" not in os.environ
    assert Settings.from_env().workspace().allow_external is False
    refused(tmp_path / "elsewhere" / "x.yaml")


@pytest.mark.parametrize("raw", ["profiles/a\x00b.yaml", "\x00"])
def test_nul_in_the_path_is_an_invalid_argument(raw: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        Settings.from_env().workspace().resolve_write(raw, "output path")
    assert caught.value.message == "output path contains a NUL character; pass a plain file path."


@pytest.mark.parametrize("raw", ["", "   "])
def test_empty_path_is_an_invalid_argument(raw: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        Settings.from_env().workspace().resolve_write(raw, "output path")
    assert caught.value.message == "output path is empty; pass a file path."


def test_lone_surrogate_is_an_invalid_argument() -> None:
    with pytest.raises(InvalidArgument) as caught:
        Settings.from_env().workspace().resolve_write("profiles/a\ud800.yaml", "output path")
    assert caught.value.message == "output path is not valid Unicode text; pass a plain file path."


def test_atomic_write_replaces_content_and_leaves_no_temp_files(workspace: Path) -> None:
    target = Settings.from_env().workspace().resolve_write("results/notes.txt")
    atomic_write_text(target, "first version\n")
    assert target.read_text(encoding="utf-8") == "first version\n"
    atomic_write_text(target, "second, longer version ✓\n")
    assert target.read_bytes() == "second, longer version ✓\n".encode()
    assert sorted(p.name for p in target.parent.iterdir()) == ["notes.txt"]


def test_atomic_write_to_a_shorter_text_does_not_leave_old_bytes(workspace: Path) -> None:
    target = workspace / "a.txt"
    atomic_write_text(target, "x" * 1000)
    atomic_write_text(target, "y")
    assert target.read_text(encoding="utf-8") == "y"
    assert sorted(p.name for p in workspace.iterdir()) == ["a.txt"]


def test_a_results_dir_that_is_a_file_is_refused(workspace: Path) -> None:
    (workspace / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(InvalidArgument, match="is a file, not a folder"):
        Settings.from_env().workspace().results_dir("notes.txt")
    assert (workspace / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_stale_temp_files_of_interrupted_writes_are_removed(workspace: Path, tmp_path: Path) -> None:
    results = workspace / "results"
    results.mkdir()
    stale, fresh = results / ".p_session.json.ab12.tmp", results / ".p_session.json.cd34.tmp"
    keep = results / "p_session.json"
    for path in (stale, fresh, keep):
        path.write_text("x", encoding="utf-8")
    os.utime(stale, (1_000_000_000, 1_000_000_000))
    assert Settings.from_env().workspace().remove_stale_temp_files() == [stale]
    assert sorted(p.name for p in results.iterdir()) == [".p_session.json.cd34.tmp", "p_session.json"]


# -- a folder swapped for a symlink after it was checked (between resolution and the write) ----------------


def swap_for_link(folder: Path, outside: Path) -> None:
    """`mv results results_real; ln -s <outside> results`: what another process can do mid-sweep."""
    folder.rename(folder.with_name(f"{folder.name}_real"))
    folder.symlink_to(outside, target_is_directory=True)


def test_atomic_write_refuses_a_folder_swapped_for_a_symlink(workspace: Path, outside: Path) -> None:
    ws = Settings.from_env().workspace()
    target = ws.resolve_write("results/report_session.json")
    target.parent.mkdir()
    swap_for_link(workspace / "results", outside)
    before = snapshot(outside)
    with pytest.raises(PathNotAllowed) as caught:
        atomic_write_text(target, "{}")
    assert f"{real(workspace) / 'results'} is no longer a real folder" in caught.value.message
    assert "nothing was written" in caught.value.message
    assert snapshot(outside) == before
    assert list((workspace / "results_real").iterdir()) == []


def test_a_deeper_missing_folder_is_created_only_inside(workspace: Path, outside: Path) -> None:
    target = Settings.from_env().workspace().resolve_write("results/logs/deep/run.log")
    (workspace / "results").mkdir()
    swap_for_link(workspace / "results", outside)
    with pytest.raises(PathNotAllowed):
        atomic_write_text(target, "x")
    with pytest.raises(PathNotAllowed):  # the sweep's debug log (SweepLog drops the line and warns)
        append_text(workspace / "results" / "logs" / "x.log", "never\n")
    assert sorted(p.name for p in outside.iterdir()) == ["target.yaml"]


def test_folder_lock_refuses_a_folder_swapped_for_a_symlink(workspace: Path, outside: Path) -> None:
    folder = Settings.from_env().workspace().results_dir("results")
    folder.mkdir()
    swap_for_link(folder, outside)
    with pytest.raises(PathNotAllowed), folder_lock(folder):
        pass
    assert sorted(p.name for p in outside.iterdir()) == ["target.yaml"]


def test_sweep_results_never_land_in_a_folder_swapped_in_after_discovery(workspace: Path, outside: Path) -> None:
    """The writers of a real sweep (CSV, result JSON, session, lock) after `results` became a symlink."""
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feed.jsonl", SMALL_FEED)
    created = SweepyService().create_profile(a.CreateProfile(**profile_args(resume, "feed.jsonl"))).dump()
    ws = Settings.from_env().workspace()
    folder = ws.results_dir("results")
    ctx = SweepContext(load_profile(Path(created["profile_path"])), Path(created["profile_path"]), ws)
    out = run(ctx)
    assert out.cards
    folder.mkdir()
    swap_for_link(folder, outside)
    before = snapshot(outside)
    with pytest.raises(PathNotAllowed):
        write_results(ctx, out, folder, "swapped")
    assert snapshot(outside) == before
    assert list((workspace / "results_real").iterdir()) == []
