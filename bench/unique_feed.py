"""A feed of postings whose 2 KB descriptions share no paragraph, which every one of them passes the bench
profile's filters with and keeps through deduplication: what a sweep of real boards costs, where a
per-paragraph cache finds no repeats (bench/big_sweep.py's feed doubles one text, so its paragraphs repeat)."""

import datetime as dt
import json
import random
from pathlib import Path

TITLES = ("Paralegal", "Senior Paralegal", "Technical Writer", "Data Analyst", "Litigation Paralegal")
SEARCH_TITLES = "Paralegal, Technical Writer, Data Analyst"
# What boards write that the score stage reads (eligibility, pay, experience); no agency wording, which a
# profile that excludes agencies would drop.
PHRASES = (
    "You must be authorized to work in the United States without sponsorship.",
    "We are unable to sponsor visas for this role.",
    "5+ years of experience in litigation support is required.",
    "At least 3 years of professional experience.",
    "This role requires an active security clearance.",
    "The salary range for this position is $80,000 - $110,000 per year.",
    "Open to candidates in the US and Canada.",
    "Minimum of 2 years experience with Relativity and e-discovery.",
    "We are an equal opportunity employer.",
)
SKILLS = ("Relativity", "legal research", "court filings", "Python", "SQL", "Westlaw", "e-discovery")
DESCRIPTION_CHARS = 2000
FILE_POSTINGS = 20_000  # one file stays under the feed engine's size limit (MAX_FEED_BYTES)


def _vocabulary(rng: random.Random) -> list[str]:
    """6,000 made-up words (a hex counter keeps them distinct) and the profile's skills."""
    words = [f"{rng.choice('bcdfghjklmnprstvwz')}{rng.choice('aeiou')}{n:x}" for n in range(6000)]
    return words + list(SKILLS)


def _description(rng: random.Random, vocab: list[str]) -> str:
    """Sentences of 8–20 random words, one paragraph each, about a third followed by a phrase from PHRASES;
    with 6,000 words a sentence repeats across 100,000 postings with negligible odds."""
    paragraphs: list[str] = []
    size = 0
    while size < DESCRIPTION_CHARS:
        words = " ".join(rng.choices(vocab, k=rng.randint(8, 20)))
        sentence = words[0].upper() + words[1:] + "."
        if rng.random() < 0.35:
            sentence += " " + rng.choice(PHRASES)
        paragraphs.append(sentence)
        size += len(sentence) + 2
    return "\n\n".join(paragraphs)[:DESCRIPTION_CHARS]


def posting(n: int, rng: random.Random, vocab: list[str], today: dt.date) -> dict[str, object]:
    """Posting `n`: a title the profile searches, in New York, paid above its minimum, posted in the last
    ten days, with its own company and URL (so no two are one role to the deduplicate stage)."""
    return {
        "title": TITLES[n % len(TITLES)],
        "company": f"Employer {n}",
        "location": "New York, NY",
        "workplace": ("onsite", "hybrid", "remote")[n % 3],
        "salary": {"min": 60_000 + n % 50_000, "max": 90_000 + n % 50_000, "currency": "USD", "period": "year"},
        "posted_at": (today - dt.timedelta(days=n % 10)).isoformat(),
        "platform": ("greenhouse", "lever", "ashby")[n % 3],
        "url": f"https://boards.greenhouse.io/e{n}/jobs/{7_000_000 + n}",
        "description": _description(rng, vocab),
    }


def write_unique_feed(folder: Path, count: int, seed: int = 5) -> int:
    """`count` postings as JSONL files of FILE_POSTINGS in `folder` (created); returns the feed's bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    rng, today = random.Random(seed), dt.date.today()
    vocab = _vocabulary(rng)
    for start in range(0, count, FILE_POSTINGS):
        with (folder / f"part{start // FILE_POSTINGS:03d}.jsonl").open("w", encoding="utf-8") as handle:
            for n in range(start, min(count, start + FILE_POSTINGS)):
                handle.write(json.dumps(posting(n, rng, vocab, today)) + "\n")
    return sum(path.stat().st_size for path in folder.glob("*.jsonl"))
