"""Where the work is (remote, hybrid, on-site), from what a posting says; `unknown` when nothing says so.

A place name is not evidence: "Brooklyn, NY" is where an office or a candidate may be, not how the work is done,
and a feed that calls itself remote-only still carries on-site jobs. The signals, strongest first:

1. the API's own field (Lever `workplaceType`, Workday `remoteType`, ...), passed by the engine as `signal`;
2. short fields: the title ("Paralegal (Hybrid)"), the location ("Remote - US"), office names and custom fields;
3. the whole description, as text ("Remote within NSW, VIC, or ACT" after a long company intro).

Within one text hybrid wins over remote ("hybrid: remote two days a week"), and remote over on-site. A posting that
offers remote *and* hybrid ("Remote or Hybrid", or one location "Hybrid - NYC" beside another "Remote - US") is
`remote`: the person may take it remotely, so a remote-only search must keep it. A description that places the
job in a town or at a site ("this role must be based in New York", "you will work at our depot in Leeds") is not
remote for a "remote" it says of the company ("our company is fully remote, but…").
"""

import re
from collections.abc import Iterable
from typing import Literal

Workplace = Literal["remote", "hybrid", "onsite", "unknown"]
"""The one workplace type: a posting's, a card's, a profile's filter and the CSV's column."""

# Every pattern starts with a literal word and checks what precedes it with a lookbehind (`remote(?<!\wremote)` is
# `\bremote`): a pattern that starts with `\b` or an alternation loses the regex engine's literal scan and costs
# some 50 times more on a long description.
_NOT_WORK_REMOTE = (
    r"(?![- ]?(?:sens|monitor|control|access|desktop|server|patient|diagnos|device|area|region|location|communit|"
    r"village|island|site|learning|education|teach|pilot|operat|maintenance|connection|repositor|branch|car\b|"
    r"cars\b|key|support|assistance|troubleshoot|work ?load|viewing|deposit|start|management of))"
)  # "remote sensing", "remote monitoring", "remote areas": a technology or a place, not a way of working
_NEGATED = (
    r"(?:(?<=\bnot remote)|(?<=\bnot a remote)|(?<=\bnot fully remote)|(?<=\bno remote)|(?<=\bnor remote)"
    r"|(?<=\bnon-remote)|(?<=\bnon remote)|(?<=\bisn't remote)|(?<=\bnever remote))"
)  # "this is not a remote position", "non-remote": on-site
_REMOTE = (
    ("remote", re.compile(rf"remote(?<!\wremote)(?!{_NEGATED})(?:ly)?\b{_NOT_WORK_REMOTE}")),
    ("work", re.compile(r"work(?<!\wwork)(?:ing)?[- ]from[- ](?:home|anywhere)\b")),
    ("wfh", re.compile(r"wfh(?<!\wwfh)\b")),
    ("telecommut", re.compile(r"telecommut(?<!\wtelecommut)")),
)
_NOT_REMOTE = re.compile(rf"remote{_NEGATED}\b")
_REMOTE_PLACE = re.compile(
    r"\b(?:anywhere|worldwide|latam|emea|apac|amer|americas|europe|north america|asia[- ]pacific)\b"
    r"|\b(?:utc|gmt) ?[+±−-] ?\d"
)
"""In a place field only: who may apply from where ("Anywhere", "Worldwide", "LATAM, Canada, USA", "USA, CST
(UTC-6)"). No one works on site in a continent or a time zone, so a remote board's eligibility says remote."""
_HYBRID = re.compile(
    r"hybrid(?<!\whybrid)\b(?![- ]?(?:cloud|apps?\b|application|mobile|vehicle|cars?\b|engine|infrastructure|"
    r"architecture|system|solution|integration|it\b|data|network|technolog|environments?\b|kubernetes|deploy|"
    r"multi-cloud|storage|compute|work ?loads?\b|warfare|seed|rice|plant|meetings?\b|events?\b|learning|teaching|"
    r"class|course|identity|search|quantum|ai\b|ml\b|model(?:s|ling|ing)\b))"
)
_CHOICE = r" ?(?:/|,|or\b|and\b|&|\+|\|) ?(?:fully )?"
_BOTH = (
    re.compile(rf"remote(?<!\wremote)(?:ly)?\b{_CHOICE}hybrid\b"),
    re.compile(rf"hybrid(?<!\whybrid)\b{_CHOICE}remote\b"),
)  # "Remote or Hybrid", "hybrid/remote": a choice, and one of the choices is remote
_IN_OFFICE = re.compile(r"\b(?:in|at|from|into) (?:the|our|an?|one of our|your local) (?:[\w-]+ ){0,3}$")
_SHARE = re.compile(
    r"\b(?:\d{1,2}[ \u00a0\u202f]?(?:%|percent\b)"
    r"|(?:one|two|three|four|[1-4])(?: ?(?:-|–|to|or) ?(?:two|three|four|[2-4]))? days?\b)"
)  # "25%", "25 %", "25 percent", "three days", "2-3 days": less than the whole week (100%, five days are not)
_OR_REMOTE = (
    re.compile(r"remote(?<!\wremote)(?:ly)?\b,? (?:or|and/or)\b"),
    re.compile(r"\bor (?:fully |entirely |100% )?remote(?:ly)?\b"),
)  # "remote, or in an office 25% of the time", "in our office two days a week, or fully remote": a choice
_NOT_A_PLACE = (
    r"(?![- ](?:gym|fitness|parking|caf|canteen|child|day ?care|creche|meal|lunch|amenit|health|clinic|medical|"
    r"interview|training|event|visit|restaurant|kitchen|shower|bike|laundr|perks?\b|benefit))"
)  # "on-site gym", "in-person interview": a perk or a step, not where the work is
_ONSITE = (
    ("site", re.compile(rf"site(?:(?<=\bon-site)|(?<=\bonsite)|(?<=\bon site))\b{_NOT_A_PLACE}")),
    ("office", re.compile(rf"office(?:(?<=\bin-office)|(?<=\bin office))\b{_NOT_A_PLACE}|office(?<!\woffice)-?based")),
    ("person", re.compile(rf"person(?:(?<=\bin-person)|(?<=\bin person))\b{_NOT_A_PLACE}")),
)
_SITES = (
    r"(?:site|depot|branch|store|shop|warehouse|plant|factory|facility|clinic|hospital|surgery|dealership|showroom|"
    r"yard|workshop|garage|premises|restaurant|hotel|kitchen|salon|pharmacy|school|campus|lab|laboratory)s?\b"
)
_PLACE = r"(?P<place>[^.,;:()!?\n]{2,40})"
_PLACED = (
    ("based", re.compile(rf"based(?<!\wbased) (?:in|at|out of) {_PLACE}")),
    ("located", re.compile(rf"located(?<!\wlocated) (?:in|at) {_PLACE}")),
    ("at our", re.compile(rf"at our(?<!\wat our) (?:[\w'’-]+ ){{0,3}}{_SITES}")),
    ("site", re.compile(rf"site(?:(?<=\bon-site)|(?<=\bonsite)|(?<=\bon site)) (?:in|at) {_PLACE}")),
)
_PLACED_BY = re.compile(
    r"(?:(?:must|will|would|should|need to|needs to|is to|'ll|’ll) be|(?:role|position|job|post|vacancy) is) $"
    r"|(?:^|[.!?•:\n]) ?$"
)
"""What comes before "based in" when it places the job: "this role must be based in", "the position is based
at", a sentence's start ("Based in Inverness, you will…"). "Our headquarters are based in Glasgow" places the
company, not the job."""
_NOT_A_TOWN = re.compile(
    r"(?:the|a|an|any|anywhere|home|remote\w*|one|either|multiple|various|several|different|your|these|select|"
    r"united states|united kingdom|us|usa|u\.s|uk|eu|eea|emea|apac|latam|europe|european union|asia|africa|"
    r"north america|south america|latin america|americas|canada|mexico|brazil|argentina|colombia|chile|peru|india|"
    r"pakistan|philippines|indonesia|vietnam|thailand|malaysia|singapore|japan|china|korea|south korea|taiwan|"
    r"australia|new zealand|germany|france|spain|italy|portugal|ireland|netherlands|belgium|luxembourg|switzerland|"
    r"austria|poland|czechia|czech republic|hungary|romania|bulgaria|greece|turkey|ukraine|sweden|norway|denmark|"
    r"finland|estonia|latvia|lithuania|croatia|serbia|israel|egypt|nigeria|kenya|south africa|uae|saudi arabia|"
    r"scotland|england|wales|northern ireland|alabama|alaska|arizona|arkansas|california|colorado|connecticut|"
    r"delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|"
    r"massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|"
    r"new mexico|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|"
    r"south dakota|tennessee|texas|utah|vermont|virginia|west virginia|wisconsin|wyoming|ontario|quebec|"
    r"british columbia|alberta|manitoba|saskatchewan|nova scotia|new south wales|victoria|queensland|tasmania|"
    r"nsw|vic|qld)\b"
)
"""Where a remote worker may live (a country, a region, a state: "must be based in the UK", "located in Texas"),
or no place at all ("based in a team"): not a town a job is placed in. New York and Washington name their
cities more often than their states in a posting, so they are towns here."""
_ENTRIES = re.compile(r"[;|\n]")  # "Hybrid - New York; Remote - US": Lever's and Ashby's joined locations


def _office_share(text: str) -> Workplace | None:
    """A part-time office in one sentence ("three days a week in our Sydney office", "in one of our offices at
    least 25% of the time") is hybrid, unless the sentence offers it as the other choice to remote ("remote, or
    in an office 25% of the time"): then remote is on offer. Read around each "office" rather than by one
    pattern over the whole text."""
    at = text.find("office")
    while at != -1:
        before, after = _sentence_around(text, at)
        stated = any(word in before or word in after for word in ("day", "%", "percent"))  # skips "office suite"
        if stated and _IN_OFFICE.search(before) and (_SHARE.search(before) or _SHARE.search(after)):
            return "remote" if _OR_REMOTE[0].search(before) or _OR_REMOTE[1].search(after) else "hybrid"
        at = text.find("office", at + 6)
    return None


def _placed(text: str) -> bool:
    """A sentence that places the job itself in a town or at a site: "this role must be based in New York", "Based
    in Inverness, you will…", "you will work at our depot in Leeds", "on-site in Aberdeen". Unless the sentence
    offers remote as the other choice, a "remote" elsewhere in the text is about the company ("our company is
    fully remote, but this role must be based in New York"), not this job."""
    for word, pattern in _PLACED:
        if word not in text:
            continue
        for match in pattern.finditer(text):
            place = match.groupdict().get("place")
            if place is not None and _NOT_A_TOWN.match(place):
                continue
            if word in ("based", "located") and not _PLACED_BY.search(text, max(0, match.start() - 20), match.start()):
                continue
            before, after = _sentence_around(text, match.end() - 1)
            sentence = before + after
            if not (_OR_REMOTE[0].search(sentence) or _OR_REMOTE[1].search(sentence)):
                return True
    return False


def _sentence_around(text: str, at: int) -> tuple[str, str]:
    """The sentence holding text[at], as the part before `at` and the part from it (each within ~100 characters)."""
    before = text[max(0, at - 110) : at]
    before = before[max(before.rfind("."), before.rfind("\n")) + 1 :]
    after = text[at : at + 90]
    ends = [end for end in (after.find("."), after.find("\n")) if end != -1]
    return before, after[: min(ends)] if ends else after


def _kind(text: str, place: bool = False, description: bool = False) -> Workplace | None:
    """The workplace one lower-cased text states; "remote" for a choice that includes remote. In a description, a
    job placed in a town (`_placed`) is not remote for a "remote" said of the company.

    Each pattern runs only when a substring test finds its word: most texts never mention one. (Plain `if`s, not
    any() over generators: this runs for every posting an API does not label.)
    """
    has_remote = "remote" in text
    has_hybrid = "hybrid" in text
    if has_remote and has_hybrid and (_BOTH[0].search(text) or _BOTH[1].search(text)):
        return "remote"
    if has_hybrid and _HYBRID.search(text):
        return "hybrid"
    if "office" in text and (share := _office_share(text)):
        return share
    for word, pattern in _REMOTE:
        if word in text and pattern.search(text):
            if description and _placed(text):
                break
            return "remote"
    if place and _REMOTE_PLACE.search(text):
        return "remote"
    for word, pattern in _ONSITE:
        if word in text and pattern.search(text):
            return "onsite"
    return "onsite" if has_remote and _NOT_REMOTE.search(text) else None


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


_DESCRIPTION_WORDS = ("work", "remote", "hybrid", "office", "site", "person", "wfh", "telecommut")
_TAG = re.compile(r"<[^<>]{0,2000}>")
_ESCAPED_TAG = re.compile(r"&lt;[^<>]{0,2000}?&gt;")  # Greenhouse's `content`: `&lt;p&gt;`
_ENTITIES = (("&amp;", "&"), ("&nbsp;", " "), ("&#39;", "'"), ("&rsquo;", "'"), ("&quot;", '"'))


def workplace_in_description(description: str) -> Workplace | None:
    """The workplace the whole description states, plain text or (entity-escaped) HTML.

    A substring test skips descriptions without a workplace word. The others are made text cheaply (tags dropped,
    escaped or not, and the entities that matter decoded) rather than through the full HTML parse, which would
    cost a quarter of discover; clean_text still makes the description the person reads.
    """
    text = description.lower()
    if not any(word in text for word in _DESCRIPTION_WORDS):
        return None
    if "&lt;" in text:
        text = _ESCAPED_TAG.sub(" ", text)
    if "<" in text:
        text = _TAG.sub(" ", text)
    if "&" in text:
        for entity, char in _ENTITIES:
            text = text.replace(entity, char)
    text = text.replace("\t", " ").replace("\r", " ")
    while "  " in text:  # "in <em>one of our offices</em>" left two spaces where a tag was
        text = text.replace("  ", " ")
    return _kind(text, description=True)


def infer_workplace(
    signal: Workplace | None, titles: Iterable[str], places: Iterable[str], description: str
) -> Workplace:
    """The workplace of a posting: the API's own `signal` first (an API's "hybrid" becomes "remote" when a title
    or location also offers remote), then the short fields, then the description; `unknown` when none says."""
    if signal == "hybrid":
        return "remote" if workplace_in_fields(titles, places) == "remote" else signal
    if signal is not None and signal != "unknown":
        return signal
    return workplace_in_fields(titles, places) or workplace_in_description(description) or "unknown"
