# ANDREA Desktop — set up, run, test.
#   make run    creates .venv (first time), installs, opens the app on the embedded demo
#   make test   creates .venv (first time), installs, runs the test suite offscreen
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
# The CPU build of PyTorch. A GPU user sets TORCH_SPEC before the first `make` (README).
TORCH_SPEC ?= torch==2.13.0
STAMP   = $(VENV)/.installed

.PHONY: install run demo test lint bench clean

$(STAMP): pyproject.toml Makefile
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet "$(TORCH_SPEC)"
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/andrea-desktop --autostart $(ARGS)

demo: run

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check andrea_desktop tests benchmarks
	$(VENV)/bin/lint-imports

bench: $(STAMP)
	$(PY) benchmarks/throughput.py

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
