"""What discover takes from an engine, checked: an EngineResult of postings whose text fields are text, or the
source skipped as the engine's bug, said in words."""

from ..domain.postings import Posting
from ..engines import Engine, EngineResult, SkippedSource
from ..engines.base import SourceError

POSTING_TEXT = ("title", "company", "url", "location", "description_source", "platform", "apply_url", "canonical_url")
"""The Posting fields every later stage reads as text: an installed engine may have put anything there."""


def checked_result(result: object, engine: Engine) -> EngineResult:
    """An engine's answer as the later stages can use it: a malformed skipped record or part is left out, and
    `postings` is a list (its items are checked one by one by the intake: one that is not a Posting, None, a dict,
    a Posting whose title is not text, is a skipped record with the reason). Anything but an EngineResult skips
    the source as `plugin_error`."""
    if not isinstance(result, EngineResult):
        raise SourceError(
            "plugin_error",
            f"engine {engine.name!r} ({type(engine).__module__}) returned a "
            f"{type(result).__name__}, not an EngineResult; fix or uninstall its "
            "package, or disable the engine in sources",
        )
    checked = EngineResult(postings=result.postings if isinstance(result.postings, list) else [])
    for record in result.skipped_records if isinstance(result.skipped_records, list) else []:
        if isinstance(record, tuple) and len(record) == 2:
            checked.skipped_records.append((str(record[0])[:200], str(record[1])[:500]))
    parts = result.skipped_sources if isinstance(result.skipped_sources, list) else []
    checked.skipped_sources = [part for part in parts if isinstance(part, SkippedSource)]
    return checked


def not_a_posting(item: object) -> str | None:
    """What `item` is when it is not a usable Posting ("a NoneType", "a Posting with an int title"), else None."""
    if not isinstance(item, Posting):
        return f"a {type(item).__name__}"
    for key in POSTING_TEXT:
        if not isinstance(value := getattr(item, key), str):
            return f"a Posting with a {type(value).__name__} {key}"
    return None
