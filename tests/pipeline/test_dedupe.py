"""Stage 3: one card per role, by canonical URL and then by company + title + place across platforms."""

from array import array
from collections import Counter
from typing import Any

from sweepy.domain.postings import Posting
from sweepy.domain.records import posting_from_record
from sweepy.pipeline.copies import COMMON, PARTS, _counts
from sweepy.pipeline.dedupe import deduplicate, role_key


def posting(title: str, company: str, url: str, location: str = "New York, NY", **fields: Any) -> Posting:
    record = {"title": title, "company": company, "url": url, "location": location, **fields}
    return posting_from_record(record, "feed", "test")


def test_same_url_modulo_tracking_merges() -> None:
    first = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/11?utm_source=linkedin")
    second = posting("Paralegal", "Contoso", "http://JOBS.lever.co/contoso/11/?lever-source=Indeed#apply")
    third = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/11?gh_src=x&utm_medium=email")
    unique, drops = deduplicate([first, second, third])
    assert unique == [first]
    assert first.also_on == []
    assert drops == Counter({"duplicate": 2})


def test_same_role_across_platforms_merges_and_the_richest_wins() -> None:
    on_lever = posting("Sr. Paralegal", "Northwind Labs, Inc.", "https://jobs.lever.co/northwind/5f2e")
    on_linkedin = posting(
        "Senior Paralegal",
        "Northwind Labs",
        "https://www.linkedin.com/jobs/view/3901",
        description="Draft filings and manage dockets for the litigation team.",
        salary="$70,000 - $85,000 a year",
        posted_at="2024-06-10",
    )
    assert role_key(on_lever) == role_key(on_linkedin) == ("northwind labs", "senior paralegal", "new york", "ny")
    unique, drops = deduplicate([on_lever, on_linkedin])
    assert unique == [on_linkedin]
    assert on_linkedin.platform == "linkedin"
    assert on_linkedin.also_on == ["lever"]
    assert drops == Counter({"duplicate": 1})


def test_on_equal_richness_the_first_found_wins() -> None:
    first = posting("Paralegal", "Northwind Labs", "https://boards.greenhouse.io/northwind/jobs/1")
    second = posting("Paralegal", "Northwind Labs LLC", "https://www.indeed.com/viewjob?jk=9f1c")
    unique, drops = deduplicate([first, second])
    assert unique == [first]
    assert first.also_on == ["indeed"]
    assert drops == Counter({"duplicate": 1})


def test_different_cities_do_not_merge() -> None:
    new_york = posting("Senior Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/1", "New York, NY")
    chicago = posting("Senior Paralegal", "Northwind Labs", "https://www.linkedin.com/jobs/view/2", "Chicago, IL")
    unique, drops = deduplicate([new_york, chicago])
    assert unique == [new_york, chicago]
    assert (new_york.also_on, chicago.also_on) == ([], [])
    assert drops == Counter()


def test_different_titles_or_companies_do_not_merge() -> None:
    postings = [
        posting("Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/1"),
        posting("Legal Assistant", "Northwind Labs", "https://jobs.lever.co/northwind/2"),
        posting("Paralegal", "Northwind Partners", "https://jobs.lever.co/partners/1"),
    ]
    unique, drops = deduplicate(list(postings))
    assert unique == postings
    assert drops == Counter()


def test_order_is_first_seen_and_duplicates_are_counted_exactly() -> None:
    a1 = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1")
    b1 = posting("Technical Writer", "Globex", "https://jobs.ashbyhq.com/globex/7")
    a2 = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1?utm_source=x")
    c1 = posting("Legal Assistant", "Initech", "https://boards.greenhouse.io/initech/jobs/3", "Brooklyn, NY")
    b2 = posting(
        "Technical Writer",
        "Globex Corp.",
        "https://www.linkedin.com/jobs/view/77",
        description="Docs-as-code, API reference, Markdown.",
    )
    a3 = posting("Paralegal", "Contoso, Inc.", "https://www.indeed.com/viewjob?jk=a3")
    unique, drops = deduplicate([a1, b1, a2, c1, b2, a3])
    assert [(p.title, p.platform) for p in unique] == [
        ("Paralegal", "lever"),
        ("Technical Writer", "linkedin"),
        ("Legal Assistant", "greenhouse"),
    ]
    assert [p.also_on for p in unique] == [["indeed"], ["ashby"], []]
    assert drops == Counter({"duplicate": 3})


def test_no_postings_no_drops() -> None:
    assert deduplicate([]) == ([], Counter())


def test_same_city_name_in_another_region_does_not_merge() -> None:
    oregon = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1", location="Portland, OR")
    maine = posting("Paralegal", "Contoso", "https://www.linkedin.com/jobs/view/2/", location="Portland, ME")
    assert deduplicate([oregon, maine]) == ([oregon, maine], Counter())


def test_two_openings_on_one_board_stay_two_cards() -> None:
    first = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1")
    second = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/2")
    mirror = posting("Paralegal", "Contoso", "https://www.linkedin.com/jobs/view/9/")
    unique, drops = deduplicate([first, second, mirror])
    assert unique == [first, second]  # the LinkedIn copy merges into the first opening only
    assert (first.also_on, second.also_on) == (["linkedin"], [])
    assert drops == Counter({"duplicate": 1})


def test_a_company_that_normalises_to_nothing_never_merges() -> None:
    a = posting("Paralegal", "The Company", "https://jobs.lever.co/x/1")
    b = posting("Paralegal", "Co.", "https://www.linkedin.com/jobs/view/2/")
    assert deduplicate([a, b]) == ([a, b], Counter())


def test_the_winner_lists_every_merged_url() -> None:
    lever = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1?utm_source=x")
    linkedin = posting("Paralegal", "Contoso Inc", "https://www.linkedin.com/jobs/view/2/", description="long " * 50)
    (winner,), _ = deduplicate([lever, linkedin])
    assert winner is linkedin
    assert winner.merged_urls == ["https://jobs.lever.co/contoso/1", "https://linkedin.com/jobs/view/2"]


# -- copies across companies: the same text posted by another company -------------------------------------------

ROLE_TEXT = (
    "Northwind Labs is hiring a litigation paralegal for its Manhattan office. You will draft and file motions "
    "in state and federal court, manage discovery in Relativity, keep the docket current in CourtLink, prepare "
    "trial binders and deposition outlines, summarise transcripts, coordinate with vendors for e-discovery "
    "collections, and support three partners through trial. Five years of litigation experience, strong "
    "Westlaw research, and a paralegal certificate are required. We offer a hybrid schedule and full benefits."
)


def test_a_copy_by_another_company_merges_into_the_employers_posting() -> None:
    agency_copy = posting("Litigation Paralegal (Contract)", "Robert Half", "https://www.linkedin.com/jobs/view/88",
                          description=ROLE_TEXT.replace("hybrid schedule", "hybrid  schedule,"))  # fmt: skip
    own = posting("Litigation Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/5f2e",
                  description=ROLE_TEXT)  # fmt: skip
    other = posting("Paralegal", "Globex", "https://jobs.lever.co/globex/1", description="Draft filings. " * 30)
    unique, drops = deduplicate([agency_copy, own, other])
    assert unique == [own, other]  # the agency's copy came first, and the employer's own posting is the card
    assert own.also_on == ["linkedin (Robert Half)"]
    assert own.merged_urls == ["https://jobs.lever.co/northwind/5f2e", "https://linkedin.com/jobs/view/88"]
    assert drops == Counter({"duplicate": 1})


def test_of_two_copies_by_other_companies_the_ats_posting_wins() -> None:
    """No agency on either side (a parent company and its subsidiary): the posting on an ATS is the employer's."""
    aggregator = posting("Paralegal", "Northwind Holdings", "https://www.indeed.com/viewjob?jk=1",
                         description=ROLE_TEXT, salary="$70,000 - $85,000 a year")  # fmt: skip
    ats = posting("Paralegal", "Northwind Labs", "https://boards.greenhouse.io/northwind/jobs/1", description=ROLE_TEXT)
    unique, _drops = deduplicate([aggregator, ats])
    assert unique == [ats]  # though the Indeed copy is richer (it states pay)
    assert ats.also_on == ["indeed (Northwind Holdings)"]


def test_different_texts_and_short_texts_do_not_merge_across_companies() -> None:
    rewritten = " ".join(reversed(ROLE_TEXT.split()))  # the same words, no shared 5-word run
    short = "Join our team as a paralegal. Draft filings and manage dockets in New York."
    postings = [
        posting("Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/1", description=ROLE_TEXT),
        posting("Paralegal", "Globex", "https://jobs.lever.co/globex/1", description=rewritten),
        posting("Paralegal", "Initech", "https://jobs.lever.co/initech/1", description=short),
        posting("Paralegal", "Robert Half", "https://www.linkedin.com/jobs/view/2", description=short),
    ]
    unique, drops = deduplicate(list(postings))
    assert unique == postings
    assert [p.also_on for p in unique] == [[], [], [], []]
    assert drops == Counter()


def test_an_edited_copy_below_the_threshold_stays_apart() -> None:
    words = ROLE_TEXT.split()
    edited = " ".join(w.upper() if i % 9 == 0 else w for i, w in enumerate(words))  # case is normalised away
    changed = " ".join(f"{w}x" if i % 9 == 0 else w for i, w in enumerate(words))  # one word in nine differs
    own = posting("Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/1", description=ROLE_TEXT)
    same = posting("Paralegal", "Robert Half", "https://www.linkedin.com/jobs/view/2", description=edited)
    apart = posting("Paralegal", "Kforce", "https://www.linkedin.com/jobs/view/3", description=changed)
    unique, drops = deduplicate([own, same, apart])
    assert unique == [own, apart]
    assert own.also_on == ["linkedin (Robert Half)"]
    assert drops == Counter({"duplicate": 1})


def test_one_companys_two_openings_with_one_text_stay_two_cards() -> None:
    """A copy group never holds two postings of one company, even through an agency's copy of both."""
    boston = posting("Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/1", "Boston, MA",
                     description=ROLE_TEXT)  # fmt: skip
    chicago = posting("Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/2", "Chicago, IL",
                      description=ROLE_TEXT)  # fmt: skip
    agency_copy = posting("Paralegal", "Jobot", "https://www.linkedin.com/jobs/view/2", "Boston, MA",
                          description=ROLE_TEXT)  # fmt: skip
    unique, drops = deduplicate([boston, chicago, agency_copy])
    assert unique == [boston, chicago]
    assert (boston.also_on, chicago.also_on) == (["linkedin (Jobot)"], [])
    assert drops == Counter({"duplicate": 1})


def test_same_company_copies_follow_the_role_rule_not_the_text() -> None:
    """Same company, same text, different titles: two roles (the old rule), never merged by their text."""
    first = posting("Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/1", description=ROLE_TEXT)
    second = posting("Legal Assistant", "Northwind Labs", "https://www.linkedin.com/jobs/view/2", description=ROLE_TEXT)
    assert deduplicate([first, second]) == ([first, second], Counter())


def test_copies_are_found_among_many_postings_sharing_boilerplate() -> None:
    """Boilerplate every posting holds (an equal-opportunity paragraph) indexes nothing, and the copy is still
    found: each of 300 employers writes its own text."""
    eeo = ("We are an equal opportunity employer and all qualified applicants will receive consideration for "
           "employment without regard to race, color, religion, sex or national origin. ")  # fmt: skip
    found = [
        posting("Paralegal", f"Employer {n}", f"https://jobs.lever.co/e{n}/1",
                description=" ".join(f"duty{n}x{k}" for k in range(80)) + " " + eeo)
        for n in range(300)
    ]  # fmt: skip
    copied = posting("Paralegal", "Hays", "https://www.linkedin.com/jobs/view/9", description=found[123].description)
    unique, drops = deduplicate([*found, copied])
    assert len(unique) == 300 and drops == Counter({"duplicate": 1})
    assert found[123].also_on == ["linkedin (Hays)"]
    assert [p.also_on for p in found if p is not found[123]] == [[]] * 299


def test_the_employers_posting_wins_over_an_agencys_even_on_an_aggregator() -> None:
    agency_on_ats = posting("Paralegal", "Insight Global", "https://boards.greenhouse.io/insightglobal/jobs/7",
                            description=ROLE_TEXT)  # fmt: skip
    own_on_indeed = posting("Paralegal", "Northwind Labs", "https://www.indeed.com/viewjob?jk=2", description=ROLE_TEXT)
    unique, _drops = deduplicate([agency_on_ats, own_on_indeed])
    assert unique == [own_on_indeed]
    assert own_on_indeed.also_on == ["greenhouse (Insight Global)"]


def test_one_text_posted_by_two_companies_for_two_cities_stays_two_cards() -> None:
    """Franchises and hospital groups post one text under each site's company: a copy must name the same place,
    or none ("Remote")."""
    boston = posting("Paralegal", "Northwind Boston LLC", "https://jobs.lever.co/nwb/1", "Boston, MA",
                     description=ROLE_TEXT)  # fmt: skip
    chicago = posting("Paralegal", "Northwind Chicago LLC", "https://jobs.lever.co/nwc/1", "Chicago, IL",
                      description=ROLE_TEXT)  # fmt: skip
    remote = posting("Paralegal", "Jobot", "https://www.linkedin.com/jobs/view/5", "Remote", description=ROLE_TEXT)
    unique, drops = deduplicate([boston, chicago, remote])
    assert unique == [boston, chicago]
    assert (boston.also_on, chicago.also_on) == (["linkedin (Jobot)"], [])
    assert drops == Counter({"duplicate": 1})


def test_hashes_are_counted_as_boilerplate_shared_or_alone_across_the_ranges() -> None:
    """A hash in more than COMMON sketches is boilerplate, one in two to COMMON is shared (the only keys two
    postings can meet through), one in a single sketch is neither; negative hashes and every range included."""
    boiler, pair, alone = -(2**62) + 5, 2**61 + 3, -7
    sketches = {i: array("q", [boiler, i * PARTS + i % PARTS]) for i in range(COMMON + 1)}
    sketches[0].extend([pair, alone])
    sketches[1].append(pair)
    common, shared = _counts(sketches)
    assert common == {boiler}
    assert shared == {pair}
