# Two commands on a fresh machine: `make run` and `make test`. Each builds .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
# The embedded defaults: SQLite under var/, local-memory cache, eager Celery.
EMBEDDED := env -u DATABASE_URL -u REDIS_URL

CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test screenshots

$(INSTALLED): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(INSTALLED)

run: $(INSTALLED)
	mkdir -p var
	$(EMBEDDED) $(BIN)/python manage.py migrate --noinput
	$(EMBEDDED) $(BIN)/python manage.py load_demo
	$(EMBEDDED) $(BIN)/python manage.py runserver 127.0.0.1:8000

# The browser tests drive Debian's Chromium, installed here when missing (never a downloaded browser).
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq --no-install-recommends chromium

test: $(INSTALLED) $(CHROMIUM)
	$(BIN)/python -m pytest -q

screenshots: $(INSTALLED) $(CHROMIUM)
	GG_SCREENSHOTS=1 $(BIN)/python -m pytest -q tests/web/test_browser_visitor.py
