"""What an answer says about a posting: dead (404, 410, a closed-posting page, a bounce to the board's index),
alive, or unknowable (blocked, rate limited, a bot challenge, a server error)."""

import html
import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

CLOSED_PHRASES = (
    "this job is no longer available",
    "this job is no longer open",
    "this position is no longer available",
    "this posting is no longer available",
    "position has been filled",
    "no longer accepting applications",
    "job not found",
    "this posting has expired",
    "this job has expired",
    "this job posting has expired",
    "the job you are looking for is no longer open",
    "the job you are looking for is no longer available",
    "the page you are looking for doesn't exist",
    "job is closed",
)

_CHALLENGE_TITLES = ("just a moment...", "attention required! | cloudflare", "attention required!")
_CHALLENGE_MARKERS = (
    "cf-chl-",  # Cloudflare's challenge platform scripts and form ids
    "challenge-platform",
    "g-recaptcha",
    "h-captcha",
    "cf-turnstile",
    "verify you are human",
    "are you a robot",
    "please complete the security check",
    "px-captcha",  # PerimeterX / HUMAN
)
_SECOND_LEVEL = frozenset("co com org net ac gov edu ne or".split())


class _Text(HTMLParser):
    """Visible text and the title: script, style, template and noscript content is not shown to a reader."""

    _HIDDEN = frozenset(("script", "style", "template", "noscript", "head"))

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title: list[str] = []
        self._hidden = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_title = tag == "title" or self._in_title
        self._hidden += tag in self._HIDDEN

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag in self._HIDDEN and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title.append(data)
        elif not self._hidden:
            self.parts.append(data)


def _squash(text: str) -> str:
    return " ".join(html.unescape(text).replace("’", "'").split()).lower()


def page_text(body: str) -> tuple[str, str]:
    """(title, visible text), lower-cased with whitespace collapsed."""
    parser = _Text()
    try:
        parser.feed(body)
        parser.close()
    except (AssertionError, ValueError):  # the stdlib parser gives up on some broken markup; keep what it read
        pass
    return _squash(" ".join(parser.title)), _squash(" ".join(parser.parts))


def closed_phrase(visible: str) -> str | None:
    return next((phrase for phrase in CLOSED_PHRASES if phrase in visible), None)


def challenge(status: int, headers: dict[str, str], title: str, body: str) -> str | None:
    """Why the answer is a bot challenge rather than the page (a short phrase), or None."""
    if status == 999:
        return "status 999 (LinkedIn's refusal of automated clients)"
    if headers.get("cf-mitigated", "").strip().lower() == "challenge":
        return "cf-mitigated: challenge"
    if any(title.startswith(known) for known in _CHALLENGE_TITLES):
        return f"challenge page titled {title[:60]!r}"
    lowered = body[:200_000].lower()
    marker = next((m for m in _CHALLENGE_MARKERS if m in lowered), None)
    if marker is not None and (status >= 400 or "captcha" in title or len(lowered) < 20_000):
        # A big live page may embed a captcha for its apply form; a small page built around one is a wall.
        return f"captcha or challenge page ({marker})"
    return None


def registrable(host: str) -> str:
    """An approximation of the registrable domain without the public-suffix list: the last two labels, or
    three under a two-letter country code's generic second level (`acme.co.uk`)."""
    labels = host.lower().rstrip(".").split(".")
    keep = 3 if len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in _SECOND_LEVEL else 2
    return ".".join(labels[-keep:])


def _segments(path: str) -> list[str]:
    return [part for part in path.split("/") if part]


def redirected_to_index(original: str, final: str) -> bool:
    """A posting URL that ended, after redirects, at the site root or at a shorter path the original began
    with (`/acme/jobs/123` → `/acme` or `/acme/jobs`) on the same registrable domain: the board's way of
    saying the posting is gone. A move to another path (`/en/jobs/123`) or a trailing slash is not."""
    before, after = urlsplit(original), urlsplit(final)
    if not before.hostname or not after.hostname or registrable(before.hostname) != registrable(after.hostname):
        return False
    was, now = _segments(before.path.lower()), _segments(after.path.lower())
    return bool(was) and len(now) < len(was) and was[: len(now)] == now


_WORDS = re.compile(r"\s+")


def one_line(text: str, limit: int = 200) -> str:
    return _WORDS.sub(" ", text).strip()[:limit]
