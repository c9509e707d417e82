# gamekit: `make app` serves the notebooks with Voila; `make test` runs every check.
# Both set everything up on a fresh machine (a .venv with the package and its extras).

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8866
STAMP := $(VENV)/.installed

.PHONY: app test install lint bench soak soak-tests soak-shard clean browser-deps

$(STAMP): pyproject.toml setup.py binder/requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	# the distribution was called "gamekit" before 0.2.0: drop an old editable install of it
	$(PY) -m pip uninstall -q -y gamekit 2>/dev/null || true
	$(PY) -m pip install -q -e ".[app,test,dev,scale]"
	touch $(STAMP)

install: $(STAMP)

# `make app` serves the notebooks with pre-heated kernels for the play apps (POOL per play app;
# CLASS=<game> gives that game's play app the whole pool), culls idle kernels after CULL s and
# shuts a kernel when its tab closes (config/voila.py). A class of 20: make app CLASS=wonderful POOL=22
# (start it a few minutes ahead: the pool fills one kernel at a time; the log says
# "gamekit: pre-heated play app ready: <game>" once per kernel ready)
# Limits (docs/frontend.md, "Limits"): MAX_KERNELS pages with a kernel at once and PER_VISITOR
# per address (else a "server is full" page), KERNEL_MEMORY MiB per kernel, a kernel busy for
# MAX_BUSY s or idle with its page open for CULL_CONNECTED s is shut down (0: no limit)
POOL ?= 2
CLASS ?=
CULL ?= 600
HOST ?= 127.0.0.1
MAX_KERNELS ?= 40
PER_VISITOR ?= 6
KERNEL_MEMORY ?= 2048
MAX_BUSY ?= 300
CULL_CONNECTED ?= 3600
app: $(STAMP)
	@echo "gamekit app: http://$(HOST):$(PORT)/voila/render/index.ipynb  (Ctrl-C to stop)"
	GAMEKIT_POOL=$(POOL) GAMEKIT_CLASS=$(CLASS) GAMEKIT_CULL=$(CULL) \
	GAMEKIT_MAX_KERNELS=$(MAX_KERNELS) GAMEKIT_PER_VISITOR=$(PER_VISITOR) \
	GAMEKIT_KERNEL_MEMORY=$(KERNEL_MEMORY) GAMEKIT_MAX_BUSY=$(MAX_BUSY) \
	GAMEKIT_CULL_CONNECTED=$(CULL_CONNECTED) \
	JUPYTER_PATH="$(CURDIR)/config/jupyter" \
	$(VENV)/bin/voila notebooks --no-browser --port=$(PORT) --Voila.ip=$(HOST) \
		--Voila.config_file_paths="['$(CURDIR)/config']"

lint: $(STAMP)
	$(VENV)/bin/ruff check .

# the engine, widget and notebook tests run on every core (pytest-xdist, a test file per worker);
# the browser tests after them, alone, since they measure page and click times
test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest -q -x -n auto --dist loadfile --durations=15 --ignore=tests/browser
	$(PY) -m pytest -q -x --durations=10 tests/browser

bench: $(STAMP)
	$(VENV)/bin/gamekit bench wonderful --players 4

# soak (not in CI): SOAK_GAMES random games per game and player count, invariants checked every
# SOAK_EVERY decisions, on all cores; summary in test-artifacts/soak.json
SOAK_GAMES ?= 100000
SOAK_EVERY ?= 25
soak: soak-tests
	$(PY) -m gamekit soak --games $(SOAK_GAMES) --every $(SOAK_EVERY) --out test-artifacts/soak.json

# the tests' long sweeps (GAMEKIT_SOAK=1: every test that plays a seeded share of its games in
# make test plays them all: more seeds, games and fuzzed positions; minutes on 2 cores)
soak-tests: $(STAMP)
	GAMEKIT_SOAK=1 $(PY) -m pytest -q -x -n auto --dist loadfile --ignore=tests/browser
	GAMEKIT_SOAK=1 $(PY) -m pytest -q -x tests/browser/test_classroom.py tests/browser/test_gaia_board.py

# soak shards (docs/soak.md): seeds SOAK_SEEDS of every game, a result file per game in
# gamekit/analysis/data/soak/ (committed), then the report adding every stored shard up
SOAK_SEEDS ?= 0:1000
soak-shard: $(STAMP)
	nice -n 19 $(PY) -m gamekit soak wonderful race gaia bluemoon --seeds $(SOAK_SEEDS) -j 2
	$(PY) -m gamekit soak --report

clean:
	rm -rf $(VENV) .pytest_cache build dist *.egg-info
