"""The bundled title table (sweepy/data/titles.yaml) read once into lookups the title model uses.

The file is data reviewed by hand, so a malformed entry is a bug in Sweepy, reported with the entry's place."""

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

import yaml

from .text import normalize

Level = Literal["intern", "junior", "mid", "senior", "lead", "principal"]
LEVELS: tuple[Level, ...] = ("intern", "junior", "mid", "senior", "lead", "principal")
"""Lowest to highest: the level factor counts the steps between two of them."""

Words = tuple[str, ...]


@dataclass(frozen=True)
class Family:
    """Role nouns that name one job (`heads`) or a job close to it (`near_heads`); see the YAML's comments."""

    name: str
    heads: frozenset[str]
    near_heads: frozenset[str]
    generic: frozenset[str]
    kinds: frozenset[str]
    near_kinds: frozenset[str]
    only_for_kinds: bool
    requires: frozenset[str]

    def nouns(self) -> frozenset[str]:
        return self.heads | self.near_heads

    def applies(self, mods: Words) -> bool:
        """Whether a profile title with these modifiers (generic ones taken out) may take this family's nouns."""
        if self.only_for_kinds and not all(m in self.kinds or m in self.near_kinds for m in mods):
            return False
        return not self.requires or any(m in self.requires for m in mods)


@dataclass(frozen=True)
class TitleTable:
    abbreviations: dict[str, Words]
    """One word → the words of its long form."""
    spellings: dict[Words, Words]
    """Another spelling (or language) → the spelling Sweepy reads."""
    terms: dict[Words, str]
    """Words read as one token: compounds, multi-word role nouns, level and noise phrases."""
    run_starts: frozenset[str]
    """The first words of every run in `spellings` and `terms`: a word not among them starts none."""
    longest_spelling: int
    longest_term: int
    levels: dict[str, Level]
    numbered: dict[str, Level]
    noise: frozenset[str]
    weak_heads: frozenset[str]
    families: tuple[Family, ...]
    roles: frozenset[str]
    """Every role noun a family names."""
    blockers: frozenset[str]
    """Role nouns that are a part's head when they follow another ("Developer Advocate"), weak heads left out."""
    same_modifier: dict[str, str]
    kin_modifiers: frozenset[frozenset[str]]
    near_modifiers: frozenset[frozenset[str]]


def _words(text: object, where: str) -> Words:
    if not isinstance(text, str) or not normalize(text):
        raise ValueError(f"titles.yaml: {where} must be a non-empty string, not {text!r}")
    words = tuple(normalize(text).split())
    if " ".join(words) != text:
        raise ValueError(f"titles.yaml: {where} {text!r} must be written as normalize() leaves it")
    return words


def _phrases(items: object, where: str) -> list[str]:
    if not isinstance(items, list):
        raise ValueError(f"titles.yaml: {where} must be a list, not {items!r}")
    phrases = [" ".join(_words(item, where)) for item in items]
    twice = sorted({p for p in phrases if phrases.count(p) > 1})
    if twice:
        raise ValueError(f"titles.yaml: {where} names {', '.join(twice)} twice")
    return phrases


def _section(raw: dict[str, Any], name: str) -> dict[str, Any]:
    value = raw.get(name)
    if not isinstance(value, dict):
        raise ValueError(f"titles.yaml: the section {name!r} must be a mapping")
    return value


def _family(name: str, raw: object) -> Family:
    if not isinstance(raw, dict):
        raise ValueError(f"titles.yaml: the family {name!r} must be a mapping")
    known = {"heads", "near_heads", "generic", "kinds", "near_kinds", "only_for_kinds", "requires"}
    if set(raw) - known:
        raise ValueError(f"titles.yaml: the family {name!r} has unknown keys {sorted(set(raw) - known)}")

    def field(key: str) -> frozenset[str]:
        return frozenset(_phrases(raw.get(key, []), f"families.{name}.{key}"))

    return Family(
        name,
        field("heads"),
        field("near_heads"),
        field("generic"),
        field("kinds"),
        field("near_kinds"),
        bool(raw.get("only_for_kinds", False)),
        field("requires"),
    )


def _levels(raw: dict[str, Any], where: str) -> dict[str, Level]:
    found: dict[str, Level] = {}
    for level, words in raw.items():
        if level not in LEVELS:
            raise ValueError(f"titles.yaml: {where} names the level {level!r}; levels are {', '.join(LEVELS)}")
        for phrase in _phrases(words, f"{where}.{level}"):
            if phrase in found:
                raise ValueError(f"titles.yaml: {where} gives {phrase!r} two levels")
            found[phrase] = level
    return found


def _pairs(groups: object, where: str) -> frozenset[frozenset[str]]:
    if not isinstance(groups, list):
        raise ValueError(f"titles.yaml: {where} must be a list of groups")
    return frozenset(
        frozenset((a, b)) for group in groups for a in _phrases(group, where) for b in _phrases(group, where) if a != b
    )


def parse_table(raw: dict[str, Any]) -> TitleTable:
    """The lookups for one parsed YAML document (tests feed it broken ones)."""
    abbreviations = {
        " ".join(_words(short, "an abbreviation")): _words(long, f"abbreviations.{short}")
        for short, long in _section(raw, "abbreviations").items()
    }
    spellings: dict[Words, Words] = {}
    terms: dict[Words, str] = {}
    for section in ("spellings", "compounds"):
        for canonical, variants in _section(raw, section).items():
            target = _words(canonical, section)
            for variant in _phrases(variants, f"{section}.{canonical}"):
                if tuple(variant.split()) in spellings:
                    raise ValueError(f"titles.yaml: {section} spells {variant!r} twice")
                spellings[tuple(variant.split())] = target
            if section == "compounds":
                terms[target] = canonical
    levels = _levels(_section(raw, "levels"), "levels")
    numbered = _levels(_section(raw, "numbered"), "numbered")
    noise = _phrases(raw.get("noise"), "noise")
    weak_heads = frozenset(_phrases(raw.get("weak_heads", []), "weak_heads"))
    families = tuple(_family(name, family) for name, family in _section(raw, "families").items())
    roles = frozenset(noun for family in families for noun in family.nouns())
    blockers = (roles | frozenset(_phrases(raw.get("other_roles", []), "other_roles"))) - weak_heads
    for phrase in (*levels, *noise, *roles):
        if " " in phrase:
            terms[tuple(phrase.split())] = phrase
    modifiers = _section(raw, "modifiers")
    same: dict[str, str] = {}
    for group in modifiers.get("same", []):
        first, *others = _phrases(group, "modifiers.same")
        same.update(dict.fromkeys(others, first))
        terms.update({tuple(p.split()): p for p in (first, *others) if " " in p})
    return TitleTable(
        abbreviations=abbreviations,
        spellings=spellings,
        terms=terms,
        run_starts=frozenset(run[0] for run in (*spellings, *terms) if len(run) > 1),
        longest_spelling=max(map(len, (*spellings, *terms)), default=1),
        longest_term=max(map(len, terms), default=1),
        levels=levels,
        numbered=numbered,
        noise=frozenset(noise),
        weak_heads=weak_heads,
        blockers=blockers,
        families=families,
        roles=roles,
        same_modifier=same,
        kin_modifiers=_pairs(modifiers.get("kin", []), "modifiers.kin"),
        near_modifiers=_pairs(modifiers.get("near", []), "modifiers.near"),
    )


def raw_table() -> dict[str, Any]:
    """The bundled YAML as parsed, for the tests that check its shape."""
    text = resources.files("sweepy").joinpath("data/titles.yaml").read_text(encoding="utf-8")
    raw = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml's safe loader: 10x faster
    if not isinstance(raw, dict):
        raise ValueError("titles.yaml must be a mapping of sections")
    return raw


@functools.cache
def title_table() -> TitleTable:
    """Read on first use: a sweep that never filters by title (or a tool call that never sweeps) never pays."""
    return parse_table(raw_table())
