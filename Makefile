# Two commands on a fresh machine with Python 3.11+ and make:
#   make demo   set up .venv and sweep the bundled sample feed
#   make test   set up .venv and run ruff, mypy and pytest
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck bench serve clean constraints

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/sweepy sweep example --include-seen

lint: $(STAMP)
	$(BIN)/ruff check sweepy server.py tests bench tools
	$(BIN)/ruff format --check sweepy server.py tests bench tools

typecheck: $(STAMP)
	$(BIN)/mypy

test: lint typecheck
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python bench/run.py

serve: $(STAMP)
	$(BIN)/python server.py

constraints: $(STAMP)
	{ head -n 2 constraints.txt; $(BIN)/python -m pip freeze --exclude-editable; } > constraints.new
	mv constraints.new constraints.txt

clean:
	rm -rf $(VENV) build *.egg-info
