"""Employers for each role: the curated companies plus, for large counts, synthetic ones built from name parts."""

import random
from collections.abc import Sequence
from itertools import accumulate

from .companies import COMPANIES
from .models import Company
from .places import NYC_CITIES
from .roles import ROLES
from .titles import slugify

# More employers for large counts: names combined from parts, so 20,000 records stay varied.
_SYNTH_NAMES = (
    "Ashford", "Bramble", "Cobalt", "Dovetail", "Elmstead", "Foxhall", "Garnet", "Hollis", "Ironwood",
    "Juniper", "Kingsley", "Larkspur", "Marigold", "Norrell", "Oakhurst", "Pemberton", "Quarry",
    "Rosewood", "Saltmarsh", "Thornbury", "Umber", "Vesper", "Wexford", "Yarrow", "Zephyr", "Alcott",
    "Beaumont", "Carrow", "Delacroix", "Everly", "Fairbanks", "Greyling", "Hawthorne", "Iverson",
    "Jessup", "Kenwood", "Lindell", "Mercer", "Northam", "Ostrander",
)  # fmt: skip
# kind -> (name pattern, alternative spelling, ATS, blurb); {a} and {b} are name parts.
_SYNTH_KINDS: tuple[tuple[str, str, str, str, str], ...] = (
    ("law", "{a} & {b} LLP", "{a} and {b} LLP", "greenhouse",
     "{name} is a litigation and commercial law firm representing businesses and individuals."),
    ("law", "{a} {b} Law Group", "{a} {b} Law Group, PLLC", "",
     "{name} is a boutique firm handling employment, real estate and personal injury matters."),
    ("law", "{a} & {b} PC", "{a} & {b}", "workable",
     "{name} is a regional firm with trial, appellate and insurance defense practices."),
    ("legal_aid", "{a} Legal Aid Society", "{a} Legal Aid Society, Inc.", "",
     "{name} is a nonprofit providing free civil legal services to low-income families."),
    ("legal_staffing", "{a} Legal Staffing", "{a} Legal Staffing, LLC", "",
     "{name} places paralegals and legal assistants with law firms and in-house teams."),
    ("legaltech", "{a}{b_low} Legal, Inc.", "{a}{b_low} Legal", "ashby",
     "{name} builds software for litigation teams and legal operations."),
    ("hospital", "{a} Medical Center", "{a} Medical Center, Inc.", "smartrecruiters",
     "{name} is a nonprofit acute care hospital serving its community for over 80 years."),
    ("hospital", "{a} {b} Community Hospital", "{a} {b} Community Hospital, Inc.", "workable",
     "{name} is a community hospital with emergency, surgical and maternity services."),
    ("nurse_staffing", "{a} Nurse Staffing", "{a} Nurse Staffing, LLC", "",
     "{name} connects travel and per diem nurses with hospitals nationwide."),
    ("tech", "{a} Labs, Inc.", "{a} Labs", "greenhouse",
     "{name} builds developer tools and APIs for growing software teams."),
    ("tech", "{a}{b_low}, Inc.", "{a}{b_low}", "lever",
     "{name} makes workflow software for operations teams."),
    ("tech", "{a} Software", "{a} Software, Inc.", "ashby",
     "{name} builds analytics and automation products for mid-market companies."),
    ("healthtech", "{a} Health, Inc.", "{a} Health", "ashby",
     "{name} offers virtual care and care coordination software."),
    ("agency", "{a} Studio, LLC", "{a} Studio", "recruitee",
     "{name} is a design and content studio for consumer and nonprofit brands."),
    ("staffing", "{a} Staffing Group", "{a} Staffing Group, Inc.", "",
     "{name} recruits administrative and operations professionals."),
    ("finance", "{a} {b} Capital", "{a} {b} Capital, LLC", "greenhouse",
     "{name} is an investment adviser serving institutions and families."),
    ("pharma", "{a} Therapeutics, Inc.", "{a} Therapeutics", "workable",
     "{name} develops medicines for rare and chronic diseases."),
    ("corporate", "{a} Holdings, Inc.", "{a} Holdings", "smartrecruiters",
     "{name} operates a portfolio of distribution and services businesses."),
    ("corporate", "{a} {b} Logistics", "{a} {b} Logistics Co.", "recruitee",
     "{name} runs warehousing and regional freight operations."),
    ("university", "{a} College", "{a} College, Inc.", "",
     "{name} is a private liberal arts college."),
)  # fmt: skip
_SYNTH_CITIES = (
    "New York, NY", "New York, NY", "Brooklyn, NY", "Queens, NY", "Jersey City, NJ", "Hoboken, NJ",
    "Newark, NJ", "Boston, MA", "Chicago, IL", "San Francisco, CA", "Los Angeles, CA", "San Diego, CA",
    "Seattle, WA", "Portland, OR", "Austin, TX", "Dallas, TX", "Houston, TX", "Denver, CO",
    "Salt Lake City, UT", "Phoenix, AZ", "Minneapolis, MN", "Atlanta, GA", "Miami, FL",
    "Nashville, TN", "Raleigh, NC", "Philadelphia, PA", "Pittsburgh, PA", "Washington, DC",
    "Baltimore, MD", "Columbus, OH", "Stamford, CT",
)  # fmt: skip
SYNTH_START = 320  # the curated sample needs none


def synthetic_companies(count: int, rng: random.Random) -> list[Company]:
    out: list[Company] = []
    seen = {c.slug for c in COMPANIES}
    n = len(_SYNTH_NAMES)
    while len(out) < count and len(seen) < 40_000:
        kind, pattern, alt, ats, blurb = rng.choice(_SYNTH_KINDS)
        a, b = rng.choice(_SYNTH_NAMES), _SYNTH_NAMES[rng.randrange(n)]
        if a == b:
            continue
        name = pattern.format(a=a, b=b, b_low=b.lower())
        slug = slugify(name.replace(", Inc.", "").replace(" LLP", "").replace(" PC", "")).replace("-", "")
        if slug in seen:
            continue
        seen.add(slug)
        cities = tuple(dict.fromkeys(rng.choice(_SYNTH_CITIES) for _ in range(rng.choice((1, 1, 2)))))
        out.append(
            Company(name, alt.format(a=a, b=b, b_low=b.lower()), slug, kind, cities, ats, blurb.format(name=name))
        )
    return out


Pools = dict[tuple[str, bool], tuple[tuple[Company, ...], tuple[float, ...]]]


def build_pools(companies: Sequence[Company]) -> Pools:
    """Employers for each role, split by whether they sit in the NYC metro."""
    pools: Pools = {}
    for role in ROLES:
        kinds = dict(role.employers)
        for nyc in (True, False):
            members = [c for c in companies if c.kind in kinds and (c.cities[0] in NYC_CITIES) == nyc]
            weights = [kinds[c.kind] for c in members]
            pools[(role.key, nyc)] = (tuple(members), tuple(accumulate(weights)))
    return pools


POOLS = build_pools(COMPANIES)
