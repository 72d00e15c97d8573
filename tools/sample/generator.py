"""The posting generator: one job record at a time, a job posted on two platforms, and malformed records."""

import datetime
import random
from typing import NamedTuple

from .companies import COMPANIES
from .descriptions import (
    BENEFITS,
    DUTY_HEADS,
    EEO,
    HYBRID_SENTENCES,
    INTROS,
    KIND_BENEFITS,
    MIDDLE_MAX,
    NEED_HEADS,
    ONSITE_SENTENCES,
    REMOTE_SENTENCES,
    VARIANTS,
    describe,
    middle_text,
    role_text,
)
from .dice import Dice
from .employers import POOLS, build_pools, synthetic_companies
from .models import Company, Role
from .places import CITY_VARIANTS, REMOTE_CUM, REMOTE_FRIENDLY, REMOTE_LOCS, place_key
from .roles import LEGAL_FAMILY
from .salaries import draw_salary
from .titles import GENERAL_TITLES, KIND_TITLES, title_info, title_variant
from .urls import Urls


class Posting(NamedTuple):
    record: dict[str, object]
    company: Company
    mode: str
    platform: str
    short_description: str  # what a second, poorer copy of the job shows


class Generator(Dice):
    """All randomness flows through one random.Random (shared with ``urls``); helpers avoid its slower methods."""

    def __init__(self, seed: int, today: datetime.date, extra_companies: int = 0) -> None:
        super().__init__(random.Random(seed))
        self.pools = POOLS
        if extra_companies:
            synthetic = synthetic_companies(extra_companies, random.Random(seed + 1))
            self.pools = build_pools([*COMPANIES, *synthetic])
        self.urls = Urls(self.rng)
        self.today = today
        self.days = [(today - datetime.timedelta(days)).isoformat() for days in range(401)]
        self.middles: dict[tuple[str, str, bool, int], tuple[str, str]] = {}
        self.role_keys: set[tuple[str, str, str]] = set()

    # ---- location / workplace
    def location(self, role: Role, company: Company) -> tuple[str, str, str]:
        """Return (workplace mode, location text, sentence about the workplace)."""
        r = self.r
        remote_p = role.remote_p
        if role.key == "nurse":
            remote_p = 0.85 if company.kind == "healthtech" else 0.0
        elif company.kind in ("hospital", "gov", "legal_aid") and role.key != "data_analyst":
            remote_p *= 0.3
        cities = company.cities
        city = cities[0] if len(cities) == 1 or r() < 0.7 else self.pick(cities[1:])
        variants = CITY_VARIANTS.get(city)
        shown = self.weighted(*variants) if variants else city
        city_short = shown.split(",")[0].replace(" 10004", "").replace("New York City", "New York")
        roll = r()
        if roll < remote_p:
            region = "the US"
            if company.kind in REMOTE_FRIENDLY and r() < 0.12:
                loc, region = "Remote (EU only)", "the EU"
            elif r() < 0.1:
                loc = ""
            else:
                loc = self.weighted(REMOTE_LOCS, REMOTE_CUM)
                if loc == "Remote (US/Canada)":
                    region = "the US or Canada"
            return "remote", loc, self.pick(REMOTE_SENTENCES).format(region=region)
        if roll < remote_p + role.hybrid_p:
            loc = f"Hybrid - {shown}" if r() < 0.4 else shown
            return "hybrid", loc, self.pick(HYBRID_SENTENCES).format(city=city_short)
        return "onsite", shown, self.pick(ONSITE_SENTENCES).format(city=city_short)

    # ---- description
    def middle(self, role: Role, title: str, state: str, html: bool) -> tuple[str, str]:
        """Responsibilities, requirements and skills, full and short; a few variants per title and place."""
        juris = state if role.key == "nurse" or state in ("NY", "NJ") else ""
        key = (title, juris, html, int(self.r() * VARIANTS))
        hit = self.middles.get(key)
        if hit is None:
            info = title_info(title)
            duty_orders, need_orders, skill_orders = role_text(role, juris)
            years = str(self.num(5, 7) if info.senior else (1 if info.junior else self.num(2, 4)))
            duties = [*info.duties, *self.pick(duty_orders)[: self.num(4, 6)]]
            needs = [n.replace("{years}", years) for n in self.pick(need_orders)[: self.num(3, 5)]]
            skills = [*info.skills, *self.pick(skill_orders)[: self.num(6, 9)]]
            if juris == "NY" and role.key in LEGAL_FAMILY:
                skills.append("NYSCEF")
            heads = (self.pick(DUTY_HEADS), self.pick(NEED_HEADS))
            full = middle_text(heads, duties, needs, skills, html)
            while len(full) > MIDDLE_MAX:
                if len(duties) > 3:
                    duties.pop()
                elif len(needs) > 2:
                    needs.pop()
                else:
                    skills.pop()
                full = middle_text(heads, duties, needs, skills, html)
            short = middle_text(heads, duties[:3], needs[:2], skills[:5], html)
            hit = self.middles[key] = (full, short)
        return hit

    def posted_at(self, days: int | None = None) -> str:
        r = self.r
        if days is None:
            days = self.num(90, 400) if r() < 0.1 else int(r() ** 1.3 * 31)
        day = self.days[days] if days < len(self.days) else (self.today - datetime.timedelta(days)).isoformat()
        if r() < 0.25:
            return f"{day}T{self.num(8, 20):02d}:{5 * self.num(0, 11):02d}:00Z"
        return day

    # ---- records
    def posting(self, role: Role, *, nyc: bool | None = None, pair: bool = False) -> Posting:
        r = self.r
        if nyc is None:
            nyc = r() < role.nyc_p
        members, cum = self.pools[(role.key, nyc)]
        if not members:
            members, cum = self.pools[(role.key, not nyc)]
        for attempt in range(6):  # avoid accidental duplicates of one role (a few remain at large counts)
            if attempt % 2 == 0:
                company = self.weighted(members, cum)
                titles = KIND_TITLES.get((role.key, company.kind)) or GENERAL_TITLES[role.key]
                mode, loc, sentence = self.location(role, company)
                place = place_key(loc)
            title = titles[int(r() * len(titles))]
            info = title_info(title)
            role_key = (company.slug, info.key, place)
            if role_key not in self.role_keys:
                break
        self.role_keys.add(role_key)
        rec: dict[str, object] = {"title": title, "company": company.name, "location": loc}
        if r() < 0.7:
            rec["workplace"] = mode
        salary = draw_salary(self, role, title, loc)
        if pair or r() < 0.77:
            rec["salary"] = salary
        rec["posted_at"] = self.posted_at()
        platform = self.urls.platform(company, mode == "remote")
        url = self.urls.url(platform, company, title, role.remotive)
        if r() < 0.86:
            rec["platform"] = platform
        rec["url"] = url
        if r() < 0.25:
            apply = self.urls.apply_url(platform, url, company, title, role.remotive)
            if apply:
                rec["apply_url"] = apply

        # description: intro, role-specific middle, workplace sentence, benefits
        state = (loc or company.cities[0])[-2:]
        if not state.isupper() or state in ("US", "EU"):
            state = company.cities[0][-2:]
        html = r() < 0.15
        full, short = self.middle(role, title, state, html)
        teams = role.teams
        intro = INTROS[int(r() * len(INTROS))].format(
            company=company.name, a=info.article, title=title, team=teams[int(r() * len(teams))]
        )
        intro = f"{intro} {company.blurb}"
        benefits = KIND_BENEFITS.get(company.kind, BENEFITS["default"])
        closing = [benefits[int(r() * len(benefits))]]
        if r() < 0.5:
            closing.append(EEO[int(r() * len(EEO))].format(company=company.name))
        rec["description"] = describe(intro, full, sentence, closing, html)
        return Posting(rec, company, mode, platform, describe(intro, short, sentence, [], html) if pair else "")

    def pair(self, role: Role) -> list[dict[str, object]]:
        """The same job on two platforms: one copy richer (longer text and a salary)."""
        first = self.posting(role, nyc=self.r() < max(role.nyc_p, 0.5), pair=True)
        rec = first.record
        company = first.company
        title = title_variant(str(rec["title"]))
        platform = self.urls.platform(company, first.mode == "remote", exclude=first.platform)
        twin: dict[str, object] = {"title": title, "company": company.alt, "location": rec["location"]}
        if "workplace" in rec and self.r() < 0.6:
            twin["workplace"] = rec["workplace"]
        age = (self.today - datetime.date.fromisoformat(str(rec["posted_at"])[:10])).days
        twin["posted_at"] = self.posted_at(max(0, age - self.num(0, 3)))
        twin["platform"] = platform
        twin["url"] = self.urls.url(platform, company, title, role.remotive)
        twin["description"] = first.short_description
        return [rec, twin] if self.r() < 0.5 else [twin, rec]

    def malformed(self, role: Role, kind: str) -> dict[str, object]:
        rec = self.posting(role).record
        if kind == "missing_title":
            del rec["title"]
        elif kind == "missing_company":
            del rec["company"]
        elif kind == "ftp_url":
            rec["url"] = "ftp://x"
        elif kind == "bad_url":
            rec["url"] = "not a url"
        elif kind == "numeric_title":
            rec["title"] = self.num(10_000, 99_999)
        else:  # salary_list
            rec["salary"] = [60_000, 80_000]
        return rec
