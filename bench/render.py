"""The render benchmark: render_report of 200 judged cards (a real sweep's cards, judged the way submit_judgments
records them), median seconds and pages per second."""

import json
import statistics
import time
from pathlib import Path

from sweepy.domain.cards import Judgment
from sweepy.resume import fingerprint
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.settings import Settings
from sweepy.store.session import SessionStore
from sweepy.store.session_model import Session
from tools.sample import generate_postings

ROOT = Path(__file__).resolve().parents[1]
PROFILE = """\
name: Bench Seeker
search:
  titles: [Paralegal, Technical Writer, Software Engineer, Registered Nurse, Administrative Assistant, Data Analyst]
  location: New York, NY
resume:
  path: {resume}
  must_have_skills: [Relativity, legal research, Python, API documentation]
sources:
  feed: {{enabled: true, path: {feed}}}
history: {{enabled: false}}
report: {{assessment: agent}}
"""


def _judge_all(session: Session, resume: str | None, cards: int) -> None:
    session.cards = session.cards[:cards]
    for n, card in enumerate(session.cards):
        text = " ".join(card.description.split())
        card.judge(
            Judgment(
                match_pct=95 - n % 60,
                resume_track=("Litigation", "Writing", "Engineering")[n % 3],
                resume_color=("teal", "#1f6feb", "darkorange")[n % 3],
                domain="Legal operations",
                summary=text[:420] or card.title,
                requirements="Three years in the role; the tools named in the posting; clear writing.",
                alignment="The resume shows the core tools of this role and a similar team.",
                app_format="Company portal",
                comp="As posted",
                benefits="Health, dental, retirement match",
            ),
            resume,
        )


def bench_render(runs: int, workdir: Path, cards: int = 200) -> dict[str, object]:
    feed = workdir / "feed.jsonl"
    with feed.open("w", encoding="utf-8") as handle:
        for record in generate_postings(4000, seed=11):
            handle.write(json.dumps(record) + "\n")
    resume = ROOT / "sweepy" / "data" / "sample_resume.pdf"
    profile = workdir / "bench.yaml"
    profile.write_text(PROFILE.format(resume=resume, feed=feed), encoding="utf-8")
    service = SweepyService(Settings(home=workdir, state_dir=workdir / "state"))
    job, _joined = service.start_sweep(str(profile), deduplicate=True, include_seen=True)
    assert job.done.wait(300) and job.status == "completed", job.status
    SessionStore(workdir / "results").update(None, lambda s: _judge_all(s, fingerprint(resume), cards))
    samples, pages = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        payload = service.render_report(a.RenderReport(results_dir="results", playbook=""))
        samples.append(time.perf_counter() - started)
        pages = payload.pages
    assert payload.card_count == cards, payload.card_count
    median = statistics.median(samples)
    return {
        "runs": runs,
        "cards": cards,
        "pages": pages,
        "median_s": round(median, 3),
        "pages_per_s": round(pages / median, 1),
        "target_s": 2.0,
    }
