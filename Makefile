# Two commands on a fresh machine: `make run` and `make test`. Each builds .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What running needs (requirements/base.txt) and, for the tests and the linter, requirements/test.txt.
RUNTIME := $(VENV)/.installed-base
TESTING := $(VENV)/.installed-test
# The embedded defaults: SQLite under var/, local-memory cache, eager Celery.
EMBEDDED := env -u DATABASE_URL -u REDIS_URL DEBUG=1

CHROMIUM := /usr/bin/chromium
NGINX := /usr/sbin/nginx
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test lint screenshots worker stack load native
# The production-like stack: PostgreSQL and Redis on this machine (override on the command line).
STACK_DB ?= postgres://postgres@127.0.0.1:5432/test
STACK_REDIS ?= redis://127.0.0.1:6379/0
STACK := env DATABASE_URL=$(STACK_DB) REDIS_URL=$(STACK_REDIS) DEBUG=0 SECURE_SSL_REDIRECT=0 \
	SECRET_KEY=$${SECRET_KEY:-$$(cat var/stack-secret-key)} ALLOWED_HOSTS=127.0.0.1,localhost

# The stack's signing key: random, made once, kept in var/ (never committed).
var/stack-secret-key:
	mkdir -p var
	python3 -c 'import secrets; print(secrets.token_urlsafe(50))' > $@

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The pairing engine's matching solver: LEMON's blossom (Debian's liblemon-dev, headers only) behind a
# little C++ glue that Python loads with ctypes (tournaments/pairing/matching.py), compiled by
# native/build.py. The app builds it at start when it is missing and refuses to start when it cannot;
# everything here that starts the app builds it first, installing g++ and liblemon-dev.
LEMON := /usr/include/lemon/matching.h
GXX := /usr/bin/g++
NATIVE := tournaments/pairing/native/libblossom.so

$(LEMON) $(GXX):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq --no-install-recommends liblemon-dev g++

$(NATIVE): tournaments/pairing/native/blossom.cpp tournaments/pairing/native/build.py | $(LEMON) $(GXX)
	python3 tournaments/pairing/native/build.py

native: $(NATIVE)

$(RUNTIME): requirements/base.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements/base.txt
	touch $@

$(TESTING): requirements/test.txt requirements/base.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements/test.txt
	touch $@ $(RUNTIME)

# The one address `make run` serves, prints and starts mails' links with (SITE_URL, as the settings read it).
SITE_URL ?= http://127.0.0.1:8000
run: $(RUNTIME) $(NATIVE)
	mkdir -p var
	$(EMBEDDED) $(BIN)/python manage.py migrate --noinput
	test -f var/vapid.json || $(EMBEDDED) $(BIN)/python manage.py vapid_keys  # phones get push locally too
	$(EMBEDDED) SITE_URL=$(SITE_URL) $(BIN)/python manage.py load_demo --site $(SITE_URL)
	$(EMBEDDED) SITE_URL=$(SITE_URL) $(BIN)/python manage.py runserver $(patsubst http://%,%,$(SITE_URL:/=))

# The browser tests drive Debian's Chromium, installed here when missing (never a downloaded browser).
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq --no-install-recommends chromium

# Debian's nginx: the proxy in front (deploy/nginx/), tested on PostgreSQL and Redis, run by make stack.
$(NGINX):
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq --no-install-recommends nginx

# Lighthouse 11 (npm, pinned by its package-lock.json) for the PWA audits in the browser tests, with
# Debian's Node.js when the machine has none.
LIGHTHOUSE := tests/browser/lighthouse/node_modules/lighthouse/cli/index.js
$(LIGHTHOUSE): tests/browser/lighthouse/package-lock.json
	command -v npm >/dev/null || ($(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends nodejs npm)
	npm ci --prefix tests/browser/lighthouse --no-audit --no-fund --silent
	touch $@

# On every core, 8 at most (pytest-xdist): each worker has its own test database and Redis database
# (tests/workers.py; Redis has 16). On the embedded defaults, some tests skip (row-lock races, the proxy,
# several web processes: PostgreSQL and Redis only); when this machine's PostgreSQL and Redis answer
# (.ci/services, as CI finds them), those are run again there. `-rs` ends the run saying each skip and why.
# LOCAL_SERVICES=0 leaves that second pass out (.ci/run: its own pass runs the whole suite there).
SKIPPED := var/skipped-tests
LOCAL_SERVICES ?= 1
test: $(TESTING) $(CHROMIUM) $(NGINX) $(NATIVE) $(LIGHTHOUSE)
	mkdir -p var && rm -f $(SKIPPED)
	GG_SKIPPED_FILE=$(SKIPPED) DEBUG=1 $(BIN)/python -m pytest -q -rs -n auto --maxprocesses 8 -p tests.skipped
	@if [ "$(LOCAL_SERVICES)" = 1 ] && [ -z "$${DATABASE_URL:-}" ] && [ -s $(SKIPPED) ]; then \
	  if .ci/services; then \
	    echo "== the $$(wc -l < $(SKIPPED)) tests skipped above, on this machine's PostgreSQL and Redis =="; \
	    DATABASE_URL=$(STACK_DB) REDIS_URL=$(STACK_REDIS) DEBUG=1 \
	      $(BIN)/python -m pytest -q -rs -n auto --maxprocesses 8 @$(SKIPPED); \
	  else echo "PostgreSQL or Redis does not answer on 127.0.0.1: the $$(wc -l < $(SKIPPED)) tests skipped above stay skipped."; fi; \
	fi

# ruff: lint rules and import order (pyproject.toml); CI runs it.
lint: $(TESTING)
	$(BIN)/ruff check .

# The pictures in docs/screenshots/, retaken by the browser tests that show each page.
screenshots: $(TESTING) $(CHROMIUM) $(NATIVE)
	DEBUG=1 GG_SCREENSHOTS=1 $(BIN)/python -m pytest -q -p no:randomly tests/browser/test_browser_visitor.py \
	  tests/browser/test_browser_event_day.py tests/browser/test_browser_players.py tests/browser/test_browser_score_sheet.py \
	  tests/browser/test_browser_run_up.py tests/browser/test_browser_phones.py tests/browser/test_browser_whole_day.py \
	  tests/browser/test_browser_team_day.py tests/browser/test_browser_judge_desk.py \
	  tests/browser/test_browser_season_pack.py

# A Celery worker for the jobs (large pairings and exports, mail, the round clock), with beat (it
# queues again mail left pending by a broker outage); on the machine's Redis, as in production.
worker: $(RUNTIME) var/stack-secret-key $(NATIVE)
	mkdir -p var
	$(STACK) $(BIN)/celery -A gaininggrounds worker --beat --schedule var/celerybeat-schedule --loglevel=info --concurrency=2

# Production-like, on loopback: migrations, static files, the demo, then nginx with the shipped site
# (deploy/nginx/, plain HTTP here) on http://127.0.0.1:8080 in front of gunicorn's two pools (personal: two
# workers on 127.0.0.1:8000; public: one on 127.0.0.1:8001), and a Celery worker with beat, sharing
# PostgreSQL and Redis. Ctrl-C stops them all.
stack: $(RUNTIME) var/stack-secret-key $(NGINX) $(NATIVE)
	$(STACK) $(BIN)/python manage.py migrate --noinput
	$(STACK) $(BIN)/python manage.py collectstatic --noinput -v0
	$(STACK) $(BIN)/python manage.py load_demo
	$(STACK) $(BIN)/celery -A gaininggrounds worker --beat --schedule var/celerybeat-schedule --loglevel=warning --concurrency=2 & \
	  worker=$$!; \
	  $(STACK) TRUSTED_PROXIES=1 GUNICORN_WORKERS=2 $(BIN)/gunicorn -c deploy/gunicorn.conf.py gaininggrounds.wsgi & \
	  web=$$!; \
	  $(STACK) TRUSTED_PROXIES=1 GUNICORN_POOL=public GUNICORN_PUBLIC_WORKERS=1 \
	    $(BIN)/gunicorn -c deploy/gunicorn.conf.py gaininggrounds.wsgi & \
	  public=$$!; trap 'kill $$worker $$web $$public' EXIT INT TERM; \
	  $(BIN)/python deploy/local_proxy.py --upstream 127.0.0.1:8000 --public 127.0.0.1:8001 --port 8080

# The load benchmarks (benchmarks/load/): the round page through nginx, gunicorn and Redis against wrk and a static
# file; the hall during a round, a sign-in flood and a busy weekend of 20 events with locust (each prints its targets).
/usr/bin/wrk:
	$(SUDO) apt-get update -qq
	$(SUDO) apt-get install -y -qq --no-install-recommends wrk

# locust and its dependencies stay out of the test install: pinned in requirements/load.txt.
$(VENV)/.installed-load: requirements/load.txt requirements/base.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements/load.txt
	touch $@

load: $(VENV)/.installed-load /usr/bin/wrk $(NGINX) $(NATIVE)
	$(BIN)/python benchmarks/load/throughput.py
	$(BIN)/python benchmarks/load/scenario.py
	$(BIN)/python benchmarks/load/signin_flood.py
	$(BIN)/python benchmarks/load/weekend.py
