"""What the stages dropped: counts by reason, and the first few postings of each reason (`dropped_examples`), so
the assistant can tell the person what a filter removed and which setting would widen it."""

import dataclasses
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..domain.postings import Posting

EXAMPLES_PER_REASON = 3


@dataclass(frozen=True, slots=True)
class DroppedExample:
    """One dropped posting, as the person would recognise it."""

    title: str
    company: str
    location: str


class Drops(Counter[str]):
    """A Counter of drop reasons (so `drops == Counter({"title": 2})` still reads), plus `examples`: at most
    EXAMPLES_PER_REASON postings per reason, the first ones dropped."""

    def __init__(self) -> None:
        super().__init__()
        self.examples: dict[str, list[DroppedExample]] = {}

    def drop(self, reason: str, posting: Posting) -> None:
        self[reason] += 1
        found = self.examples.setdefault(reason, [])
        if len(found) < EXAMPLES_PER_REASON:
            found.append(DroppedExample(posting.title, posting.company, posting.location))

    def drop_all(self, reason: str, postings: Iterable[Posting]) -> None:
        for posting in postings:
            self.drop(reason, posting)

    def merge(self, other: Counter[str]) -> None:
        """Add another stage's counts, and its examples when it kept some."""
        self.update(other)
        for reason, found in getattr(other, "examples", {}).items():
            mine = self.examples.setdefault(reason, [])
            mine += found[: EXAMPLES_PER_REASON - len(mine)]

    def example_dicts(self) -> dict[str, list[dict[str, str]]]:
        """The examples in reason order, as the sweep's answer and its result file show them."""
        return {reason: [dataclasses.asdict(e) for e in found] for reason, found in sorted(self.examples.items())}
