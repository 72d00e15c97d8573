"""What an assistant writes on a card when it judges it (`Judgment`), with its sizes and colours: the card model
(sweepy/domain/cards.py) holds these fields, submit_judgments' argument model is built from them, and the server
publishes them without importing the card model."""

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, WithJsonSchema

# Trimmed, then not empty: `\S` (a character that is not a space) is how the schema says "not only spaces".
Label = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=120, pattern=r"\S")]
Line = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=1000, pattern=r"\S")]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000, pattern=r"\S")]

# CSS level 4 named colours a badge may use (a safe, closed list: nothing else reaches the renderer).
CSS_COLOURS = frozenset(
    """aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
    burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
    darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred
    darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink
    deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold
    goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush
    lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey
    lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow
    lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
    mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
    navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise
    palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
    saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow
    springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow
    yellowgreen""".split()
)
HEX_COLOUR = r"^#[0-9a-fA-F]{6}$"


def _colour(value: str) -> str:
    if value in CSS_COLOURS or re.match(HEX_COLOUR, value):
        return value
    raise ValueError("must be a CSS colour name such as 'teal' or a hex colour such as '#1f6feb'")


Colour = Annotated[
    str,
    AfterValidator(_colour),
    WithJsonSchema(
        {"anyOf": [{"type": "string", "enum": sorted(CSS_COLOURS)}, {"type": "string", "pattern": HEX_COLOUR}]}
    ),
]
"""A badge colour, exactly as the schema publishes it: a CSS name (lower case) or #rrggbb."""


class Judgment(BaseModel):
    """What an assistant sets on a card (submit_judgments, whose schema says each field as here). None leaves a
    field as it is."""

    model_config = ConfigDict(extra="forbid", strict=True)

    match_pct: Annotated[
        Annotated[int, Field(ge=0, le=100)] | None,
        Field(description="Real match 0..100; sets the card's label to MATCH."),
    ] = None
    resume_track: Annotated[Label | None, Field(description="Resume track shown on the card.")] = None
    resume_color: Annotated[
        Colour | None, Field(description="Badge colour of the track: a CSS colour name or #rrggbb.")
    ] = None
    domain: Annotated[Label | None, Field(description="Role domain shown on the card.")] = None
    summary: Annotated[Text | None, Field(description="Card summary (at most 4000 characters).")] = None
    requirements: Annotated[Text | None, Field(description="Requirements text (at most 4000).")] = None
    alignment: Annotated[Text | None, Field(description="How the resume's evidence meets the role (at most 4000).")] = (
        None
    )
    has_extended_response: Annotated[bool | None, Field(description="The posting asks for written answers.")] = None
    app_format: Annotated[Line | None, Field(description="Application format, e.g. a portal or email.")] = None
    comp: Annotated[Line | None, Field(description="Compensation line.")] = None
    benefits: Annotated[Line | None, Field(description="Benefits line.")] = None
    page_theme: Annotated[Label | None, Field(description="Card theme override.")] = None

    def changes(self) -> dict[str, Any]:
        return {k: v for k, v in self.model_dump().items() if v is not None}


JUDGMENT_FIELDS = tuple(Judgment.model_fields)
