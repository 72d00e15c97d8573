"""Platforms and URLs: which board or ATS shows a job, its realistic unique URL, and tracking/noise variants."""

import random
import re

from .dice import Dice, cumulative
from .models import Company
from .titles import title_info

_BOARD_WEIGHTS: dict[str, tuple[tuple[str, float], ...]] = {
    "law": (("linkedin", 2.0), ("indeed", 3.0)),
    "legal_aid": (("indeed", 2.0), ("linkedin", 1.0)),
    "legal_staffing": (("indeed", 3.0), ("linkedin", 2.0)),
    "legaltech": (("linkedin", 3.0), ("wellfound", 1.5), ("indeed", 1.0)),
    "tech": (("linkedin", 3.0), ("wellfound", 2.0), ("indeed", 1.0)),
    "healthtech": (("linkedin", 2.0), ("wellfound", 1.0), ("indeed", 1.0)),
    "hospital": (("indeed", 3.0), ("linkedin", 1.0)),
    "nurse_staffing": (("indeed", 3.0), ("linkedin", 1.0)),
    "agency": (("linkedin", 2.0), ("indeed", 1.0)),
    "staffing": (("indeed", 3.0), ("linkedin", 2.0)),
    "finance": (("linkedin", 3.0), ("indeed", 1.0)),
    "pharma": (("linkedin", 2.0), ("indeed", 2.0)),
    "corporate": (("linkedin", 2.0), ("indeed", 2.0)),
    "university": (("indeed", 2.0), ("linkedin", 2.0)),
    "gov": (("indeed", 1.0),),
}
_BOARDS = {kind: cumulative(pairs) for kind, pairs in _BOARD_WEIGHTS.items()}
_APPLY_SUFFIX = {"lever": "/apply", "ashby": "/application", "greenhouse": "#app"}


def tracking(url: str, platform: str, generic: bool) -> str:
    """``url`` with LinkedIn-style tracking parameters (or the ATS's own source parameter)."""
    if generic or platform not in ("greenhouse", "lever"):
        params = "utm_source=linkedin&utm_medium=jobs"
    else:
        params = "gh_src=abc123" if platform == "greenhouse" else "lever-source=LinkedIn"
    return f"{url}{'&' if '?' in url else '?'}{params}"


class Urls(Dice):
    """Platform choice and URLs; remembers every URL handed out so none repeats."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.used_urls: set[str] = set()

    def platform(self, company: Company, remote: bool, exclude: str = "") -> str:
        r = self.r
        if company.ats and company.ats != exclude and (r() < 0.6 or company.kind == "gov"):
            return company.ats
        choice = "remotive" if remote and r() < 0.3 else self.weighted(*_BOARDS[company.kind])
        if choice == exclude:
            if company.ats and company.ats != exclude:
                return company.ats
            return "indeed" if exclude != "indeed" else "linkedin"
        return choice

    def url(self, platform: str, company: Company, title: str, category: str) -> str:
        num = self.num
        slug = title_info(title).slug
        for attempt in range(1, 10_000):
            if platform == "greenhouse":
                host = "boards.greenhouse.io" if self.r() < 0.6 else "job-boards.greenhouse.io"
                url = f"https://{host}/{company.slug}/jobs/{num(4_000_000, 7_999_999)}"
            elif platform == "lever":
                url = f"https://jobs.lever.co/{company.slug}/{self.uuid()}"
            elif platform == "ashby":
                url = f"https://jobs.ashbyhq.com/{company.slug}/{self.uuid()}"
            elif platform == "workable":
                url = f"https://apply.workable.com/{company.slug}/j/{self.rng.getrandbits(40):010X}/"
            elif platform == "smartrecruiters":
                job_id = num(743_999_000_000, 744_000_999_999)
                url = f"https://jobs.smartrecruiters.com/{re.sub(r'[^A-Za-z0-9]', '', company.name)}/{job_id}-{slug}"
            elif platform == "recruitee":
                suffix = "" if attempt == 1 else f"-{attempt}"
                url = f"https://{company.slug}.recruitee.com/o/{slug}{suffix}"
            elif platform == "linkedin":
                url = f"https://www.linkedin.com/jobs/view/{num(3_900_000_000, 4_299_999_999)}/"
            elif platform == "indeed":
                url = f"https://www.indeed.com/viewjob?jk={self.rng.getrandbits(64):016x}"
            elif platform == "remotive":
                url = f"https://remotive.com/remote-jobs/{category}/{slug}-{num(1_800_000, 2_099_999)}"
            elif platform == "usajobs":
                url = f"https://www.usajobs.gov/job/{num(800_000_000, 859_999_999)}"
            else:  # wellfound
                url = f"https://wellfound.com/jobs/{num(2_500_000, 3_299_999)}-{slug}"
            if url not in self.used_urls:
                self.used_urls.add(url)
                return url
        raise RuntimeError("could not find a unique URL")  # pragma: no cover

    def uuid(self) -> str:
        h = f"{self.rng.getrandbits(128):032x}"
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{'89ab'[int(h[16], 16) & 3]}{h[17:20]}-{h[20:]}"

    def noisy(self, url: str, platform: str) -> str:
        """Tracking params, a trailing slash, a #fragment or an upper-case host."""
        kind = self.num(0, 3)
        if kind == 0:
            return tracking(url, platform, self.r() < 0.5)
        if kind == 1 and "?" not in url:
            return url[:-1] if url.endswith("/") else url + "/"
        if kind == 2:
            return url + "#apply"
        scheme, rest = url.split("://", 1)
        host, _, path = rest.partition("/")
        return f"{scheme}://{host.upper() if self.r() < 0.5 else host.title()}/{path}"

    def apply_url(self, platform: str, url: str, company: Company, title: str, category: str) -> str:
        if platform in ("linkedin", "indeed", "remotive", "wellfound"):
            if company.ats and company.ats != "usajobs":
                return self.url(company.ats, company, title, category)
            return ""
        suffix = _APPLY_SUFFIX.get(platform)
        return url + suffix if suffix else ""
