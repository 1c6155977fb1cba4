# The few commands a newcomer needs. `make demo` runs the product; `make test` passes the tests.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
PG_URL ?= postgres://postgres@127.0.0.1:5432/mahjong
REDIS_BROKER ?= redis://127.0.0.1:6379/5
VAR_DIR ?= var

.PHONY: install demo docs screenshots test test-services test-e2e test-contract backup restore lint format clean fan-font

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt requirements-dev.txt requirements-docs.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

# Compiled translations (GNU gettext's msgfmt); the .mo files are build output, not committed.
MO := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))
%.mo: %.po
	msgfmt --check -o $@ $<

install: $(STAMP) $(MO)

demo: install docs
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	@echo "Serving on http://$(HOST):$(PORT)/ (Ctrl-C to stop)"
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install
	$(BIN)/python -m pytest -m "not services and not e2e and not contract" -q

# The same suite on PostgreSQL with Redis as the Celery broker; the service tests start and stop
# a real `celery worker` process themselves.
test-services: install
	DATABASE_URL=$(PG_URL) CELERY_BROKER_URL=$(REDIS_BROKER) REQUIRE_SERVICES=1 \
		$(BIN)/python -m pytest -m "not e2e and not contract" -q

# Real-browser tests (Playwright driving Debian's chromium at /usr/bin/chromium).
test-e2e: install
	REQUIRE_E2E=1 $(BIN)/python -m pytest -m e2e -q

# The guides and the reference (MkDocs, docs/ and mkdocs.yml) into $(VAR_DIR)/docs/, which the
# app serves at /docs/. Strict: a broken link, a missing image or anchor fails the build.
docs: install
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir $(VAR_DIR)/docs

# The guides' screenshots (docs/img/), taken by the browser tests at phone, tablet and projector
# widths; commit the PNGs it changes.
screenshots: install
	DOCS_SCREENSHOTS=1 REQUIRE_E2E=1 $(BIN)/python -m pytest -m e2e tests/e2e/test_guide_screenshots.py -q

# The MCR fans' Chinese names (rules/tiles/names.py) drawn on devices without a Chinese font: the
# subset of Noto Sans CJK SC (SIL OFL, static/fonts/OFL.txt) holding just their characters. Run it
# when a name changes; it needs Debian's fonts-noto-cjk (or NOTO_CJK=<NotoSansCJK-Regular.ttc>).
NOTO_CJK ?= /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
fan-font: install
	$(BIN)/pyftsubset $(NOTO_CJK) --font-number=2 --flavor=woff2 --name-IDs='*' \
		--text="$$($(BIN)/python -c 'from rules.tiles.names import MCR_FANS; print("".join(sorted({c for f in MCR_FANS for c in f.chinese})))')" \
		--output-file=static/fonts/fan-names-sc.woff2

# Whole-database backup to var/backups/ (pg_dump on PostgreSQL, SQLite's backup API otherwise);
# `make restore FILE=var/backups/<file>` puts one back.
backup: install
	$(BIN)/python manage.py backup

restore: install
	$(BIN)/python manage.py restore --yes $(FILE)

# The API against its OpenAPI schema (schemathesis, a bounded number of examples per operation).
test-contract: install
	$(BIN)/python -m pytest -m contract -q

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python manage.py makemigrations --check --dry-run

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
