"""Description text: intros, workplace sentences, benefits, and the assembly of a 600-2,000 character body."""

from math import gcd

from .models import Role
from .places import STATE_NAMES

INTROS = (
    "{company} is hiring {a} {title} to join our {team} team.",
    "We are looking for {a} {title} to support our {team} team.",
    "{company} seeks an experienced {title} for its {team} group.",
    "Join {company} as {a} {title} and help our {team} team do its best work.",
    "As {a} {title} at {company}, you will be part of a collaborative {team} team.",
)
REMOTE_SENTENCES = (
    "This is a fully remote role open to candidates anywhere in {region}.",
    "This position is 100% remote; you can work from anywhere in {region}.",
    "We are a remote-first company and this role is fully remote ({region}).",
)
HYBRID_SENTENCES = (
    "This is a hybrid role with three days per week in our {city} office.",
    "Hybrid schedule: in the {city} office Tuesday through Thursday, remote the rest of the week.",
    "This role follows a hybrid model, with two to three days a week on-site in {city}.",
)
ONSITE_SENTENCES = (
    "This position is on-site at our {city} office, Monday through Friday.",
    "This is an in-person role based in {city}.",
    "Work is performed on-site in {city}, five days a week.",
)
BENEFITS: dict[str, tuple[str, ...]] = {
    "default": (
        "We offer medical, dental and vision coverage, a 401(k) with match and 20 days of paid time off.",
        "Benefits include comprehensive health insurance, commuter benefits, paid parental leave "
        "and an annual learning stipend.",
    ),
    "law": (
        "We offer a competitive salary, overtime eligibility, an annual bonus, fully paid health "
        "insurance and support for paralegal certification and CLE courses.",
        "Benefits include medical and dental coverage, a 401(k) with profit sharing, transit "
        "benefits and summer Fridays.",
    ),
    "hospital": (
        "Benefits include tuition reimbursement, shift differentials, a pension plan and health coverage from day one.",
        "We offer sign-on bonuses for eligible nurses, paid certification fees and flexible scheduling.",
    ),
    "gov": (
        "Federal benefits include FEHB health insurance, the Thrift Savings Plan (TSP), a FERS "
        "pension and 11 paid federal holidays.",
    ),
}
KIND_BENEFITS = {
    kind: BENEFITS["law"] if kind in ("law", "legal_aid", "legal_staffing") else BENEFITS.get(kind, BENEFITS["default"])
    for kind in ("law", "legal_aid", "legal_staffing", "hospital", "gov")
}
EEO = (
    "{company} is an equal opportunity employer and welcomes applicants of all backgrounds.",
    "We are an Equal Opportunity Employer. All qualified applicants will receive consideration "
    "without regard to race, color, religion, sex, sexual orientation, gender identity, national "
    "origin, disability or veteran status.",
)
DUTY_HEADS = ("Responsibilities:", "What you'll do:", "Key responsibilities:")
NEED_HEADS = ("Requirements:", "Qualifications:", "What you'll bring:")


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_Orders = tuple[tuple[str, ...], ...]
_ROLE_TEXT: dict[tuple[str, str], tuple[_Orders, _Orders, _Orders]] = {}


def _orders(items: tuple[str, ...]) -> _Orders:
    """Every visit order of ``items`` by a start and a stride coprime with its length."""
    n = len(items)
    strides = [s for s in range(1, max(n, 2)) if gcd(s, n) == 1]
    return tuple(tuple(items[(a + i * s) % n] for i in range(n)) for a in range(n) for s in strides)


def role_text(role: Role, state: str) -> tuple[_Orders, _Orders, _Orders]:
    """A role's duties, requirements and skills in many orders, with state-specific wording filled in."""
    key = (role.key, state)
    hit = _ROLE_TEXT.get(key)
    if hit is None:
        if state == "NY":
            courts = "New York State courts (Supreme Court, Civil Court) and S.D.N.Y./E.D.N.Y."
            efiling = "NYSCEF and PACER/CM/ECF"
        elif state == "NJ":
            courts = "New Jersey Superior Court and D.N.J."
            efiling = "NJ eCourts and PACER/CM/ECF"
        else:
            courts = "state and federal court"
            efiling = "the state e-filing system and PACER/CM/ECF"
        fill = {
            "courts": courts,
            "efiling": efiling,
            "years": "{years}",
            "state": STATE_NAMES.get(state, "the state where you practice"),
        }
        duties = tuple(d.format(**fill) for d in role.duties)
        needs = tuple(n.format(**fill) for n in role.needs)
        skills = _ROLE_TEXT[(role.key, "")][2] if (role.key, "") in _ROLE_TEXT else _orders(role.skills)
        hit = _ROLE_TEXT[key] = (_orders(duties), _orders(needs), skills)
    return hit


VARIANTS = 8  # description bodies per (title, jurisdiction, format); more come from intros etc.
MIDDLE_MAX = 1400
_PAD = (
    "Applications are reviewed on a rolling basis; please include a resume and a short note about "
    "your interest in the role."
)


def middle_text(heads: tuple[str, str], duties: list[str], needs: list[str], skills: list[str], html: bool) -> str:
    if html:
        return (
            f"<p><strong>{heads[0][:-1]}</strong></p><ul><li>"
            + "</li><li>".join(map(_esc, duties))
            + f"</li></ul><p><strong>{heads[1][:-1]}</strong></p><ul><li>"
            + "</li><li>".join(map(_esc, needs))
            + f"</li></ul><p><strong>Skills:</strong> {_esc(', '.join(skills))}</p>"
        )
    return (
        f"\n\n{heads[0]}\n- "
        + "\n- ".join(duties)
        + f"\n\n{heads[1]}\n- "
        + "\n- ".join(needs)
        + f"\n\nSkills: {', '.join(skills)}\n\n"
    )


def describe(intro: str, middle: str, sentence: str, closing: list[str], html: bool) -> str:
    """A description of 600-2,000 characters: intro, middle, workplace sentence, benefits."""
    if html:
        text = f"<p>{_esc(intro)}</p>{middle}<p>{_esc(sentence)}</p>"
        extra = "".join(f"<p>{_esc(c)}</p>" for c in closing)
        if extra and len(text) + len(extra) + 45 > 2000:
            extra = f"<p>{_esc(closing[0])}</p>"
        if extra and len(text) + len(extra) + 45 <= 2000:
            text += "<p><strong>Benefits &amp; perks</strong></p>" + extra
        if len(text) < 600:
            text += f"<p>{_PAD}</p>"
        return text
    text = f"{intro}{middle}{sentence}"
    extra = " ".join(closing)
    if extra and len(text) + len(extra) + 2 > 2000:
        extra = closing[0]
    if extra and len(text) + len(extra) + 2 <= 2000:
        text += "\n\n" + extra
    if len(text) < 600:
        text += "\n\n" + _PAD
    return text
