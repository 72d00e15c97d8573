"""Profiles: the strict YAML model, loading and writing, the default file name, the fallback chain."""

import hashlib
import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import yaml
from pydantic import (
    ValidationError,
)

from ..domain.profile import Profile
from ..domain.text import normalize_title
from ..domain.titles import read_title
from ..errors import NotFound, ProfileError, describe_validation_error
from . import files, paths, realdirs
from .paths import Workspace
from .reads import read_regular

MAX_PROFILE_BYTES = 1_000_000
FALLBACK_PROFILES = ("profiles/custom_profile.yaml", "profiles/paralegal_nyc.yaml", "profiles/example.yaml")
"""Looked for in the workspace (`sweepy init` writes the last two), then the bundled ones of the same name."""
MAX_PROFILE_DEPTH = 32
"""Nesting levels a profile may use (a real one needs 5): deeper YAML would exhaust Python's recursion limit."""


class _ProfileLoader(yaml.SafeLoader):
    """safe_load with YAML 1.2 scalars: `NO`, `on`, `0777` and `2024-01-01` stay text; aliases, duplicate keys
    and nesting deeper than MAX_PROFILE_DEPTH are refused."""

    def __init__(self, stream: str, origin: str = "") -> None:
        super().__init__(stream)
        self._depth = 0
        self.origin = origin
        """The file (or tool call) the text came from, for the messages that name it."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise ProfileError(
                f"The profile uses a YAML alias (line {event.start_mark.line + 1}); aliases are not allowed. "
                "Write the value out in full."
            )
        if self._depth >= MAX_PROFILE_DEPTH:
            # The composer recurses once per level: stop long before "[[[[..." exhausts Python's stack.
            line = self.peek_event().start_mark.line + 1  # type: ignore[no-untyped-call]
            raise ProfileError(
                f"The profile is nested too deeply (more than {MAX_PROFILE_DEPTH} levels at line {line}). "
                "A profile needs a handful of levels: close the brackets or remove the extra nesting."
            )
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        # PyYAML keeps the last of two equal keys silently: `remote_only: false` then `remote_only: true` is true.
        lines: dict[Any, int] = {}
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            try:
                first = lines.get(key)
            except TypeError:  # an unhashable key: the base class reports it
                continue
            if first is not None:
                raise ProfileError(
                    f"The profile sets {key!r} twice in one block (line {first} and line {line}). Keep one of them."
                )
            lines[key] = line
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        """An integer; one longer than Python converts (4,300 digits) is said with its line, not a ValueError."""
        try:
            return int(super().construct_yaml_int(node))
        except ValueError:
            raise ProfileError(
                f"Profile {self.origin} has a number with {len(str(node.value))} digits at line "
                f"{node.start_mark.line + 1}; no setting takes a number that long. Write the value it should have "
                "(e.g. 85000)."
            ) from None


_ProfileLoader.add_constructor("tag:yaml.org,2002:int", _ProfileLoader.construct_yaml_int)
_DROPPED = {"tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:timestamp"}
_ProfileLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in _DROPPED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_ProfileLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_ProfileLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9_]*)$"), list("-+0123456789")
)


def parse_profile_text(text: str, origin: str) -> Profile:
    try:
        loader = _ProfileLoader(text, origin)  # what yaml.load does, with the origin for the loader's messages
        try:
            data = loader.get_single_data()
        finally:
            loader.dispose()
    except ProfileError:
        raise
    except yaml.constructor.ConstructorError as exc:
        raise ProfileError(
            f"Profile {origin} uses a YAML tag that is not allowed ({exc.problem}). "
            "Profiles hold plain values only: remove the tag."
        ) from None
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        line = f" at line {where.line + 1}" if where is not None else ""
        raise ProfileError(f"Profile {origin} is not valid YAML{line}: {getattr(exc, 'problem', exc)}.") from None
    if not isinstance(data, dict):
        raise ProfileError(f"Profile {origin} must be a YAML mapping with name, search and resume blocks.")
    return validate_profile_data(data, origin, fix="Edit the profile file and try again.")


def _too_deep(data: Any) -> bool:
    """More than MAX_PROFILE_DEPTH levels, measured without recursion: tool arguments never pass the loader."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if level > MAX_PROFILE_DEPTH:
            return True
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        stack.extend((child, level + 1) for child in children)
    return False


def validate_profile_data(data: dict[str, Any], origin: str, fix: str = "") -> Profile:
    """The Profile model of `data`, or a ProfileError naming each bad field, then `fix` (what to do)."""
    if _too_deep(data):
        raise ProfileError(
            f"Profile {origin} is nested too deeply (more than {MAX_PROFILE_DEPTH} levels). "
            "A profile needs a handful of levels: remove the extra nesting."
        )
    try:
        profile = Profile.model_validate(data)
    except ValidationError as exc:
        raise ProfileError(f"Profile {origin} is invalid: {describe_validation_error(exc)} {fix}".rstrip()) from None
    titles = profile.search.titles
    shown = repr(titles) if len(repr(titles)) <= 60 else repr(titles)[:57] + "..."
    if not any(normalize_title(title) for title in titles):
        # Matching compares letters and digits only: such a profile would drop every posting as `title`.
        raise ProfileError(
            f"Profile {origin} is invalid: 'search.titles' has no letter or digit to match postings against "
            f"(got {shown}). Write each title in words, e.g. 'Paralegal'."
        )
    if not any(read_title(title).parts for title in titles):  # the title model reads "Remote" as no job at all
        raise ProfileError(
            f"Profile {origin} is invalid: 'search.titles' names no job (got {shown}): words such as 'Remote' or "
            "'Full-time' say where or how the job is done, not what it is. Write the job's name, e.g. 'Paralegal'."
        )
    return profile


def load_profile(path: Path) -> Profile:
    """Read and validate a profile file (already resolved to an existing file)."""
    try:
        text = read_regular(path, "Profile", MAX_PROFILE_BYTES, ProfileError).decode("utf-8")
    except UnicodeDecodeError:
        raise ProfileError(f"Profile {path} is not UTF-8 text.") from None
    except OSError as exc:
        raise NotFound(f"Profile {path} cannot be read: {exc.strerror or exc}.") from None
    return parse_profile_text(text, str(path))


def dump_profile(profile: Profile) -> str:
    return yaml.safe_dump(profile.model_dump(mode="json"), sort_keys=False, allow_unicode=True)


def profile_stem(path: Path) -> str:
    return path.name.rsplit(".", 1)[0]


STEM_PART_BYTES = 60
"""UTF-8 bytes kept of the name and of the title: with the hash and Sweepy's longest suffix (a temp copy of a
result file) a stem's file names stay far below the 255-byte limit of Linux, macOS and Windows."""


def _slug(text: str) -> tuple[str, bool]:
    """`text` in NFC, lower-cased: letters, combining marks and digits of any script kept, a single space or `-`
    between two of them kept (the space as `_`). True as well when anything else was replaced or cut."""
    folded = unicodedata.normalize("NFC", text).lower()

    def kept(ch: str) -> bool:
        return ch.isalnum() or unicodedata.category(ch).startswith("M")

    out, lossy = [], False
    for i, ch in enumerate(folded):
        if kept(ch):
            out.append(ch)
        elif ch in " -" and 0 < i < len(folded) - 1 and kept(folded[i - 1]) and kept(folded[i + 1]):
            out.append("_" if ch == " " else "-")
        else:
            out.append("_")
            lossy = True
    slug = re.sub(r"_{2,}", "_", "".join(out)).strip("_")
    cut = slug.encode("utf-8")[:STEM_PART_BYTES].decode("utf-8", errors="ignore").rstrip("_-")
    return cut, lossy or cut != slug


def default_profile_filename(name: str, first_title: str) -> str:
    """`profiles/{name}_{title}.yaml`, readable in any script (see _slug). When a character was replaced or the
    text cut, a hash of the exact name and title is appended: "a/b" and "a\\x00b", or "山田" and "佐藤" in a
    script the slug cannot keep, must never share a file, a history or a session."""
    name_slug, name_lossy = _slug(name)
    title_slug, title_lossy = _slug(first_title)
    parts = [part for part in (name_slug, title_slug) if part]
    if name_lossy or title_lossy or len(parts) < 2:
        exact = json.dumps([name, first_title], ensure_ascii=True).encode("ascii")
        parts.append(hashlib.sha256(exact).hexdigest()[:8])
    return f"profiles/{'_'.join(parts)}.yaml"


def bundled_profiles() -> Path:
    """The example profiles shipped as package data (`sweepy init` copies them into the workspace)."""
    return paths.INSTALL_DIR / "sweepy" / "data" / "profiles"


DEFAULT_KEY = "default_profile"
"""The key of the state folder's state.json naming the default profile (create_profile's `make_default`)."""
OLD_DEFAULT_KEY = "last_profile"
"""What a state folder of an earlier version names instead: the last profile create_profile wrote."""


def default_profile(workspace: Workspace) -> Path | None:
    """The profile a call without one uses (run_sweep {}): the one state.json names under DEFAULT_KEY (or, in a
    state folder from before it, OLD_DEFAULT_KEY); None when none is named or its file is gone."""
    state = workspace.read_state()
    raw = state.get(DEFAULT_KEY, state.get(OLD_DEFAULT_KEY))
    return Path(raw) if isinstance(raw, str) and Path(raw).is_file() else None


def find_profile(workspace: Workspace, raw: str | None) -> Path:
    """The profile to sweep: the given path (or a profile's name, e.g. `example`: `profiles/example.yaml` in the
    workspace, else the bundled one), else the default profile (default_profile), else the first conventional
    file in the workspace, then among the bundled profiles (so they work from an empty workspace)."""
    if raw is not None:
        try:
            return workspace.resolve_read(raw, "Profile")
        except NotFound as exc:
            named = _named_profile(workspace, raw)
            if named is None:
                raise NotFound(f"{exc.message} {_NAMES_HINT.format(', '.join(_bundled_names()))}") from None
            return named
    chosen = default_profile(workspace)
    # Every workspace file before any bundled one: the person's own profiles win over the samples.
    candidates = [workspace.home / name for name in FALLBACK_PROFILES]
    candidates += [bundled_profiles() / Path(name).name for name in FALLBACK_PROFILES[1:]]
    for candidate in ([chosen] if chosen is not None else []) + candidates:
        if candidate.is_file():
            return candidate.resolve()
    raise NotFound(
        "No profile_path was given and no saved profile exists (looked for the default profile, then "
        f"{', '.join(FALLBACK_PROFILES)} in {workspace.home} and the bundled ones in {bundled_profiles()}). "
        "Call create_profile first, or pass profile_path."
    )


def init_workspace(workspace: Workspace) -> list[Path]:
    """Create the workspace with `profiles/` (the bundled example profiles, each only where no file of that name
    is yet: an edited copy is never replaced) and `results/`. Returns the files written."""
    written = []
    for source in sorted(bundled_profiles().glob("*.yaml")):
        target = workspace.resolve_write(workspace.home / "profiles" / source.name, "example profile")
        if not target.exists():
            files.atomic_write_bytes(target, read_regular(source, "Bundled profile", MAX_PROFILE_BYTES))
            written.append(target)
    realdirs.make_real_dir(workspace.results_dir("results"))
    return written


_NAMES_HINT = "A profile's name alone is looked up in the workspace's profiles/, then among the bundled ones ({})."


def _bundled_names() -> list[str]:
    folder = bundled_profiles()
    return sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []


def _named_profile(workspace: Workspace, raw: str) -> Path | None:
    """`example` or `example.yaml`: the workspace's profiles/ first, then the bundled profiles."""
    if not raw.strip() or any(sep in raw for sep in "/\\") or raw.startswith(("~", ".")):
        return None
    name = raw if raw.lower().endswith((".yaml", ".yml")) else f"{raw}.yaml"
    for folder in (workspace.home / "profiles", bundled_profiles()):
        if (folder / name).is_file():
            return (folder / name).resolve()
    return None


def deep_merge(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged
