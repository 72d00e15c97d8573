"""Profiles: strict YAML (no tags, no aliases, no YAML 1.1 surprises), named field errors, round-trips."""

import json
from pathlib import Path

import pytest
from conftest import PROFILES

from sweepy.domain.profile import KNOWN_PLATFORMS
from sweepy.errors import NotFound, ProfileError
from sweepy.settings import Settings
from sweepy.store import paths
from sweepy.store.profiles import (
    MAX_PROFILE_DEPTH,
    default_profile_filename,
    dump_profile,
    find_profile,
    load_profile,
    parse_profile_text,
    validate_profile_data,
)
from sweepy.store.session_model import check_stem

DESIGN_PROFILE = """\
name: Pedro Writer
search:
  titles: [Technical Writer, UX Writer]
  location: New York, NY
  remote_only: false
  include_hybrid: true
  min_salary: 0
resume:
  path: /home/pedro/resume.pdf
  must_have_skills: [docs-as-code, API documentation]
  synonyms: [[docs-as-code, documentation as code]]
platforms: {greenhouse: true, lever: true, ashby: true, linkedin: true, indeed: true, custom: []}
sources:
  feed: {enabled: false, path: sweepy/data/sample_postings.jsonl}
  greenhouse: {enabled: true, boards: [acme, globex]}
  adzuna: {enabled: false, country: us, app_id_env: ADZUNA_APP_ID, app_key_env: ADZUNA_APP_KEY}
cache: {enabled: true, ttl_seconds: 3600}
orchestrator:
  timeout_per_source_seconds: 30
  circuit_breaker: {failure_threshold: 3, cooldown_seconds: 600}
history: {enabled: true, retention_days: 4, match: url, path: ~/.sweepy/history.db}
export: {tracking: true}
report: {assessment: agent}
"""


def edited(old: str, new: str) -> str:
    assert DESIGN_PROFILE.count(old) == 1
    return DESIGN_PROFILE.replace(old, new)


def profile_error(text: str) -> str:
    with pytest.raises(ProfileError) as caught:
        parse_profile_text(text, "profiles/pedro.yaml")
    return caught.value.message


def test_design_profile_loads() -> None:
    profile = parse_profile_text(DESIGN_PROFILE, "profiles/pedro.yaml")
    assert profile.name == "Pedro Writer"
    assert profile.search.titles == ["Technical Writer", "UX Writer"]
    assert profile.search.location == "New York, NY"
    assert (profile.search.remote_only, profile.search.include_hybrid, profile.search.min_salary) == (False, True, 0)
    assert profile.search.max_age_days is None
    assert profile.resume.must_have_skills == ["docs-as-code", "API documentation"]
    assert profile.resume.synonyms == [["docs-as-code", "documentation as code"]]
    assert profile.platform_enabled("linkedin") is True
    assert profile.custom_platforms() == {}
    assert profile.cache.ttl_seconds == 3600
    assert profile.orchestrator.circuit_breaker.failure_threshold == 3
    assert (profile.history.retention_days, profile.history.match, profile.history.path) == (
        4,
        "url",
        "~/.sweepy/history.db",
    )
    assert profile.report.assessment == "agent"


def test_minimal_profile_takes_defaults() -> None:
    text = "name: Ana\nsearch: {titles: [Paralegal], location: 'New York, NY'}\nresume: {path: resume.pdf}\n"
    profile = parse_profile_text(text, "p.yaml")
    assert profile.search.min_salary == 0
    assert profile.history.retention_days == 4
    assert profile.export.tracking is True
    assert profile.platforms.custom == []
    assert profile.platform_enabled("linkedin") is True


def test_remote_only_no_is_not_false() -> None:
    message = profile_error(edited("remote_only: false", "remote_only: NO"))
    assert message == (
        "Profile profiles/pedro.yaml is invalid: 'search.remote_only': Input should be a valid boolean (got 'NO')."
        " Edit the profile file and try again."
    )


@pytest.mark.parametrize("value", ["yes", "on", "Off", "y"])
def test_yaml_11_booleans_are_not_booleans(value: str) -> None:
    assert "'search.include_hybrid'" in profile_error(edited("include_hybrid: true", f"include_hybrid: {value}"))


def test_octal_looking_min_salary_is_not_511() -> None:
    message = profile_error(edited("min_salary: 0", "min_salary: 0777"))
    assert message == (
        "Profile profiles/pedro.yaml is invalid: 'search.min_salary': Input should be a valid integer (got '0777')."
        " Edit the profile file and try again."
    )


@pytest.mark.parametrize("value", ["0x1F", "70000.0", "'70000'", "7e4"])
def test_min_salary_must_be_a_plain_integer(value: str) -> None:
    assert "'search.min_salary'" in profile_error(edited("min_salary: 0", f"min_salary: {value}"))


def test_python_tag_is_refused_and_nothing_runs(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = edited("name: Pedro Writer", f'name: !!python/object/apply:os.system ["touch {marker}"]')
    message = profile_error(text)
    assert message.startswith("Profile profiles/pedro.yaml uses a YAML tag that is not allowed (")
    assert "python/object/apply:os.system" in message
    assert not marker.exists()


def test_alias_is_refused() -> None:
    text = edited("  titles: [Technical Writer, UX Writer]", "  titles: &t [Technical Writer, UX Writer]")
    text = text.replace("  must_have_skills: [docs-as-code, API documentation]", "  must_have_skills: *t")
    message = profile_error(text)
    assert message == ("The profile uses a YAML alias (line 10); aliases are not allowed. Write the value out in full.")


def test_alias_bomb_is_refused_quickly() -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for n in range(1, 9):
        prev, cur = chr(ord("a") + n - 1), chr(ord("a") + n)
        lines.append(f"{cur}: &{cur} [{', '.join(['*' + prev] * 9)}]")
    # Refused at the first alias the composer meets (line 2), before any alias is resolved: the bomb is never
    # built, whatever the machine's speed.
    message = profile_error("\n".join(lines) + "\n")
    assert message == "The profile uses a YAML alias (line 2); aliases are not allowed. Write the value out in full."


def test_anchor_without_alias_is_harmless() -> None:
    profile = parse_profile_text(edited("name: Pedro Writer", "name: &n Pedro Writer"), "p.yaml")
    assert profile.name == "Pedro Writer"


def test_unknown_key_is_named() -> None:
    message = profile_error(edited("  min_salary: 0\n", "  min_salary: 0\n  zip: 10001\n"))
    assert message == (
        "Profile profiles/pedro.yaml is invalid: unknown key 'search.zip'. Edit the profile file and try again."
    )


def test_unknown_top_level_key_is_named() -> None:
    message = profile_error(DESIGN_PROFILE + "theme: dark\n")
    assert message == (
        "Profile profiles/pedro.yaml is invalid: unknown key 'theme'. Edit the profile file and try again."
    )


def test_date_in_a_text_field_stays_text() -> None:
    profile = parse_profile_text(edited("location: New York, NY", "location: 2024-01-01"), "p.yaml")
    assert profile.search.location == "2024-01-01"
    profile = parse_profile_text(edited("name: Pedro Writer", "name: 2024-01-01 09:30:00"), "p.yaml")
    assert profile.name == "2024-01-01 09:30:00"


@pytest.mark.parametrize("value", ["NO", "on", "0777", "off"])
def test_yaml_11_words_in_a_text_field_stay_text(value: str) -> None:
    assert parse_profile_text(edited("name: Pedro Writer", f"name: {value}"), "p.yaml").name == value


@pytest.mark.parametrize("value", ["12", "1.5", "null", "~", "[]"])
def test_non_text_in_a_text_field_names_the_field(value: str) -> None:
    assert profile_error(edited("name: Pedro Writer", f"name: {value}")).startswith(
        "Profile profiles/pedro.yaml is invalid: 'name': Input should be a valid string"
    )


def test_invalid_yaml_names_the_line() -> None:
    message = profile_error("name: Pedro\nsearch: [unclosed\n")
    assert message.startswith("Profile profiles/pedro.yaml is not valid YAML at line ")


@pytest.mark.parametrize("text", ["", "- a\n- b\n", "just text\n"])
def test_profile_must_be_a_mapping(text: str) -> None:
    assert profile_error(text) == (
        "Profile profiles/pedro.yaml must be a YAML mapping with name, search and resume blocks."
    )


def test_dump_then_parse_round_trips() -> None:
    profile = parse_profile_text(DESIGN_PROFILE, "p.yaml")
    again = parse_profile_text(dump_profile(profile), "p.yaml")
    assert again == profile


def test_awkward_text_values_round_trip() -> None:
    text = edited("name: Pedro Writer", "name: 'NO'")
    text = text.replace("titles: [Technical Writer, UX Writer]", "titles: ['on', '0777', '2024-01-01', 'null']")
    text = text.replace("location: New York, NY", "location: 'true'")
    profile = parse_profile_text(text, "p.yaml")
    assert (profile.name, profile.search.titles, profile.search.location) == (
        "NO",
        ["on", "0777", "2024-01-01", "null"],
        "true",
    )
    assert parse_profile_text(dump_profile(profile), "p.yaml") == profile


def test_load_profile_reads_a_file(workspace: Path) -> None:
    path = workspace / "profiles" / "pedro.yaml"
    path.parent.mkdir()
    path.write_text(DESIGN_PROFILE, encoding="utf-8")
    assert load_profile(path) == parse_profile_text(DESIGN_PROFILE, str(path))


def test_load_profile_refuses_non_utf8(workspace: Path) -> None:
    path = workspace / "latin1.yaml"
    path.write_bytes(DESIGN_PROFILE.replace("Pedro", "P\xe9dro").encode("latin-1"))
    with pytest.raises(ProfileError) as caught:
        load_profile(path)
    assert caught.value.message == f"Profile {path} is not UTF-8 text."


def test_default_profile_filename() -> None:
    assert default_profile_filename("Pedro Writer", "Technical Writer") == "profiles/pedro_writer_technical_writer.yaml"
    assert default_profile_filename("Ana-María", "Paralegal") == "profiles/ana-maría_paralegal.yaml"
    # A replaced character ("." and "/") costs a hash of the exact text: readable, and never shared.
    assert default_profile_filename("Ana-María", "Sr. Paralegal") == "profiles/ana-maría_sr_paralegal_691f702e.yaml"
    assert default_profile_filename("../x", "a/b") == "profiles/x_a_b_ba5372b9.yaml"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("山田太郎", "佐藤花子"),
        ("Zoë", "Zoé"),
        ("a/b", "a\x00b"),
        ("..", "名前"),
        ("a b", "a_b"),
        ("a b", "a  b"),
        ("Ζωή", "Жанна"),
        ("राम", "रम"),
    ],
)
def test_different_names_never_share_a_profile_file(first: str, second: str) -> None:
    assert default_profile_filename(first, "Paralegal") != default_profile_filename(second, "Paralegal")


@pytest.mark.parametrize(
    "name",
    ["山田太郎", "Zoë", "Zoe\u0308", "राम शर्मा", "محمد علي", "a/b", "a\x00b", "..", "CON", "x:y*z?<>|\"", "N" * 300,
     "界" * 300, "\udcff", " lead", "trail-", "-"],
)  # fmt: skip
def test_every_default_stem_is_a_valid_portable_file_name(name: str) -> None:
    filename = default_profile_filename(name, "Paralegal")
    stem = filename.removeprefix("profiles/").removesuffix(".yaml")
    assert check_stem(stem) == stem
    assert not set(stem) & set('<>:"/\\|?*') and all(ch.isprintable() for ch in stem)
    assert not stem.startswith(("-", ".")) and not stem.endswith((".", " "))
    assert len(stem.encode("utf-8")) <= 140


def test_names_keep_their_script_in_nfc() -> None:
    assert default_profile_filename("山田太郎", "Paralegal") == "profiles/山田太郎_paralegal.yaml"
    composed, decomposed = default_profile_filename("Zo\u00eb", "X"), default_profile_filename("Zoe\u0308", "X")
    assert composed == decomposed == "profiles/zoë_x.yaml"
    assert default_profile_filename("राम शर्मा", "Paralegal") == "profiles/राम_शर्मा_paralegal.yaml"


def test_long_names_keep_the_yaml_suffix() -> None:
    filename = default_profile_filename("N" * 300, "T" * 300)
    assert filename == f"profiles/{'n' * 60}_{'t' * 60}_85fce2af.yaml"


@pytest.mark.parametrize("text", ["name: " + "[" * 5000, "name: " + "{a: " * 5000, "- " * 5000 + "x\n"])
def test_deeply_nested_yaml_is_a_profile_error(text: str) -> None:
    message = profile_error(text)  # stopped at level 33, long before 5,000 levels of recursion
    assert message == (
        f"The profile is nested too deeply (more than {MAX_PROFILE_DEPTH} levels at line 1). "
        "A profile needs a handful of levels: close the brackets or remove the extra nesting."
    )


def test_nesting_a_real_profile_needs_is_accepted() -> None:
    deep = "[" * (MAX_PROFILE_DEPTH - 4) + "x" + "]" * (MAX_PROFILE_DEPTH - 4)
    profile = parse_profile_text(DESIGN_PROFILE.replace("boards: [acme, globex]", f"boards: {deep}"), "p.yaml")
    assert profile.sources["greenhouse"]["boards"] == json.loads(deep.replace("x", '"x"'))


def test_deeply_nested_arguments_are_a_profile_error() -> None:
    nested: object = "x"
    for _ in range(5000):
        nested = [nested]
    data = {"name": "Ana", "search": {"titles": ["Paralegal"], "location": "NYC"}, "resume": {"path": "r.pdf"},
            "sources": {"feed": {"enabled": False, "path": nested}}}  # fmt: skip
    with pytest.raises(ProfileError) as caught:
        validate_profile_data(data, "arguments")
    assert caught.value.message == (
        f"Profile arguments is nested too deeply (more than {MAX_PROFILE_DEPTH} levels). "
        "A profile needs a handful of levels: remove the extra nesting."
    )


def test_a_key_given_twice_is_named_with_both_lines() -> None:
    message = profile_error(edited("  remote_only: false\n", "  remote_only: false\n  remote_only: true\n"))
    assert message == "The profile sets 'remote_only' twice in one block (line 5 and line 6). Keep one of them."


def test_a_key_given_twice_in_a_flow_mapping_or_at_the_top_is_named() -> None:
    assert profile_error(DESIGN_PROFILE + "name: Other\n") == (
        "The profile sets 'name' twice in one block (line 1 and line 24). Keep one of them."
    )
    assert profile_error(edited("export: {tracking: true}", "export: {tracking: true, tracking: false}")) == (
        "The profile sets 'tracking' twice in one block (line 22 and line 22). Keep one of them."
    )


def test_the_same_key_in_different_blocks_is_fine() -> None:
    profile = parse_profile_text(DESIGN_PROFILE, "p.yaml")
    assert (profile.cache.enabled, profile.history.enabled) == (True, True)  # `enabled` in two blocks


@pytest.mark.parametrize("typo", ["linkdin", "custom_platforms", "google"])
def test_an_unknown_platform_switch_is_named_with_the_known_ones(typo: str) -> None:
    message = profile_error(edited("indeed: true,", f"indeed: true, {typo}: false,"))
    assert message.startswith(
        f"Profile profiles/pedro.yaml is invalid: 'platforms': unknown platform {typo!r}; a switch is one of "
        f"{', '.join(sorted(KNOWN_PLATFORMS))} or a name declared in platforms.custom (got "
    )


@pytest.mark.parametrize(
    ("platforms", "problem"),
    [
        ("{custom: true}", "'platforms.custom': Input should be a valid list (got True)."),
        ("{linkedin: [a, b]}", "'platforms.linkedin': Input should be a valid boolean (got ['a', 'b'])."),
        ("{linkedin: 'no'}", "'platforms.linkedin': Input should be a valid boolean (got 'no')."),
        ("{custom: [{name: icims}]}", "'platforms.custom.0.domain' is required."),
        ("{linkedin: false, LinkedIn: true}", "'platforms': a platform is switched twice (keys differing only in "
                                              "case); keep one (got {'linkedin': False, 'LinkedIn': True})."),
    ],
)  # fmt: skip
def test_platform_values_are_typed(platforms: str, problem: str) -> None:
    message = profile_error(edited("platforms: {greenhouse: true, lever: true, ashby: true, linkedin: true, "
                                   "indeed: true, custom: []}", f"platforms: {platforms}"))  # fmt: skip
    assert message == f"Profile profiles/pedro.yaml is invalid: {problem} Edit the profile file and try again."


def test_a_custom_platform_can_be_switched_off_by_its_name() -> None:
    text = edited(
        "linkedin: true, indeed: true, custom: []",
        "linkedin: false, indeed: true, custom: [{name: iCIMS, domain: ICIMS.com}], iCIMS: false",
    )
    profile = parse_profile_text(text, "p.yaml")
    assert profile.custom_platforms() == {"icims.com": "icims"}
    enabled = {name: profile.platform_enabled(name) for name in ("icims", "linkedin", "indeed", "lever", "other")}
    assert enabled == {"icims": False, "linkedin": False, "indeed": True, "lever": True, "other": True}
    assert parse_profile_text(dump_profile(profile), "p.yaml") == profile


@pytest.mark.parametrize("titles", ["['!!!']", "['---', '...']", "['&']"])
def test_titles_with_nothing_to_match_are_refused(titles: str) -> None:
    message = profile_error(edited("titles: [Technical Writer, UX Writer]", f"titles: {titles}"))
    assert message.startswith("Profile profiles/pedro.yaml is invalid: 'search.titles' has no letter or digit")
    assert message.endswith("Write each title in words, e.g. 'Paralegal'.")


@pytest.mark.parametrize("titles", ["[Remote]", "['Full-time (Hybrid)', 'Remote']"])
def test_titles_that_name_no_job_are_refused(titles: str) -> None:
    message = profile_error(edited("titles: [Technical Writer, UX Writer]", f"titles: {titles}"))
    assert message.startswith("Profile profiles/pedro.yaml is invalid: 'search.titles' names no job (got [")
    assert message.endswith("Write the job's name, e.g. 'Paralegal'.")


def test_one_matchable_title_is_enough_and_any_script_counts() -> None:
    profile = parse_profile_text(edited("titles: [Technical Writer, UX Writer]", "titles: ['!!!', 弁護士]"), "p")
    assert profile.search.titles == ["!!!", "弁護士"]


def test_find_profile_falls_back_to_the_bundled_profiles(workspace: Path) -> None:
    ws = Settings.from_env().workspace()
    assert find_profile(ws, None) == PROFILES / "paralegal_nyc.yaml"  # the workspace is empty
    own = workspace / "profiles" / "example.yaml"
    own.parent.mkdir()
    own.write_text(DESIGN_PROFILE, encoding="utf-8")
    assert find_profile(ws, None) == own  # any workspace file comes before every bundled one


def test_find_profile_without_any_profile_names_both_folders(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty_install = tmp_path / "install"
    empty_install.mkdir()
    monkeypatch.setattr(paths, "INSTALL_DIR", empty_install)
    with pytest.raises(NotFound) as caught:
        find_profile(Settings.from_env().workspace(), None)
    assert caught.value.message == (
        "No profile_path was given and no saved profile exists (looked for the default profile, then "
        "profiles/custom_profile.yaml, profiles/paralegal_nyc.yaml, profiles/example.yaml in "
        f"{workspace} and the bundled ones in {empty_install / 'sweepy' / 'data' / 'profiles'}). Call "
        "create_profile first, or pass profile_path."
    )


def test_eligibility_keys_load_and_make_the_seeker() -> None:
    profile = parse_profile_text(
        DESIGN_PROFILE + "needs_sponsorship: true\ncitizenships: [in]\nwork_authorization: [CA]\nclearance: secret\n"
        "max_onsite_days: 2\ntimezone: Europe/Berlin\nlanguages: [EN, de]\nfederal_status: veteran\n"
        "eligibility: strict\nemployer_boards: {enabled: false, max: 5}\nexclude_companies: [Initech]\n",
        "profiles/pedro.yaml",
    )
    seeker = profile.seeker()
    assert (seeker.needs_sponsorship, seeker.citizenships, seeker.work_authorization) == (True, {"IN"}, {"CA"})
    assert (seeker.clearance, seeker.max_onsite_days, seeker.timezone) == ("secret", 2, "Europe/Berlin")
    assert (seeker.languages, seeker.federal_status, seeker.home_countries) == ({"en", "de"}, "veteran", {"US"})
    assert (profile.eligibility, profile.employer_boards.enabled, profile.employer_boards.max) == ("strict", False, 5)
    assert parse_profile_text(dump_profile(profile), "again.yaml") == profile


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("citizenships: [USA]", "citizenships"),
        ("languages: [english]", "languages"),
        ("timezone: Mars/Olympus", "timezone"),
        ("clearance: cosmic", "clearance"),
        ("max_onsite_days: 6", "max_onsite_days"),
        ("eligibility: maybe", "eligibility"),
    ],
)
def test_bad_eligibility_keys_are_named(line: str, named: str) -> None:
    assert named in profile_error(DESIGN_PROFILE + line + "\n")
