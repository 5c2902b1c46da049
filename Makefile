# ANDREA Desktop — set up, run, test.
#   make run    creates .venv (first time), installs, opens the app on the embedded demo
#   make test   creates .venv (first time), installs, runs the test suite offscreen
#   make e2e    the real-window test under Xvfb (after .ci/install-xvfb), in the system's locale, id and nl
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
# PyTorch, installed before the rest. TORCH_PIP_ARGS passes extra pip options (e.g. the CPU-only
# wheel index on Linux, docs/user-guide.md#installing); changing either reinstalls torch on the next make.
TORCH_SPEC ?= torch==2.13.0
TORCH_PIP_ARGS ?=
STAMP   = $(VENV)/.installed
TORCH_STAMP = $(VENV)/.torch-spec
TORCH_DONE  = $(VENV)/.torch-installed
# The interface translations (docs/development.md#translations): each resources/i18n/*.ts is compiled to the .qm
# that Qt loads, next to it (not committed).
QM = $(patsubst %.ts,%.qm,$(wildcard resources/i18n/*.ts))

.PHONY: install run demo test e2e package package-smoke lint bench clean FORCE

$(TORCH_STAMP): FORCE
	@mkdir -p $(VENV)
	@echo '$(TORCH_SPEC) $(TORCH_PIP_ARGS)' | cmp -s - $@ || echo '$(TORCH_SPEC) $(TORCH_PIP_ARGS)' > $@

# torch first; a changed TORCH_SPEC / TORCH_PIP_ARGS reinstalls it (pip alone would keep a
# torch of the same version from another index, e.g. the CUDA build when the CPU one is asked for)
$(TORCH_DONE): $(TORCH_STAMP)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet $(if $(wildcard $(TORCH_DONE)),--force-reinstall,) "$(TORCH_SPEC)" $(TORCH_PIP_ARGS)
	touch $@

$(STAMP): pyproject.toml Makefile $(TORCH_DONE)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

resources/i18n/%.qm: resources/i18n/%.ts $(STAMP)
	$(VENV)/bin/pyside6-lrelease -silent $< -qm $@

install: $(STAMP) $(QM)

run: $(STAMP) $(QM)
	$(VENV)/bin/andrea-desktop --autostart $(ARGS)

demo: run

# the suite runs on every core (pytest-xdist, tests handed out one by one as workers free up);
# `make test PYTEST_WORKERS=0` runs it in one process, PYTEST_WORKERS=3 one more worker than 2 cores
# (idle: 293 s against 307 s, but beside a busy core GUI tests then waited past their bounds;
# docs/development.md#tests)
PYTEST_WORKERS ?= auto
# Bytecode is written even where the environment says PYTHONDONTWRITEBYTECODE: each test worker
# and each program a test starts would otherwise compile the package again, and pytest rewrite
# every test module's asserts again (~11 s of CPU a worker; docs/development.md#tests).
test: $(STAMP) $(QM)
	PYTHONDONTWRITEBYTECODE= QT_QPA_PLATFORM=offscreen $(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# A real window under Xvfb, keys sent with xdotool (needs .ci/install-xvfb's Debian packages): in
# the system's locale, then once in each of E2E_LANGS (LANG and LC_ALL set to it; Qt reads them
# itself, no glibc locale needs generating). `make e2e E2E_LANGS=` runs the first only.
E2E_LANGS ?= id_ID.UTF-8 nl_NL.UTF-8
e2e: $(STAMP) $(QM)
	$(PY) e2e/real_window.py
	for l in $(E2E_LANGS); do LANG=$$l LC_ALL=$$l LANGUAGE= $(PY) e2e/real_window.py || exit 1; done

# The one-folder app with PyInstaller (dist/andrea-desktop/), and its smoke test (not in CI:
# the build takes minutes and about 1.5 GB).
package: $(STAMP) $(QM)
	bash packaging/build.sh

package-smoke:
	$(PY) packaging/smoke_test.py

lint: $(STAMP)
	$(VENV)/bin/ruff check andrea_desktop tests benchmarks e2e
	$(VENV)/bin/lint-imports

bench: $(STAMP)
	$(PY) benchmarks/throughput.py

clean:
	rm -rf $(VENV) .pytest_cache build dist *.egg-info $(QM)
