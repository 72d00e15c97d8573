"""The one paging path (sweepy.service.paging, issue 26 items 3 and 5): its bound check and its next_offset, and
get_jobs and the cards resource's service method (sweep_cards) paging the same cards the same way: the last
page, a page past the end, limit 0 and a limit over the resource's most."""

import json
from pathlib import Path

import pytest
from mcp_helpers import SMALL_FEED, SMALL_FEED_CARDS, profile_args, write_feed, write_resume

from sweepy.errors import InvalidArgument
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.service.paging import MAX_PAGE, PAGE, Listed, check_window, next_offset, page_of
from sweepy.store.paths import result_files


def swept() -> SweepyService:
    """A service whose active session holds a sweep of the small feed (7 cards)."""
    service = SweepyService()
    home = service.workspace.home
    resume = write_resume(home / "resume.docx")
    write_feed(home / "feeds" / "postings.jsonl", SMALL_FEED)
    created = service.create_profile(a.CreateProfile(**profile_args(resume, "feeds/postings.jsonl")))
    profile = created.dump()["profile_path"]
    job, _joined = service.start_sweep(profile, deduplicate=True, include_seen=False)
    assert job.done.wait(60)
    return service


@pytest.mark.parametrize(
    ("offset", "count", "total", "expected"),
    [(0, 3, 7, 3), (3, 3, 7, 6), (6, 1, 7, None), (4, 3, 7, None), (7, 0, 7, None), (50, 0, 7, None), (0, 0, 0, None)],
)
def test_next_offset_is_where_the_next_page_starts_and_none_on_the_last(
    offset: int, count: int, total: int, expected: int | None
) -> None:
    assert next_offset(offset, count, total) == expected


def test_a_page_past_the_end_is_empty_and_the_last_page_is_short() -> None:
    letters = Listed(list("abcdefg"))
    last = page_of(letters, 5, 3)
    past = page_of(letters, 100, 3)
    assert (last.items, last.total, last.next_offset) == (["f", "g"], 7, None)
    assert (past.items, past.offset, past.total, past.next_offset) == ([], 100, 7, None)
    assert page_of(letters, 0, None).items == list("abcdefg")


@pytest.mark.parametrize(
    ("limit", "most", "message"),
    [
        (0, None, "limit 0 is out of range: give how many cards to return, at least 1, or leave limit out for all "
                  "of them."),
        (-3, None, "limit -3 is out of range: give how many cards to return, at least 1, or leave limit out for all "
                   "of them."),
        (True, None, "limit True is out of range: give how many cards to return, at least 1, or leave limit out for "
                     "all of them."),
        (0, MAX_PAGE, f"limit 0 is out of range: give how many cards to return, from 1 to {MAX_PAGE}, or leave "
                      f"limit out for a page of {PAGE}."),
        (MAX_PAGE + 1, MAX_PAGE, f"limit {MAX_PAGE + 1} is out of range: give how many cards to return, from 1 to "
                                 f"{MAX_PAGE}, or leave limit out for a page of {PAGE}."),
    ],
)  # fmt: skip
def test_the_bound_check_names_the_limit_and_the_range(limit: int, most: int | None, message: str) -> None:
    with pytest.raises(InvalidArgument) as caught:
        page_of(Listed([1, 2, 3]), 0, limit, most)
    assert caught.value.message == message


def test_the_bound_check_takes_the_edges_and_refuses_a_negative_offset() -> None:
    check_window(0, 1, MAX_PAGE)
    check_window(10**9, MAX_PAGE, MAX_PAGE)
    check_window(0, None)
    with pytest.raises(InvalidArgument) as caught:
        check_window(-1, 5)
    assert caught.value.message == "offset -1 is out of range: give how many cards to skip, 0 or more."


def test_get_jobs_pages_by_next_offset_to_the_end(workspace: Path) -> None:
    service = swept()
    ids, offset, offsets = [], 0, []
    while offset is not None:
        page = service.get_jobs(a.GetJobs(results_dir="results", limit=3, offset=offset)).dump()
        ids += [job["job_id"] for job in page["jobs"]]
        offsets.append((page["offset"], page["count"], page["next_offset"]))
        offset = page["next_offset"]
    assert offsets == [(0, 3, 3), (3, 3, 6), (6, 1, None)]
    every = service.get_jobs(a.GetJobs(results_dir="results")).dump()
    assert ids == [job["job_id"] for job in every["jobs"]] and every["next_offset"] is None
    assert (every["count"], every["total"]) == (SMALL_FEED_CARDS, SMALL_FEED_CARDS)
    past = service.get_jobs(a.GetJobs(results_dir="results", limit=3, offset=50)).dump()
    assert (past["count"], past["total"], past["offset"], past["next_offset"]) == (0, SMALL_FEED_CARDS, 50, None)
    with pytest.raises(InvalidArgument) as caught:  # the service's own bound, behind the schema's minimum of 1
        service.get_jobs(a.GetJobs.model_construct(profile_stem=None, results_dir="results", limit=0, offset=0))
    assert caught.value.message.startswith("limit 0 is out of range: give how many cards to return, at least 1")


def test_the_cards_resource_pages_the_same_cards_the_same_way(workspace: Path) -> None:
    service = swept()
    ranked = [job["job_id"] for job in service.get_jobs(a.GetJobs(results_dir="results")).dump()["jobs"]]
    pages = [service.sweep_cards("latest", offset, 3) for offset in (0, 3, 6, 7, 1000)]
    assert [(p.offset, p.count, p.next_offset, p.total) for p in pages] == [
        (0, 3, 3, 7), (3, 3, 6, 7), (6, 1, None, 7), (7, 0, None, 7), (1000, 0, None, 7)
    ]  # fmt: skip
    assert [card.job_id for p in pages for card in p.cards] == ranked
    assert service.sweep_cards("latest").count == SMALL_FEED_CARDS  # the default page (20) holds all 7
    for limit, most in ((0, MAX_PAGE), (MAX_PAGE + 1, MAX_PAGE)):
        with pytest.raises(InvalidArgument) as caught:
            service.sweep_cards("latest", 0, limit)
        assert caught.value.message.startswith(f"limit {limit} is out of range"), caught.value.message
        assert f"from 1 to {most}" in caught.value.message


def test_a_result_file_holding_only_the_best_cards_is_paged_from_the_session(workspace: Path) -> None:
    """A big sweep's file holds its best cards only: the pages, their total and next_offset come from the session
    (the same path get_jobs reads), not from the file's slice."""
    service = swept()
    (path,) = result_files(workspace / "results", None)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["cards"] = data["cards"][:2]  # as write_results leaves a file past its cap
    path.write_text(json.dumps(data), encoding="utf-8")
    ranked = [job["job_id"] for job in service.get_jobs(a.GetJobs(results_dir="results")).dump()["jobs"]]
    first, rest = service.sweep_cards(data["sweep_id"], 0, 5), service.sweep_cards(data["sweep_id"], 5, 5)
    assert (first.total, first.count, first.next_offset, rest.count, rest.next_offset) == (7, 5, 5, 2, None)
    assert [card.job_id for card in [*first.cards, *rest.cards]] == ranked
