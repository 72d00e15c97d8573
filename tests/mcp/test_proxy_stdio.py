"""From behind a proxy over real stdio: server.py as a subprocess with only the person's proxy variables (no
opening for private targets): a sweep of a board and import_jobs' link check, both through the loopback CONNECT
proxy, which is what Settings.proxy reaches in the service."""

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from connect_proxy import running_proxy
from fakeboards import FakeBoards
from linksite import running_site
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, envelope, server_env, write_resume

pytestmark = pytest.mark.anyio


async def _sweep_and_import(env: dict[str, str], workspace: Path, base_url: str, link: str) -> list[dict[str, Any]]:
    """create_profile, run_sweep and import_jobs(validate) on one server: their payloads."""
    resume = write_resume(workspace / "resume.docx")
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    async with Client(params) as client:

        async def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            return envelope(await client.call_tool(name, arguments))

        created = await call(
            "create_profile",
            {"name": "Alex Rivera", "titles": ["Paralegal"], "location": "New York, NY", "resume_path": str(resume),
             "sources_config": {"greenhouse": {"boards": ["acme"], "base_url": base_url}}},
        )  # fmt: skip
        swept = await call("run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 60})
        entry = {"title": "Paralegal", "company": "Linked Firm", "url": link, "location": "New York, NY"}
        imported = await call("import_jobs", {"jobs_json": json.dumps([entry]), "validate": True})
    return [swept, imported]


async def test_a_sweep_and_a_link_check_go_through_the_proxy_the_environment_names(
    workspace: Path, boards: FakeBoards
) -> None:
    port = boards.url.rsplit(":", 1)[1]
    with running_site() as site:
        # The proxy's own network: links.test port 80 (the only port the link checker opens besides 443) is the
        # link site's loopback port, as a proxy sends a name wherever its DNS says.
        hosts = {"boards.test": "127.0.0.1", "links.test": f"127.0.0.1:{site.port}"}
        with running_proxy(hosts=hosts) as proxy:
            env = server_env(workspace, HTTPS_PROXY="http://unused.invalid:1", http_proxy=proxy.url,
                             SWEEPY_ALLOW_PRIVATE_PROXY="1")  # fmt: skip
            swept, imported = await _sweep_and_import(env, workspace, f"http://boards.test:{port}",
                                                      "http://links.test/posting")  # fmt: skip
            targets = proxy.connects()
    assert swept["sweep_status"] == "completed"
    assert [(s["source"], s["status"], s["postings"]) for s in swept["sources"]] == [("acme", "ok", 2)]
    assert [(i["company"], i["verification"]) for i in imported["imported"]] == [("Linked Firm", "verified")]
    assert targets == [f"boards.test:{port}", "links.test:80"]  # http targets take http_proxy, not HTTPS_PROXY
    assert [(seen.path, seen.host) for seen in site.seen] == [("/posting", "links.test")]
