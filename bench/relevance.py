"""Relevance of Sweepy's filter and order over the labeled set in tests/relevance/ (README there): per profile and
overall, filter recall on wanted postings, precision of the cards, nDCG@10 and P@5 of Sweepy's order, and on the
same candidates (Sweepy's cards) a BM25 baseline and a title-words baseline; then the same three orders over every
posting of the set (Sweepy's scorer on all of them, unfiltered and not deduplicated), for context.

Run: python bench/relevance.py [--json PATH] [--lost]   (or bench/run.py --only relevance)

Definitions (per profile; "overall" pools recall and precision over all profiles' postings and cards, and averages
nDCG and P@5 over the profiles):
- wanted: relevance >= 2 and place_ok. gain (nDCG): relevance when place_ok, else 0.
- recall: wanted postings that reach a card (or were folded into one as a duplicate) / wanted postings.
- precision: cards with relevance >= 1 and place_ok / cards.
- nDCG@10: linear gains, discount log2(rank + 1); the ideal is the profile's best ten gains over the whole set,
  so one ideal serves every order and candidate set (a filter that loses wanted postings costs nDCG too).
- P@5: wanted postings among the first five / 5.
- BM25 (bm25s, Lucene variant, k1 1.5, b 0.75): query = target titles + must-have skills + resume text; document =
  title + description; bm25s' own tokenizer (lowercase, words of two or more letters or digits), English stop
  words, no stemmer; indexed over every posting of the set, so IDF does not depend on the candidate set.
- title words: the best, over the target titles, share of a target title's words found in the posting's title
  (the same lowercase word split); ties keep the set's file order.
"""

import argparse
import copy
import datetime as dt
import json
import math
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import bm25s

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from relevance_set import Label, labels, postings, profile, profile_paths  # noqa: E402

from sweepy.domain.postings import Posting  # noqa: E402
from sweepy.domain.profile import Profile  # noqa: E402
from sweepy.pipeline import sweep_criteria, sweep_scorer  # noqa: E402
from sweepy.pipeline.dedupe import deduplicate  # noqa: E402
from sweepy.pipeline.filter import filter_postings  # noqa: E402
from sweepy.pipeline.score import score_postings  # noqa: E402

AS_OF = dt.date(2026, 12, 1)
"""The set's "today": every posting was dated in the weeks before it (max_age_days and freshness read it)."""
TARGETS = {"recall": 0.97, "precision": 0.85, "ndcg_margin": 0.05}


# -- the adapter: Sweepy's stages as pipeline.run calls them (filter → dedupe → score), without discover/history --
def sweepy_filter(posting: Posting, prof: Profile) -> str | None:
    """The filter's drop reason for one posting, or None when it keeps it (the filter judges each on its own)."""
    _kept, drops = filter_postings([copy.deepcopy(posting)], sweep_criteria(prof, AS_OF))
    return next(iter(drops), None)


def sweepy_cards(items: list[Posting], prof: Profile, resume: str, dedupe: bool = True) -> tuple[list[str], int]:
    """The URLs of Sweepy's cards for these postings, best first, and how many postings dedupe folded."""
    kept = [copy.deepcopy(p) for p in items]  # the stages mutate and consume their postings
    folded = 0
    if dedupe:
        before = len(kept)
        kept, _drops = deduplicate(kept)
        folded = before - len(kept)
    scorer = sweep_scorer(prof, resume)
    cards = score_postings(kept, scorer, AS_OF, prof.seeker(), prof.eligibility == "strict")
    return [card.url for card in cards], folded


# -- baselines ----------------------------------------------------------------------------------------------------
def _tokens(texts: list[str]) -> list[list[str]]:
    return bm25s.tokenize(texts, stopwords="en", return_ids=False, show_progress=False)  # type: ignore[no-any-return]


class Bm25:
    def __init__(self, corpus: dict[str, Posting]) -> None:
        self.ids = list(corpus)
        self.retriever = bm25s.BM25()
        docs = [f"{p.title}\n{p.description}" for p in corpus.values()]
        self.retriever.index(bm25s.tokenize(docs, stopwords="en", show_progress=False), show_progress=False)

    def scores(self, prof: Profile, resume: str) -> dict[str, float]:
        query = " ".join([*prof.search.titles, *prof.resume.must_have_skills, resume])
        values = self.retriever.get_scores(_tokens([query])[0])
        return {ident: float(value) for ident, value in zip(self.ids, values, strict=True)}


def title_words(prof: Profile, corpus: dict[str, Posting]) -> dict[str, float]:
    targets = [set(words) for words in _tokens(list(prof.search.titles)) if words]
    titles = dict(zip(corpus, _tokens([p.title for p in corpus.values()]), strict=True))
    return {ident: max(len(t & set(titles[ident])) / len(t) for t in targets) for ident in corpus}


def ranked(candidates: list[str], score: dict[str, float]) -> list[str]:
    order = {ident: n for n, ident in enumerate(score)}
    return sorted(candidates, key=lambda ident: (-score[ident], order[ident]))


# -- metrics ------------------------------------------------------------------------------------------------------
def ndcg(order: list[str], graded: dict[str, Label], k: int = 10) -> float:
    def dcg(gains: list[int]) -> float:
        return sum(gain / math.log2(rank + 2) for rank, gain in enumerate(gains[:k]))

    ideal = dcg(sorted((label.gain for label in graded.values()), reverse=True))
    return dcg([graded[ident].gain for ident in order]) / ideal if ideal else 0.0


def precision_at(order: list[str], graded: dict[str, Label], k: int = 5) -> float:
    return sum(graded[ident].wanted for ident in order[:k]) / k


def orders(cands: list[str], sweepy: list[str], bm25: dict[str, float], words: dict[str, float]) -> dict[str, Any]:
    return {"sweepy": sweepy, "bm25": ranked(cands, bm25), "title_words": ranked(cands, words)}


def measure_profile(stem: str, corpus: dict[str, Posting], graded: dict[str, Label], bm25: Bm25) -> dict[str, Any]:
    prof, resume = profile(stem)
    by_url = {p.url: ident for ident, p in corpus.items()}
    reasons = {ident: sweepy_filter(p, prof) for ident, p in corpus.items()}
    passed = [ident for ident in corpus if reasons[ident] is None]
    urls, folded = sweepy_cards([corpus[ident] for ident in passed], prof, resume)
    cards = [by_url[url] for url in urls]
    for ident in set(passed) - set(cards):
        reasons[ident] = "duplicate"  # folded into another card: the person still sees the job
    wanted = [ident for ident, label in graded.items() if label.wanted]
    found = [ident for ident in wanted if reasons[ident] in (None, "duplicate")]
    lost = [{"posting": i, "reason": reasons[i], "title": corpus[i].title, "location": corpus[i].location}
            for i in wanted if i not in found]  # fmt: skip
    bm25_scores, word_scores = bm25.scores(prof, resume), title_words(prof, corpus)
    every, _ = sweepy_cards(list(corpus.values()), prof, resume, dedupe=False)
    sets = {"cards": orders(cards, cards, bm25_scores, word_scores),
            "all_postings": orders(list(corpus), [by_url[u] for u in every], bm25_scores, word_scores)}  # fmt: skip
    return {
        "wanted": len(wanted),
        "found": len(found),
        "cards": len(cards),
        "good_cards": sum(graded[i].relevance >= 1 and graded[i].place_ok for i in cards),
        "recall": len(found) / len(wanted) if wanted else None,
        "precision": sum(graded[i].relevance >= 1 and graded[i].place_ok for i in cards) / len(cards)
        if cards
        else None,
        "folded_duplicates": folded,
        "orders": {
            name: {
                who: {"ndcg@10": round(ndcg(o, graded), 4), "p@5": round(precision_at(o, graded), 4)}
                for who, o in by_who.items()
            }
            for name, by_who in sets.items()
        },
        "top5": [
            f"{graded[i].relevance}{'' if graded[i].place_ok else '!'} {corpus[i].title} | {corpus[i].location}"
            for i in cards[:5]
        ],
        "lost": lost,
        "bad_cards": [
            f"{graded[i].relevance}{'' if graded[i].place_ok else '!'} {corpus[i].title} | {corpus[i].location}"
            for i in cards
            if not (graded[i].relevance >= 1 and graded[i].place_ok)
        ],
    }


def measure() -> dict[str, Any]:
    corpus, graded = postings(), labels()
    bm25 = Bm25(corpus)
    per = {path.stem: measure_profile(path.stem, corpus, graded[path.stem], bm25) for path in profile_paths()}
    wanted, found = sum(p["wanted"] for p in per.values()), sum(p["found"] for p in per.values())
    cards, good = sum(p["cards"] for p in per.values()), sum(p["good_cards"] for p in per.values())
    overall: dict[str, Any] = {"postings": len(corpus), "profiles": len(per), "recall": found / wanted,
                               "precision": good / cards if cards else None, "orders": {}}  # fmt: skip
    for name in ("cards", "all_postings"):
        overall["orders"][name] = {
            who: {metric: round(statistics.mean(p["orders"][name][who][metric] for p in per.values()), 4)
                  for metric in ("ndcg@10", "p@5")}
            for who in ("sweepy", "bm25", "title_words")
        }  # fmt: skip
    overall["lost_by_reason"] = dict(Counter(lost["reason"] for p in per.values() for lost in p["lost"]))
    on_cards = overall["orders"]["cards"]
    margin = on_cards["sweepy"]["ndcg@10"] - max(on_cards["bm25"]["ndcg@10"], on_cards["title_words"]["ndcg@10"])
    overall["targets"] = {
        "recall >= 0.97": _verdict(overall["recall"] >= TARGETS["recall"]),
        "precision >= 0.85": _verdict((overall["precision"] or 0) >= TARGETS["precision"]),
        "nDCG@10 >= both baselines + 0.05": _verdict(margin >= TARGETS["ndcg_margin"]),
    }
    overall["ndcg_margin"] = round(margin, 4)
    return {"overall": overall, "profiles": per}


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def _fmt(value: float | None) -> str:
    return "  -  " if value is None else f"{value:.3f}"


def report(figures: dict[str, Any], lost: bool, out: Callable[[str], None] = print) -> None:
    out(f"{'profile':18} {'want':>4} {'found':>5} {'cards':>5} {'recall':>6} {'prec':>6} "
        "| nDCG@10 sweepy bm25 words | P@5 sweepy bm25 words | all postings nDCG@10 sweepy bm25 words")  # fmt: skip
    rows = [*figures["profiles"].items(), ("OVERALL", figures["overall"])]
    for stem, fig in rows:
        cards, every = fig["orders"]["cards"], fig["orders"]["all_postings"]
        counts = f"{fig.get('wanted', ''):>4} {fig.get('found', ''):>5} {fig.get('cards', ''):>5}"
        out(f"{stem:18} {counts} {_fmt(fig['recall']):>6} {_fmt(fig['precision']):>6} |        "
            + " ".join(_fmt(cards[w]["ndcg@10"]) for w in ("sweepy", "bm25", "title_words")) + " |    "
            + " ".join(_fmt(cards[w]["p@5"]) for w in ("sweepy", "bm25", "title_words")) + " |                     "
            + " ".join(_fmt(every[w]["ndcg@10"]) for w in ("sweepy", "bm25", "title_words")))  # fmt: skip
    overall = figures["overall"]
    out(f"\n{overall['postings']} postings, {overall['profiles']} profiles; nDCG@10 margin over the better baseline: "
        f"{overall['ndcg_margin']:+.3f}")  # fmt: skip
    for target, verdict in overall["targets"].items():
        out(f"  {verdict}  {target}")
    out(f"lost wanted postings by the filter's reason: {overall['lost_by_reason']}")
    if lost:
        for stem, fig in figures["profiles"].items():
            for item in fig["lost"]:
                out(f"  {stem}: [{item['reason']}] {item['title']} | {item['location']}  ({item['posting']})")
            for line in fig["top5"]:
                out(f"  {stem} top: {line}")
            for line in fig["bad_cards"]:
                out(f"  {stem} bad card: {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--lost", action="store_true",
                        help="list each lost wanted posting, each top five and each card that misses precision "
                        "(N! = relevance N, place not ok)")  # fmt: skip
    args = parser.parse_args()
    figures = measure()
    report(figures, args.lost)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
