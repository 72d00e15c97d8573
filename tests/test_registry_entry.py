"""The MCP registry entry and the desktop extension's manifest agree with the package (issue 22, items 3-4):
server.json meets the registry's server.schema.json (2025-09-29), the three versions and the two names are one,
and both files offer exactly the key variables the engines read.

The registry's schema is published only at its URL (no package on the index or npm carries it), so the checks
here are the schema's own rules for what server.json uses, written out: its required fields, the name pattern
(reverse DNS, one slash), the 100-character description, a pinned package version (no range, not "latest"), a
package's required fields and no others, and each environment variable's `name`."""

import json
import re
import subprocess
import tomllib
from typing import Any

from conftest import ROOT

from sweepy import __version__
from sweepy.engines import engines

SCHEMA_URL = re.compile(r"^https://static\.modelcontextprotocol\.io/schemas/(\d{4}-\d{2}-\d{2})/server\.schema\.json$")
NAME = re.compile(r"^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$")
"""server.schema.json's pattern for `name`: a reverse-DNS namespace, one slash, the server's name."""
PACKAGE_FIELDS = {
    "registryType", "registryBaseUrl", "identifier", "version", "fileSha256", "runtimeHint", "transport",
    "runtimeArguments", "packageArguments", "environmentVariables",
}  # fmt: skip
"""A package object's properties in the schema (additionalProperties: false)."""
INPUT_FIELDS = {"name", "description", "isRequired", "format", "value", "isSecret", "default", "placeholder", "choices"}
VERSION_RANGE = re.compile(r"[\^~<>=*]|\.x\b|^latest$")


def _json(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / name).read_text(encoding="utf-8"))
    return data


def engine_key_variables() -> set[str]:
    """The environment variables a keyed engine reads its key (or the registration that goes with it) from by
    default: every `*_env` field of an engine's config with a variable name as its default. An optional key
    without a default variable (themuse's `api_key_env`) is the profile's to name, so no form can offer it."""
    found = set()
    for engine in engines().values():
        for field, info in engine.config_model.model_fields.items():
            if field.endswith("_env") and isinstance(info.default, str):
                found.add(info.default)
    return found


def _manifest_key_variables(manifest: dict[str, Any]) -> set[str]:
    return {name for name in manifest["server"]["mcp_config"]["env"] if not name.startswith("SWEEPY_")}


def test_server_json_meets_the_registry_schema() -> None:
    server = _json("server.json")
    assert set(server) <= {"$schema", "name", "description", "repository", "version", "websiteUrl", "packages"}
    found = SCHEMA_URL.match(server["$schema"])
    assert found and found.group(1) >= "2025-09-29", server["$schema"]
    assert NAME.match(server["name"]) and 3 <= len(server["name"]) <= 200 and server["name"].count("/") == 1
    assert 1 <= len(server["description"]) <= 100
    assert server["repository"]["source"] == "github" and server["repository"]["url"].startswith("https://github.com/")
    (package,) = server["packages"]
    assert {"registryType", "identifier", "version", "transport"} <= set(package) <= PACKAGE_FIELDS
    assert package["registryType"] == "pypi" and package["registryBaseUrl"] == "https://pypi.org"
    assert package["identifier"] == "sweepy-mcp" and package["runtimeHint"] == "uvx"
    assert package["transport"] == {"type": "stdio"}
    for version in (server["version"], package["version"]):
        assert version and not VERSION_RANGE.search(version), version
    for variable in package["environmentVariables"]:
        assert set(variable) <= INPUT_FIELDS and re.fullmatch(r"[A-Z][A-Z0-9_]*", variable["name"]), variable
        assert variable["isRequired"] is False and variable["description"], variable
        assert variable.get("format", "string") in {"string", "number", "boolean", "filepath"}


def test_every_engine_key_is_a_secret_variable_in_server_json_and_a_sensitive_field_in_the_manifest() -> None:
    keys = engine_key_variables()
    assert {"ADZUNA_APP_ID", "ADZUNA_APP_KEY", "JOOBLE_API_KEY", "SERPAPI_API_KEY", "USAJOBS_API_KEY"} <= keys
    (package,) = _json("server.json")["packages"]
    variables = {v["name"]: v for v in package["environmentVariables"]}
    assert set(variables) == keys | {"SWEEPY_HOME"}
    assert all(variables[name]["isSecret"] is True for name in keys)
    assert variables["SWEEPY_HOME"]["isSecret"] is False and variables["SWEEPY_HOME"]["format"] == "filepath"

    manifest = _json("manifest.json")
    env, form = manifest["server"]["mcp_config"]["env"], manifest["user_config"]
    assert _manifest_key_variables(manifest) == keys
    for name in keys:
        field = re.fullmatch(r"\$\{user_config\.([a-z0-9_]+)\}", env[name])
        assert field, (name, env[name])
        # default "": a key left empty reaches the engine as unset (its error names the variable), never as the
        # unreplaced "${user_config...}" text a host passes for a field with no value.
        assert form[field.group(1)] | {"title": "", "description": ""} == {
            "type": "string", "title": "", "description": "", "required": False, "sensitive": True, "default": ""
        }  # fmt: skip
    assert env["SWEEPY_HOME"] == "${user_config.workspace}"
    assert env["SWEEPY_STATE_DIR"] == "${user_config.workspace}${/}state"
    assert form["workspace"]["type"] == "directory" and form["workspace"]["required"] is True
    assert set(form) == {"workspace"} | {re.sub(r"\$\{user_config\.(.*)\}", r"\1", env[name]) for name in keys}


def test_the_versions_and_the_names_are_one() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    server, manifest = _json("server.json"), _json("manifest.json")
    (package,) = server["packages"]
    assert project["version"] == __version__ == server["version"] == package["version"] == manifest["version"]
    assert project["name"] == package["identifier"] == manifest["name"] == server["name"].split("/")[1]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # The registry proves a PyPI package is ours by this line in its description (the README).
    assert re.findall(r"<!-- mcp-name: (\S+) -->", readme) == [server["name"]]
    assert manifest["repository"]["url"] == server["repository"]["url"]


def test_make_mcpb_builds_the_versioned_bundle_with_the_pinned_cli() -> None:
    planned = subprocess.run(["make", "-s", "-n", "mcpb"], cwd=ROOT, capture_output=True, text=True, check=True)
    lines = planned.stdout.splitlines()
    assert lines[0] == "npx --yes @anthropic-ai/mcpb@2.1.2 validate manifest.json", lines
    assert lines[-1] == f"npx --yes @anthropic-ai/mcpb@2.1.2 pack . dist/sweepy-mcp-{__version__}.mcpb", lines
