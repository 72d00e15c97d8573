"""The regions job postings name ("EMEA", "LATAM", "US time zones"), each as the countries it holds, and the names
for countries that ISO does not write ("UK", "USA", "Holland"). A reviewed table: no library lists what a recruiter
means by "APAC", and the countries here are the ones postings mean (the UK is in Europe, not in the EU)."""

EU = frozenset("AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split())
"""The 27 member states since the UK left on 31 January 2020."""
EEA = EU | {"IS", "LI", "NO"}
EUROPE = EEA | frozenset("GB CH AD MC SM VA GI IM JE GG FO AX AL BA ME MK RS XK MD UA BY RU TR GE AM AZ".split())
MIDDLE_EAST = frozenset("AE SA QA KW BH OM YE IQ IR IL JO LB SY PS EG CY TR".split())
NORTH_AMERICA = frozenset("US CA MX".split())
"""As postings mean it (US, Canada, Mexico), not the continent with Central America and the Caribbean."""
LATAM = frozenset("MX GT BZ SV HN NI CR PA CU DO PR HT AR BO BR CL CO EC GY PY PE SR UY VE".split())
OCEANIA = frozenset("AU NZ FJ PG SB VU WS TO KI FM MH NR PW TV".split())
ASIA = frozenset(
    """CN JP KR KP TW HK MO MN IN PK BD LK NP BT MV AF SG MY ID TH VN PH KH LA MM BN TL KZ UZ KG TJ TM""".split()
)
AFRICA_CODES = "DZ AO BJ BW BF BI CM CV CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR"
AFRICA = frozenset(f"{AFRICA_CODES} MU MA MZ NA NE NG RW ST SN SC SL SO ZA SS SD TZ TG TN UG ZM ZW".split())
WORLD: frozenset[str] = frozenset()
"""The empty set stands for every country: "Worldwide", "Anywhere", "Global"."""

REGIONS: dict[str, frozenset[str]] = {
    "worldwide": WORLD,
    "anywhere": WORLD,
    "anywhere in the world": WORLD,
    "global": WORLD,
    "globally": WORLD,
    "international": WORLD,
    "world": WORLD,
    "earth": WORLD,
    "all countries": WORLD,
    "any country": WORLD,
    "eu": EU,
    "european union": EU,
    "eea": EEA,
    "european economic area": EEA,
    "europe": EUROPE,
    "european": EUROPE,
    "cet": EUROPE,
    "cest": EUROPE,
    "european time zones": EUROPE,
    "emea": EUROPE | MIDDLE_EAST | AFRICA,
    "mena": MIDDLE_EAST | frozenset("DZ LY MA TN".split()),
    "middle east": MIDDLE_EAST,
    "africa": AFRICA,
    "apac": ASIA | OCEANIA,
    "asia pacific": ASIA | OCEANIA,
    "asia": ASIA,
    "oceania": OCEANIA,
    "anz": frozenset({"AU", "NZ"}),
    "latam": LATAM,
    "latin america": LATAM,
    "south america": frozenset("AR BO BR CL CO EC GY PY PE SR UY VE".split()),
    "central america": frozenset("GT BZ SV HN NI CR PA".split()),
    "north america": NORTH_AMERICA,
    "americas": NORTH_AMERICA | LATAM,
    "the americas": NORTH_AMERICA | LATAM,
    "amer": NORTH_AMERICA | LATAM,
    "noram": NORTH_AMERICA,
    "us time zones": frozenset({"US"}),
    "us timezones": frozenset({"US"}),
    "us time zone": frozenset({"US"}),
    "north american time zones": NORTH_AMERICA,
    "est": frozenset({"US", "CA"}),
    "edt": frozenset({"US", "CA"}),
    "pst": frozenset({"US", "CA"}),
    "pdt": frozenset({"US", "CA"}),
    "eastern time": frozenset({"US", "CA"}),
    "pacific time": frozenset({"US", "CA"}),
    "central time": frozenset({"US", "CA"}),
    "mountain time": frozenset({"US", "CA"}),
    "dach": frozenset({"DE", "AT", "CH"}),
    "nordics": frozenset("DK FI IS NO SE".split()),
    "nordic countries": frozenset("DK FI IS NO SE".split()),
    "scandinavia": frozenset({"DK", "NO", "SE"}),
    "benelux": frozenset({"BE", "NL", "LU"}),
    "baltics": frozenset({"EE", "LV", "LT"}),
    "cee": frozenset("PL CZ SK HU SI HR RO BG EE LV LT RS BA ME MK AL UA MD".split()),
    "eastern europe": frozenset("PL CZ SK HU RO BG UA MD BY RU EE LV LT".split()),
    "western europe": frozenset("AT BE FR DE IE LU MC NL CH GB LI PT ES IT".split()),
    "uk and ireland": frozenset({"GB", "IE"}),
    "uk i": frozenset({"GB", "IE"}),
    "british isles": frozenset({"GB", "IE"}),
    "gcc": frozenset("AE SA QA KW BH OM".split()),
}

COUNTRY_ALIASES: dict[str, str] = {
    "us": "US", "u s": "US", "usa": "US", "u s a": "US", "america": "US", "united states": "US", "the us": "US",
    "the united states": "US", "the usa": "US", "stateside": "US",
    "uk": "GB", "u k": "GB", "great britain": "GB", "britain": "GB", "the uk": "GB", "gb": "GB",
    "united kingdom": "GB", "the united kingdom": "GB",
    "holland": "NL", "the netherlands": "NL", "south korea": "KR", "korea": "KR", "north korea": "KP",
    "russia": "RU", "czech republic": "CZ", "czechia": "CZ", "turkey": "TR", "turkiye": "TR", "uae": "AE",
    "emirates": "AE", "vietnam": "VN", "taiwan": "TW", "iran": "IR", "syria": "SY", "laos": "LA", "moldova": "MD",
    "macedonia": "MK", "north macedonia": "MK", "bolivia": "BO", "venezuela": "VE", "tanzania": "TZ",
    "ivory coast": "CI", "cote d ivoire": "CI", "cape verde": "CV", "palestine": "PS", "vatican": "VA",
    "hong kong": "HK", "east timor": "TL", "macau": "MO", "macao": "MO", "brunei": "BN", "kosovo": "XK",
    "the philippines": "PH",
    "phillipines": "PH", "deutschland": "DE", "schweiz": "CH", "suisse": "CH", "svizzera": "CH",
    "osterreich": "AT", "brasil": "BR", "mexique": "MX", "espana": "ES", "italia": "IT", "polska": "PL",
    "sverige": "SE", "norge": "NO", "danmark": "DK", "suomi": "FI", "nederland": "NL", "belgique": "BE",
    "belgie": "BE", "eire": "IE", "cesko": "CZ", "magyarorszag": "HU", "hellas": "GR", "ellada": "GR",
}  # fmt: skip
"""The English short names, abbreviations and local names postings write that ISO 3166-1 does not."""

SUBDIVISION_ALIASES: dict[str, str] = {
    "scotland": "GB-SCT", "wales": "GB-WLS", "northern ireland": "GB-NIR", "england": "GB-ENG",
    "washington dc": "US-DC", "washington d c": "US-DC", "d c": "US-DC", "district of columbia": "US-DC",
    "socal": "US-CA", "norcal": "US-CA", "quebec": "CA-QC", "ontario": "CA-ON", "british columbia": "CA-BC",
}  # fmt: skip

CITY_ALIASES: dict[str, tuple[str, str]] = {
    "nyc": ("New York City", "US"), "new york city": ("New York City", "US"), "sf": ("San Francisco", "US"),
    "bay area": ("San Francisco", "US"), "sf bay area": ("San Francisco", "US"), "silicon valley": ("San Jose", "US"),
}  # fmt: skip
"""Names of cities that are too short or too loose for the gazetteer's other names."""

CODED_COUNTRIES = ("US", "CA", "AU")
"""Countries whose subdivision codes a posting writes without naming the country: "Austin, TX", "Toronto, ON",
"Sydney, NSW". A bare code means the US state first ("CA" is California, "WA" Washington)."""
