"""get_jobs on a large session: the page fits an assistant's context, and kept rankings follow every change."""

from pathlib import Path

from mcp_helpers import write_resume

from sweepy.domain.cards import EXCERPT_CHARS, TERMS_IN_BRIEF, Card, EncodedCard, sentences_within
from sweepy.domain.records import RecordError, posting_from_record
from sweepy.domain.scoring import Scorer
from sweepy.domain.sections import role_opening
from sweepy.mcp.protocol import envelope
from sweepy.pipeline.score import make_card
from sweepy.resume import resume_text
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.session import SessionStore
from sweepy.store.session_model import Session, card_text
from tools.sample import generate_postings

DATA = Path(__file__).resolve().parents[2] / "sweepy" / "data"
PAGE_LIMIT_BYTES = 60_000
PROFILE = """\
name: Alex Rivera
search: {{titles: [Paralegal, Technical Writer, Data Analyst], location: "New York, NY"}}
resume: {{path: {resume}, must_have_skills: [Relativity, legal research, Python]}}
sources: {{feed: {{enabled: true, path: feed.jsonl}}}}
"""


def realistic_cards(count: int) -> list[Card]:
    """Cards the score stage makes from generated postings (long descriptions, salaries, 15 matched terms)."""
    resume = resume_text(DATA / "sample_resume.pdf")
    scorer = Scorer(["Paralegal", "Technical Writer", "Data Analyst"], ["Relativity", "legal research", "Python"],
                    [["e-discovery", "electronic discovery"]], resume)  # fmt: skip
    cards = []
    for record in generate_postings(count, seed=11):
        try:
            cards.append(make_card(posting_from_record(record, "feed", "feed.jsonl"), scorer))
        except RecordError:
            continue  # the generator plants malformed records on purpose
    return cards


def activate(workspace: Path, cards: list[Card], resume: Path) -> Path:
    profile = workspace / "profiles" / "alex.yaml"
    profile.parent.mkdir(exist_ok=True)
    profile.write_text(PROFILE.format(resume=resume), encoding="utf-8")
    folder = workspace / "results"
    SessionStore(folder).activate(Session(profile_stem="alex", profile_path=str(profile), sweep_id="s1", cards=cards))
    return profile


def test_fifty_realistic_cards_stay_under_60_kb_of_json(workspace: Path) -> None:
    cards = realistic_cards(1500)
    activate(workspace, cards, DATA / "sample_resume.pdf")
    answer = SweepyService().get_jobs(a.GetJobs(results_dir="results", limit=50))
    payload = answer.dump()
    text = envelope(answer).content[0].text  # type: ignore[union-attr]
    assert (payload["count"], payload["total"]) == (50, len(cards))
    assert len(text.encode("utf-8")) <= PAGE_LIMIT_BYTES
    jobs = payload["jobs"]
    assert max(len(job["matched_terms"]) for job in jobs) == TERMS_IN_BRIEF
    assert all(len(job["description"]) <= EXCERPT_CHARS + 2 for job in jobs)
    long_ones = [job for job in jobs if job["description"].endswith(" …")]
    assert long_ones, "the page should show excerpts of long descriptions"
    whole = {card.job_id: card for card in cards}
    for job in long_ones:  # the role's opening: past an about-us section that opens the text
        text = whole[job["job_id"]].description
        assert text[role_opening(text) :].startswith(job["description"][:-2])
    saved = SessionStore(workspace / "results").load(None).cards
    assert max(len(c.matched_terms) for c in saved) == 15  # the session keeps every term
    assert max(len(c.description) for c in saved) > EXCERPT_CHARS


def test_fields_that_say_nothing_are_left_out_and_the_rest_kept() -> None:
    card = Card(job_id="j", title="Paralegal", company="Contoso", url="https://x.example/1", description="Short.",
                apply_url="https://x.example/1", match_score=70, keyword_score=70,
                salary={"min": 32.0, "max": 32.0, "period": "hour", "annual_min": 66560.0, "annual_max": 66560.0,
                        "currency": "USD", "text": "$32/hr"})  # fmt: skip
    brief = card.brief(None)
    assert not {"apply_url", "keyword_score", "also_on", "seen_before", "verification"} & set(brief)
    assert brief["salary"] == {
        "min": 32,
        "max": 32,
        "currency": "USD",
        "period": "hour",
        "annual_min": 66560,
        "annual_max": 66560,
    }  # fmt: skip  ("$32/hr" says nothing the figures do not)
    assert brief["match_score"] == 70 and brief["description"] == "Short."
    other = card.model_copy(update={"apply_url": "https://apply.example/1", "also_on": ["lever"],
                                    "seen_before": True, "keyword_score": 40, "match_score": 90})  # fmt: skip
    brief = other.brief(None)
    assert (brief["apply_url"], brief["also_on"], brief["seen_before"], brief["keyword_score"]) == (
        "https://apply.example/1", ["lever"], True, 40,
    )  # fmt: skip


def test_fields_that_repeat_another_are_left_out() -> None:
    """A page of the url, a platform its host names and top terms among the matched ones say nothing new; an
    apply_url that only starts like the url, and a platform on another host, do."""
    card = Card(job_id="j", title="Paralegal", company="Contoso", url="https://jobs.lever.co/contoso/1",
                apply_url="https://jobs.lever.co/contoso/1/apply", platform="lever", engine="lever",
                matched_terms=["Paralegal", "Relativity", "e-discovery", "litigation"],
                top_terms=["relativity", "deposition", "e-discovery", "litigation"])  # fmt: skip
    brief = card.brief(None)
    assert not {"apply_url", "platform", "engine"} & set(brief)
    assert (brief["matched_terms"], brief["top_terms"]) == (["Paralegal", "Relativity", "e-discovery"], ["deposition"])
    other = card.model_copy(update={"apply_url": "https://jobs.lever.co/contoso/12", "platform": "greenhouse",
                                    "top_terms": ["relativity"]})  # fmt: skip
    brief = other.brief(None)
    assert (brief["apply_url"], brief["platform"], brief["engine"]) == (
        "https://jobs.lever.co/contoso/12", "greenhouse", "lever",
    )  # fmt: skip
    assert "top_terms" not in brief
    unreadable = Card(job_id="k", title="T", company="C", url="http://[bad", platform="lever")
    assert unreadable.brief(None)["platform"] == "lever"


def test_an_excerpt_is_not_a_heading_alone() -> None:
    text = "About us\nContoso builds contract software for legal teams in forty countries, and it is hiring. More."
    assert sentences_within(text, 60) == "About us\nContoso builds contract software for legal teams …"
    assert sentences_within("One sentence that fits. " + "x" * 80, 60) == "One sentence that fits. …"


def test_a_kept_ranking_follows_a_session_write_and_a_resume_change(workspace: Path) -> None:
    cards = realistic_cards(300)
    resume = write_resume(workspace / "resume.docx")
    profile = activate(workspace, cards, resume)
    service = SweepyService()
    first = service.get_jobs(a.GetJobs(results_dir="results", limit=3)).dump()
    assert service.get_jobs(a.GetJobs(results_dir="results", limit=3)).dump() == first  # kept: the same answer
    last = first["total"] - 1
    tail = service.get_jobs(a.GetJobs(results_dir="results", limit=1, offset=last)).dump()["jobs"][0]["job_id"]

    def judge(session: Session) -> None:
        card = session.card(tail)
        assert card is not None
        card.match_pct, card.match_score, card.match_kind = 55, 55, "MATCH"
        card.judged_resume = service.resume_fingerprint(session)

    SessionStore(workspace / "results").update(None, judge)
    moved = service.get_jobs(a.GetJobs(results_dir="results", limit=3)).dump()
    assert moved["jobs"][0]["job_id"] == tail  # the written session is ranked anew
    assert [j["job_id"] for j in moved["jobs"][1:]] == [j["job_id"] for j in first["jobs"][:2]]
    assert "judgment_stale" not in moved["jobs"][0] and moved["stale_count"] == 0

    other = write_resume(workspace / "resume2.docx")
    other.write_bytes(other.read_bytes() + b"\0")  # other bytes, another fingerprint
    profile.write_text(PROFILE.format(resume=other) + "# moved to the new resume\n", encoding="utf-8")
    stale = service.get_jobs(a.GetJobs(results_dir="results", limit=3)).dump()
    assert stale["jobs"][0]["judgment_stale"] is True and stale["stale_count"] == 1


def encoded(card: Card) -> EncodedCard:
    return EncodedCard(card.job_id, card.match_score, card.title, card_text(card))


def test_cards_encoded_once_give_the_same_session_and_a_carried_judgment_is_encoded_anew(workspace: Path) -> None:
    cards = realistic_cards(60)
    session = Session(profile_stem="alex", sweep_id="s1", playbook="Lead with e-discovery.", cards=cards)
    folder = workspace / "results"
    store = SessionStore(folder)
    store.activate(session.model_copy(deep=True), [encoded(c) for c in cards])
    assert [c.to_json() for c in store.load("alex").cards] == [c.to_json() for c in cards]
    store.update("alex", lambda s: setattr(s.cards[5], "match_pct", 91))
    again = session.model_copy(deep=True)
    store.activate(again, [encoded(c) for c in again.cards])  # the encoded text predates the carried judgment
    for stem in ("alex", None):
        saved = store.load(stem)
        assert saved.cards[5].match_pct == 91 and saved.cards[5].match_kind == "MATCH"
        assert [c.job_id for c in saved.cards] == [c.job_id for c in cards]
        assert saved.playbook == "Lead with e-discovery."
