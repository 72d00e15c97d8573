"""The labeled relevance set (tests/relevance/): its profiles, its postings parsed by each board's own engine, and
the hand-written grades. Read by tests/domain/test_relevance_labels.py (the format) and bench/relevance.py (the
figures).

Each file tests/relevance/boards/<engine>/<name>.json is one answer of that board's API, byte for byte what the
engine would read; it is served to the engine's own discover() over an httpx MockTransport, so every posting goes
through the same parsing a sweep does. A posting's id is `<engine>:<name>:<the API's id for it>`.
"""

import csv
import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from sweepy.domain.postings import Posting
from sweepy.domain.profile import Profile
from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.http import open_network
from sweepy.pipeline.discover import discover
from sweepy.store.paths import Workspace
from sweepy.store.profiles import load_profile

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "tests" / "relevance"
PROFILES = SET / "profiles"
BOARDS = SET / "boards"
LABELS = SET / "labels.csv"


def _config(engine: str, name: str) -> dict[str, Any]:
    """The profile block that makes `engine` read the board `name` (a board token, a site, a tenant)."""
    blocks: dict[str, dict[str, Any]] = {
        "greenhouse": {"boards": [name]},
        "lever": {"sites": [name]},
        "ashby": {"boards": [name]},
        "smartrecruiters": {"companies": [name]},
        "workday": {"sites": [f"https://{name}.wd3.myworkdayjobs.com/External"]},
        "workable": {"accounts": [name]},
        "recruitee": {"companies": [name]},
    }
    return {"enabled": True, **blocks.get(engine, {})}


# The API's own id of one raw item, per engine (RemoteOK's legal notice has none and is no posting).
API_IDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "greenhouse": lambda job: str(job["id"]),
    "lever": lambda job: str(job["id"]),
    "ashby": lambda job: str(job["id"]),
    "remoteok": lambda job: str(job["id"]),
    "remotive": lambda job: str(job["id"]),
    "himalayas": lambda job: str(job["guid"]),
    "workday": lambda job: str(job["bulletFields"][0]),
    "smartrecruiters": lambda job: str(job["id"]),
    "workable": lambda job: str(job["shortcode"]),
    "recruitee": lambda job: str(job["id"]),
    "hn_hiring": lambda hit: str(hit["objectID"]),
}
HN_STORY = {"objectID": "45990000", "title": "Ask HN: Who is hiring? (November 2026)", "author": "whoishiring",
            "created_at_i": 1793631600}  # fmt: skip
"""The thread the HN file's comments belong to: the engine first finds it among whoishiring's stories."""


def raw_items(engine: str, body: Any) -> list[dict[str, Any]]:
    """The postings of one answer, as the API lists them (the HN file is the thread's page of comments)."""
    if engine in ("lever",):
        return list(body)
    if engine == "remoteok":
        return [item for item in body if "legal" not in item]
    keys = {"workday": "jobPostings", "smartrecruiters": "content", "recruitee": "offers", "hn_hiring": "hits"}
    return list(body[keys.get(engine, "jobs")])


def _answer(engine: str, body: Any) -> Callable[[httpx.Request], httpx.Response]:
    """The board's answer to whatever the engine asks; a paging engine's next page is empty, as the real API's
    is after its last posting."""

    def answer(request: httpx.Request) -> httpx.Response:
        page: Any = body
        if engine == "lever" and int(request.url.params.get("skip", "0")) > 0:
            page = []
        if engine == "smartrecruiters" and int(request.url.params.get("offset", "0")) > 0:
            page = {**body, "offset": int(request.url.params["offset"]), "content": []}
        if engine == "workday" and json.loads(request.content or b"{}").get("offset", 0) > 0:
            page = {**body, "total": 0, "jobPostings": []}
        if engine == "hn_hiring" and "author_whoishiring" in request.url.params.get("tags", ""):
            page = {"hits": [HN_STORY], "nbHits": 1, "page": 0, "nbPages": 1, "hitsPerPage": 6}
        return httpx.Response(200, json=page)

    return answer


@dataclass(frozen=True)
class Board:
    engine: str
    name: str
    body: Any

    @property
    def ids(self) -> list[str]:
        return [f"{self.engine}:{self.name}:{API_IDS[self.engine](item)}" for item in raw_items(self.engine, self.body)]


def boards() -> list[Board]:
    return [
        Board(path.parent.name, path.stem, json.loads(path.read_text(encoding="utf-8")))
        for path in sorted(BOARDS.glob("*/*.json"))
    ]


def parse(board: Board) -> list[Posting]:
    """The board's postings as its engine reads them (through pipeline.discover, as a sweep calls engines)."""
    with tempfile.TemporaryDirectory(prefix="sweepy-relevance-") as tmp:
        workspace = Workspace(home=Path(tmp), state_dir=Path(tmp) / "state")
        config = get_engine(board.engine).parse_config(_config(board.engine, board.name), workspace)
        transport = httpx.MockTransport(_answer(board.engine, board.body))
        with open_network(lambda: httpx.Client(transport=transport), Path(tmp), None, None) as network:
            request = DiscoverRequest([], "", workspace, {}, network=network)
            found = discover({board.engine: config}, request, timeout=30.0)
    problems = [f"{s.source}: {s.reason} {s.detail}" for s in found.skipped_sources] + [
        f"{where}: {why}" for where, why in found.skipped_records
    ]
    if problems:
        raise ValueError(f"{board.engine}/{board.name}: " + "; ".join(problems))
    return found.postings


def postings() -> dict[str, Posting]:
    """Every posting of the set by id, in file order."""
    out: dict[str, Posting] = {}
    for board in boards():
        parsed, ids = parse(board), board.ids
        if len(parsed) != len(ids):
            raise ValueError(f"{board.engine}/{board.name}: {len(ids)} postings listed, {len(parsed)} parsed")
        for ident, posting in zip(ids, parsed, strict=True):
            if ident in out:
                raise ValueError(f"posting id {ident} appears twice")
            out[ident] = posting
    return out


@dataclass(frozen=True)
class Label:
    profile: str
    posting: str
    relevance: int
    place_ok: bool
    reason: str

    @property
    def gain(self) -> int:
        """The nDCG gain: a job the person cannot take from where they are is worth nothing to them."""
        return self.relevance if self.place_ok else 0

    @property
    def wanted(self) -> bool:
        return self.relevance >= 2 and self.place_ok


def read_labels(path: Path = LABELS) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def labels(path: Path = LABELS) -> dict[str, dict[str, Label]]:
    """profile stem → posting id → its Label."""
    out: dict[str, dict[str, Label]] = {}
    for row in read_labels(path):
        label = Label(row["profile"], row["posting"], int(row["relevance"]), row["place_ok"] == "true", row["reason"])
        out.setdefault(label.profile, {})[label.posting] = label
    return out


def profile_paths() -> list[Path]:
    return sorted(PROFILES.glob("*.yaml"))


def profile(stem: str) -> tuple[Profile, str]:
    """The profile and its resume text (plain text: the set's resumes are .txt, read as the scorer's input)."""
    loaded = load_profile(PROFILES / f"{stem}.yaml")
    return loaded, (ROOT / loaded.resume.path).read_text(encoding="utf-8")
