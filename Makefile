# Two commands do everything on a fresh machine: `make run` and `make test`.
VENV    := .venv
PY      := $(VENV)/bin/python
FLASK   := $(VENV)/bin/flask --app referee
PORT    ?= 5000
# 127.0.0.1: this computer only; 0.0.0.0: every phone on the same network too.
HOST    ?= 127.0.0.1
# Debian packages the app and its tests need; installed with apt-get when missing.
RUN_DEBS  := fonts-dejavu-core
TEST_DEBS := chromium poppler-utils postgresql redis-server

# Python's bytecode is written and reused even where the environment turns it off: otherwise
# every test worker, and every server a test starts, compiles the app and rewrites the tests'
# asserts again (seconds each).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test check test-sqlite test-pg test-fast bench serve setup db messages wheel clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test,check,postgres]'
	touch $@

# The wheels of the app's own dependencies, for the test that runs the README's Deployment
# recipe: it installs from them, as a site with a package mirror of its own would, rather than
# ask the package indexes again on every run (half of that test's time).
WHEELHOUSE := $(VENV)/wheelhouse/.made
$(WHEELHOUSE): $(VENV)/.installed
	$(VENV)/bin/pip wheel -q --wheel-dir $(VENV)/wheelhouse '.[postgres]'
	rm -f $(VENV)/wheelhouse/referee-*.whl
	touch $@

setup: $(VENV)/.installed
	@bash .ci/debs $(RUN_DEBS)

db: setup
	$(FLASK) db upgrade

run: db
	$(PY) -m referee.serve --host $(HOST) --port $(PORT)

serve: db
	$(VENV)/bin/gunicorn --workers 2 --bind $(HOST):$(PORT) --access-logfile - 'referee:create_app()'

# The checks, then the whole suite on SQLite, then again on a throwaway PostgreSQL cluster.
test: check test-sqlite test-pg

# Lint (ruff.toml) and type-check (mypy.ini) with the committed configurations.
check: setup
	$(VENV)/bin/ruff check referee tests
	$(VENV)/bin/mypy

# One pytest-xdist worker per CPU, each taking whole test files (a file's tests run in one process,
# in order), the longest files first (see LONG_FIRST in tests/conftest.py). On PostgreSQL each
# worker makes a database of its own on the throwaway cluster (tests/conftest.py).
PARALLEL := -n auto --dist loadfile --no-loadscope-reorder

test-sqlite: db $(WHEELHOUSE)
	@bash .ci/debs $(TEST_DEBS)
	$(PY) -m pytest $(PARALLEL)

# Everything but the browser and PostgreSQL runs: the quick loop while working on an engine,
# spread over the CPUs as above. The two fuzz tests draw 100 and 15 examples per game and form
# here, not 2,000 and 150 (every game still), and the five playthroughs play half their hands,
# games and deals (every house rule and event still); make test runs them in full.
test-fast: setup $(WHEELHOUSE)
	FUZZ_EXAMPLES=100 FORM_FUZZ_EXAMPLES=15 PLAYTHROUGH_SHARE=0.5 $(PY) -m pytest -q -p no:cacheprovider --ignore=tests/browser $(PARALLEL)

test-pg: db $(WHEELHOUSE)
	@bash .ci/debs $(TEST_DEBS)
	pg_virtualenv -t -v 15 sh -c 'TEST_DATABASE_URL=postgresql+psycopg:// $(PY) -m pytest -p no:cacheprovider $(PARALLEL)'

bench: db
	@bash .ci/debs wrk chromium postgresql
	pg_virtualenv -t -v 15 sh -c 'BENCH_POSTGRES_URL=postgresql+psycopg:// $(PY) -m referee.bench'

# Bring every translation catalog up to date with the code (then translate what is new).
messages: setup
	$(PY) -m referee.i18n_catalogs

# The installable package (templates, static files, catalogs and migrations inside) in dist/.
wheel: setup
	$(PY) -m pip wheel --quiet --no-deps --wheel-dir dist .

clean:
	rm -rf $(VENV) instance .pytest_cache dist
