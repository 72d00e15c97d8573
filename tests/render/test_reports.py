"""render_report on real sweeps: the PDF read back (titles, labels, escaping, scripts, links, the coverage
footer), the playbook, the gate in each mode, stale judgments, the write guard, and layout that never
overflows the page."""

import json
from pathlib import Path

import pypdfium2
import pytest
from conftest import snapshot
from pydantic import ValidationError
from report_helpers import (
    HOSTILE,
    LINK,
    LONG_TITLE,
    REPORT_CARDS,
    REPORT_DISCOVERED,
    UNICODE,
    judge,
    link_uris,
    page_count,
    pdf_text,
    setup_profile,
    squeeze,
    sweep,
)

from sweepy.domain.cards import Card
from sweepy.errors import InvalidArgument, NotAssessed, PathNotAllowed
from sweepy.render.playbook import default_playbook
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.session import load_session


def swept(workspace: Path, **changes: object) -> tuple[SweepyService, dict[str, object]]:
    service = SweepyService()
    created = setup_profile(service, workspace, **changes)
    return service, sweep(service, str(created["profile_path"]))


def test_the_pdf_shows_every_card_the_labels_the_footer_and_text_as_text(workspace: Path) -> None:
    service, first = swept(workspace)
    results = workspace / "results"
    judge(results, workspace / "resume.docx", summary=f"{HOSTILE} {' '.join(UNICODE)}")
    payload = service.render_report(a.RenderReport(results_dir="results", playbook="")).dump()
    pdf = Path(payload["pdf_report"])
    assert pdf == Path(str(first["reports"]["json"])).with_suffix(".pdf")  # beside the sweep, as get_results expects
    assert service.get_results(a.GetResults(results_dir="results", limit=10)).dump()["pdf_report"] == str(pdf)
    assert payload["card_count"] == REPORT_CARDS
    assert payload["pages"] == page_count(pdf) >= 2
    text = pdf_text(pdf)
    session = load_session(results, None)
    for card in session.cards:
        assert squeeze(card.title) in text, card.title
        assert squeeze(f"MATCH {card.match_pct}%") in text
    assert squeeze(LONG_TITLE) in text
    assert "KEYWORDOVERLAP" not in text  # every card judged: no keyword label anywhere
    assert squeeze(HOSTILE) in text  # printed, not obeyed
    for sample in UNICODE:
        if sample == "हिंदी":  # shaped: its vowel signs read back as private codes (test_report_scripts.py)
            assert "ह" in text and "द" in text
            continue
        assert sample in text, sample
    assert "Litigation" in text and "Corporate" in text  # the resume-track badges
    assert squeeze("Job search report for Alex Rivera") in text
    assert squeeze("Paralegal · New York, NY · on-site, hybrid or remote · no minimum salary") in text
    # the coverage footer: the sweep's own numbers
    assert squeeze(f"Postings discovered: {REPORT_DISCOVERED}. New: {REPORT_CARDS}") in text
    assert squeeze("Dropped (3): duplicate 1") in text and squeeze("location 1") in text and "title1" in text
    assert squeeze("Sources reached: 1; skipped: 0.") in text
    assert squeeze(f"feed feed reached {REPORT_DISCOVERED}") in text
    assert LINK in link_uris(pdf)  # clickable, with its & intact
    assert all(uri.startswith("https://") for uri in link_uris(pdf))


def test_keyword_cards_are_labelled_as_overlap_and_a_keyword_profile_allows_a_mixed_report(workspace: Path) -> None:
    service, _ = swept(workspace, assessment="keyword")
    judged = judge(workspace / "results", workspace / "resume.docx", only=2)
    payload = service.render_report(
        a.RenderReport(results_dir="results", output_filename="results/mixed.pdf", playbook="Apply this week.")
    ).dump()
    text = pdf_text(Path(payload["pdf_report"]))
    cards = {c.job_id: c for c in load_session(workspace / "results", None).cards}
    assert text.count("KEYWORDOVERLAP") == REPORT_CARDS - 2
    for job_id in judged:
        assert squeeze(f"MATCH {cards[job_id].match_pct}%") in text
    assert squeeze(f"KEYWORD OVERLAP {cards[next(i for i in cards if i not in judged)].match_score:.0f}") in text


def test_the_agent_gate_refuses_naming_the_cards_to_assess_and_writes_nothing(workspace: Path) -> None:
    service, _ = swept(workspace)
    judged = judge(workspace / "results", workspace / "resume.docx", only=3)
    before = snapshot(workspace)
    with pytest.raises(NotAssessed) as caught:
        service.render_report(a.RenderReport(results_dir="results", playbook="My plan"))
    details = caught.value.details
    cards = load_session(workspace / "results", None).cards
    waiting = [c for c in cards if c.job_id not in judged]
    assert set(details["unassessed_job_ids"]) == {c.job_id for c in waiting}
    assert set(details["unassessed_titles"]) == {c.title[:120] for c in waiting}
    assert details["stale_job_ids"] == []
    assert details["unassessed_count"] == REPORT_CARDS - 3
    assert "submit_judgments" in caught.value.message and "report.assessment: keyword" in caught.value.message
    assert snapshot(workspace) == before  # not even the playbook was saved


def test_judgments_against_an_earlier_resume_are_stale_and_refused(workspace: Path) -> None:
    service, _ = swept(workspace, assessment="keyword")
    judged = judge(workspace / "results", workspace / "resume.docx")
    (workspace / "resume.docx").write_bytes((workspace / "resume.docx").read_bytes() + b"\0")  # a new version
    forced = SweepyService(service.settings.__class__(**{**service.settings.__dict__, "require_judgments": True}))
    with pytest.raises(NotAssessed) as caught:
        forced.render_report(a.RenderReport(results_dir="results", playbook=""))
    assert sorted(caught.value.details["stale_job_ids"]) == sorted(judged)
    assert sorted(caught.value.details["unassessed_job_ids"]) == sorted(judged)
    assert "SWEEPY_REQUIRE_JUDGMENTS=1" in caught.value.message
    # A keyword profile without the variable renders them, flagged on the card.
    text = pdf_text(
        Path(service.render_report(a.RenderReport(results_dir="results", playbook="")).dump()["pdf_report"])
    )
    assert text.count(squeeze("judged against an earlier resume")) == REPORT_CARDS


def test_the_playbook_is_escaped_bold_and_saved_then_reused(workspace: Path) -> None:
    service, _ = swept(workspace)
    judge(workspace / "results", workspace / "resume.docx")
    playbook = "**Lead with Relativity** & <i>court</i> filings\nSecond paragraph\n- a bullet"
    first = service.render_report(a.RenderReport(results_dir="results", playbook=playbook)).dump()
    assert (first["playbook_saved"], first["playbook_source"]) == (True, "given")
    assert load_session(workspace / "results", None).playbook == playbook
    assert load_session(workspace / "results", "alex_rivera_paralegal").playbook == playbook
    text = pdf_text(Path(first["pdf_report"]))
    assert squeeze("Lead with Relativity & <i>court</i> filings") in text
    again = service.render_report(a.RenderReport(results_dir="results", playbook="")).dump()
    assert again["playbook_source"] == "saved"
    assert squeeze("Lead with Relativity") in pdf_text(Path(again["pdf_report"]))


def test_without_a_playbook_the_same_cards_give_the_same_one(workspace: Path) -> None:
    service, _ = swept(workspace)
    judge(workspace / "results", workspace / "resume.docx")
    cards = load_session(workspace / "results", None).cards
    text = default_playbook(cards)
    assert text == default_playbook(list(reversed(cards)))
    assert f"**What this sweep found:** {REPORT_CARDS} roles" in text
    assert "1. Litigation Paralegal at Hudson & Pike LLP (MATCH 90%)" in text
    payload = service.render_report(a.RenderReport(results_dir="results", playbook="   ")).dump()
    assert (payload["playbook_saved"], payload["playbook_source"]) == (False, "generated")
    assert squeeze("What this sweep found:") in pdf_text(Path(payload["pdf_report"]))
    assert load_session(workspace / "results", None).playbook == ""


def test_bad_render_arguments_are_refused_before_anything_is_written(workspace: Path, tmp_path: Path) -> None:
    service, _ = swept(workspace)
    judge(workspace / "results", workspace / "resume.docx")
    before = snapshot(workspace, tmp_path / "outside")
    cases: list[tuple[type[Exception], tuple[str | None, str], str]] = [
        (InvalidArgument, ("results/report.txt", ""), "does not end in .pdf"),
        (PathNotAllowed, (str(tmp_path / "outside" / "r.pdf"), ""), "outside Sweepy's allowed folders"),
        (PathNotAllowed, ("../escape.pdf", ""), "outside Sweepy's allowed folders"),
        (InvalidArgument, ("results", ""), "does not end in .pdf"),
    ]
    for error, (output, playbook), words in cases:
        with pytest.raises(error) as caught:
            service.render_report(a.RenderReport(results_dir="results", output_filename=output, playbook=playbook))
        assert words in caught.value.args[0]
    with pytest.raises(ValidationError, match="playbook\n  String should have at most 20000 characters"):
        a.RenderReport(playbook="x" * 20_001)
    with pytest.raises(InvalidArgument, match="the limit is 20,000"):  # behind the model, the service's own check
        service.render_report(a.RenderReport.model_construct(playbook="x" * 20_001))
    assert snapshot(workspace, tmp_path / "outside") == before


def test_long_titles_words_and_descriptions_stay_inside_the_page(workspace: Path) -> None:
    service, _ = swept(workspace, assessment="keyword")
    judge(workspace / "results", workspace / "resume.docx", only=1, requirements="y" * 3000)
    pdf = Path(service.render_report(a.RenderReport(results_dir="results", playbook="")).dump()["pdf_report"])
    document = pypdfium2.PdfDocument(pdf.read_bytes())
    try:
        checked = 0
        for index in range(len(document)):
            page = document[index]
            width, height = page.get_size()
            text = page.get_textpage()
            for char in range(text.count_chars()):
                left, bottom, right, top = text.get_charbox(char)
                assert left >= -0.5 and right <= width - 40 and bottom >= 0 and top <= height, (index, char)
                checked += 1
            text.close()
            page.close()
        assert checked > 5000
    finally:
        document.close()


def test_a_card_with_odd_fields_still_renders(workspace: Path) -> None:
    """A hand-edited session: an unknown badge colour, a javascript: link, no salary, no description."""
    from sweepy.render.card import apply_link
    from sweepy.render.styles import BADGE_DEFAULT, badge_colours

    card = Card(job_id="a", title="T", company="C", url="javascript:alert(1)")
    assert apply_link(card) is None
    assert apply_link(Card(job_id="b", title="T", company="C", url='https://x.test/?a=1&b="2"')) == (
        '<a href="https://x.test/?a=1&amp;b=&quot;2&quot;" color="#0969da">https://x.test/?a=1&amp;b="2"</a>'
    )
    assert badge_colours("url(evil)")[0] == BADGE_DEFAULT
    assert badge_colours("rebeccapurple")[0].hexval() == "0x663399"
    assert json.dumps(card.to_json())  # plain data all the way


def test_the_coverage_fallback_reads_within_the_cap_the_sweep_wrote_under(tmp_path: Path) -> None:
    """A session of an earlier version has no sweep in the store: the report's coverage comes from its result file,
    read under the same cap as every other reader (SWEEPY_MAX_RESULT_BYTES), not the default."""
    from sweepy.service.report_parts import read_coverage_source

    result = tmp_path / "alex_20261120-120000.json"
    result.write_text(json.dumps({"profile": {"stem": "alex"}, "cards": [], "sources": [{"engine": "feed"}]}))
    size = result.stat().st_size
    assert read_coverage_source(str(result), size) == (
        {"profile": {"stem": "alex"}, "cards": [], "sources": [{"engine": "feed"}]},
        result.name,
    )
    assert read_coverage_source(str(result), size - 1) == (None, result.name)  # over the cap: coverage unknown
    assert read_coverage_source(None, size) == (None, "")
