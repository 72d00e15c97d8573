"""The service's limits that the tools' argument models publish (maxLength, ranges, enums): here, apart from
the modules that enforce them, so the server lists its tools without importing the service."""

from typing import Literal

MAX_IMPORT_BYTES = 5_000_000
"""import_jobs' `jobs` text, in UTF-8 bytes."""
Format = Literal["pdf", "png", "csv", "json", "ics"]
"""export_report's formats, in the order they are made (the tool's argument model publishes them as an enum)."""
REPORT_CARDS = 200
"""Cards render_report shows by default, best first: about 50 pages, rendered in a few seconds."""
MAX_REPORT_CARDS = 2000
NAME_CHARS = 200
MAX_WATCH = 200
"""Postings one watch_postings call checks."""
MAX_PLAYBOOK_CHARS = 20_000
"""render_report's playbook: a page or two of advice; anything longer is not a note."""
