"""Which employer board an aggregator's card points at."""

import pytest

from sweepy.domain.employer import Board, board_of, employer_board


@pytest.mark.parametrize(
    ("url", "board"),
    [
        ("https://boards.greenhouse.io/acme/jobs/4012345", Board("greenhouse", "acme")),
        ("https://job-boards.greenhouse.io/acme/jobs/4012345?gh_src=remotive", Board("greenhouse", "acme")),
        ("https://boards.greenhouse.io/embed/job_app?for=acme&token=4012345", Board("greenhouse", "acme")),
        ("https://jobs.lever.co/northwind/5c1e-uuid/apply", Board("lever", "northwind")),
        ("https://jobs.eu.lever.co/northwind/5c1e-uuid", Board("lever", "northwind")),
        ("https://jobs.ashbyhq.com/contoso/3f2a-uuid", Board("ashby", "contoso")),
        ("https://apply.workable.com/fabrikam/j/ABC123/", Board("workable", "fabrikam")),
        ("https://tailspin.recruitee.com/o/paralegal", Board("recruitee", "tailspin")),
        ("https://jobs.smartrecruiters.com/Litware/7434-paralegal", Board("smartrecruiters", "Litware")),
        (
            "https://acme.wd5.myworkdayjobs.com/en-US/External/job/US-CA-Santa-Clara/Engineer_R1",
            Board("workday", "https://acme.wd5.myworkdayjobs.com/External"),
        ),
    ],
)
def test_ats_urls(url: str, board: Board) -> None:
    assert board_of(url) == board


@pytest.mark.parametrize(
    "url",
    ["https://remotive.com/remote-jobs/legal/paralegal-123", "https://www.linkedin.com/jobs/view/1", "not a url",
     "https://boards.greenhouse.io/", "https://evil.recruitee.com.example.net/o/x", "ftp://jobs.lever.co/acme"],
)  # fmt: skip
def test_other_urls(url: str) -> None:
    assert board_of(url) is None


def test_apply_link_first_then_description() -> None:
    description = "Great role. Apply at https://jobs.lever.co/northwind/abc-123. Thanks!"
    assert employer_board("https://remotive.com/x", "https://remotive.com/x", description) == Board(
        "lever", "northwind"
    )
    assert employer_board("https://jobs.ashbyhq.com/contoso/1", "", description) == Board("ashby", "contoso")
    assert employer_board("", "https://remotive.com/x", "no links here") is None
