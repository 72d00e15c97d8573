"""Job titles as people write them: one posting title compared with the profile's titles through the bundled
table (sweepy/data/titles.yaml): abbreviations, compounds, role families, levels and the person's synonyms.

A title is read as parts (split at " - ", "|", ",", parentheses, "/"), each a list of tokens; the head of a part
is its last role noun, and a profile title's other words must qualify the posting's head: directly before it
("Senior Data Engineer"), or, when nothing but a generic word stands before it, in another part ("Staff
Engineer, Data"). docs/profile.md, "How titles match", says the same for the person."""

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .text import normalize
from .titletable import LEVELS, Family, Level, TitleTable, Words, title_table

SAME, FAMILY, KIN, NEAR = 1.0, 0.85, 0.85, 0.5
"""Strengths: the same title; a role noun of the same family (or a sibling field); near, kept but ranked low."""

_LEVEL_FACTORS = (1.0, 1.0, 0.75, 0.5, 0.3, 0.2)
"""By the steps between the posting's level and the person's: a neighbour is as good as the same level."""

_PAIR = re.compile(r"(?<![\w/])([^\W_][\w+#]*)/([^\W_][\w+#]*)(?![\w/])")
"""Two words joined by a slash, no space ("UX/UI", "Frontend/Backend"): alternatives that both qualify the role."""
_PARTS = re.compile(r"\s+[-–—]+\s*|[-–—]+\s+|[–—|,;:()\[\]{}/\\·•]")
"""Where a board puts a title's parts apart; a hyphen inside a word ("Full-Stack") is not one."""


@dataclass(frozen=True)
class TitleMatch:
    strength: float
    """In (0, 1]: 1.0 the same title, 0.85 the same job under another name, 0.5 near (kept, ranked low)."""
    target: str
    """The profile title it matched (a synonym's match names the profile title the synonym stands for)."""
    why: str


@dataclass(frozen=True)
class Reading:
    parts: tuple[Words, ...]
    """Each part's tokens, levels and noise taken out ("Sr. Data Engineer (Remote)" → (("data", "engineer"),))."""
    level: Level | None


def _respell(words: list[str], table: TitleTable) -> list[str]:
    """The table's spelling for each run of words (longest run first), a run the table reads as one kept whole
    ("dev ops" is not "developer ops"), and the long form of each abbreviation left."""
    out: list[str] = []
    i = 0
    while i < len(words):
        longest = min(table.longest_spelling, len(words) - i) if words[i] in table.run_starts else 1
        for size in range(longest, 1, -1):
            run = tuple(words[i : i + size])
            spelled = table.spellings.get(run) or (run if run in table.terms else None)
            if spelled is not None:
                out.extend(spelled)
                i += size
                break
        else:
            word = words[i]
            if word not in table.roles and word.endswith("s") and word[:-1] in table.roles:
                word = word[:-1]  # "Software Engineers (Backend, Infra)": a board hiring several is one job
            out.extend(table.spellings.get((word,)) or table.abbreviations.get(word, (word,)))
            i += 1
    return out


def _tokens(words: list[str], table: TitleTable) -> list[str]:
    """Runs of words the table reads as one (compounds, "account executive", "entry level"), longest first."""
    out: list[str] = []
    i = 0
    while i < len(words):
        longest = min(table.longest_term, len(words) - i) if words[i] in table.run_starts else 1
        for size in range(longest, 1, -1):
            term = table.terms.get(tuple(words[i : i + size]))
            if term is not None:
                out.append(term)
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return [table.same_modifier.get(token, token) for token in out if token not in table.noise]


def _strip_levels(tokens: list[str], table: TitleTable) -> tuple[Words, list[Level], list[Level]]:
    """The tokens without level words, the levels its words name, and the level its numbering names (counted
    only at a part's end: "Engineer II"). A level word that ends a part after other words stays as its head
    ("Customer Success Lead", "HR Associate"); a part of nothing but level words keeps them ("Team Lead")."""
    kept: list[str] = []
    words: list[Level] = []
    numbers: list[Level] = []
    for i, token in enumerate(tokens):
        last = i == len(tokens) - 1
        level = table.levels.get(token)
        number = table.numbered.get(token) if last and level is None else None
        if level is not None:
            words.append(level)
        elif number is not None:
            numbers.append(number)
        else:
            kept.append(token)
            continue
        if last and kept:
            kept.append(token)
    return (tuple(kept) if kept else tuple(tokens)), words, numbers


@functools.lru_cache(maxsize=16_384)
def read_title(title: str) -> Reading:
    """A title's parts and level (cached: a sweep sees the same few thousand titles over and over)."""
    table = title_table()
    parts: list[Words] = []
    words: list[Level] = []
    numbers: list[Level] = []
    pair = _PAIR.search(title)
    texts = [title]
    if pair:  # "Senior UX/UI Designer" is also read as "Senior UX Designer" and "Senior UI Designer"
        texts += [title[: pair.start()] + pair[k] + title[pair.end() :] for k in (1, 2)]
    for raw in (part for text in texts for part in _PARTS.split(text)):
        spelled = _respell(normalize(raw).split(), table)
        if len(spelled) > 2 and spelled[:2] == ["head", "of"]:  # "Head of Performance Marketing" leads that work
            spelled = [*spelled[2:], "lead"]
        kept, named, numbered = _strip_levels(_tokens(spelled, table), table)
        words += named
        numbers += numbered
        if kept and kept not in parts:
            parts.append(kept)
    levels = words or numbers
    return Reading(tuple(parts), max(levels, key=LEVELS.index) if levels else None)


def level_of(title: str) -> Level | None:
    """The level a title names: its highest level word ("Senior Staff Engineer" is principal), else its number
    ("Engineer II" is mid), else None."""
    return read_title(title).level


def level_factor(posting: Level | None, person: Level | None) -> float:
    """1.0 at the same or a neighbouring level (or when either is unknown), lower the further apart."""
    if posting is None or person is None:
        return 1.0
    return _LEVEL_FACTORS[abs(LEVELS.index(posting) - LEVELS.index(person))]


@dataclass(frozen=True)
class _Target:
    """One profile title (or a synonym of one) read for matching, its family's lookups precomputed."""

    title: str
    said: str
    head: str
    mods: Words
    """Its modifiers without generic ones, in order ("Senior Software Engineer, Backend" → ("back end",))."""
    generic: bool
    heads: dict[str, tuple[float, str]]
    """A posting's role noun → its strength and why."""
    generics: frozenset[str]
    kinds: frozenset[str]
    near_kinds: frozenset[str]


def _show(token: str) -> str:
    return token.title() if token.islower() else token


def _head_index(part: Words, heads: dict[str, tuple[float, str]] | frozenset[str], blockers: frozenset[str]) -> int:
    """The place of the part's head among `heads`, or -1: its last role noun, unless another role noun follows
    it ("Developer Advocate" is an advocate; a "Paralegal Specialist" is a paralegal, `specialist` being weak)."""
    for i in range(len(part) - 1, -1, -1):
        if part[i] in heads:
            return i
        if part[i] in blockers:
            return -1
    return -1


def _target(title: str, said: str, table: TitleTable) -> _Target | None:
    parts = read_title(said).parts
    if not parts:
        return None
    first = parts[0]
    i = _head_index(first, table.roles, table.blockers)
    i = i if i >= 0 else len(first) - 1
    head = first[i]
    families = [f for f in table.families if head in f.nouns()]
    generics = frozenset(g for f in families for g in f.generic)
    mods = tuple(m for m in first[:i] if m not in generics)
    generic = len(mods) < i
    if not mods:  # "Software Engineer, Backend", "Ingénieur Data": the words after the role say its field
        after = [m for part in (first[i + 1 :], *parts[1:]) for m in part]
        mods = tuple(m for m in after if m not in generics)
        # "Ingénieur logiciel" is "Software Engineer" (French puts the field after the role), not any engineer
        generic = generic or (not mods and any(m in generics for m in after))
    heads: dict[str, tuple[float, str]] = {head: (SAME, "")}
    applying: list[Family] = [f for f in families if f.applies(mods)]
    for family in applying:
        strong = family.heads if head in family.heads else frozenset()
        for noun in family.nouns() - {head}:
            strength = FAMILY if noun in strong else NEAR
            why = f"{_show(noun)} is {_show(head)}'s family" if strength == FAMILY else f"{_show(noun)} is near"
            if strength > heads.get(noun, (0.0, ""))[0]:
                heads[noun] = (strength, why + ("" if strength == FAMILY else f" {_show(head)}"))
    return _Target(
        title,
        said,
        head,
        mods,
        generic,
        heads,
        generics,
        frozenset(k for f in applying for k in f.kinds),
        frozenset(k for f in applying for k in f.near_kinds),
    )


def _relation(wanted: str, present: Sequence[str], table: TitleTable) -> tuple[float, str]:
    """How well the posting's modifiers stand for one modifier of the profile title."""
    if wanted in present:
        return SAME, ""
    for m in present:
        if frozenset((wanted, m)) in table.kin_modifiers:
            return KIN, f"{_show(m)} is close to {_show(wanted)}"
    for m in present:
        if frozenset((wanted, m)) in table.near_modifiers:
            return NEAR, f"{_show(m)} is near {_show(wanted)}"
    return 0.0, ""


def _satisfy(target: _Target, present: Sequence[str], table: TitleTable) -> tuple[float, str] | None:
    found = [_relation(m, present, table) for m in target.mods]
    strength = min(s for s, _ in found)
    return (strength, "; ".join(w for _, w in found if w)) if strength else None


def _modifiers(target: _Target, pre: Words, quals: Words, table: TitleTable) -> tuple[float, str] | None:
    """How well the words around the posting's head qualify it as the profile title wants, or None."""
    own = tuple(m for m in pre if m not in target.generics)
    others = tuple(q for q in quals if q not in target.generics)
    # "Software Engineer", or with nothing before the role "Développeur Logiciel" (French puts it after).
    named_generic = len(own) < len(pre) or (not pre and len(others) < len(quals))
    if not target.mods:
        if not target.generic or named_generic:
            return SAME, ""
        bound = own[-1:] or others  # "Backend Engineer", or "Engineer, Backend", for a software engineer
        for word in bound:
            if word in target.kinds:
                return FAMILY, f"{_show(word)} is a kind of {target.said}"
        for word in bound:
            if word in target.near_kinds:
                return NEAR, f"{_show(word)} is near {target.said}"
        return None if own else (NEAR, f"names no field of {target.said}")
    if own:
        # Kinds the profile title does not name may stand between ("Backend Python Engineer").
        bound = tuple(m for m in own if m in target.mods or m not in target.kinds)
        if bound[-len(target.mods) :] == target.mods:
            return SAME, ""
        if all(m in own for m in target.mods):
            return NEAR, f"{' '.join(map(_show, target.mods))} is not next to the role"
        return _satisfy(target, own[-1:], table)  # the word next to the role is the one that binds to it
    found = _satisfy(target, others, table)
    if found is None and all(m in target.kinds for m in target.mods) and target.kinds.isdisjoint(others):
        return NEAR, f"may be {target.said}"  # "Software Engineer" for a backend engineer, not "Java Developer"
    return found


class TitleModel:
    """The profile's titles, and their synonyms, matched against posting titles."""

    def __init__(self, titles: Sequence[str], synonyms: Sequence[Sequence[str]] = ()) -> None:
        table = self.table = title_table()
        targets = [_target(title, title, table) for title in titles]
        for group in synonyms:
            readings = {read_title(term).parts: term for term in group}
            for title in titles:
                if read_title(title).parts in readings:
                    targets += [
                        _target(title, term, table) for term in group if term != readings[read_title(title).parts]
                    ]
        seen: set[tuple[object, ...]] = set()
        self.targets: list[_Target] = []
        for target in targets:  # in the profile's order: of two equal matches, the first title is named
            if target is not None and (key := (target.head, target.generic, *target.mods)) not in seen:
                seen.add(key)
                self.targets.append(target)
        if not self.targets:
            raise ValueError(f"no title to match among {list(titles)!r}: name at least one job title")
        self.nouns = frozenset(noun for target in self.targets for noun in target.heads)
        self._cache: dict[str, TitleMatch | None] = {}

    def match(self, title: str) -> TitleMatch | None:
        """The best profile title this posting title is, or is near; None when it is not the job."""
        if title in self._cache:
            return self._cache[title]
        if len(self._cache) >= 65_536:  # bounded: a long-running server sees many sweeps
            self._cache.clear()
        found = self._cache[title] = self._match(read_title(title))
        return found

    def _match(self, reading: Reading) -> TitleMatch | None:
        tokens = frozenset(token for part in reading.parts for token in part)
        if self.nouns.isdisjoint(tokens):
            return None  # most postings of a sweep name no role of the profile's: done in one set test
        best: TitleMatch | None = None
        for target in self.targets:
            if target.heads.keys().isdisjoint(tokens):
                continue
            for p, part in enumerate(reading.parts):
                i = _head_index(part, target.heads, self.table.blockers)
                if i < 0:
                    continue
                quals = tuple(
                    t for other in (part[i + 1 :], *reading.parts[:p], *reading.parts[p + 1 :]) for t in other
                )
                mods = _modifiers(target, part[:i], quals, self.table)
                if mods is None:
                    continue
                head_strength, head_why = target.heads[part[i]]
                strength = round(head_strength * mods[0], 3)
                if best is None or strength > best.strength:
                    best = TitleMatch(strength, target.title, _why(target, head_why, mods[1]))
        return best

    def fit(self, title: str, level: Level | None = None) -> float:
        """How well a posting title fits, in [0, 1]: its match's strength times the level factor (0.0: not the
        job). `level` is the person's; a posting two or more levels away counts less, and without it an internship
        counts as for a mid-level person unless the target it matched is an intern title."""
        found = self.match(title)
        if found is None:
            return 0.0
        posting = level_of(title)
        if level is None and posting == "intern" and level_of(found.target) is None:
            level = "mid"  # an internship is a programme for students: not first for a person who asked for none
        return found.strength * level_factor(posting, level)


def _why(target: _Target, head: str, mods: str) -> str:
    said = "" if target.said == target.title else f"{target.said} is your synonym for {target.title}"
    return "; ".join(part for part in (said, head, mods) if part) or f"same title as {target.title}"
