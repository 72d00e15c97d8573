"""The shipped profiles load and validate: the offline ones sweep the sample, the live one names real boards."""

from conftest import PROFILES

from sweepy.engines import default_engines, get_engine, validate_sources
from sweepy.settings import Settings
from sweepy.store.profiles import load_profile


def test_the_live_example_enables_real_boards_and_every_keyless_board_and_no_keyed_engine() -> None:
    profile = load_profile(PROFILES / "example_live.yaml")
    configs = validate_sources(
        profile.sources, Settings.from_env().workspace()
    )  # no key needed: the keyed ones are off
    assert {"greenhouse", "lever", "ashby", *default_engines()} == set(configs)
    assert all(get_engine(name).uses_network for name in configs)
    assert {name for name, block in profile.sources.items() if not block["enabled"]} == {
        "adzuna", "usajobs", "jooble", "serpapi",
    }  # fmt: skip
    assert all(config.base_url is None for config in configs.values())  # type: ignore[attr-defined]
