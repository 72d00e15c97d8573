"""USAJOBS Search API (job_apis.md §15): `GET /api/search`, the key and email in headers, `Page`/`ResultsPerPage`.

Requests without the KEY/EMAIL headers get a 401; `Keyword=Broken` gets a 500, `Keyword=Nothing` no results;
`Keyword=Twins` gets one role announced twice, once open to the public and once to federal employees and veterans
(as agencies post a delegated-examining and a merit-promotion announcement). Under `/stubborn` the search ignores
`Page`: every page is page 1, and `NumberOfPages` says there are 100."""

import math
import re
from typing import Any

from . import Answer, Request, Route

KEY, EMAIL = "fake-usajobs-key-1729", "seeker@example.org"


def _item(n: int, descriptor: dict[str, Any], details: dict[str, Any]) -> dict[str, Any]:
    uri = f"https://www.usajobs.gov:443/GetJob/ViewDetails/6451844{n:02d}"
    return {
        "MatchedObjectId": f"6451844{n:02d}",
        "MatchedObjectDescriptor": {
            "PositionID": f"DOJ-26-1234{n}",
            "PositionTitle": "Paralegal Specialist",
            "PositionURI": uri,
            "ApplyURI": [f"{uri}?PostingChannelID="],
            "PositionLocationDisplay": "Washington, District of Columbia",
            "PositionLocation": [
                {
                    "LocationName": "Washington, District of Columbia",
                    "CountryCode": "United States",
                    "CountrySubDivisionCode": "District of Columbia",
                    "CityName": "Washington",
                    "Longitude": -77.03,
                    "Latitude": 38.89,
                }
            ],
            "OrganizationName": "Office of the Solicitor General",
            "DepartmentName": "Department of Justice",
            "JobCategory": [{"Name": "Paralegal Specialist", "Code": "0950"}],
            "JobGrade": [{"Code": "GS"}],
            "PositionSchedule": [{"Name": "Full-time", "Code": "1"}],
            "PositionOfferingType": [{"Name": "Permanent", "Code": "15317"}],
            "QualificationSummary": "Applicants must have one year of specialized experience ...",
            "PositionRemuneration": [],
            "PositionStartDate": "2026-10-01",
            "PositionEndDate": "2026-10-15",
            "PublicationStartDate": "2026-10-01",
            "ApplicationCloseDate": "2099-10-15",  # open whenever the tests run
            "UserArea": {
                "Details": {
                    "JobSummary": "Support attorneys in litigation.",
                    "MajorDuties": [],
                    "LowGrade": "11",
                    "HighGrade": "12",
                    "HiringPath": ["public"],
                }
                | details
            },
        }
        | descriptor,
        "RelevanceRank": n,
    }


ITEMS = [
    _item(1, {"PositionRemuneration": [{"MinimumRange": "125000.0", "MaximumRange": "165000.0",
                                        "RateIntervalCode": "PA", "Description": "Per Year"}],
              "PositionLocationDisplay": "Anywhere in the U.S. (remote job)", "PositionTitle": "IT Specialist (APPSW)",
              "OrganizationName": "Veterans Health Administration"},
          {"RemoteIndicator": True, "TeleworkEligible": True, "JobSummary": "<p>Build apps &amp; services.</p>",
           "MajorDuties": ["Develop software", "Review code"]}),
    _item(2, {"PositionRemuneration": [{"MinimumRange": "25.5", "MaximumRange": "38.0", "RateIntervalCode": "PH",
                                        "Description": "Per Hour"}], "PublicationStartDate": "2026-09-29T00:00:00",
              "PositionSchedule": [{"Name": "Part-time", "Code": "2"}],
              "ApplicationCloseDate": "2099-10-20T23:59:59.9970"},
          {"RemoteIndicator": False, "TeleworkEligible": True, "HiringPath": ["fed-competitive", "vet"]}),
    _item(3, {"PositionRemuneration": [{"MinimumRange": "2500.0", "MaximumRange": "3000.0", "RateIntervalCode": "BW",
                                        "Description": "Bi-weekly"}]},
          {"RemoteIndicator": False, "TeleworkEligible": False}),
    _item(4, {"PositionRemuneration": [{"MinimumRange": "0.0", "MaximumRange": "0.0", "RateIntervalCode": "WC",
                                        "Description": "Without Compensation"}], "ApplyURI": [],
              "PositionSchedule": [{"Name": "Intermittent", "Code": "4"}], "ApplicationCloseDate": ""},
          {"HiringPath": [], "WhoMayApply": {"Name": "United States Citizens", "Code": "15317"}}),
    _item(5, {"PositionURI": None}, {}),
]  # fmt: skip
TWINS = [
    _item(6, {}, {"HiringPath": ["public"]}),
    _item(7, {}, {"HiringPath": ["fed-internal-search", "vet"]}),
]


def search(match: re.Match[str], request: Request) -> Answer:
    if request.headers.get("Authorization-Key") != KEY or request.headers.get("User-Agent") != EMAIL:
        return Answer("", 401, content_type="text/html")
    keyword = request.arg("Keyword")
    if keyword == "Broken":
        return Answer("<html><body>Internal Server Error</body></html>", 500, content_type="text/html")
    found = [] if keyword == "Nothing" else TWINS if keyword == "Twins" else ITEMS
    size, page = int(request.arg("ResultsPerPage", "25")), int(request.arg("Page", "1"))
    items = found[(page - 1) * size : page * size]
    return Answer({
        "LanguageCode": "EN",
        "SearchParameters": {"Keyword": keyword, "ResultsPerPage": size, "Page": page},
        "SearchResult": {
            "SearchResultCount": len(items),
            "SearchResultCountAll": str(len(found)),  # a number or a string in real answers
            "SearchResultItems": items,
            "UserArea": {"NumberOfPages": str(math.ceil(len(found) / size)), "IsRadialSearch": False},
        },
    })  # fmt: skip


def stubborn(match: re.Match[str], request: Request) -> Answer:
    if request.headers.get("Authorization-Key") != KEY or request.headers.get("User-Agent") != EMAIL:
        return Answer("", 401, content_type="text/html")
    size = int(request.arg("ResultsPerPage", "25"))
    return Answer({
        "LanguageCode": "EN",
        "SearchParameters": {"Keyword": request.arg("Keyword"), "ResultsPerPage": size, "Page": 1},
        "SearchResult": {
            "SearchResultCount": len(ITEMS[:size]),
            "SearchResultCountAll": str(100 * size),
            "SearchResultItems": ITEMS[:size],
            "UserArea": {"NumberOfPages": "100", "IsRadialSearch": False},
        },
    })  # fmt: skip


ROUTES = [Route("GET", r"/api/(?:search|Search)", search), Route("GET", r"/stubborn/api/(?:search|Search)", stubborn)]
