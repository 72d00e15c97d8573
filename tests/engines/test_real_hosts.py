"""Without `base_url`, each board engine asks the real API's host and path (caught by a MockTransport)."""

from pathlib import Path
from typing import Any

import httpx
import pytest
from web import sweep


@pytest.mark.parametrize(
    ("engine", "block", "url"),
    [
        ("lever", {"sites": ["acme"]}, "https://api.lever.co/v0/postings/acme?mode=json&skip=0&limit=100"),
        (
            "lever",
            {"sites": ["acme"], "region": "eu"},
            "https://api.eu.lever.co/v0/postings/acme?mode=json&skip=0&limit=100",
        ),
        ("ashby", {"boards": ["acme"]}, "https://api.ashbyhq.com/posting-api/job-board/acme?includeCompensation=true"),
        ("workable", {"accounts": ["acme"]}, "https://apply.workable.com/api/v1/widget/accounts/acme?details=true"),
        (
            "smartrecruiters",
            {"companies": ["Acme"]},
            "https://api.smartrecruiters.com/v1/companies/Acme/postings?limit=100&offset=0",
        ),
        ("recruitee", {"companies": ["acme"]}, "https://acme.recruitee.com/api/offers/"),
        ("greenhouse", {"boards": ["acme"]}, "https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true"),
    ],
)
def test_the_default_origin_is_the_real_api(engine: str, block: dict[str, Any], url: str, tmp_path: Path) -> None:
    asked: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        return httpx.Response(404, text="Not Found")

    found = sweep(engine, block, tmp_path, make_client=lambda: httpx.Client(transport=httpx.MockTransport(answer)))
    assert asked == [url]
    assert found.sources[0].reason == "http_error"
