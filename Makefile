# Two commands do everything on a fresh machine: `make run` and `make test`.
VENV    := .venv
PY      := $(VENV)/bin/python
FLASK   := $(VENV)/bin/flask --app referee
PORT    ?= 5000
# Debian packages the app and its tests need; installed with apt-get when missing.
RUN_DEBS  := fonts-dejavu-core
TEST_DEBS := chromium poppler-utils

.PHONY: run test bench serve setup db clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test,postgres]'
	touch $@

setup: $(VENV)/.installed
	@bash .ci/debs $(RUN_DEBS)

db: setup
	$(FLASK) db upgrade

run: db
	$(FLASK) run --host 127.0.0.1 --port $(PORT)

serve: db
	$(VENV)/bin/gunicorn --workers 2 --bind 127.0.0.1:$(PORT) 'referee:create_app()'

test: db
	@bash .ci/debs $(TEST_DEBS)
	$(PY) -m pytest

bench: db
	$(PY) -m referee.bench

clean:
	rm -rf $(VENV) instance .pytest_cache
