"""Canonical URLs (stage 3's first key) and platform classification by URL host."""

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

# `gh_jid` and `ashby_jid` are not tracking: on a company's own careers page they are the job id.
_TRACKING_PARAMS = frozenset(
    {
        "gh_src",
        "lever-source",
        "lever-origin",
        "source",
        "src",
        "ref",
        "referrer",
        "trk",
        "trackingid",
        "refid",
        "fbclid",
        "gclid",
        "mc_cid",
        "mc_eid",
        "utm",
    }
)

# Host suffix → platform. Longest suffix wins, so job-boards.greenhouse.io and boards.greenhouse.io both match.
PLATFORM_HOSTS: dict[str, str] = {
    "greenhouse.io": "greenhouse",
    "lever.co": "lever",
    "ashbyhq.com": "ashby",
    "workable.com": "workable",
    "smartrecruiters.com": "smartrecruiters",
    "recruitee.com": "recruitee",
    "linkedin.com": "linkedin",
    "indeed.com": "indeed",
    "glassdoor.com": "glassdoor",
    "ziprecruiter.com": "ziprecruiter",
    "remotive.com": "remotive",
    "remoteok.com": "remoteok",
    "arbeitnow.com": "arbeitnow",
    "himalayas.app": "himalayas",
    "jobicy.com": "jobicy",
    "themuse.com": "themuse",
    "usajobs.gov": "usajobs",
    "wellfound.com": "wellfound",
    "myworkdayjobs.com": "workday",
    "ycombinator.com": "hackernews",
    "adzuna.com": "adzuna",
    "jooble.org": "jooble",
}


def canonical_url(url: str) -> str:
    """Scheme and host lower-cased, default port, tracking parameters, fragment and trailing slash dropped."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if host.startswith("www."):
        host = host[4:]
    port = parts.port
    netloc = host if port is None or (scheme, port) in (("http", 80), ("https", 443)) else f"{host}:{port}"
    query = [
        (key, value)
        for key, value in parse_qsl(parts.query, keep_blank_values=True)
        if not key.lower().startswith("utm_") and key.lower() not in _TRACKING_PARAMS
    ]
    path = parts.path.rstrip("/") or ""
    return urlunsplit(("https" if scheme == "http" else scheme, netloc, path, urlencode(sorted(query)), ""))


def platform_for_url(url: str, custom: dict[str, str] | None = None) -> str:
    """The site a posting lives on, from its URL host; `custom` maps extra domains (profile `platforms.custom`).

    The longest matching domain suffix wins, so a custom `jobs.acme.com` beats a built-in `acme.com`.
    """
    host = (urlsplit(url).hostname or "").lower()
    labels = host.split(".")
    for start in range(len(labels) - 1):  # longest suffix first: a.b.lever.co, b.lever.co, lever.co
        suffix = ".".join(labels[start:])
        if custom and suffix in custom:
            return custom[suffix]
        if suffix in PLATFORM_HOSTS:
            return PLATFORM_HOSTS[suffix]
    return "other"
