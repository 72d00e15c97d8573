"""Deterministic offline sample data for Sweepy: job posting records and a paralegal resume.

A tool of the checkout, not of the server: the tests and bench/ generate postings with it, and
``python -m tools.sample`` (from the checkout's root) regenerates the files in ``sweepy/data``, which the wheel
ships. The wheel does not ship this package (tests/test_wheel.py).
"""

from pathlib import Path

from .postings import SAMPLE_COUNT, SAMPLE_SEED, SAMPLE_TODAY, generate_postings, write_sample_postings
from .resumes import write_sample_resumes

__all__ = [
    "DATA_DIR",
    "SAMPLE_COUNT",
    "SAMPLE_SEED",
    "SAMPLE_TODAY",
    "generate_postings",
    "main",
    "write_sample_postings",
    "write_sample_resumes",
]

DATA_DIR = Path(__file__).resolve().parents[2] / "sweepy" / "data"


def main() -> None:
    """Regenerate every bundled sample file in ``sweepy/data``."""
    write_sample_postings(DATA_DIR / "sample_postings.jsonl")
    write_sample_resumes(DATA_DIR)
