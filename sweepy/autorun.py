"""`sweepy schedule install` / `remove`: register `sweepy run-due` with the OS, so scheduled sweeps run while no
chat is open. Linux (and other Unix): one line of the person's crontab, marked as Sweepy's; macOS: a launchd
agent (~/Library/LaunchAgents/PLIST_NAME); Windows: a Task Scheduler task (TASK_NAME, from an XML file in the
state folder). Each touches only Sweepy's own line, file or task. The command line is sweepy.cli; what it prints
comes from here."""

import os
import shlex
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from .errors import InvalidArgument, StorageError
from .settings import is_checkout
from .store.files import atomic_write_bytes
from .store.paths import INSTALL_DIR
from .store.realdirs import make_real_dir

MARKER = "# sweepy run-due (managed by `sweepy schedule install`)"
"""The end of Sweepy's crontab line: install replaces, and remove deletes, only lines ending with it."""
INTERVAL_MINUTES = 15
"""How often the OS runs `sweepy run-due`: a schedule runs at most this late while no server is open."""
LABEL = "io.sweepy.run-due"
PLIST_NAME = f"{LABEL}.plist"
TASK_NAME = "Sweepy\\run-due"
ENV_NAMES = ("SWEEPY_HOME", "SWEEPY_STATE_DIR", "SWEEPY_ALLOW_EXTERNAL_WRITES", "SWEEPY_TRUST_BASE_URLS")
"""Variables of this shell that the OS's run gets too (the OS starts it with a bare environment)."""

Runner = Callable[[Sequence[str], str | None], tuple[int, str, str]]
"""Run a command with optional stdin text: (exit code, stdout, stderr)."""


def run_command(argv: Sequence[str], stdin: str | None) -> tuple[int, str, str]:
    try:
        done = subprocess.run(list(argv), input=stdin, capture_output=True, text=True, timeout=60, check=False)
    except FileNotFoundError:
        return 127, "", f"{argv[0]} is not installed"
    return done.returncode, done.stdout, done.stderr


@dataclass(frozen=True)
class Target:
    """Where and how: the platform, the command `run-due` is, its log, and the files or commands to use."""

    platform: str
    command: list[str]
    env: dict[str, str]
    log: Path
    home: Path
    state_dir: Path
    crontab_file: Path | None = None


def target(
    state_dir: Path,
    platform: str | None = None,
    home: Path | None = None,
    crontab_file: Path | None = None,
    environ: dict[str, str] | None = None,
) -> Target:
    """This installation's `run-due` command (this Python, `-m sweepy.cli run-due`) for `platform`."""
    env = os.environ if environ is None else environ
    passed = {name: env[name] for name in ENV_NAMES if env.get(name)}
    if is_checkout():  # a checkout's package is found from its own folder, not from site-packages
        passed["PYTHONPATH"] = str(INSTALL_DIR)
    return Target(
        platform=platform or sys.platform,
        command=[sys.executable, "-m", "sweepy.cli", "run-due"],
        env=passed,
        log=state_dir / "run-due.log",
        home=home or Path.home(),
        state_dir=state_dir,
        crontab_file=crontab_file,
    )


# -- crontab ----------------------------------------------------------------------------------------------------
def crontab_line(t: Target) -> str:
    env = " ".join(f"{name}={shlex.quote(value)}" for name, value in t.env.items())
    command = " ".join(shlex.quote(part) for part in t.command)
    run = f"{env} {command}" if env else command
    line = f"{run} >>{shlex.quote(str(t.log))} 2>&1"
    return f"*/{INTERVAL_MINUTES} * * * * {line.replace('%', chr(92) + '%')} {MARKER}"  # cron reads % as a newline


def _read_crontab(t: Target, run: Runner) -> str:
    if t.crontab_file is not None:
        try:
            return t.crontab_file.read_bytes().decode("utf-8")  # not read_text: a CRLF stays a CRLF
        except FileNotFoundError:
            return ""
    code, out, err = run(["crontab", "-l"], None)
    if code == 0:
        return out
    if "no crontab" in err.lower():
        return ""
    raise StorageError(f"`crontab -l` failed ({err.strip() or code}); nothing was changed. Is cron installed?")


def _write_crontab(t: Target, text: str, run: Runner) -> None:
    if t.crontab_file is not None:
        make_real_dir(t.crontab_file.parent)
        atomic_write_bytes(t.crontab_file, text.encode("utf-8"))
        return
    code, _, err = run(["crontab", "-"], text)
    if code != 0:
        raise StorageError(f"`crontab -` failed ({err.strip() or code}); the crontab was left as it was.")


def without_ours(text: str) -> list[str]:
    """The crontab's lines, Sweepy's own left out (every other line as it was, byte for byte)."""
    return [line for line in text.splitlines(keepends=True) if not line.rstrip("\r\n").endswith(MARKER)]


def _crontab(t: Target, install: bool, dry_run: bool, run: Runner) -> list[str]:
    old = _read_crontab(t, run)
    kept = without_ours(old)
    if kept and not kept[-1].endswith("\n"):
        kept[-1] += "\n"
    new = "".join(kept) + (crontab_line(t) + "\n" if install else "")
    where = str(t.crontab_file) if t.crontab_file is not None else "the crontab (crontab -)"
    if new == old:
        state = "has Sweepy's line" if install else "has no Sweepy line"
        return [f"{where} already {state}; nothing to change"]
    if dry_run:
        return [f"would write {where}:", new.rstrip("\n")]
    _write_crontab(t, new, run)
    return [f"{'wrote' if install else 'removed'} Sweepy's line {'to' if install else 'from'} {where}"]


# -- launchd ----------------------------------------------------------------------------------------------------
def plist_path(t: Target) -> Path:
    return t.home / "Library" / "LaunchAgents" / PLIST_NAME


def launchd_plist(t: Target) -> str:
    args = "".join(f"\n        <string>{escape(part)}</string>" for part in t.command)
    env = "".join(f"\n        <key>{escape(k)}</key>\n        <string>{escape(v)}</string>" for k, v in t.env.items())
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
    <key>Label</key>
    <string>{LABEL}</string>
    <key>ProgramArguments</key>
    <array>{args}
    </array>
    <key>EnvironmentVariables</key>
    <dict>{env}
    </dict>
    <key>StartInterval</key>
    <integer>{INTERVAL_MINUTES * 60}</integer>
    <key>RunAtLoad</key>
    <true/>
    <key>StandardOutPath</key>
    <string>{escape(str(t.log))}</string>
    <key>StandardErrorPath</key>
    <string>{escape(str(t.log))}</string>
</dict>
</plist>
"""


def _launchd(t: Target, install: bool, dry_run: bool, run: Runner) -> list[str]:
    path = plist_path(t)
    if install:
        steps = [["launchctl", "unload", str(path)], ["launchctl", "load", "-w", str(path)]]
        if dry_run:
            runs = [f"would run: {shlex.join(step)}" for step in steps]
            return [f"would write {path}:", launchd_plist(t).rstrip("\n"), *runs]
        make_real_dir(path.parent)
        atomic_write_bytes(path, launchd_plist(t).encode("utf-8"))
        run(steps[0], None)  # a first install has nothing loaded to unload
        _checked(run, steps[1])
        return [f"wrote {path}", f"ran: {shlex.join(steps[1])}"]
    if not path.exists():
        return [f"{path} does not exist; nothing to remove"]
    step = ["launchctl", "unload", "-w", str(path)]
    if dry_run:
        return [f"would run: {shlex.join(step)}", f"would remove {path}"]
    run(step, None)
    path.unlink()
    return [f"ran: {shlex.join(step)}", f"removed {path}"]


# -- Task Scheduler ---------------------------------------------------------------------------------------------
def task_xml_path(t: Target) -> Path:
    return t.state_dir / "sweepy-run-due.xml"


def task_xml(t: Target) -> str:
    """The task: every INTERVAL_MINUTES from now on, this Python running run-due (with the variables set)."""
    run = subprocess.list2cmdline(t.command)
    if t.env:
        sets = " && ".join(f'set "{k}={v}"' for k, v in t.env.items())
        program, arguments = "cmd.exe", f'/c {sets} && {run} >> "{t.log}" 2>&1'
    else:
        program, arguments = t.command[0], subprocess.list2cmdline(t.command[1:])
    return f"""<?xml version="1.0" encoding="UTF-16"?>
<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <RegistrationInfo>
    <Description>Sweepy: run the scheduled job sweeps that are due (sweepy run-due)</Description>
  </RegistrationInfo>
  <Triggers>
    <TimeTrigger>
      <Repetition>
        <Interval>PT{INTERVAL_MINUTES}M</Interval>
      </Repetition>
      <StartBoundary>2000-01-01T00:00:00</StartBoundary>
      <Enabled>true</Enabled>
    </TimeTrigger>
  </Triggers>
  <Settings>
    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>
    <StartWhenAvailable>true</StartWhenAvailable>
    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>
  </Settings>
  <Actions Context="Author">
    <Exec>
      <Command>{escape(program)}</Command>
      <Arguments>{escape(arguments)}</Arguments>
    </Exec>
  </Actions>
</Task>
"""


def _schtasks(t: Target, install: bool, dry_run: bool, run: Runner) -> list[str]:
    path = task_xml_path(t)
    if install:
        step = ["schtasks", "/Create", "/TN", TASK_NAME, "/XML", str(path), "/F"]
        if dry_run:
            return [f"would write {path}:", task_xml(t).rstrip("\n"), f"would run: {subprocess.list2cmdline(step)}"]
        make_real_dir(path.parent)
        atomic_write_bytes(path, task_xml(t).encode("utf-16"))
        _checked(run, step)
        return [f"wrote {path}", f"ran: {subprocess.list2cmdline(step)}"]
    step = ["schtasks", "/Delete", "/TN", TASK_NAME, "/F"]
    if dry_run:
        return [f"would run: {subprocess.list2cmdline(step)}", f"would remove {path}"]
    run(step, None)  # a task already gone is no error for remove
    path.unlink(missing_ok=True)
    return [f"ran: {subprocess.list2cmdline(step)}", f"removed {path}"]


def _checked(run: Runner, step: list[str]) -> None:
    code, _, err = run(step, None)
    if code != 0:
        why = err.strip() or code
        raise StorageError(f"`{shlex.join(step)}` failed ({why}). Fix that, then run the command again.")


def register(t: Target, install: bool, dry_run: bool = False, run: Runner = run_command) -> list[str]:
    """Install (or remove) Sweepy's run-due registration for the target's platform: the lines to print."""
    if t.platform == "darwin":
        return _launchd(t, install, dry_run, run)
    if t.platform == "win32":
        return _schtasks(t, install, dry_run, run)
    if t.platform.startswith(("linux", "freebsd", "openbsd", "netbsd", "sunos", "aix")) or t.crontab_file:
        return _crontab(t, install, dry_run, run)
    raise InvalidArgument(f"No way to register run-due on platform {t.platform!r}: use linux, darwin or win32.")
