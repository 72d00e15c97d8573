"""Whether a posting's places fit the person's: a remote role open where they live, an on-site or hybrid one within
their metro, and the note a card carries when the posting names only a country, a state or a region around them."""

from dataclasses import dataclass

from .places import (
    METRO_KM,
    NO_PLACE,
    ONLY_COUNTRY,
    ONLY_REGION,
    ONLY_STATE,
    UNKNOWN_PLACE,
    Place,
    distance_km,
    parse_places,
)
from .text import normalize


@dataclass(frozen=True, slots=True)
class Seeker:
    """Where the person is, from the profile's `search.location`: `place` is the city, subdivision or country it
    names (None when it names none Sweepy knows, or only "Remote"); `remote` when they want remote work only."""

    text: str
    remote: bool
    place: Place | None
    aliases: frozenset[str]
    """Names of the person's metro ("brooklyn" for New York), or the location's first part when it is unknown."""


def seeker_place(location: str, metros: dict[str, tuple[str, ...]]) -> Seeker:
    first = normalize(location.split(",")[0]) if location else ""
    remote = first in ("remote", "anywhere", "")
    place = next((p for p in parse_places(location) if p.kind in ("city", "subdivision", "country")), None)
    aliases = set(metros.get(first, (first,) if first and not remote and place is None else ()))
    if place is not None and place.kind == "city":
        aliases.add(place.text)
    return Seeker(location, remote, place, frozenset(aliases))


def _remote_fits(place: Place, me: Place) -> bool:
    """A remote posting's place is where its candidates may live: the person's country must be in it, and their
    state when the posting lists states."""
    if me.country is None:
        return True
    if place.kind == "subdivision" and me.subdivision is not None:
        return place.subdivision == me.subdivision
    return place.holds_country(me.country)


def remote_fit(places: tuple[Place, ...], seeker: Seeker) -> tuple[bool, str | None]:
    """(kept, place_note) for a remote posting."""
    if not places:
        return True, NO_PLACE
    known = [p for p in places if p.kind != "unplaced"]
    if not known:
        return True, UNKNOWN_PLACE
    me = seeker.place
    return (me is None or any(p.text in seeker.aliases or _remote_fits(p, me) for p in known)), None


def _in_metro(place: Place, seeker: Seeker) -> bool:
    """A known city by its distance from the person's ("London, ON" is not London), any other by METROS' names."""
    me = seeker.place
    if place.text in seeker.aliases and (place.city is None or me is None or me.city is None):
        return True
    if me is None or place.kind not in ("city", "unplaced"):
        return False
    if me.kind == "city":
        if place.city is not None and place.city == me.city:
            return True
        near = distance_km(place, me)
        return near is not None and near <= METRO_KM
    if place.country != me.country:
        return False
    return me.kind == "country" or place.subdivision in (me.subdivision, None)


_NOTES = {"subdivision": ONLY_STATE, "country": ONLY_COUNTRY, "region": ONLY_REGION, "world": ONLY_REGION}


def _covers(place: Place, me: Place) -> str | None:
    """The note for an area-only place that holds the person's place, or for one inside the person's area ("" when
    the person's own area is as broad: "Texas" for a Texas seeker), or None when it does not fit."""
    if me.country is None or not place.holds_country(me.country):
        return None
    if place.kind == "subdivision":
        if me.kind == "country":
            return ""
        if me.subdivision is not None and place.subdivision != me.subdivision:
            return None
        return "" if me.kind == "subdivision" else ONLY_STATE
    if place.kind == "country" and me.kind == "country":
        return ""
    return _NOTES[place.kind]


def local_fit(places: tuple[Place, ...], seeker: Seeker) -> tuple[bool, str | None]:
    """(kept, place_note) for an on-site, hybrid or unknown-workplace posting: a city of the person's metro, or an
    area that holds their place (with a note saying the posting names only that area)."""
    if not places:
        return True, NO_PLACE
    notes = []
    for place in places:
        if place.kind in ("city", "unplaced"):
            if _in_metro(place, seeker):
                return True, None
            me = seeker.place
            if place.lat is None and me is not None and place.subdivision and place.subdivision == me.subdivision:
                notes.append(ONLY_STATE)  # "North York, ON": a town Sweepy cannot place, in the person's state
        elif place.text in seeker.aliases:  # "LA" is Louisiana's code, and Los Angeles to a seeker there
            return True, None
        elif seeker.place is not None and (note := _covers(place, seeker.place)) is not None:
            if not note:
                return True, None
            notes.append(note)
    best = min(notes, key=list(_NOTES.values()).index, default=None)
    return best is not None, best
