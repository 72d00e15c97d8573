"""Stage 3 on a generated sweep: COUNT postings of about 2 KB of unique text, each of its own company, plus COPIES
of them reposted word for word by an agency; prints JSON (wall and CPU seconds, cards, RSS growth). Run it against
another tree (PYTHONPATH=/path/to/tree) to compare.

Usage: python bench/dedupe_copies.py [COUNT] [COPIES]
"""

import json
import random
import resource
import sys
import time

from sweepy.domain.postings import Posting
from sweepy.domain.records import posting_from_record
from sweepy.pipeline.dedupe import deduplicate

BOILERPLATE = (
    "We are an equal opportunity employer and all qualified applicants will receive consideration for employment "
    "without regard to race, color, religion, sex, sexual orientation, gender identity, national origin, "
    "disability or protected veteran status."
)
"""What real descriptions share across employers: the copies stage must not pair every posting holding it."""


def description(rng: random.Random, vocabulary: list[str]) -> str:
    words: list[str] = []
    while sum(len(w) + 1 for w in words) < 1800:
        words.append(rng.choice(vocabulary))
    return " ".join(words) + " " + BOILERPLATE


def postings(count: int, copies: int, seed: int = 7) -> list[Posting]:
    rng = random.Random(seed)
    vocabulary = [f"{rng.choice('bcdfghjklmnprstvwz')}{rng.choice('aeiou')}{n:x}" for n in range(5000)]
    found = []
    for n in range(count):
        text = description(rng, vocabulary)
        record = {"title": f"Paralegal {n % 50}", "company": f"Employer {n}", "location": "New York, NY",
                  "url": f"https://jobs.lever.co/employer{n}/{n}", "description": text}  # fmt: skip
        found.append(posting_from_record(record, "feed", "bench"))
    for n in range(copies):
        original = found[n * (count // max(copies, 1))]
        record = {"title": original.title, "company": "Robert Half", "location": "New York, NY",
                  "url": f"https://www.linkedin.com/jobs/view/{n}", "description": original.description}  # fmt: skip
        found.append(posting_from_record(record, "feed", "bench"))
    for posting in found:
        assert posting.description  # cleaned now, as the filter stage has done before stage 3 runs
    return found


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    copies = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    found = postings(count, copies)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started, cpu = time.perf_counter(), time.process_time()
    unique, drops = deduplicate(found)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu  # CPU time: the machine may be shared
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"postings": len(found), "seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3),
                      "cards": len(unique),
                      "dropped": dict(drops), "rss_growth_mb": round((peak - before) / 1024, 1)}))  # fmt: skip


if __name__ == "__main__":
    main()
