"""The domain: what a posting and a card are (postings, cards) and the pure readers of their fields (salary,
text, dates, urls, workplace, employment, eligibility, employer, paylaw, records, scoring, followups). No I/O."""
