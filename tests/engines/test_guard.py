"""The engines' network cannot be turned against the user (issue 13 part B): the address guard on every hop,
pinning, base_url as data, the byte budget, keys that stay with their own API, and per-host limits."""

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fakeboards import FakeBoards, Fault, Request, running
from fakeboards.adzuna import APP_ID, APP_KEY
from fakeboards.jooble import KEY as JOOBLE_KEY
from fakeboards.usajobs import EMAIL, KEY
from linksite import dial_log
from web import sweep

from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.api_urls import api_url
from sweepy.engines.base import SourceError
from sweepy.engines.http import Network, SourceClient, build_client, open_network
from sweepy.errors import EngineConfigError
from sweepy.pipeline.discover import discover
from sweepy.settings import Settings

ACME = r"^/v1/boards/acme/jobs$"


def only(found: Any) -> Any:
    (report,) = found.sources
    return report


@pytest.fixture
def other() -> Iterator[FakeBoards]:
    """A second loopback server: another port is another origin."""
    with running() as server:
        yield server


# -- 7. one address guard ------------------------------------------------------------------------------------
def test_a_base_url_on_loopback_is_blocked_without_the_flag_and_never_requested(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SWEEPY_ALLOW_PRIVATE_URLS")
    report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": boards.url}, tmp_path))
    assert (report.status, report.reason, report.counts_as_failure) == ("skipped", "blocked_address", False)
    assert boards.hits() == 0
    assert "\n" not in report.detail
    assert "127.0.0.1 is loopback (127.0.0.0/8)" in report.detail


@pytest.mark.parametrize(
    ("base_url", "said"),
    [
        ("http://10.0.0.1:9", "private (10.0.0.0/8)"),
        ("http://172.16.5.4:9", "private (172.16.0.0/12)"),
        ("http://192.168.1.1:9", "private (192.168.0.0/16)"),
        ("http://100.64.0.1:9", "carrier-grade NAT"),
        ("http://169.254.10.1:9", "link-local"),
        ("http://224.0.0.1:9", "multicast"),
        ("http://240.0.0.1:9", "reserved"),
        ("http://0.0.0.0:9", "this-network"),
        ("http://[::1]:9", "loopback"),
        ("http://[fd00::1]:9", "unique-local"),
        ("http://[::ffff:10.0.0.1]:9", "embeds 10.0.0.1"),
        ("http://2130706433:9", "127.0.0.1 is loopback"),
        ("http://0x7f000001:9", "127.0.0.1 is loopback"),
        ("http://localhost:9", "localhost is loopback"),
    ],
)
def test_every_kind_of_non_public_address_is_blocked(
    base_url: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SWEEPY_ALLOW_PRIVATE_URLS")
    report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": base_url}, tmp_path, timeout=5))
    assert (report.status, report.reason) == ("skipped", "blocked_address")
    assert said in report.detail


def test_a_blocked_address_is_never_dialled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SWEEPY_ALLOW_PRIVATE_URLS")
    with dial_log() as dialled:
        for base_url in ("http://10.0.0.1:9", "http://169.254.169.254", "http://[::ffff:127.0.0.1]:9"):
            report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": base_url}, tmp_path, timeout=5))
            assert report.reason == "blocked_address", base_url
    assert dialled == []


@pytest.mark.parametrize(
    "base_url",
    [
        "http://169.254.169.254",
        "http://[fd00:ec2::254]",
        "http://metadata.google.internal",
        "http://[::ffff:a9fe:a9fe]",
    ],
)
def test_cloud_metadata_is_refused_even_with_the_private_flag(base_url: str, tmp_path: Path) -> None:
    # conftest sets SWEEPY_ALLOW_PRIVATE_URLS=1, which opens loopback and private networks, never metadata.
    report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": base_url}, tmp_path, timeout=5))
    assert (report.status, report.reason) == ("skipped", "blocked_address")
    assert "metadata" in report.detail


@pytest.mark.parametrize(
    "target",
    [
        "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        "http://metadata.google.internal/computeMetadata/v1/",
        "http://[fd00:ec2::254]/latest/",
        "file:///etc/passwd",
    ],
)
def test_a_redirect_hop_is_checked_like_the_first(boards: FakeBoards, tmp_path: Path, target: str) -> None:
    boards.fault(ACME, Fault("redirect", status=302, location=target))
    report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": boards.url}, tmp_path, timeout=5))
    assert (report.status, report.reason) == ("skipped", "blocked_address")
    assert report.detail.startswith(f"{boards.url.split('//')[1]}/v1/boards/acme/jobs not fetched: its redirect 1 is")


def test_a_redirect_on_the_same_origin_is_followed(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault(r"^/v1/boards/moved/jobs$", Fault("redirect", status=301, location="/v1/boards/acme/jobs?content=1"))
    report = only(sweep("greenhouse", {"boards": ["moved"], "base_url": boards.url}, tmp_path))
    assert (report.status, report.postings, report.requests) == ("ok", 2, 1)
    assert [r.path for r in boards.requests()] == ["/v1/boards/moved/jobs", "/v1/boards/acme/jobs"]


@pytest.mark.parametrize(("status", "method"), [(303, "GET"), (302, "GET"), (307, "POST"), (308, "POST")])
def test_a_redirected_post_is_sent_again_only_where_browsers_send_it(
    boards: FakeBoards, status: int, method: str
) -> None:
    # A 303, or a 301/302 answering a POST, is followed as a GET without the body or its Content-Type; a 307
    # or 308 repeats the POST. The hop stays on the origin, so the request's own header goes along.
    boards.fault(r"^/v1/search$", Fault("redirect", status=status, location="/v1/boards/acme/jobs"))
    with build_client(allow_private=True) as client:
        source = SourceClient(Network(client), time.monotonic() + 10, 10)
        with contextlib.suppress(SourceError):  # a POST to the board's GET-only route is a 404: the hop is what counts
            source.post_json(f"{boards.url}/v1/search", {"q": "paralegal"}, {"X-Board-Token": "t"})
    first, second = boards.requests()
    assert (first.method, first.path, first.json()) == ("POST", "/v1/search", {"q": "paralegal"})
    sent = {name.lower(): value for name, value in second.headers.items()}
    assert (second.method, second.path, sent["x-board-token"]) == (method, "/v1/boards/acme/jobs", "t")
    assert (second.body, "content-type" in sent) == ((b"", False) if method == "GET" else (first.body, True))


def test_too_many_redirects_are_a_bad_response(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault(ACME, Fault("redirect", location="/v1/boards/acme/jobs"))
    report = only(sweep("greenhouse", {"boards": ["acme"], "base_url": boards.url}, tmp_path))
    assert (report.status, report.reason) == ("skipped", "bad_response")
    assert "still redirects after 5 hops" in report.detail
    assert boards.hits(ACME) == 6


def fake_dns(answers: dict[str, list[list[str]]], calls: list[str]) -> Any:
    """getaddrinfo for invented names: each call for a name takes its next answer (the last one repeats)."""

    def resolve(host: str, port: int, *args: Any) -> list[tuple[Any, ...]]:
        calls.append(host)
        queue = answers[host]
        addresses = queue.pop(0) if len(queue) > 1 else queue[0]
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in addresses]

    return resolve


def test_every_dns_answer_is_checked(tmp_path: Path) -> None:
    calls: list[str] = []
    resolver = fake_dns({"board.test": [["93.184.216.34", "10.1.2.3"]]}, calls)
    found = sweep("greenhouse", {"boards": ["acme"], "base_url": "http://board.test:9"}, tmp_path,
                  make_client=lambda: build_client(allow_private=False, resolver=resolver))  # fmt: skip
    report = only(found)
    assert (report.status, report.reason) == ("skipped", "blocked_address")
    assert "board.test resolves to 10.1.2.3, which is private (10.0.0.0/8)" in report.detail
    assert calls == ["board.test"]


def test_the_connection_is_pinned_to_the_checked_address(boards: FakeBoards, tmp_path: Path) -> None:
    # The name answers loopback (allowed by the test flag) once, then metadata: a rebinding attack. Every page
    # still goes to the address that was checked, and the name is not asked again.
    calls: list[str] = []
    port = int(boards.url.rsplit(":", 1)[1])
    resolver = fake_dns({"board.test": [["127.0.0.1"], ["169.254.169.254"]]}, calls)
    found = sweep("lever", {"sites": ["bigco"], "base_url": f"http://board.test:{port}"}, tmp_path,
                  make_client=lambda: build_client(allow_private=True, resolver=resolver))  # fmt: skip
    assert (only(found).status, len(found.postings), only(found).requests) == ("ok", 230, 3)
    assert calls == ["board.test"]
    assert {r.headers["Host"] for r in boards.requests()} == {f"board.test:{port}"}


# -- 8. base_url is data ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("engine", "block"),
    [
        ("greenhouse", {"boards": ["acme"], "base_url": "http://127.0.0.1:1/{board:>200000000}"}),
        ("greenhouse", {"boards": ["acme"], "base_url": "http://127.0.0.1:1/{board.__class__}"}),
        ("jooble", {"api_key_env": "JOOBLE_API_KEY", "base_url": "http://127.0.0.1:1/{key}"}),
        ("lever", {"sites": ["acme"], "base_url": "http://127.0.0.1:1/x}"}),
        ("recruitee", {"companies": ["acme"], "base_url": "http://127.0.0.1:1/{company}/{company.__init__}"}),
    ],
)
def test_a_brace_in_base_url_is_a_profile_error_naming_the_key(
    engine: str, block: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JOOBLE_API_KEY", JOOBLE_KEY)
    with pytest.raises(EngineConfigError, match=f"{engine}: 'base_url'") as caught:
        get_engine(engine).parse_config(block, Settings.from_env().workspace())
    assert "must not hold a brace" in caught.value.message


def test_api_url_replaces_placeholders_and_never_formats() -> None:
    assert api_url("https://{company}.recruitee.com", "/api/offers/", company="a/b{c}") == (
        "https://a%2Fb%7Bc%7D.recruitee.com/api/offers/"
    )
    assert api_url("http://h", "/v1/boards/{board}/jobs", {"content": "true"}, board="{board:>9}") == (
        "http://h/v1/boards/%7Bboard%3A%3E9%7D/jobs?content=true"
    )
    with pytest.raises(SourceError, match="base_url may hold no brace"):
        api_url("http://h/{board:>200000000}", "/x")


# -- 9. a byte budget per source --------------------------------------------------------------------------------
def test_past_the_byte_budget_the_source_stops_as_too_large_and_keeps_its_pages(
    boards: FakeBoards, tmp_path: Path
) -> None:
    sizes = [len(httpx.get(f"{boards.url}/v0/postings/bigco?mode=json&skip={n}&limit=100").content) for n in (0, 100)]
    budget = sum(sizes) + 1_000  # two pages fit, the third does not
    found = sweep("lever", {"sites": ["bigco"], "base_url": boards.url, "max_bytes": budget}, tmp_path)
    report = only(found)
    assert (report.status, report.reason, report.postings, report.counts_as_failure) == (
        "skipped", "too_large", 200, False,
    )  # fmt: skip
    assert len(found.postings) == 200
    assert [s.reason for s in found.skipped_sources] == ["too_large"]
    assert f"budget of {budget / 1_000_000:.1f} MB (max_bytes)" in report.detail
    assert report.detail.endswith("kept the 200 postings of the pages read before it")


def test_the_budget_covers_workday_pages_searched_per_title(boards: FakeBoards, tmp_path: Path) -> None:
    # Workday collects through a generator: what the pages before the stop held is kept.
    site = "https://acme.wd5.myworkdayjobs.com/en-US/External"
    whole = sweep("workday", {"sites": [site], "base_url": boards.url}, tmp_path)
    assert (only(whole).status, only(whole).postings) == ("ok", 24)
    search = {"appliedFacets": {}, "limit": 20, "offset": 0, "searchText": "Paralegal"}
    first = len(httpx.post(f"{boards.url}/wday/cxs/acme/External/jobs", json=search).content)
    found = sweep("workday", {"sites": [site], "base_url": boards.url, "max_bytes": first + 100}, tmp_path)
    report = only(found)
    assert (report.status, report.reason) == ("skipped", "too_large")
    assert report.postings == 19  # page one's 20, less the one without externalPath


def test_max_bytes_is_bounded_in_the_profile() -> None:
    with pytest.raises(EngineConfigError, match="greenhouse: 'max_bytes'"):
        get_engine("greenhouse").parse_config({"boards": ["acme"], "max_bytes": 999}, Settings.from_env().workspace())
    config = get_engine("greenhouse").parse_config({"boards": ["acme"]}, Settings.from_env().workspace())
    assert config.max_bytes == 50_000_000  # type: ignore[attr-defined]


# -- 10. a key goes only to its own API --------------------------------------------------------------------------
def test_a_header_key_does_not_follow_a_redirect_to_another_origin(
    boards: FakeBoards, other: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USAJOBS_API_KEY", KEY)
    monkeypatch.setenv("USAJOBS_EMAIL", EMAIL)
    boards.fault(r"^/api/search$", Fault("redirect", status=307, location=f"{other.url}/api/search?Keyword=x"))
    found = sweep("usajobs", {"base_url": boards.url}, tmp_path, titles=["Paralegal"])
    (sent,) = other.requests()
    assert "Authorization-Key" not in sent.headers
    assert EMAIL not in str(sent.headers) and KEY not in str(sent.headers)
    report = only(found)
    assert (report.status, report.reason) == ("skipped", "http_error")  # the other host wants the key: 401
    assert KEY not in report.detail


def test_a_query_key_does_not_follow_a_redirect_to_another_origin(
    boards: FakeBoards, other: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ADZUNA_APP_ID", APP_ID)
    monkeypatch.setenv("ADZUNA_APP_KEY", APP_KEY)
    echo = f"{other.url}/v1/api/jobs/us/search/1?app_id={APP_ID}&app_key={APP_KEY}&what=Paralegal"
    boards.fault(r"^/v1/api/jobs/us/search/1$", Fault("redirect", status=302, location=echo))
    found = sweep("adzuna", {"base_url": boards.url}, tmp_path, titles=["Paralegal"])
    (sent,) = other.requests()
    assert {k: v[0] for k, v in sent.query.items()} == {"what": "Paralegal"}
    assert APP_KEY not in repr(found) and APP_ID not in repr(found)


def test_a_redirect_that_carries_the_key_in_its_path_to_another_origin_is_not_followed(
    boards: FakeBoards, other: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JOOBLE_API_KEY", JOOBLE_KEY)
    quoted = JOOBLE_KEY.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    boards.fault(r"^/api/", Fault("redirect", status=307, location=f"{other.url}/api/{quoted}"))
    found = sweep("jooble", {"api_key_env": "JOOBLE_API_KEY", "base_url": boards.url}, tmp_path, titles=["Paralegal"])
    report = only(found)
    assert (report.status, report.reason) == ("skipped", "blocked_address")
    assert "redirects to another origin with the key in the URL" in report.detail
    assert other.hits() == 0
    assert JOOBLE_KEY not in repr(found) and quoted not in repr(found)


def test_an_error_body_that_echoes_the_key_shows_it_nowhere(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USAJOBS_API_KEY", KEY)
    monkeypatch.setenv("USAJOBS_EMAIL", EMAIL)
    said = {"message": f"bad request: Authorization-Key={KEY} User-Agent={EMAIL}"}
    boards.fault(r"^/api/search$", Fault("status", status=400, body=said))
    lines: list[str] = []
    found = sweep("usajobs", {"base_url": boards.url}, tmp_path, titles=["Paralegal"], log=lines.append)
    report = only(found)
    assert report.reason == "http_error"
    assert "bad request: Authorization-Key=***" in report.detail
    assert KEY not in repr(found) + "".join(lines) and EMAIL not in repr(found) + "".join(lines)


# -- 11. one slow host does not hold the others ------------------------------------------------------------------
def test_four_stalled_boards_on_one_host_do_not_delay_a_source_on_another_host(
    boards: FakeBoards, other: FakeBoards, tmp_path: Path
) -> None:
    # 40 boards on one host, more than the sweep's 32 source threads: the four that hold the host's slots
    # stall, the others wait for a slot, and the lever source on another host still runs to the end.
    release, four_waiting, lever_done = threading.Event(), threading.Event(), threading.Event()
    stalled: list[str] = []
    lock = threading.Lock()

    def arrived(request: Request) -> None:
        with lock:
            stalled.append(request.path)
            if len(stalled) == 4:
                four_waiting.set()

    boards.fault(r"^/v1/boards/", Fault("gate", gate=release, arrived=arrived))
    workspace = Settings.from_env().workspace()
    configs = {
        "greenhouse": get_engine("greenhouse").parse_config(
            {"boards": ["acme", "emptyco", *(f"b{n}" for n in range(38))], "base_url": boards.url}, workspace
        ),
        "lever": get_engine("lever").parse_config({"sites": ["acme"], "base_url": other.url}, workspace),
    }
    lines: list[str] = []

    def log(line: str) -> None:
        lines.append(line)

    def lever_lookup(name: str) -> Any:
        engine = get_engine(name)
        if name != "lever":
            return engine

        class Watched(type(engine)):  # type: ignore[misc]
            def discover(self, config: Any, request: DiscoverRequest) -> Any:
                result = super().discover(config, request)
                lever_done.set()  # the lever source has all its postings
                return result

        return Watched()

    outcome: list[Any] = []
    with open_network(build_client, tmp_path, None, None) as network:
        request = DiscoverRequest(["Paralegal"], "New York, NY", workspace, {}, network=network, log=log)
        sweeper = threading.Thread(target=lambda: outcome.append(discover(configs, request, 20, lever_lookup)))
        sweeper.start()
        try:
            assert four_waiting.wait(15), stalled
            assert lever_done.wait(15)  # finished while all four of the greenhouse host's slots are held
            assert not release.is_set() and len(stalled) == 4  # the others wait for a slot of their own host
        finally:
            release.set()
            sweeper.join(30)
    found = outcome[0]
    by_source = {(r.engine, r.source): r.status for r in found.sources}
    assert by_source[("lever", "acme")] == "ok"
    assert by_source[("greenhouse", "acme")] == "ok"


def test_a_redirect_httpx_cannot_parse_skips_only_its_source(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault(ACME, Fault("redirect", location="http:\\\\127.0.0.1\\x"))
    found = sweep("greenhouse", {"boards": ["acme", "emptyco"], "base_url": boards.url}, tmp_path)
    assert [(r.source, r.status, r.reason) for r in found.sources] == [
        ("acme", "skipped", "bad_response"),
        ("emptyco", "ok", None),
    ]
    assert found.sources[0].detail.endswith("/v1/boards/acme/jobs redirects to a Location that does not parse")
