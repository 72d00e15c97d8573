"""`sweepy install HOST` (issue 22, item 2): Sweepy's entry added to or updated in each host's own config file,
every other server and key kept, a backup of the old bytes first, API keys only when passed, and files that
are not JSON, or whose servers are not an object, refused and left byte for byte as they were."""

import json
import os
import sys
from datetime import datetime
from pathlib import Path

import pytest
from conftest import ROOT

from sweepy.cli import main
from sweepy.errors import InvalidArgument
from sweepy.hosts import HOSTS, built_from, default_config, install, server_entry

NOW = datetime(2026, 12, 2, 7, 30, 5)
HOST_NAMES = list(HOSTS)
UVX = {"command": "uvx", "args": ["sweepy-mcp"]}


def _key(host: str) -> str:
    return "servers" if host == "vscode" else "mcpServers"


def _uvx(host: str, **extra: object) -> dict[str, object]:
    """The entry `sweepy install --uvx` writes: VS Code's carries "type": "stdio" first."""
    return {**({"type": "stdio"} if host == "vscode" else {}), **UVX, **extra}


def _config(host: str, tmp_path: Path) -> tuple[Path, str]:
    """A host file as a person has it: another server on one compact line, a setting before and after the
    servers, a number in exponent form, four-space indents."""
    other = '{"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"], "env": {"GITHUB_TOKEN": "t"}}'
    text = (
        f'{{\n    "theme": "dark",\n    "{_key(host)}": {{\n        "github": {other}\n    }},\n    "zoom": 1.5e1\n}}\n'
    )
    path = tmp_path / f"{host}.json"
    path.write_text(text, encoding="utf-8")
    return path, text


def _backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.bak-*"))


@pytest.mark.parametrize("host", HOST_NAMES)
def test_install_adds_the_entry_and_keeps_every_other_line(host: str, tmp_path: Path) -> None:
    path, before = _config(host, tmp_path)
    lines = install(host, str(path), [], form="uvx", now=NOW)
    after = path.read_text(encoding="utf-8")
    doc = json.loads(after)
    assert list(doc) == ["theme", _key(host), "zoom"] and doc["theme"] == "dark" and doc["zoom"] == 15
    assert list(doc[_key(host)]) == ["github", "sweepy"]
    assert doc[_key(host)]["sweepy"] == _uvx(host)  # no env: nothing was passed
    for line in [*before.splitlines()[:3], '    "zoom": 1.5e1', "}"]:  # the person's own lines, as written
        assert line in after.splitlines()
    assert after.splitlines()[3] == before.splitlines()[3] + ","  # the other server's line, only a comma added
    [backup] = _backups(path)
    assert backup.name == f"{host}.json.bak-20261202-073005" and backup.read_text(encoding="utf-8") == before
    assert f"backup of the old file: {backup}" in lines
    assert f"added {_key(host)}.sweepy" in lines
    assert "other servers kept as they were: github" in lines
    assert lines[-1].startswith("next: ") or lines[-1].startswith("note: uvx is not on this PATH")


@pytest.mark.parametrize("host", HOST_NAMES)
def test_install_updates_the_entry_in_place_and_keeps_its_other_keys(host: str, tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    old_entry = {"command": "/old/python", "args": ["/old/server.py"], "env": {"ADZUNA_APP_ID": "id1"}, "cwd": "/x"}
    doc = {_key(host): {"sweepy": old_entry, "github": {"command": "npx"}}, "after": [1, 2]}
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    old_bytes = path.read_bytes()
    lines = install(host, str(path), ["ADZUNA_APP_KEY=k2"], form="uvx", now=NOW)
    new = json.loads(path.read_text(encoding="utf-8"))
    assert list(new[_key(host)]) == ["sweepy", "github"]  # where it was, not moved to the end
    env = {"ADZUNA_APP_ID": "id1", "ADZUNA_APP_KEY": "k2"}
    expected = {"command": "uvx", "args": ["sweepy-mcp"], "env": env, "cwd": "/x"}
    if host == "vscode":
        expected["type"] = "stdio"
    assert new[_key(host)]["sweepy"] == expected
    assert new[_key(host)]["github"] == {"command": "npx"} and new["after"] == [1, 2]
    assert f"updated {_key(host)}.sweepy" in lines
    assert '  command: "/old/python" -> "uvx"' in lines
    assert "  env ADZUNA_APP_KEY: set" in lines and "  env ADZUNA_APP_ID: kept as it was" in lines
    assert [b.read_bytes() for b in _backups(path)] == [old_bytes]


@pytest.mark.parametrize("host", HOST_NAMES)
def test_a_dry_run_prints_the_change_and_writes_nothing(host: str, tmp_path: Path) -> None:
    path, before = _config(host, tmp_path)
    lines = install(host, str(path), ["ADZUNA_APP_KEY=s3cret"], dry_run=True, form="uvx", now=NOW)
    assert path.read_text(encoding="utf-8") == before and _backups(path) == []
    text = "\n".join(lines)
    assert f"dry run: would have added {_key(host)}.sweepy; nothing written. The change:" in lines
    assert '+        "sweepy": {' in text and '+                "ADZUNA_APP_KEY": "<hidden>"' in text
    assert "s3cret" not in text  # the key is not echoed into the terminal's scrollback


@pytest.mark.parametrize("host", HOST_NAMES)
@pytest.mark.parametrize(
    ("content", "why"),
    [
        ('{"mcpServers": {"a": {}},}', "is not valid JSON: Expecting property name enclosed in double quotes"),
        ("{\n  // my servers\n}", "is not valid JSON"),
        ('{"a": 1, "a": 2}', "cannot be rewritten faithfully: the key 'a' appears twice in one object"),
        ("[1, 2]", "holds a list, not an object of settings"),
        ('{"x": NaN}', "cannot be rewritten faithfully: NaN is not JSON"),
        (b"\xff\xfe{}", "is not UTF-8 text"),
    ],
)
def test_a_file_that_is_not_a_json_object_is_refused_and_untouched(
    host: str, content: str | bytes, why: str, tmp_path: Path
) -> None:
    folder = tmp_path / "host"
    folder.mkdir()
    path = folder / "config.json"
    raw = content if isinstance(content, bytes) else content.encode()
    path.write_bytes(raw)
    with pytest.raises(InvalidArgument) as refused:
        install(host, str(path), ["K=v"], form="uvx", now=NOW)
    assert refused.value.message.startswith(f"{path} {why}")
    assert "so it was left untouched" in refused.value.message
    assert f'"sweepy": {json.dumps(_uvx(host, env={"K": "<your value>"}))}' in refused.value.message
    assert path.read_bytes() == raw and _backups(path) == []
    assert sorted(p.name for p in folder.iterdir()) == ["config.json"]  # no temp file left either


@pytest.mark.parametrize("host", HOST_NAMES)
@pytest.mark.parametrize(("servers", "kind"), [("[]", "a list"), ('"sweepy"', "a string"), ("null", "null")])
def test_servers_that_are_not_an_object_are_refused_and_untouched(
    host: str, servers: str, kind: str, tmp_path: Path
) -> None:
    path = tmp_path / "config.json"
    path.write_text(f'{{"{_key(host)}": {servers}}}', encoding="utf-8")
    raw = path.read_bytes()
    with pytest.raises(InvalidArgument, match=f"has '{_key(host)}' as {kind}, not an object of servers"):
        install(host, str(path), [], form="uvx", now=NOW)
    assert path.read_bytes() == raw and _backups(path) == []


def test_env_holds_only_what_was_passed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADZUNA_APP_KEY", "from-the-shell")  # in the environment, not passed: never copied
    path = tmp_path / "claude_desktop_config.json"
    install("claude-desktop", str(path), ["JOOBLE_API_KEY=j=1"], form="uvx", now=NOW)
    entry = json.loads(path.read_text(encoding="utf-8"))["mcpServers"]["sweepy"]
    assert entry == {**UVX, "env": {"JOOBLE_API_KEY": "j=1"}}  # a value may hold "="
    assert "from-the-shell" not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("pair", ["NOEQUALS", "=value", "MY KEY=v", "1ST=v"])
def test_a_bad_env_pair_is_refused_before_anything_is_read(pair: str, tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="is not NAME=VALUE"):
        install("cursor", str(tmp_path / "missing" / "mcp.json"), [pair], form="uvx")
    assert not (tmp_path / "missing").exists()


def test_a_missing_file_is_created_with_its_folder_and_no_backup(tmp_path: Path) -> None:
    path = tmp_path / "Code" / "User" / "mcp.json"
    lines = install("vscode", str(path), [], form="uvx", now=NOW)
    assert json.loads(path.read_text(encoding="utf-8")) == {"servers": {"sweepy": _uvx("vscode")}}
    assert lines[0] == f"VS Code: {path} (new file)" and not any(line.startswith("backup") for line in lines)
    assert f"note: {path.parent} did not exist (is VS Code installed?); the install creates it." in lines
    assert _backups(path) == []


def test_running_it_again_changes_nothing(tmp_path: Path) -> None:
    path, _ = _config("cursor", tmp_path)
    install("cursor", str(path), ["K=v"], form="uvx", now=NOW)
    written = path.read_bytes()
    lines = install("cursor", str(path), ["K=v"], form="uvx", now=datetime(2026, 12, 3))
    assert lines[1] == "mcpServers.sweepy is already as asked: nothing to change, nothing written."
    assert path.read_bytes() == written and len(_backups(path)) == 1


def test_two_installs_in_one_second_keep_both_backups(tmp_path: Path) -> None:
    path, first = _config("cursor", tmp_path)
    install("cursor", str(path), [], form="uvx", now=NOW)
    second = path.read_bytes()
    install("cursor", str(path), [], form="checkout", now=NOW)
    assert [b.name for b in _backups(path)] == ["cursor.json.bak-20261202-073005", "cursor.json.bak-20261202-073005-2"]
    assert [b.read_bytes() for b in _backups(path)] == [first.encode(), second]


def test_a_linked_config_is_written_where_the_link_points(tmp_path: Path) -> None:
    # A dotfiles checkout links ~/.cursor/mcp.json to its own copy: the link stays a link.
    real = tmp_path / "dotfiles" / "mcp.json"
    real.parent.mkdir()
    real.write_text('{"mcpServers": {}}', encoding="utf-8")
    link = tmp_path / "mcp.json"
    link.symlink_to(real)
    install("cursor", str(link), [], form="uvx", now=NOW)
    assert link.is_symlink() and json.loads(real.read_text(encoding="utf-8"))["mcpServers"]["sweepy"] == UVX
    assert [b.parent for b in real.parent.glob("mcp.json.bak-*")] == [real.parent]


def test_from_a_checkout_the_entry_runs_its_server_py_and_is_the_default(tmp_path: Path) -> None:
    path = tmp_path / "mcp.json"
    install("cursor", str(path), [], now=NOW)  # the tests run from a checkout: its form without asking
    entry = json.loads(path.read_text(encoding="utf-8"))["mcpServers"]["sweepy"]
    assert entry == {"command": sys.executable, "args": [str(ROOT / "server.py")], "env": {"SWEEPY_HOME": str(ROOT)}}


def test_claude_code_without_a_file_prints_its_own_command(tmp_path: Path) -> None:
    lines = install("claude-code", None, ["ADZUNA_APP_KEY=a b"], form="uvx")
    assert lines[:2] == [
        "Claude Code adds servers with its own command; run:",
        "  claude mcp add --scope user -e 'ADZUNA_APP_KEY=a b' sweepy -- uvx sweepy-mcp",
    ]
    project = tmp_path / ".mcp.json"
    install("claude-code", str(project), [], form="uvx", now=NOW)
    assert json.loads(project.read_text(encoding="utf-8")) == {"mcpServers": {"sweepy": UVX}}


@pytest.mark.parametrize(
    ("host", "platform", "expected"),
    [
        ("claude-desktop", "darwin", "HOME/Library/Application Support/Claude/claude_desktop_config.json"),
        ("claude-desktop", "win32", "APPDATA/Claude/claude_desktop_config.json"),
        ("claude-desktop", "linux", "XDG/Claude/claude_desktop_config.json"),
        ("vscode", "darwin", "HOME/Library/Application Support/Code/User/mcp.json"),
        ("vscode", "win32", "APPDATA/Code/User/mcp.json"),
        ("vscode", "linux", "XDG/Code/User/mcp.json"),
        ("cursor", "darwin", "HOME/.cursor/mcp.json"),
        ("cursor", "win32", "HOME/.cursor/mcp.json"),
        ("cursor", "linux", "HOME/.cursor/mcp.json"),
    ],
)
def test_each_host_file_is_where_its_documentation_puts_it(host: str, platform: str, expected: str) -> None:
    env = {"APPDATA": "/appdata", "XDG_CONFIG_HOME": "/xdg"}
    found = default_config(HOSTS[host], platform, env, Path("/home/dana"))
    assert str(found) == expected.replace("HOME", "/home/dana").replace("APPDATA", "/appdata").replace("XDG", "/xdg")


def test_linux_without_xdg_config_home_uses_dot_config() -> None:
    found = default_config(HOSTS["claude-desktop"], "linux", {}, Path("/home/dana"))
    assert found == Path("/home/dana/.config/Claude/claude_desktop_config.json")
    assert default_config(HOSTS["claude-code"], "linux", {}, Path("/home/dana")) is None


def test_the_command_prints_the_change_and_refusals_go_to_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.json").write_text('{"mcpServers": []}', encoding="utf-8")
    assert main(["install", "cursor", "--config", "bad.json", "--uvx"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"error: {tmp_path / 'bad.json'} has 'mcpServers' as")
    assert main(["install", "vscode", "--config", ".vscode/mcp.json", "--uvx", "--env", "K=v"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"VS Code: {tmp_path / '.vscode' / 'mcp.json'} (new file)"
    assert json.loads((tmp_path / ".vscode" / "mcp.json").read_text(encoding="utf-8"))["servers"]["sweepy"] == (
        _uvx("vscode", env={"K": "v"})
    )
    assert oct(os.stat(tmp_path / ".vscode" / "mcp.json").st_mode & 0o777) == "0o600"  # it may hold keys


def test_a_sweepy_built_from_a_clone_registers_uvx_from_that_clone() -> None:
    # `uvx --from . sweepy install ...` runs a Sweepy built from the clone, which the index does not have yet.
    assert built_from('{"url": "file:///home/dana/sweepy", "dir_info": {}}') == Path("/home/dana/sweepy")
    assert built_from('{"url": "file:///tmp/dist/sweepy_mcp-0.1.0-py3-none-any.whl", "archive_info": {}}') is None
    assert built_from('{"url": "https://example.com/x.tar.gz", "archive_info": {}}') is None
    assert built_from(None) is None and built_from("not json") is None
    entry = server_entry("uvx", {}, ROOT, sys.executable, Path("/home/dana/sweepy"))
    assert entry == {"command": "uvx", "args": ["--from", "/home/dana/sweepy", "sweepy-mcp"]}
