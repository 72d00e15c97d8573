"""The scorer's invariants, over generated profiles and postings (hypothesis): the order of the profile's titles,
synonyms and must-haves never changes a score; a resume term the posting gains never lowers it; the parts always
add up to the score and stay within their weights; a posting without a description never scores below one that
names nothing of the person's."""

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepy.domain.scoring import MUST_WEIGHT, PENALTY_WEIGHT, PLACE_FIT, PLACE_WEIGHT, RESUME_WEIGHT, Scorer

WORDS = tuple(
    """paralegal westlaw relativity docketing python kafka engineer writer senior legal research filing review
    benefits about team communication api cm ecf""".split()
)
word = st.sampled_from(WORDS)
phrase = st.lists(word, min_size=1, max_size=3).map(" ".join)
line = st.tuples(st.sampled_from(("", "- ", "• ", "Requirements: ", "Benefits: ", "About us: ")),
                 st.lists(word, min_size=1, max_size=8).map(" ".join),
                 st.sampled_from(("", ".", ",", "/cm", ":")))  # fmt: skip
text = st.lists(line.map("".join), max_size=8).map("\n".join)
posting = st.tuples(phrase, text)
notes = st.sampled_from(list(PLACE_FIT))
profile = st.fixed_dictionaries(
    {
        "titles": st.lists(phrase, min_size=1, max_size=3),
        "must_haves": st.lists(st.one_of(word, phrase), max_size=4),
        "synonyms": st.lists(st.lists(st.one_of(word, word, phrase), min_size=2, max_size=3), max_size=4),
        "resume": st.lists(word, max_size=30).map(" ".join),
    }
)


def sweep_scores(p: dict, postings: list[tuple[str, str]], note: str | None = None) -> list[tuple[int, float]]:
    """Each posting's score and its unrounded value (rounding would hide a small loss)."""
    scorer = Scorer(p["titles"], p["must_haves"], p["synonyms"], p["resume"])
    stats = scorer.stats(scorer.read(title, body) for title, body in postings)
    results = [scorer.judge(title, scorer.read(title, body), stats, note) for title, body in postings]
    return [(result.score, result.exact) for result in results]


@settings(max_examples=100, deadline=None)
@given(profile, st.lists(posting, min_size=1, max_size=4), st.randoms(use_true_random=False))
def test_reordering_titles_synonyms_or_must_haves_never_changes_a_score(p: dict, postings: list, rnd) -> None:
    expected = sweep_scores(p, postings)
    shuffled = {key: list(value) for key, value in p.items() if key != "resume"}
    for value in shuffled.values():
        rnd.shuffle(value)
    shuffled["synonyms"] = [rnd.sample(group, len(group)) for group in shuffled["synonyms"]]
    assert sweep_scores({**shuffled, "resume": p["resume"]}, postings) == expected  # the floats too: same order


@settings(max_examples=100, deadline=None)
@given(profile, posting, st.lists(posting, max_size=4), st.data())
def test_adding_a_resume_term_the_posting_lacked_never_lowers_its_score(p: dict, own: tuple, others: list,
                                                                        data: st.DataObject) -> None:  # fmt: skip
    scorer = Scorer(p["titles"], p["must_haves"], p["synonyms"], p["resume"])
    title, body = own
    used = {index for index, _count in scorer.read(title, body).terms()}
    lacking = [term for index, term in enumerate(scorer.terms) if index not in used]
    if not lacking:
        return
    term = data.draw(st.sampled_from(lacking))
    where = data.draw(st.sampled_from(("\n- ", "\n• ")))  # a list item of its own: no heading, no new section
    before = sweep_scores(p, [own, *others])[0]
    after = sweep_scores(p, [(title, body + where + term), *others])[0]
    assert after[0] >= before[0] and after[1] >= before[1] - 1e-9


@settings(max_examples=100, deadline=None)
@given(profile, st.lists(posting, min_size=1, max_size=4), notes)
def test_parts_always_add_up_to_the_score_and_stay_in_range(p: dict, postings: list, note: str | None) -> None:
    scorer = Scorer(p["titles"], p["must_haves"], p["synonyms"], p["resume"])
    stats = scorer.stats(scorer.read(title, body) for title, body in postings)
    resume_weight = RESUME_WEIGHT + (0 if p["must_haves"] else MUST_WEIGHT)
    for title, body in postings:
        result = scorer.judge(title, scorer.read(title, body), stats, note)
        parts = result.parts
        assert parts.title + parts.must_haves + parts.resume + parts.place + parts.penalty == result.score
        assert 0 <= result.score <= 100
        assert 0 <= parts.title <= 25 and 0 <= parts.must_haves <= MUST_WEIGHT and 0 <= parts.resume <= resume_weight
        assert 0 <= parts.place <= PLACE_WEIGHT and -PENALTY_WEIGHT <= parts.penalty <= 0
        assert len(result.top_terms) <= 5 and set(result.top_terms) <= set(scorer.terms)


SILENT = " ".join(["quux corge grault garply waldo"] * 4)
"""Twenty words no generated resume uses: a described posting that names nothing of the person's."""


@settings(max_examples=100, deadline=None)
@given(profile, phrase, st.lists(posting, max_size=4), notes)
def test_a_posting_without_a_description_never_scores_below_one_that_names_nothing(
    p: dict, title: str, others: list, note: str | None
) -> None:
    """Unknown is not absent: with the same title in the same sweep, a posting that sends no description scores at
    least as much as one whose description names no must-have and no resume term (it takes the penalty)."""
    scorer = Scorer(p["titles"], p["must_haves"], p["synonyms"], p["resume"])
    sweep = [(title, ""), (title, SILENT), *others]
    stats = scorer.stats(scorer.read(t, body) for t, body in sweep)
    bare, silent = (scorer.judge(t, scorer.read(t, body), stats, note) for t, body in sweep[:2])
    assert not scorer.read(title, "").described and scorer.read(title, SILENT).described
    assert bare.exact >= silent.exact and bare.parts.penalty == 0
