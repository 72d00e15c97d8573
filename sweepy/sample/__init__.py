"""Deterministic offline sample data for Sweepy: job posting records and a paralegal resume.

Run ``python -m sweepy.sample`` to regenerate the files in ``sweepy/data``.
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

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


def main() -> None:
    """Regenerate every bundled sample file in ``sweepy/data``."""
    write_sample_postings(DATA_DIR / "sample_postings.jsonl")
    write_sample_resumes(DATA_DIR)
