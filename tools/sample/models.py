"""The records the sample is built from: an employer and a role family with its text and pay."""

from typing import NamedTuple


class Company(NamedTuple):
    name: str
    alt: str  # spelling used by a second platform in duplicate pairs
    slug: str
    kind: str
    cities: tuple[str, ...]
    ats: str  # applicant tracking system the company uses ("" = job boards only)
    blurb: str


class Role(NamedTuple):
    key: str
    titles: tuple[str, ...]
    employers: tuple[tuple[str, float], ...]  # company kind -> weight
    nyc_p: float
    remote_p: float
    hybrid_p: float
    annual: tuple[int, int]
    hourly: tuple[int, int]
    hourly_p: float
    teams: tuple[str, ...]
    duties: tuple[str, ...]
    needs: tuple[str, ...]
    skills: tuple[str, ...]
    remotive: str
