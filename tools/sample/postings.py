"""The public generator: ``generate_postings`` (messy on purpose, in fixed proportions) and the JSON Lines writer."""

import datetime
import json
from pathlib import Path

from .employers import SYNTH_START
from .generator import Generator, Posting
from .roles import LEGAL_FAMILY, ROLE_BY_KEY, ROLE_WEIGHTS
from .urls import tracking

SAMPLE_COUNT = 320
SAMPLE_SEED = 7
SAMPLE_TODAY = datetime.date(2026, 11, 20)

# Proportions per 320 records (scaled for other counts).
_MALFORMED_PER_320 = 10
_PAIRS_PER_320 = 25
_TRACKED_PER_320 = 5

_MALFORMED_KINDS = (
    "missing_title", "missing_company", "ftp_url", "numeric_title", "salary_list",
    "bad_url", "missing_title", "missing_company", "numeric_title", "salary_list",
)  # fmt: skip
_PAIR_LEGAL_SHARE = 0.32  # duplicate pairs lean towards legal roles (the demo persona)


def _quotas(total: int, weights: dict[str, float]) -> dict[str, int]:
    """Split ``total`` by ``weights`` with the largest-remainder method."""
    scale = sum(weights.values())
    raw = {k: total * w / scale for k, w in weights.items()}
    out = {k: int(v) for k, v in raw.items()}
    rest = total - sum(out.values())
    for k in sorted(raw, key=lambda k: (out[k] - raw[k], k))[:rest]:
        out[k] += 1
    return out


def generate_postings(
    count: int,
    seed: int = 7,
    today: datetime.date = datetime.date(2026, 11, 20),
) -> list[dict[str, object]]:
    """Deterministically generate ``count`` realistic, deliberately messy posting records.

    Per 320 records: about 10 malformed records, 25 roles posted on two platforms and 5 URLs
    repeated with tracking parameters; larger counts scale these proportionally.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
    gen = Generator(seed, today, max(0, count - SYNTH_START) // 12)
    rng = gen.rng
    n_bad = round(count * _MALFORMED_PER_320 / 320)
    n_pairs = round(count * _PAIRS_PER_320 / 320)
    n_tracked = round(count * _TRACKED_PER_320 / 320)
    while count - n_bad - 2 * n_pairs - n_tracked < 0:  # tiny counts: fewer special cases
        if n_pairs:
            n_pairs -= 1
        elif n_tracked:
            n_tracked -= 1
        else:
            n_bad -= 1
    n_single = count - n_bad - 2 * n_pairs - n_tracked

    role_keys = [key for key, n in _quotas(n_single + n_bad, ROLE_WEIGHTS).items() for _ in range(n)]
    rng.shuffle(role_keys)
    non_legal = [i for i, key in enumerate(role_keys) if key not in LEGAL_FAMILY]
    bad_slots = set(non_legal[:n_bad]) if len(non_legal) >= n_bad else set(range(n_bad))

    records: list[dict[str, object]] = []
    singles: list[Posting] = []
    for i, key in enumerate(role_keys):
        role = ROLE_BY_KEY[key]
        if i in bad_slots:
            kind = _MALFORMED_KINDS[(len(records) - len(singles)) % len(_MALFORMED_KINDS)]
            records.append(gen.malformed(role, kind))
        else:
            posting = gen.posting(role)
            records.append(posting.record)
            singles.append(posting)

    pair_legal = round(n_pairs * _PAIR_LEGAL_SHARE)
    pair_quota = _quotas(pair_legal, {"paralegal": 0.7, "legal_assistant": 0.2, "law_clerk": 0.1})
    pair_quota.update(_quotas(n_pairs - pair_legal, {k: w for k, w in ROLE_WEIGHTS.items() if k not in LEGAL_FAMILY}))
    pair_keys = [key for key, n in pair_quota.items() for _ in range(n)]
    rng.shuffle(pair_keys)
    for key in pair_keys:
        records.extend(gen.pair(ROLE_BY_KEY[key]))

    # Exact-URL duplicates that differ only by tracking parameters.
    clean = [p for p in singles if "?" not in str(p.record["url"])]
    sources = rng.sample(clean, min(n_tracked, len(clean)))
    for src in sources:
        copy = dict(src.record)
        copy["url"] = tracking(str(src.record["url"]), src.platform, gen.r() < 0.3)
        records.append(copy)

    # A few other URLs with noise that canonicalisation must undo.
    skip = {id(p.record) for p in sources}
    for posting in singles:
        if id(posting.record) not in skip and gen.r() < 0.04:
            posting.record["url"] = gen.urls.noisy(str(posting.record["url"]), posting.platform)

    rng.shuffle(records)
    return records


def write_sample_postings(path: Path, count: int = SAMPLE_COUNT, seed: int = SAMPLE_SEED) -> Path:
    """Write ``count`` generated postings to ``path`` as JSON Lines."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(rec, ensure_ascii=False) + "\n" for rec in generate_postings(count, seed, SAMPLE_TODAY)]
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        fh.writelines(lines)
    return path
