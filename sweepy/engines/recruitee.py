"""The `recruitee` engine: company career sites (`https://{company}.recruitee.com/api/offers/`), one answer each.

Each company has its own host, so `base_url` is a template with `{company}` in it, e.g.
`http://127.0.0.1:8080/recruitee/{company}`.
"""

from typing import Annotated, Any, ClassVar

from pydantic import Field, field_validator

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Period, Posting, Salary
from ..domain.salary import find_salary
from ..domain.workplace import Workplace
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig
from .shapes import BoardToken, as_list, as_object, joined, salary_range, string

ORIGIN = "https://{company}.recruitee.com"
PERIODS: dict[str, Period] = {
    **{word: "year" for word in ("year", "yearly", "annual", "annually")},
    **{word: "month" for word in ("month", "monthly")},
    **{word: "week" for word in ("week", "weekly")},
    **{word: "day" for word in ("day", "daily")},
    **{word: "hour" for word in ("hour", "hourly")},
}

WORKPLACE_FLAGS: tuple[tuple[str, Workplace], ...] = (("hybrid", "hybrid"), ("remote", "remote"), ("on_site", "onsite"))


class RecruiteeConfig(HttpEngineConfig):
    companies: Annotated[list[BoardToken], Field(min_length=1, max_length=200)]
    base_url_placeholders: ClassVar[tuple[str, ...]] = ("company",)

    @field_validator("base_url")
    @classmethod
    def _company_template(cls, value: str | None) -> str | None:
        rest = (value or "").replace("{company}", "")
        if value is not None and (rest == value or "{" in rest or "}" in rest):
            raise ValueError(
                "base_url must hold {company} where the company goes (each company has its own host), e.g. "
                "http://127.0.0.1:8080/recruitee/{company}"
            )
        return value


class RecruiteeEngine(Engine):
    name = "recruitee"
    config_model = RecruiteeConfig
    description = "Company career sites on Recruitee ({company}.recruitee.com), each fetched whole."
    uses_network = True

    def sources(self, config: RecruiteeConfig, titles: list[str]) -> list[str]:
        return list(dict.fromkeys(config.companies))

    def discover(self, config: RecruiteeConfig, request: DiscoverRequest) -> EngineResult:
        url = api_url(config.origin(ORIGIN), "/api/offers/", company=request.source)
        data = as_object(request.client.get_json(url), "the career site")
        offers = as_list(data.get("offers"), "the career site's 'offers'")
        return self.collected(request, offers, lambda offer: self._posting(offer, request), "an offer")

    def _posting(self, offer: dict[str, Any], request: DiscoverRequest) -> Posting:
        page = string(offer.get("careers_url"))
        if not page and string(offer.get("slug")):
            page = f"https://{request.source}.recruitee.com/o/{string(offer.get('slug'))}"
        parts = (string(offer.get(key)) for key in ("description", "requirements"))
        posting = self.posting(
            request,
            title=offer.get("title"),
            company=string(offer.get("company_name")) or request.source,
            url=page,
            location=string(offer.get("location"))
            or joined((offer.get("city"), offer.get("state_name"), offer.get("country"))),
            description="".join(f"<div>{part}</div>" for part in parts if part),
            workplace=_workplace(offer),
            posted_at=parse_when(offer.get("published_at")) or parse_when(offer.get("created_at")),
            apply_url=offer.get("careers_apply_url"),
            employment_type=employment_type(offer.get("employment_type_code")),  # fulltime_permanent, internship
        )
        posting.salary = _salary(offer.get("salary")) or find_salary(posting.description)
        return posting


def _workplace(offer: dict[str, Any]) -> Workplace | None:
    """An offer can tick several boxes: remote and hybrid both ticked offer remote (workplace.py); else hybrid wins
    over remote, remote over on-site, as in the text inference."""
    if offer.get("remote") is True and offer.get("hybrid") is True:
        return "remote"
    return next((kind for key, kind in WORKPLACE_FLAGS if offer.get(key) is True), None)


def _salary(value: Any) -> Salary | None:
    if not isinstance(value, dict):
        return None
    period = PERIODS.get(string(value.get("period")).lower())
    return salary_range(value.get("min"), value.get("max"), value.get("currency"), period)


register(RecruiteeEngine())
