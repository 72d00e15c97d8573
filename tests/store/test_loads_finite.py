"""The one reader of untrusted JSON: json.loads's answers, with NaN, Infinity, overflow and deep nesting refused."""

import json

import pytest

from sweepy.store.reads import NonFiniteNumber, TooDeep, loads_finite


@pytest.mark.parametrize(
    "text",
    ['{"a": 1, "b": [1.5, -2, "x"], "c": null}', '[{"k": 1}, {"k": 2}]', '"\\u00e9"', "3", " {} "],
)
def test_text_and_its_bytes_read_as_json_loads_reads_them(text: str) -> None:
    assert loads_finite(text) == json.loads(text)
    assert loads_finite(text.encode("utf-8")) == json.loads(text)
    assert loads_finite(text) == loads_finite(text)  # the shared decoder keeps nothing from one call to the next


@pytest.mark.parametrize("text", ['{"a": NaN}', "[Infinity]", "-Infinity", "[1e999]"])
def test_non_finite_numbers_are_refused(text: str) -> None:
    with pytest.raises(NonFiniteNumber):
        loads_finite(text)
    with pytest.raises(NonFiniteNumber):
        loads_finite(text.encode("utf-8"))


def test_a_byte_order_mark_is_refused_in_text_and_read_in_bytes() -> None:
    with pytest.raises(json.JSONDecodeError, match="BOM"):
        loads_finite('\ufeff{"a": 1}')
    assert loads_finite('\ufeff{"a": 1}'.encode()) == {"a": 1}


def test_nesting_too_deep_is_refused() -> None:
    with pytest.raises(TooDeep):
        loads_finite("[" * 100_000 + "]" * 100_000)


def test_invalid_json_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="Expecting"):
        loads_finite('{"a": }')
