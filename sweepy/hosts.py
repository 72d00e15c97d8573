"""`sweepy install HOST`: add or update Sweepy's entry in an MCP host's own JSON config file (Claude Desktop,
Claude Code, Cursor, VS Code), keeping every other server and key, after a backup beside it. The command line
is sweepy.cli; everything it prints comes from here."""

import difflib
import json
import os
import re
import shutil
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from .errors import InvalidArgument, StorageError
from .jsonedit import Layout, set_member
from .settings import is_checkout
from .store.files import atomic_write_bytes
from .store.paths import INSTALL_DIR
from .store.realdirs import make_real_dir

SERVER_NAME = "sweepy"
"""The entry's name in every host's file: the one key Sweepy adds or changes."""

Form = Literal["uvx", "checkout"]


@dataclass(frozen=True)
class Host:
    name: str
    title: str
    key: str
    """The top-level object of servers: `mcpServers`, except VS Code's `servers`."""
    restart: str
    """How the host picks up the change, printed last."""
    typed: bool = False
    """VS Code wants `"type": "stdio"` in each local server's entry."""


# Where each host documents its file and key (checked November 2026):
# - Claude Desktop: claude_desktop_config.json, `mcpServers`, in ~/Library/Application Support/Claude (macOS),
#   %APPDATA%\Claude (Windows), ~/.config/Claude (Linux builds) — modelcontextprotocol.io/quickstart/user.
# - Cursor: ~/.cursor/mcp.json (every project; %USERPROFILE%\.cursor on Windows) or .cursor/mcp.json in a project,
#   `mcpServers` — cursor.com/docs/mcp.
# - VS Code: the user profile's mcp.json (Code/User/ in the platform's config folder) or .vscode/mcp.json in a
#   workspace, top-level `servers`, stdio entries with "type": "stdio" — code.visualstudio.com/docs/copilot/
#   reference/mcp-configuration.
# - Claude Code: `claude mcp add [--scope user|project] NAME -- COMMAND ARGS...` writes ~/.claude.json (Claude Code's
#   own state file, rewritten while it runs, so Sweepy leaves it to the CLI) or a project's .mcp.json, whose
#   `mcpServers` `--config .mcp.json` edits here — docs.anthropic.com/en/docs/claude-code/mcp.
HOSTS: dict[str, Host] = {
    host.name: host
    for host in (
        Host(
            "claude-desktop",
            "Claude Desktop",
            "mcpServers",
            "Quit Claude Desktop completely (Claude > Quit on macOS, File > Exit on Windows: closing the window leaves "
            "it running) and open it again; Sweepy's tools appear in the chat's tools menu.",
        ),
        Host(
            "claude-code",
            "Claude Code",
            "mcpServers",
            "Start a new `claude` session in the project (or run /mcp in a running one); `claude mcp list` lists "
            "sweepy.",
        ),
        Host(
            "cursor",
            "Cursor",
            "mcpServers",
            "Restart Cursor, or open Cursor Settings > MCP and switch sweepy on; its tools appear in the agent's list.",
        ),
        Host(
            "vscode",
            "VS Code",
            "servers",
            "In VS Code run `MCP: List Servers`, pick sweepy and Start (or reload the window); VS Code may ask you to "
            "trust the server first.",
            typed=True,
        ),
    )
}

_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def host(name: str) -> Host:
    try:
        return HOSTS[name]
    except KeyError:
        raise InvalidArgument(f"Unknown host {name!r}: choose one of {', '.join(HOSTS)}.") from None


def default_config(
    which: Host, platform: str = sys.platform, environ: Mapping[str, str] | None = None, home: Path | None = None
) -> Path | None:
    """The host's own file on this OS, or None for Claude Code (its CLI adds servers; see HOSTS' comment)."""
    env = os.environ if environ is None else environ
    home = Path.home() if home is None else home
    if which.name == "cursor":
        return home / ".cursor" / "mcp.json"
    if which.name == "claude-code":
        return None
    if platform == "darwin":
        config = home / "Library" / "Application Support"
    elif platform == "win32":
        config = Path(env.get("APPDATA") or home / "AppData" / "Roaming")
    else:
        config = Path(env.get("XDG_CONFIG_HOME") or home / ".config")
    return (
        config / "Claude" / "claude_desktop_config.json"
        if which.name == "claude-desktop"
        else (config / "Code" / "User" / "mcp.json")
    )


def parse_env(pairs: list[str]) -> dict[str, str]:
    """`--env NAME=VALUE` pairs; a value may hold `=`, a name may not be empty or hold spaces."""
    env: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not _ENV_NAME.fullmatch(name):
            raise InvalidArgument(f"--env {pair!r} is not NAME=VALUE with a variable name such as ADZUNA_APP_KEY.")
        env[name] = value
    return env


def built_from(direct_url: str | None) -> Path | None:
    """The local folder this installed Sweepy was built from (`uvx --from .`, `pip install .`), from the
    distribution's PEP 610 direct_url.json; None for a package from the index or from a wheel file."""
    try:
        origin = json.loads(direct_url or "null")
    except ValueError:
        return None
    if not isinstance(origin, dict) or "dir_info" not in origin or not str(origin.get("url", "")).startswith("file:"):
        return None
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    return Path(url2pathname(urlsplit(origin["url"]).path))


def _installed_from() -> Path | None:
    import importlib.metadata

    try:
        return built_from(importlib.metadata.distribution("sweepy-mcp").read_text("direct_url.json"))
    except importlib.metadata.PackageNotFoundError:
        return None


def server_entry(
    form: Form, env: Mapping[str, str], checkout: Path, python: str, clone: Path | None = None
) -> dict[str, Any]:
    """Sweepy's entry: `uvx sweepy-mcp` (the published package; `uvx --from CLONE sweepy-mcp` for a Sweepy built
    from a clone, which the index does not have yet), or this checkout's Python running its server.py with the
    checkout as the workspace. `env` holds only what the person passed."""
    if form == "uvx":
        args = ["--from", str(clone), "sweepy-mcp"] if clone is not None else ["sweepy-mcp"]
        entry: dict[str, Any] = {"command": "uvx", "args": args}
        extra: dict[str, str] = {}
    else:
        entry = {"command": python, "args": [str(checkout / "server.py")]}
        extra = {"SWEEPY_HOME": str(checkout)}
    if env or extra:
        entry["env"] = {**extra, **env}
    return entry


def claude_mcp_add(entry: Mapping[str, Any]) -> str:
    """The `claude mcp add` line for the entry (user scope: every project), quoted for a POSIX shell."""
    import shlex

    env = [f"-e {shlex.quote(f'{k}={v}')}" for k, v in entry.get("env", {}).items()]
    words = [entry["command"], *entry["args"]]
    return " ".join(["claude mcp add --scope user", *env, SERVER_NAME, "--", *map(shlex.quote, words)])


@dataclass
class Change:
    """What `install` would do to one file: its bytes before (None: no file yet) and after, and what it says."""

    host: Host
    path: Path
    before: bytes | None
    after: bytes
    action: Literal["added", "updated", "unchanged"]
    changes: list[str] = field(default_factory=list)
    others: list[str] = field(default_factory=list)
    shown: bytes = b""
    """`after` with the values passed in --env masked, for the dry run's diff."""


def _refuse(path: Path, why: str, which: Host, entry: str) -> InvalidArgument:
    return InvalidArgument(
        f"{path} {why}, so it was left untouched. Fix the file (or pass --config for another one) and run "
        f'`sweepy install {which.name}` again, or add this under {which.key!r} by hand: "{SERVER_NAME}": {entry}'
    )


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # json.loads keeps the last of two equal keys: rewriting such a file would silently drop the first.
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key {key!r} appears twice in one object")
        seen[key] = value
    return seen


def _not_json_constant(word: str) -> Any:
    raise ValueError(f"{word} is not JSON")


def _kind(value: Any) -> str:
    """A JSON value's kind in JSON's words."""
    if isinstance(value, bool):
        return "true or false"
    names = {list: "a list", str: "a string", int: "a number", float: "a number", type(None): "null"}
    return names.get(type(value), "an object")


def _read(path: Path, which: Host, entry: str) -> tuple[bytes | None, str, dict[str, Any], Layout]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, "", {}, Layout()
    except OSError as exc:
        raise InvalidArgument(f"Cannot read {path}: {exc.strerror or exc}.") from exc
    bom = raw.startswith(b"\xef\xbb\xbf")  # Notepad's UTF-8 mark: kept, and not a JSON error
    try:
        text = raw[3 if bom else 0 :].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _refuse(path, f"is not UTF-8 text ({exc.reason} at byte {exc.start})", which, entry) from None
    if not text.strip():
        return raw, text, {}, Layout.of(text, bom)  # an empty file (a host's placeholder) holds no settings to keep
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_not_json_constant)
    except json.JSONDecodeError as exc:
        why = f"is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        if which.typed:
            why += " (VS Code allows comments and trailing commas in mcp.json; Sweepy rewrites plain JSON only)"
        raise _refuse(path, why, which, entry) from None
    except (ValueError, RecursionError) as exc:
        raise _refuse(path, f"cannot be rewritten faithfully: {exc}", which, entry) from None
    if not isinstance(doc, dict):
        raise _refuse(path, f"holds {_kind(doc)}, not an object of settings", which, entry)
    servers = doc.get(which.key, {})
    if not isinstance(servers, dict):
        raise _refuse(path, f"has {which.key!r} as {_kind(servers)}, not an object of servers by name", which, entry)
    return raw, text, doc, Layout.of(text, bom)


def _merge(old: Any, new: dict[str, Any], which: Host) -> tuple[dict[str, Any], list[str]]:
    """The updated entry: the new command and args (and type), the old env plus what was passed, and every other
    key of the old entry (`disabled`, `cwd`, ...) as it was, in its place."""
    base: dict[str, Any] = dict(old) if isinstance(old, dict) else {}
    if which.typed:
        new = {"type": "stdio", **new}
    merged = dict(base)
    said: list[str] = [] if isinstance(old, dict) or old is None else [f"replaced {_kind(old)}, which is no entry"]
    for key in ("type", "command", "args"):
        if key in new and base.get(key) != new[key]:
            said.append(f"{key}: {json.dumps(base[key]) if key in base else '(none)'} -> {json.dumps(new[key])}")
            merged[key] = new[key]
    found = base.get("env")
    old_env: dict[str, Any] = found if isinstance(found, dict) else {}
    env = dict(old_env)
    for name, value in new.get("env", {}).items():
        if name not in old_env:
            said.append(f"env {name}: set")
        elif old_env[name] != value:
            said.append(f"env {name}: replaced")
        env[name] = value
    said += [f"env {name}: kept as it was" for name in old_env if name not in new.get("env", {})]
    if env or "env" in base:
        merged["env"] = env
    return merged, said


def plan(which: Host, path: Path, entry: dict[str, Any], secrets: Mapping[str, str]) -> Change:
    """Read and check the file, and work out its new bytes; nothing is written. Refuses (InvalidArgument, the
    file untouched) a file that is not JSON, not an object, or whose servers' key is not an object."""
    typed = {"type": "stdio", **entry} if which.typed else entry
    hidden = {k: "<your value>" if k in secrets else v for k, v in entry.get("env", {}).items()}
    before, text, doc, layout = _read(path, which, json.dumps({**typed, "env": hidden} if hidden else typed))
    servers: dict[str, Any] = doc.get(which.key) or {}
    others = [name for name in servers if name != SERVER_NAME]
    merged, said = _merge(servers.get(SERVER_NAME), entry, which)
    after = layout.encode(set_member(text, which.key, SERVER_NAME, merged, layout))
    action: Literal["added", "updated", "unchanged"] = (
        "added" if SERVER_NAME not in servers else "unchanged" if servers[SERVER_NAME] == merged else "updated"
    )
    masked = dict(merged)
    if "env" in merged:
        masked["env"] = {k: ("<hidden>" if k in secrets else v) for k, v in merged["env"].items()}
    shown = layout.encode(set_member(text, which.key, SERVER_NAME, masked, layout))
    return Change(which, path, before, after, action, said, others, shown)


def backup_path(path: Path, now: datetime) -> Path:
    """`NAME.bak-YYYYmmdd-HHMMSS` beside the file; `-2`, `-3`, ... when one of that second exists."""
    stem = f"{path.name}.bak-{now:%Y%m%d-%H%M%S}"
    candidate, n = path.with_name(stem), 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{stem}-{n}")
    return candidate


def apply(change: Change, now: datetime) -> Path | None:
    """Back the old file up (its exact bytes, created exclusively, never over another file), then write the new
    one beside it and rename it into place (never a half-written config). Returns the backup, or None when
    there was no file. A config reached through a link (a dotfiles checkout) is written where the link points."""
    target = Path(os.path.realpath(change.path))
    backup = None
    try:
        make_real_dir(target.parent)
        if change.before is not None:
            backup = backup_path(target, now)
            with open(backup, "xb") as handle:
                handle.write(change.before)
                handle.flush()
                os.fsync(handle.fileno())
    except OSError as exc:
        raise StorageError(f"Cannot back up {target}: {exc.strerror or exc}; nothing was changed.") from exc
    atomic_write_bytes(target, change.after)  # mode 0600: the file may hold API keys
    return backup


def diff(change: Change) -> str:
    old = (change.before or b"").decode("utf-8-sig").splitlines(keepends=True)
    new = change.shown.decode("utf-8-sig").splitlines(keepends=True)
    name = str(change.path)
    return "".join(difflib.unified_diff(old, new, f"{name} (now)", f"{name} (after install)"))


def report(change: Change, backup: Path | None, dry_run: bool) -> list[str]:
    """What the person reads: the file, the backup, what changed in the entry, the servers kept, the next step."""
    lines = [f"{change.host.title}: {change.path}" + ("" if change.before is not None else " (new file)")]
    where = f"{change.host.key}.{SERVER_NAME}"
    if change.action == "unchanged":
        lines.append(f"{where} is already as asked: nothing to change, nothing written.")
        return lines
    if dry_run:
        lines += [f"dry run: would have {change.action} {where}; nothing written. The change:", diff(change).rstrip()]
    else:
        if backup is not None:
            lines.append(f"backup of the old file: {backup}")
        lines.append(f"{change.action} {where}")
    lines += [f"  {line}" for line in change.changes]
    kept = ", ".join(change.others) if change.others else "none"
    lines.append(f"other servers kept as they were: {kept}")
    if not dry_run:
        lines.append(f"next: {change.host.restart}")
    return lines


def install(
    name: str,
    config: str | None,
    env_pairs: list[str],
    dry_run: bool = False,
    form: Form | None = None,
    now: datetime | None = None,
) -> list[str]:
    """`sweepy install`: the lines to print. `form` None: this checkout's server when Sweepy runs from one (the
    package is not on the index yet), else `uvx sweepy-mcp` (from the clone it was built from, if it was).
    `config` None: the host's own file on this OS."""
    which = host(name)
    env = parse_env(env_pairs)
    chosen: Form = form or ("checkout" if is_checkout() else "uvx")
    clone = _installed_from() if form is None and chosen == "uvx" else None
    entry = server_entry(chosen, env, INSTALL_DIR, sys.executable, clone)
    warn = []
    if chosen == "uvx" and shutil.which("uvx") is None:
        warn.append(
            "note: uvx is not on this PATH: install uv (docs.astral.sh/uv) first; a host that still cannot find it "
            "(macOS apps do not read your shell's PATH) needs uvx's full path as the entry's command."
        )
    path = Path(os.path.abspath(os.path.expanduser(config))) if config else default_config(which)
    if path is None:
        return [
            "Claude Code adds servers with its own command; run:",
            f"  {claude_mcp_add(entry)}",
            "(or `sweepy install claude-code --config .mcp.json` writes a project's file, shared with everyone on it)",
            *warn,
            f"next: {which.restart}",
        ]
    if not path.parent.is_dir():
        warn.append(f"note: {path.parent} did not exist (is {which.title} installed?); the install creates it.")
    change = plan(which, path, entry, env)
    backup = None if dry_run or change.action == "unchanged" else apply(change, now or datetime.now())
    return [*report(change, backup, dry_run), *warn]
