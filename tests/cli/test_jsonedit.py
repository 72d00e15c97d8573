"""sweepy.jsonedit: one member of a config file set in its text, the person's own bytes kept around it."""

import json
from pathlib import Path

import pytest

from sweepy.hosts import install
from sweepy.jsonedit import Layout, set_member

ENTRY = {"command": "uvx", "args": ["sweepy-mcp"]}


def _set(text: str, value: object = ENTRY) -> str:
    return set_member(text, "mcpServers", "sweepy", value, Layout.of(text, bom=False))


def test_an_entry_added_after_the_others_keeps_their_text() -> None:
    text = '{\n  "mcpServers": {\n    "a": {"command": "x"}\n  },\n  "n": 1.5e3\n}\n'
    assert _set(text) == (
        '{\n  "mcpServers": {\n    "a": {"command": "x"},\n'
        '    "sweepy": {\n      "command": "uvx",\n      "args": [\n        "sweepy-mcp"\n      ]\n    }\n'
        '  },\n  "n": 1.5e3\n}\n'
    )


def test_an_existing_entry_is_replaced_where_it_stands() -> None:
    text = '{"mcpServers": {\n\t"sweepy": {"command": "old"},\n\t"b": {}\n}}'
    edited = _set(text, {"command": "uvx"})
    assert edited == '{"mcpServers": {\n\t"sweepy": {\n\t\t"command": "uvx"\n\t},\n\t"b": {}\n}}'


def test_tabs_and_windows_line_ends_are_kept() -> None:
    text = '{\r\n\t"theme": 1,\r\n\t"mcpServers": {}\r\n}\r\n'
    edited = _set(text, {"command": "uvx"})
    lines = [
        "{",
        '\t"theme": 1,',
        '\t"mcpServers": {',
        '\t\t"sweepy": {',
        '\t\t\t"command": "uvx"',
        "\t\t}",
        "\t}",
        "}",
        "",
    ]
    assert edited == "\r\n".join(lines)


def test_a_one_line_file_stays_one_line() -> None:
    assert _set('{"a": 1}') == '{"a": 1, "mcpServers": {"sweepy": {"command": "uvx", "args": ["sweepy-mcp"]}}}'
    assert (
        _set('{"mcpServers": {"b": 2}}')
        == '{"mcpServers": {"b": 2, "sweepy": {"command": "uvx", "args": ["sweepy-mcp"]}}}'
    )


def test_an_empty_file_gets_a_whole_document() -> None:
    assert json.loads(_set("")) == {"mcpServers": {"sweepy": ENTRY}}
    assert json.loads(_set("{}")) == {"mcpServers": {"sweepy": ENTRY}}


@pytest.mark.parametrize("text", ['{"a": "}", "mcpServers": {"q\\"": 1}}', '{"mcpServers" : { "x" : [ "{" ] } }'])
def test_strings_holding_braces_and_quotes_do_not_confuse_it(text: str) -> None:
    edited = _set(text)
    before = json.loads(text)
    assert json.loads(edited) == {**before, "mcpServers": {**before["mcpServers"], "sweepy": ENTRY}}
    assert edited.startswith(text[: text.index("mcpServers")])


def test_a_byte_order_mark_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "claude_desktop_config.json"
    path.write_bytes(b'\xef\xbb\xbf{\n  "mcpServers": {}\n}\n')
    install("claude-desktop", str(path), [], form="uvx")
    raw = path.read_bytes()
    assert raw.startswith(b'\xef\xbb\xbf{\n  "mcpServers": {\n    "sweepy": {')
    assert json.loads(raw.decode("utf-8-sig")) == {"mcpServers": {"sweepy": ENTRY}}
