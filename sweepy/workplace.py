"""Where the work is (remote, hybrid, on-site), from what a posting says; `unknown` when nothing says so.

A place name is not evidence: "Brooklyn, NY" is where an office or a candidate may be, not how the work is done,
and a feed that calls itself remote-only still carries on-site jobs. The signals, strongest first:

1. the API's own field (Lever `workplaceType`, Workday `remoteType`, ...), passed by the engine as `signal`;
2. short fields: the title ("Paralegal (Hybrid)"), the location ("Remote - US"), office names and custom fields;
3. the whole description, as text ("Remote within NSW, VIC, or ACT" after a long company intro).

Within one text hybrid wins over remote ("hybrid: remote two days a week"), and remote over on-site. A posting that
offers remote *and* hybrid ("Remote or Hybrid", or one location "Hybrid - NYC" beside another "Remote - US") is
`remote`: the person may take it remotely, so a remote-only search must keep it.
"""

import html
import re
from collections.abc import Iterable

from .models import Workplace

_NOT_WORK_REMOTE = (
    r"(?![- ]?(?:sens|monitor|control|access|desktop|server|patient|diagnos|device|area|region|location|communit|"
    r"village|island|site|learning|education|teach|pilot|operat|maintenance|connection|repositor|branch|car\b|"
    r"cars\b|key|support|assistance|troubleshoot|work ?load|viewing|deposit|start|management of))"
)  # "remote sensing", "remote monitoring", "remote areas": a technology or a place, not a way of working
_NOT_NEGATED = r"(?<!\bnot )(?<!\bnot a )(?<!\bnot fully )(?<!\bnon-)(?<!\bnon )(?<!\bno )(?<!\bnor )"
_REMOTE = re.compile(
    rf"{_NOT_NEGATED}\bremote(?:ly)?\b{_NOT_WORK_REMOTE}|\bwork(?:ing)?[- ]from[- ](?:home|anywhere)\b|\bwfh\b|"
    r"\btelecommut\w*"
)
_REMOTE_PLACE = re.compile(
    r"\b(?:anywhere|worldwide|latam|emea|apac|amer|americas|europe|north america|asia[- ]pacific)\b"
    r"|\b(?:utc|gmt) ?[+±−-] ?\d"
)
"""In a place field only: who may apply from where ("Anywhere", "Worldwide", "LATAM, Canada, USA", "USA, CST
(UTC-6)"). No one works on site in a continent or a time zone, so a remote board's eligibility says remote."""
_HYBRID = re.compile(
    r"\bhybrid\b(?![- ]?(?:cloud|apps?\b|application|mobile|vehicle|cars?\b|engine|infrastructure|architecture|"
    r"system|solution|integration|it\b|data|network|technolog|environments?\b|kubernetes|deploy|multi-cloud|storage|"
    r"compute|work ?loads?\b|warfare|seed|rice|plant|meetings?\b|events?\b|learning|teaching|class|course|"
    r"identity|search|quantum|ai\b|ml\b|model(?:s|ling|ing)\b))"
)
_OFFICE_SHARE = re.compile(
    r"\b(?:\d{1,2} ?%|(?:one|two|three|four|[1-4])(?: ?(?:-|–|to|or) ?(?:two|three|four|[2-4]))? days?)\b[^.\n]{0,60}?"
    r"\b(?:in|at|from|into) (?:the|our|an?|one of our|your local) (?:[\w-]+ ){0,3}offices?\b"
    r"|\b(?:in|at|into) (?:the|our|an?|one of our|your local) (?:[\w-]+ ){0,3}offices?\b[^.\n]{0,60}?"
    r"\b(?:\d{1,2} ?%|(?:one|two|three|four|[1-4])(?: ?(?:-|–|to|or) ?(?:two|three|four|[2-4]))? days?)"
)  # "three days a week in our Sydney office", "in one of our offices at least 25% of the time": part-time office
_BOTH = re.compile(
    r"\bremote(?:ly)?\b ?(?:/|,|\bor\b|\band\b|&|\+|\|) ?(?:fully )?hybrid\b"
    r"|\bhybrid\b ?(?:/|,|\bor\b|\band\b|&|\+|\|) ?(?:fully )?remote\b"
)  # "Remote or Hybrid", "hybrid/remote": a choice, and one of the choices is remote
_ONSITE = re.compile(
    r"\b(?:on[- ]?site|in[- ]office|in[- ]person|office[- ]based)\b(?![- ](?:gym|fitness|parking|caf|canteen|child|"
    r"day ?care|creche|meal|lunch|amenit|health|clinic|medical|interview|training|event|visit|restaurant|kitchen|"
    r"shower|bike|laundr|perks?\b|benefit))"
    r"|\b(?:not|never|isn't|is not) (?:a |an |fully |100% )?remote\b|\bno remote\b|\bnon-?remote\b"
)
_ENTRIES = re.compile(r"[;|\n]")  # "Hybrid - New York; Remote - US": Lever's and Ashby's joined locations


def _kind(text: str, place: bool = False) -> Workplace | None:
    """The workplace one lower-cased text states; "remote" for a choice that includes remote.

    Each pattern runs only when a substring test finds its word: most texts never mention one.
    """
    has_remote = "remote" in text
    has_hybrid = "hybrid" in text
    if has_remote and has_hybrid and _BOTH.search(text):
        return "remote"
    if has_hybrid and _HYBRID.search(text):
        return "hybrid"
    if "office" in text and _OFFICE_SHARE.search(text):
        return "hybrid"
    if (has_remote or "home" in text or "wfh" in text or "telecommut" in text or "anywhere" in text) and (
        _REMOTE.search(text)
    ):
        return "remote"
    if place and _REMOTE_PLACE.search(text):
        return "remote"
    if ("site" in text or "office" in text or "person" in text or has_remote) and _ONSITE.search(text):
        return "onsite"
    return None


def _combined(kinds: set[Workplace]) -> Workplace | None:
    if "remote" in kinds and "hybrid" in kinds:
        return "remote"  # offered both ways, e.g. "Hybrid - New York" and "Remote - US"
    return next((kind for kind in ("hybrid", "remote", "onsite") if kind in kinds), None)


def workplace_in_fields(titles: Iterable[str] = (), places: Iterable[str] = ()) -> Workplace | None:
    """The workplace short fields state: titles ("Paralegal (Hybrid)", "Remote Paralegal") and places (locations,
    office names, custom fields: "Remote - US", "Anywhere"), each entry of a joined list on its own."""
    kinds: set[Workplace] = set()
    for text in titles:
        if text and (kind := _kind(text.lower())):
            kinds.add(kind)
    for text in places:
        for entry in _ENTRIES.split(text.lower()) if text else ():
            if kind := _kind(entry, place=True):
                kinds.add(kind)
    return _combined(kinds)


_DESCRIPTION_WORDS = ("remote", "hybrid", "office", "site", "person", "home", "wfh", "telecommut", "anywhere")
_TAG = re.compile(r"<[^<>]{0,2000}>")


def workplace_in_description(description: str) -> Workplace | None:
    """The workplace the whole description states. Plain text or (entity-escaped) HTML: a substring test skips
    descriptions that name no workplace word, and the others are made text cheaply (entities decoded, tags
    dropped) instead of through the full HTML parse, which would cost a quarter of discover."""
    lowered = description.lower()
    if not any(word in lowered for word in _DESCRIPTION_WORDS):
        return None
    if "&" in lowered:
        lowered = html.unescape(html.unescape(lowered)) if "&amp;" in lowered else html.unescape(lowered)
    if "<" in lowered:
        lowered = _TAG.sub(" ", lowered)
    return _kind(" ".join(lowered.split()))


def infer_workplace(
    signal: Workplace | None, titles: Iterable[str], places: Iterable[str], description: str
) -> Workplace:
    """The workplace of a posting: the API's own `signal` first (an API's "hybrid" becomes "remote" when a title
    or location also offers remote), then the short fields, then the description; `unknown` when none says."""
    fields = workplace_in_fields(titles, places)
    if signal is not None and signal != "unknown":
        return "remote" if signal == "hybrid" and fields == "remote" else signal
    return fields or workplace_in_description(description) or "unknown"
