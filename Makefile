# Two commands on a fresh machine with Python 3.11+ and make:
#   make demo   set up .venv and sweep the bundled sample feed
#   make test   set up .venv and run ruff, mypy and pytest
# With uv on PATH the virtual environment and the install are uv's (a fresh clone's first `make demo` is several
# times faster); without it, python -m venv and pip. `make UV= demo` forces pip.
PYTHON ?= python3
UV ?= $(shell command -v uv 2>/dev/null)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
MCPB := @anthropic-ai/mcpb@2.1.2
# uv verifies TLS with the system's certificates, as pip 24.2+ does (truststore): a proxy's or a company's CA that
# the machine trusts then works for both installers.
export UV_SYSTEM_CERTS ?= 1

.PHONY: demo test lint typecheck bench serve clean constraints mcpb

ifeq ($(UV),)
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)
else
# --seed puts pip in the environment too, so `.venv/bin/pip install -e '.[jobspy]'` (the messages say so) still works.
$(BIN)/python:
	$(UV) venv --quiet --seed --python $(PYTHON) $(VENV)

$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(UV) pip install --quiet --python $(BIN)/python -c constraints.txt -e '.[dev]'
	touch $(STAMP)
endif

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

# The desktop extension (Claude Desktop: Settings → Extensions, or double-click the file): manifest.json and the
# files .mcpbignore lets in, checked and zipped by the official CLI at a pinned version (npx fetches it once).
mcpb:
	npx --yes $(MCPB) validate manifest.json
	mkdir -p dist
	npx --yes $(MCPB) pack . dist/sweepy-mcp-$(VERSION).mcpb

constraints: $(STAMP)
	{ head -n 2 constraints.txt; $(BIN)/python -m pip freeze --exclude-editable; } > constraints.new
	mv constraints.new constraints.txt

clean:
	rm -rf $(VENV) build dist *.egg-info
