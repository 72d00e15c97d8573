"""The labeled relevance set holds its format (tests/relevance/README.md): every (profile, posting) pair graded
exactly once, grades in range with a reason where required, profiles that load, bodies that parse. The figures
the set measures live in bench/relevance.py, never here."""

from collections import Counter

import pytest
from relevance_set import LABELS, PROFILES, ROOT, boards, labels, parse, postings, profile, profile_paths, read_labels

from sweepy.domain.text import normalize_title


def test_every_pair_is_graded_exactly_once() -> None:
    rows = read_labels()
    pairs = Counter((row["profile"], row["posting"]) for row in rows)
    assert [pair for pair, count in pairs.items() if count > 1] == []
    stems = {path.stem for path in profile_paths()}
    ids = {ident for board in boards() for ident in board.ids}
    assert {row["profile"] for row in rows} == stems
    assert {row["posting"] for row in rows} == ids
    assert len(rows) == len(stems) * len(ids)


def test_grades_are_in_range_with_a_reason_from_two_up() -> None:
    rows = read_labels()
    assert list(rows[0]) == ["profile", "posting", "relevance", "place_ok", "reason"]
    assert {row["relevance"] for row in rows} <= {"0", "1", "2", "3"}
    assert {row["place_ok"] for row in rows} == {"true", "false"}
    unexplained = [(r["profile"], r["posting"]) for r in rows if int(r["relevance"]) >= 2 and not r["reason"].strip()]
    assert unexplained == []
    assert all("\n" not in row["reason"] for row in rows)


def test_the_set_is_big_enough_and_every_profile_has_wanted_postings() -> None:
    graded = labels()
    assert len(profile_paths()) >= 8
    assert len({ident for board in boards() for ident in board.ids}) >= 300
    wanted = {stem: sum(label.wanted for label in by_posting.values()) for stem, by_posting in graded.items()}
    assert min(wanted.values()) >= 5, wanted


@pytest.mark.parametrize("path", profile_paths(), ids=lambda path: path.stem)
def test_each_profile_loads_with_two_or_three_titles_and_its_resume(path) -> None:  # type: ignore[no-untyped-def]
    loaded, resume = profile(path.stem)
    assert 2 <= len(loaded.search.titles) <= 3
    assert all(normalize_title(title) for title in loaded.search.titles)
    assert (ROOT / loaded.resume.path) == PROFILES / f"{path.stem}.resume.txt"
    assert 250 <= len(resume.split()) <= 500


@pytest.mark.parametrize("board", boards(), ids=lambda board: f"{board.engine}/{board.name}")
def test_each_body_parses_through_its_engine_into_one_posting_per_item(board) -> None:  # type: ignore[no-untyped-def]
    parsed = parse(board)
    assert len(parsed) == len(board.ids)
    assert all(posting.title and posting.company for posting in parsed)
    assert all(posting.engine == board.engine for posting in parsed)


def test_posting_ids_are_unique_and_name_their_board() -> None:
    ids = [ident for board in boards() for ident in board.ids]
    assert len(ids) == len(set(ids))
    engines = {"greenhouse", "lever", "ashby", "remoteok", "remotive", "himalayas", "workday", "smartrecruiters",
               "workable", "recruitee", "hn_hiring"}  # fmt: skip
    assert {ident.split(":", 2)[0] for ident in ids} == engines
    assert len(postings()) == len(ids)
    assert LABELS.exists()
