"""Hostile bodies any web engine can be pointed at: with `base_url` `{url}/deep` every path of the real API
(GET or POST) answers 200 with JSON nested 100,000 levels deep (`[[[[…`), which json.loads meets with
RecursionError; under `{url}/deep-404` the same nesting comes as the body of a 404, where an API's error
message would be."""

import re

from . import Answer, Request, Route

DEEP = b"[" * 100_000


def deep(match: re.Match[str], request: Request) -> Answer:
    return Answer(DEEP)


def deep_error(match: re.Match[str], request: Request) -> Answer:
    return Answer(DEEP, 404)


ROUTES = [
    Route("GET", r"/deep/.*", deep),
    Route("POST", r"/deep/.*", deep),
    Route("GET", r"/deep-404/.*", deep_error),
]
