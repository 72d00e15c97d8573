"""How the session store packs a card's JSON: against a frozen preset dictionary, a good deal smaller than zlib
alone; rows packed by earlier versions (no dictionary) and text rows still read; bytes that are not a whole packed
card are named as damage, never read as something else."""

import sqlite3
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from page_cards import activate_cards, real_shaped_cards

from sweepy.domain.cards import Card
from sweepy.errors import StorageError
from sweepy.store import card_packing
from sweepy.store.session import DB_NAME, SessionStore
from sweepy.store.session_model import card_text

PROFILE = "name: Packer\nsearch: {titles: [Paralegal]}\n"


@pytest.fixture(scope="module")
def real() -> list[Card]:
    return real_shaped_cards()


def test_a_card_packs_smaller_against_the_dictionary_and_unpacks_to_its_json(real: list[Card]) -> None:
    texts = [card_text(card) for card in real]
    packed = [card_packing.pack(text) for text in texts]
    assert [card_packing.unpack(data) for data in packed] == texts
    plain = sum(len(zlib.compress(text.encode(), card_packing.PACK_LEVEL)) for text in texts)
    assert sum(map(len, packed)) < 0.75 * plain  # 931 bytes a card against 1,378 when measured


def test_the_dictionary_is_the_one_rows_were_packed_with() -> None:
    """Rows written since this version name the dictionary by its checksum: changing its bytes would leave every
    one of them unreadable (card_packing's note), so a new dictionary goes beside it in DICTIONARIES."""
    assert zlib.adler32(card_packing.CARD_DICTIONARY) == 0x142715C2
    assert card_packing.DICTIONARIES[0x142715C2] is card_packing.CARD_DICTIONARY


def test_rows_of_earlier_versions_read_as_before(tmp_path: Path, real: list[Card]) -> None:
    """A row packed without a dictionary (up to this version) and a row a judgment rewrote as text both read."""
    activate_cards(tmp_path, "results", real[:3], "packer", PROFILE)
    db = sqlite3.connect(tmp_path / "results" / DB_NAME)
    with db:
        rows = db.execute("SELECT job_id, data FROM cards ORDER BY pos").fetchall()
        assert all(data[1] & 0x20 for _job_id, data in rows)  # FDICT: packed with the dictionary
        old, text = (card_packing.unpack(rows[n][1]) for n in (0, 1))
        db.execute("UPDATE cards SET data = ? WHERE job_id = ?", (zlib.compress(old.encode(), 1), rows[0][0]))
        db.execute("UPDATE cards SET data = ? WHERE job_id = ?", (text, rows[1][0]))
    db.close()
    with SessionStore(tmp_path / "results").reading(None) as view:
        found = view.cards(card.job_id for card in real[:3])
    assert [found[card.job_id] for card in real[:3]] == real[:3]


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda data: data[: len(data) // 2], "cut short"),
        (lambda data: data + b"\x00", "followed by others"),
        (lambda data: data[:2] + b"\x00\x00\x00\x01" + data[6:], "dictionary this version"),
        (lambda data: zlib.compress(b"\xff\xfe not utf-8"), "utf-8"),
        (lambda data: zlib.compress(b"{}") + b"junk", "followed by others"),  # no dictionary: checked alike
        (lambda data: b'{"job_id": "x"}', "not a zlib stream"),  # text stored as a BLOB
    ],
)
def test_bytes_that_are_not_a_packed_card_are_named_as_damage(
    tmp_path: Path, real: list[Card], damage: Callable[[bytes], bytes], says: str
) -> None:
    activate_cards(tmp_path, "results", real[:1], "packer", PROFILE)
    db = sqlite3.connect(tmp_path / "results" / DB_NAME)
    with db:
        (data,) = db.execute("SELECT data FROM cards").fetchone()
        db.execute("UPDATE cards SET data = ?", (damage(data),))
    db.close()
    with pytest.raises(StorageError) as caught, SessionStore(tmp_path / "results").reading(None) as view:
        view.cards([real[0].job_id])
    assert f"card {real[0].job_id!r} whose packed JSON cannot be unpacked" in caught.value.message
    assert says in caught.value.message
