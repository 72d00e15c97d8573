"""The sizes of what an assistant writes on a card when it judges it: the card model (sweepy/domain/cards.py) and
submit_judgments' arguments share them, and the server publishes them without importing the card model."""

from typing import Annotated

from pydantic import StringConstraints

Label = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=120)]
Line = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=1000)]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000)]
