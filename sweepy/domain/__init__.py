"""The domain: what a posting and a card are (postings, cards) and the pure readers of their fields (salary,
text, dates, urls, workplace, employment, eligibility, employer, paylaw, records, scoring). No I/O, and no
import of the layers above it (tests/test_layers.py)."""
