"""`sweepy schedule install` / `remove`: a real crontab file in a temporary HOME (the person's other lines kept
byte for byte), `--dry-run` changing nothing, and the launchd agent and Task Scheduler task checked as text."""

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from conftest import ROOT
from mcp_helpers import server_env

from sweepy.autorun import MARKER, PLIST_NAME, TASK_NAME, launchd_plist, register, target, task_xml

THEIRS = "# m h dom mon dow command\r\nMAILTO=alex@example.com\n0 3 * * * /usr/local/bin/backup --all  # nightly\n\n"
"""Someone's crontab: a comment with a CRLF, a variable, a job with its own comment, a trailing blank line."""


def cli(workspace: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = server_env(workspace, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "sweepy.cli", "schedule", *args], env=env, cwd=workspace,
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip


def test_install_adds_one_marked_line_and_remove_takes_only_it_away(workspace: Path) -> None:
    tab = workspace.parent / "crontabs" / "alex"  # HOME is workspace.parent in server_env
    tab.parent.mkdir()
    tab.write_bytes(THEIRS.encode())
    dry = cli(workspace, "install", "--crontab-file", str(tab), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.startswith(f"would write {tab}:\n") and MARKER in dry.stdout
    assert tab.read_bytes() == THEIRS.encode()  # the dry run changed nothing

    first = cli(workspace, "install", "--crontab-file", str(tab))
    assert first.returncode == 0, first.stderr
    written = tab.read_bytes().decode()
    assert written.startswith(THEIRS)  # every other line byte for byte
    (ours,) = written[len(THEIRS) :].splitlines()
    assert ours.startswith("*/15 * * * * ") and ours.endswith(MARKER)
    assert f"{sys.executable} -m sweepy.cli run-due" in ours and "SWEEPY_STATE_DIR=" in ours
    again = cli(workspace, "install", "--crontab-file", str(tab))
    assert "already has Sweepy's line" in again.stdout and tab.read_bytes().decode() == written

    removed = cli(workspace, "remove", "--crontab-file", str(tab))
    assert removed.returncode == 0 and "removed Sweepy's line" in removed.stdout
    assert tab.read_bytes() == THEIRS.encode()
    assert "has no Sweepy line" in cli(workspace, "remove", "--crontab-file", str(tab)).stdout


def test_crontab_through_the_command_reads_and_writes_only_through_crontab(tmp_path: Path) -> None:
    calls: list[tuple[list[str], str | None]] = []
    stored = {"text": "no crontab for alex"}

    def fake_crontab(argv: Sequence[str], stdin: str | None) -> tuple[int, str, str]:
        calls.append((list(argv), stdin))
        if list(argv) == ["crontab", "-l"]:
            return (1, "", "no crontab for alex\n") if stored["text"].startswith("no ") else (0, stored["text"], "")
        stored["text"] = stdin or ""
        return 0, "", ""

    where = target(tmp_path / "state", "linux", home=tmp_path, environ={})
    assert register(where, True, run=fake_crontab) == ["wrote Sweepy's line to the crontab (crontab -)"]
    assert [argv for argv, _ in calls] == [["crontab", "-l"], ["crontab", "-"]]
    assert stored["text"].endswith(f"{MARKER}\n") and stored["text"].count("\n") == 1


def test_the_launchd_agent_runs_run_due_every_quarter_hour(tmp_path: Path) -> None:
    where = target(tmp_path / "state", "darwin", home=tmp_path, environ={"SWEEPY_HOME": "/Users/alex/Sweepy & co"})
    plist = launchd_plist(where)
    assert "<key>Label</key>\n    <string>io.sweepy.run-due</string>" in plist
    assert (
        f"<string>{sys.executable}</string>\n        <string>-m</string>\n        <string>sweepy.cli</string>" in plist
    )
    assert "<string>run-due</string>" in plist
    assert "<key>SWEEPY_HOME</key>\n        <string>/Users/alex/Sweepy &amp; co</string>" in plist  # escaped
    assert "<key>StartInterval</key>\n    <integer>900</integer>" in plist
    assert f"<string>{tmp_path / 'state' / 'run-due.log'}</string>" in plist
    lines = register(where, True, dry_run=True)
    assert lines[0] == f"would write {tmp_path / 'Library' / 'LaunchAgents' / PLIST_NAME}:"
    assert lines[-1] == f"would run: launchctl load -w {tmp_path / 'Library' / 'LaunchAgents' / PLIST_NAME}"
    assert not (tmp_path / "Library").exists()

    ran: list[list[str]] = []
    register(where, True, run=lambda argv, _stdin: (ran.append(list(argv)), (0, "", ""))[1])
    path = tmp_path / "Library" / "LaunchAgents" / PLIST_NAME
    assert path.read_text() == plist and ran[-1] == ["launchctl", "load", "-w", str(path)]
    register(where, False, run=lambda argv, _stdin: (ran.append(list(argv)), (0, "", ""))[1])
    assert not path.exists() and ran[-1] == ["launchctl", "unload", "-w", str(path)]


def test_the_task_scheduler_task_repeats_every_quarter_hour(tmp_path: Path) -> None:
    where = target(tmp_path / "state", "win32", home=tmp_path, environ={})
    xml = task_xml(where)
    assert '<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">' in xml
    assert "<Interval>PT15M</Interval>" in xml
    assert "<MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>" in xml
    lines = register(where, True, dry_run=True)
    xml_path = tmp_path / "state" / "sweepy-run-due.xml"
    assert lines[-1] == f"would run: schtasks /Create /TN {TASK_NAME} /XML {xml_path} /F"
    assert not xml_path.exists()
    with_env = task_xml(target(tmp_path / "state", "win32", home=tmp_path, environ={"SWEEPY_HOME": r"C:\Sweepy"}))
    assert "<Command>cmd.exe</Command>" in with_env and 'set "SWEEPY_HOME=C:\\Sweepy"' in with_env
    removal = register(where, False, dry_run=True)
    assert removal == [f"would run: schtasks /Delete /TN {TASK_NAME} /F", f"would remove {xml_path}"]
