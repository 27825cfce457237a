# ludotheque: one entry point for developers and CI.
#
#   make setup   .venv + Python deps (pinned by requirements-lock.txt), JS build, Debian's chromium
#                and bubblewrap, the bots' numba kernels compiled once into their disk cache
#   make lab     setup, then JupyterLab on the course's index (notebooks/index.ipynb), started
#                at the repository's root so that the rules and the teacher's guide (docs/)
#                are one click away
#   make test    setup and the JupyterLite site, JS tests (vitest), then pytest: engines,
#                widgets, notebooks (nbval), real-browser tests (the site's too), the wheel test
#                (two pytest-xdist workers; a file's tests stay on one: a notebook's cells
#                run in order in one kernel, a module's fixtures are made once)
#   make bench   run every tests/benchmarks/bench_*.py and print its numbers
#   make wheel   JS build, then the wheel into dist/
#   make check   the fast tier for the edit-test loop: lint, types, doctests, the JS unit
#                tests, engine, widget and interop tests
#   make student the pupils' edition into dist/student/ and nbgrader's course dist/course/
#                (docs/editions.md)
#   make worksheets  printable sheets of each course notebook into dist/worksheets/: the
#                pupil's (questions, room to answer, the written summary), the answer key
#                apart, and the marking grid (editions/worksheets.py)
#   make lite    the static JupyterLite site into dist/lite/ (docs/lite.md), serving the
#                pupils' edition (EDITION=teacher: the teacher's), built in lite/.venv
#   make images  the README's screenshots: the keyboard test plays each game in JupyterLab,
#                shoots into test-output/images/, and they are copied into docs/images/
#
# Every step leaves a stamp in .stamps/ that is newer than its inputs, so a second run does
# nothing it need not do. Nothing is fetched except from PyPI, npm and Debian's archive.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

T0 := $(shell date +%s)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# The site is built apart: the Lite kernel's JupyterLab extension must not load in the
# project's JupyterLab (it needs Lite's own services and says so on every page).
LITE_VENV := lite/.venv
LITE_PY := $(LITE_VENV)/bin/python
STAMPS := .stamps
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# Inputs of the JS build: the package manifests, any top-level config/build script, js/src.
JS_SRC := $(shell find js/src 2>/dev/null)  # folders too: their mtime changes when a file goes
JS_CONFIG := $(filter-out js/package-lock.json,$(wildcard js/*.json js/*.js js/*.mjs js/*.cjs js/*.ts js/*.mts))
HAVE_JS := $(wildcard js/package.json)

# A stamp whose product was removed by hand is no proof of anything: forget it.
ifeq ($(wildcard $(VENV)/pyvenv.cfg),)
  $(shell rm -f $(STAMPS)/pip)
endif
ifeq ($(wildcard js/node_modules/.package-lock.json),)
  $(shell rm -f $(STAMPS)/npm-ci)
endif
ifeq ($(wildcard widgets/static/*.js),)
  $(shell rm -f $(STAMPS)/js-build)
endif
ifeq ($(wildcard lite/node_modules/.package-lock.json),)
  $(shell rm -f $(STAMPS)/lite-npm)
endif
ifeq ($(wildcard $(LITE_VENV)/pyvenv.cfg),)
  $(shell rm -f $(STAMPS)/lite-pip)
endif
ifeq ($(wildcard dist/lite/jupyter-lite.json),)
  $(shell rm -f $(STAMPS)/lite)
endif
ifeq ($(wildcard dist/student/*.ipynb),)
  $(shell rm -f $(STAMPS)/student)
endif

# The edition the offline site serves: the pupils' (default) or the teacher's.
EDITION ?= student
ifeq ($(EDITION),teacher)
  LITE_NOTEBOOKS := notebooks
  LITE_EDITION_STAMP :=
else ifeq ($(EDITION),student)
  LITE_NOTEBOOKS := dist/student
  LITE_EDITION_STAMP := $(STAMPS)/student
else
  $(error EDITION must be student or teacher, not '$(EDITION)')
endif
ifneq ($(shell cat $(STAMPS)/lite 2>/dev/null),$(EDITION))
  $(shell rm -f $(STAMPS)/lite)
endif

# Inputs of the JupyterLite site: the build script, the Python packages, the notebooks.
LITE_SRC := lite/build.py lite/overrides.json editions/linked_docs.py $(wildcard docs/*.md docs/rules/*.md) \
    $(shell find engines classroom interop widgets notebooks -type f \
    \( -name '*.py' -o -name '*.ipynb' -o -name '*.json' -o -name '*.csv' \) \
    -not -path '*/.ipynb_checkpoints/*' 2>/dev/null)

.PHONY: help setup lab test check bench wheel lite images student worksheets debs clean

help:
	@sed -n 's/^#   make /  make /p' $(firstword $(MAKEFILE_LIST))

setup: $(STAMPS)/pip $(STAMPS)/js-build $(STAMPS)/kernels debs

$(STAMPS)/.dir:
	@mkdir -p $(STAMPS) && touch $@

$(VENV)/pyvenv.cfg:
	$(PYTHON) -m venv $(VENV)

$(STAMPS)/pip: $(VENV)/pyvenv.cfg pyproject.toml setup.py requirements-lock.txt lite/overrides.json | $(STAMPS)/.dir
	$(PY) -m pip install --disable-pip-version-check --progress-bar off -q \
	    -e ".[test]" -c requirements-lock.txt
	@# nbgrader's menus and server handlers are the teacher's tools (docs/editions.md): off in
	@# the JupyterLab that pupils and the tests open
	$(VENV)/bin/jupyter labextension disable --level=sys_prefix @jupyter/nbgrader >/dev/null
	@for e in formgrader validate_assignment assignment_list course_list; do \
	    $(VENV)/bin/jupyter server extension disable --sys-prefix \
	        nbgrader.server_extensions.$$e >/dev/null 2>&1; done
	@# the site's settings (a linked .md opens rendered): the same in the project's JupyterLab
	@mkdir -p $(VENV)/share/jupyter/lab/settings
	cp lite/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	@touch $@

# Every notebook kernel and test worker then loads the bots' kernels instead of compiling them
# (engines/precompile.py says why); an edited engine file may change a kernel, so it redoes it.
ENGINE_SRC := $(shell find engines -name '*.py' 2>/dev/null)
$(STAMPS)/kernels: $(STAMPS)/pip $(ENGINE_SRC) | $(STAMPS)/.dir
	$(PY) -m ludotheque.engines.precompile
	@touch $@

ifneq ($(HAVE_JS),)
$(STAMPS)/npm-ci: js/package.json js/package-lock.json | $(STAMPS)/.dir
	cd js && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(STAMPS)/js-build: $(STAMPS)/npm-ci $(JS_CONFIG) $(JS_SRC) | $(STAMPS)/.dir
	cd js && npm run build
	@ls widgets/static/*.js >/dev/null 2>&1 || { echo "npm run build wrote no widgets/static/*.js" >&2; exit 1; }
	@touch $@
else
$(STAMPS)/js-build:
	@echo "WARNING: js/package.json is missing: no JS build, widgets/static/ stays as it is" >&2
endif

# Debian's packages the project runs: chromium (the browser tests) and bubblewrap (the jail
# of every student bot in a tournament, and its setpriv from util-linux when run as root).
debs:
	@missing=""; \
	[ -x $(CHROMIUM) ] || missing="$$missing chromium"; \
	command -v bwrap >/dev/null || missing="$$missing bubblewrap"; \
	if [ -n "$$missing" ]; then \
	    echo "installing Debian's$$missing (apt-get)"; \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -q; \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	fi

lab: setup
	$(VENV)/bin/jupyter lab $(ALLOW_ROOT) --ServerApp.root_dir=. \
	    --LabApp.default_url=/lab/tree/notebooks/index.ipynb

# The JS tests and pytest both run even when the other fails; the exit code is non-zero if
# either failed. pytest's own closing line is printed again last, after the timings.
test: setup $(STAMPS)/lite
	@t0=$(T0); t1=$$(date +%s); js=skipped; \
	if [ -n "$(HAVE_JS)" ]; then \
	    if (cd js && npm test); then js=passed; else js=FAILED; fi; \
	fi; \
	t2=$$(date +%s); mkdir -p test-output; \
	set +e; $(PY) -m pytest -n 2 --dist loadfile --durations=25 2>&1 | tee test-output/pytest.log; py=$${PIPESTATUS[0]}; set -e; \
	t3=$$(date +%s); \
	echo; \
	echo "make test: setup $$((t1-t0)) s, JS tests $$js ($$((t2-t1)) s), pytest exit $$py ($$((t3-t2)) s); total runtime $$((t3-t0)) s"; \
	tail -n 1 test-output/pytest.log; \
	[ "$$js" != FAILED ] && [ "$$py" = 0 ]

# Lint, types (tests/test_lint.py), the engines' and the classroom's `>>>` examples
# (tests/engines/test_doctests.py), the JS kit's and boards' unit tests (vitest, with ESLint),
# and the unit tests of engines, widgets and adapters, no notebook, browser or wheel: for the
# loop between edits. `make test` is the whole suite.
check: $(STAMPS)/pip $(STAMPS)/js-build $(STAMPS)/kernels
	cd js && npm test --silent
	$(PY) -m pytest -n 2 --dist loadfile -o addopts="-p no:cacheprovider" -m "not browser and not wheel" -q \
	    tests/test_lint.py tests/engines tests/widgets tests/interop

bench: setup
	@status=0; for f in tests/benchmarks/bench_*.py; do \
	    echo "== $$f"; $(PY) $$f || status=1; \
	done; exit $$status

wheel: $(STAMPS)/pip $(STAMPS)/js-build
	rm -rf build
	$(PY) -m build --wheel --outdir dist .
	@ls -l dist/*.whl

# The Pyodide runtime comes from npm (lite/package-lock.json); the rest from PyPI, cached
# in dist/lite-cache/ (lite/build.py). The build's own Python packages (lite/requirements.txt)
# are pinned by the same lock as the project's: the widgets' front-ends it copies into the site
# must be the releases of their kernel side.
$(LITE_VENV)/pyvenv.cfg:
	$(PYTHON) -m venv $(LITE_VENV)

$(STAMPS)/lite-pip: $(LITE_VENV)/pyvenv.cfg lite/requirements.txt requirements-lock.txt | $(STAMPS)/.dir
	$(LITE_PY) -m pip install --disable-pip-version-check --progress-bar off -q \
	    -r lite/requirements.txt -c requirements-lock.txt
	@touch $@

$(STAMPS)/lite-npm: lite/package.json lite/package-lock.json | $(STAMPS)/.dir
	cd lite && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# The pupils' edition: nbgrader's generate_assignment over notebooks/ (editions/build.py).
$(STAMPS)/student: $(STAMPS)/pip $(wildcard editions/*.py) $(wildcard docs/rules/*.md) \
        $(shell find notebooks -type f -not -path '*/.ipynb_checkpoints/*' 2>/dev/null) | $(STAMPS)/.dir
	$(PY) editions/build.py --course dist/course --output dist/student
	@touch $@

student: $(STAMPS)/student

worksheets: $(STAMPS)/pip
	$(PY) editions/worksheets.py --output dist/worksheets

$(STAMPS)/lite: $(STAMPS)/lite-pip $(STAMPS)/js-build $(STAMPS)/lite-npm $(LITE_SRC) \
        $(LITE_EDITION_STAMP) pyproject.toml setup.py requirements-lock.txt | $(STAMPS)/.dir
	$(LITE_PY) lite/build.py --output dist/lite --notebooks $(LITE_NOTEBOOKS)
	@echo "$(EDITION)" > $@

lite: $(STAMPS)/lite

# The tests write their screenshots into test-output/ only, so that `make test` leaves the
# tracked pictures alone; the README's are refreshed on purpose.
images: setup
	$(PY) -m pytest -q -o addopts="-p no:cacheprovider" tests/browser/test_keyboard_lab.py
	cp test-output/images/*.png docs/images/

clean:
	rm -rf $(STAMPS) build dist widgets/static test-output
