"""Reports: cards → PDF (pdf.py, with card.py, playbook.py, coverage.py, styles.py) and PDF → PNG (png.py).

ReportLab is imported only when a report is made, so the server starts fast."""
