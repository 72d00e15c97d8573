"""A card's JSON as the session store keeps it: zlib-packed against a preset dictionary of what every card's JSON
repeats (its 51 keys, their usual values, the boards' addresses, common words of a posting). On its own a 2-4 KB
card packs to 55 % of its size, because deflate meets each of its keys once, too early to refer back to; primed
with this dictionary the keys cost a few bytes each: generated 2 KB-description cards 2,060 -> 1,582 bytes, cards
of real boards' bodies 1,378 -> 931, at no more CPU (measured on the bench's 5k feed and the relevance set).

The dictionary is frozen. zlib names the dictionary a stream was packed with by its Adler-32 checksum (the DICTID
of its header, RFC 1950), and a row packed with it can only be unpacked with the same bytes: a better dictionary is
added to DICTIONARIES beside this one, never written over it. Rows packed with no dictionary (earlier versions)
still unpack.
"""

import zlib

PACK_LEVEL = 1
"""zlib's fastest level: within a few points of level 6 at about two thirds of the CPU."""
PACK_WBITS, PACK_MEMLEVEL = 13, 6
"""An 8 KB window and a 32 KB hash table rather than zlib's 32 KB and 128 KB: a card (2-4 KB) and the dictionary
fit in the window, the packed size is within 0.2 % (1,584 bytes against 1,582 a generated card) and the packer,
set up afresh for each card, costs about 40 % less CPU. Any window unpacks with zlib's default one."""

CARD_DICTIONARY = (
    b" experience with the team and our you will years of ability to work in a fast-paced environment"
    b" responsibilities requirements qualifications skills including communication strong excellent"
    b" we are looking for join us to help build customers product about the role what you will do who you are"
    b" benefits health dental vision insurance 401(k) paid time off equal opportunity employer regardless of"
    b" https://boards.greenhouse.io/ https://job-boards.greenhouse.io/ https://jobs.lever.co/ https://jobs.ashbyhq.com/"
    b" https://apply.workable.com/ https://jobs.smartrecruiters.com/ .recruitee.com/o/ .myworkdayjobs.com/ /jobs/"
    b' {"signal":"reposted","evidence":"'
    b' {"signal":"agency","evidence":"'
    b' {"kind":"timezone","verdict":"warns","quote":"'
    b' {"kind":"onsite_days","verdict":"warns","quote":"'
    b' {"kind":"language","verdict":"ok","quote":"'
    b' {"kind":"location_restriction","verdict":"ok","quote":"'
    b' "salary":{"min":null,"max":null,"currency":"EUR","period":"hour","annual_min":null,"annual_max":null,"text":"",'
    b'"predicted":false,"ote":false},"salary_status":"meets_minimum","description":"'
    b'{"job_id":"","title":"","company":"","location":"","workplace":"remote","place_note":null,"url":"https://",'
    b'"apply_url":"https://","platform":"greenhouse","engine":"greenhouse","also_on":[],"posted_at":"2026-",'
    b'"salary":{"min":null,"max":null,"currency":"USD","period":"year","annual_min":null,"annual_max":null,'
    b'"text":"","predicted":false,"ote":false},"salary_status":"no_minimum","description":"","match_score":0,'
    b'"match_kind":"KEYWORD OVERLAP","keyword_score":0,"matched_terms":[],"missing_must_haves":[],'
    b'"score_parts":{"title":0,"must_haves":0,"resume":0,"place":0,"penalty":0},"top_terms":[],"seen_before":false,'
    b'"is_new":false,"imported":false,"employment_type":"full_time","closes_at":null,"open_to":null,'
    b'"experience_years_min":null,"experience_quote":null,"verification":"not_checked","verification_reason":null,'
    b'"match_pct":null,"resume_track":null,"resume_color":null,"domain":null,"summary":null,"requirements":null,'
    b'"alignment":null,"has_extended_response":null,"app_format":null,"comp":null,"benefits":null,"page_theme":null,'
    b'"judged_resume":null,"eligibility":[],"employer_url":null,"ghost_signals":[],"pay_transparency":null,'
    b'"pay_jurisdiction":null,"pay_law":null}'
)
"""A card's JSON skeleton last (deflate refers back to the nearest copy most cheaply), what varies before it.
Never edit these bytes (the module's note says why)."""
DICTIONARIES = {zlib.adler32(CARD_DICTIONARY): CARD_DICTIONARY}
"""Every dictionary a row may have been packed with, by its Adler-32 checksum."""
_FDICT = 0x20
"""The header flag (RFC 1950, FLG bit 5) of a stream packed with a preset dictionary."""


def pack(text: str) -> bytes:
    """The card's JSON, packed against CARD_DICTIONARY."""
    packer = zlib.compressobj(PACK_LEVEL, zlib.DEFLATED, PACK_WBITS, PACK_MEMLEVEL, zdict=CARD_DICTIONARY)
    return packer.compress(text.encode("utf-8")) + packer.flush()


def unpack(data: bytes) -> str:
    """The JSON of a packed card, with or without a dictionary. Raises zlib.error or ValueError (UnicodeDecodeError
    among them) for bytes that are not one whole packed card: no zlib header, an unknown dictionary, cut short, or
    followed by other bytes."""
    if len(data) < 2 or data[0] & 0x0F != zlib.DEFLATED or int.from_bytes(data[:2], "big") % 31:
        raise ValueError("the bytes are not a zlib stream")  # RFC 1950: deflate, and a header that checks
    if data[1] & _FDICT:
        dictionary = DICTIONARIES.get(int.from_bytes(data[2:6], "big")) if len(data) >= 6 else None
        if dictionary is None:
            raise ValueError("packed with a dictionary this version of Sweepy does not have")
        unpacker = zlib.decompressobj(zdict=dictionary)
    else:
        unpacker = zlib.decompressobj()
    text = unpacker.decompress(data)
    if not unpacker.eof or unpacker.unused_data:
        raise ValueError("the packed bytes are cut short or followed by others")
    return text.decode("utf-8")
