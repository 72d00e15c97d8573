"""Set one member of a JSON config file in its text, so everything else keeps its bytes: the person's spacing,
key order, number spellings (`1.5e3` stays `1.5e3`) and compact lines. Used by `sweepy install` (sweepy.hosts)."""

import json
import re
from dataclasses import dataclass
from typing import Any

_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


@dataclass(frozen=True)
class Layout:
    """How a file is written, for text Sweepy adds to it: indent unit, line ends, BOM, final newline."""

    indent: str = "  "
    newline: str = "\n"
    bom: bool = False
    final_newline: bool = True

    @classmethod
    def of(cls, text: str, bom: bool) -> "Layout":
        found = re.search(r"^([ \t]+)\S", text, re.MULTILINE)  # the first indented line sets the unit
        indent = "  " if found is None else ("\t" if "\t" in found.group(1) else found.group(1))
        final = text.endswith("\n") or not text.strip()
        return cls(indent, "\r\n" if "\r\n" in text else "\n", bom, final)

    def value(self, value: Any, base: str = "") -> str:
        """`value` as JSON in this layout, its lines after the first indented by `base`."""
        return json.dumps(value, indent=self.indent, ensure_ascii=False).replace("\n", self.newline + base)

    def encode(self, text: str) -> bytes:
        return ("\ufeff" if self.bom else "").encode() + text.encode("utf-8")


@dataclass(frozen=True)
class _Member:
    key: str
    key_start: int
    value_start: int
    value_end: int


def _object(text: str, start: int) -> tuple[list[_Member], int]:
    """The members of the object whose `{` is at `start`, and the index of its `}`. `text` is valid JSON."""
    members: list[_Member] = []
    i = _WS.match(text, start + 1).end()  # type: ignore[union-attr]  # [ \t\n\r]* always matches
    if text[i] == "}":
        return members, i
    while True:
        key, after_key = _DECODER.raw_decode(text, i)
        colon = _WS.match(text, after_key).end()  # type: ignore[union-attr]
        value_start = _WS.match(text, colon + 1).end()  # type: ignore[union-attr]
        _, value_end = _DECODER.raw_decode(text, value_start)
        members.append(_Member(key, i, value_start, value_end))
        after = _WS.match(text, value_end).end()  # type: ignore[union-attr]
        if text[after] == "}":
            return members, after
        i = _WS.match(text, after + 1).end()  # type: ignore[union-attr]  # past the comma


def _indent_at(text: str, index: int, fallback: str) -> str:
    """The whitespace that starts the line holding `index`, when only whitespace comes before it there."""
    line_start = text.rfind("\n", 0, index) + 1
    lead = text[line_start:index]
    return lead if lead.strip() == "" and line_start > 0 else fallback


def _insert(text: str, start: int, key: str, value: Any, layout: Layout, depth: int) -> str:
    """Add `key: value` last in the object whose `{` is at `start`."""
    members, close = _object(text, start)
    if members:
        last = members[-1]
        if "\n" not in text[start:close]:  # a one-line object stays on one line
            member = f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
            return text[: last.value_end] + ", " + member + text[last.value_end :]
        base = _indent_at(text, last.key_start, layout.indent * depth)
        member = f"{json.dumps(key)}: {layout.value(value, base)}"
        return text[: last.value_end] + f",{layout.newline}{base}" + member + text[last.value_end :]
    outer = _indent_at(text, start, layout.indent * (depth - 1))
    base = outer + layout.indent
    member = f"{json.dumps(key)}: {layout.value(value, base)}"
    return text[:start] + "{" + layout.newline + base + member + layout.newline + outer + "}" + text[close + 1 :]


def set_member(text: str, outer: str, name: str, value: Any, layout: Layout) -> str:
    """`text` (a JSON object, already checked to be one, whose `outer` is an object or absent) with
    `doc[outer][name] = value`: the member replaced where it stands, or added last. Anything unexpected in the
    text falls back to writing the whole document in `layout`, whose meaning is the same."""
    doc = json.loads(text) if text.strip() else {}
    expected = {**doc, outer: {**doc.get(outer, {}), name: value}}
    try:
        edited = _splice(text, outer, name, value, layout)
        if json.loads(edited) == expected:
            return edited
    except (ValueError, IndexError, AttributeError):
        pass
    return layout.value(expected) + (layout.newline if layout.final_newline else "")


def _splice(text: str, outer: str, name: str, value: Any, layout: Layout) -> str:
    start = _WS.match(text).end()  # type: ignore[union-attr]
    top, _ = _object(text, start)
    holder = next((m for m in top if m.key == outer), None)
    if holder is None:
        return _insert(text, start, outer, {name: value}, layout, 1)
    inner, _ = _object(text, holder.value_start)
    found = next((m for m in inner if m.key == name), None)
    if found is None:
        return _insert(text, holder.value_start, name, value, layout, 2)
    base = _indent_at(text, found.key_start, layout.indent * 2)
    return text[: found.value_start] + layout.value(value, base) + text[found.value_end :]
