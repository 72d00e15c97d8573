"""Paging that does not end by itself: a `links.next` that points back at a page already read must end the
sweep of that source with the pages it has, not loop and not fail."""

from pathlib import Path

from fakeboards import FakeBoards
from web import sweep


def test_a_looping_next_link_ends_after_the_distinct_pages(boards: FakeBoards, tmp_path: Path) -> None:
    # Under /loop the fake's page 2 says next = page 1; base_url keeps the /loop prefix for every request.
    found = sweep("arbeitnow", {"pages": 20, "base_url": f"{boards.url}/loop"}, tmp_path)
    (report,) = found.sources
    assert (report.status, report.reason, report.requests) == ("ok", None, 2)
    assert [p.url.rsplit("/", 1)[1] for p in found.postings] == [
        "senior-paralegal-berlin-123", "paralegal-munich-456", "legal-assistant-remote-321", "contracts-manager-654",
    ]  # fmt: skip
    assert [r.arg("page") for r in boards.requests("^/loop/api/job-board-api$")] == ["1", "2"]
    assert boards.hits("^/api/job-board-api$") == 0
