"""The limits of what a person puts in a profile, declared once: the profile model (sweepy.domain.profile) validates
the YAML with these types and create_profile's argument model (sweepy.service.arguments) publishes and validates
its arguments with the same ones, so the tool's inputSchema states every limit the profile enforces and a
caller's mistake is named by the argument it sent (`'min_salary'`), not by the profile key it becomes.

Text is trimmed, then 1..500 characters; `\\S` (some character that is not a space) is what the schema can say of
"not empty once trimmed"."""

from typing import Annotated

from pydantic import Field, StringConstraints

from .employment import EMPLOYMENT_TYPES, EmploymentType

TEXT_CHARS = 500
MAX_TITLES = 50
MAX_SALARY = 10_000_000
MAX_TERMS = 100

Phrase = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=TEXT_CHARS, pattern=r"\S")]
"""One line a person types: a name, a title, a place, a path, a skill."""
Name = Phrase
Location = Phrase
ResumePath = Phrase
Titles = Annotated[list[Phrase], Field(min_length=1, max_length=MAX_TITLES)]
MinSalary = Annotated[int, Field(ge=0, le=MAX_SALARY)]
"""Minimum annual base salary; 0 = no minimum."""
EmploymentTypes = Annotated[list[EmploymentType], Field(max_length=len(EMPLOYMENT_TYPES))]
Skills = Annotated[list[Phrase], Field(max_length=MAX_TERMS)]
Synonyms = Annotated[list[Annotated[list[Phrase], Field(min_length=2)]], Field(max_length=MAX_TERMS)]
"""Groups of interchangeable terms, two or more each."""
