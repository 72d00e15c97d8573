"""Fast random draws shared by every part of the generator (random.choice/randint are several times slower)."""

import random
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from typing import TypeVar

_T = TypeVar("_T")


def cumulative(pairs: tuple[tuple[str, float], ...]) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """Names and running weight totals from (name, weight) pairs, as ``Dice.weighted`` takes them."""
    return tuple(p[0] for p in pairs), tuple(accumulate(p[1] for p in pairs))


class Dice:
    """Draws from one random.Random; sharing the instance keeps the draw order, and so the output, fixed."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.r = rng.random

    def pick(self, items: Sequence[_T]) -> _T:
        return items[int(self.r() * len(items))]

    def num(self, low: int, high: int) -> int:
        """Uniform integer in [low, high]."""
        return low + int(self.r() * (high - low + 1))

    def weighted(self, items: Sequence[_T], cum: tuple[float, ...]) -> _T:
        return items[min(bisect_right(cum, self.r() * cum[-1]), len(items) - 1)]
