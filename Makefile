# Two entry points: `make demo` (the main job, offline) and `make test` (lint + the suite).
# `.venv` holds the core and every extra but `verifiers` and `nli` (`all`), so that every command and test runs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# verifiers and openreward cannot share an environment (their sse-starlette pins conflict), so the `verifiers`
# extra gets a venv of its own; the test suite runs `vf-eval` from it and installs nothing itself.
VF_VENV := .venv-verifiers
VF_EVAL := $(VF_VENV)/bin/vf-eval

.PHONY: demo test lint docs bench clean

$(BIN)/nohallucinate: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,all]'
	touch $@

$(VF_EVAL): pyproject.toml
	$(PYTHON) -m venv $(VF_VENV)
	$(VF_VENV)/bin/pip install --quiet --upgrade pip
	$(VF_VENV)/bin/pip install --quiet -e '.[verifiers]'
	touch $@

DEMO := runs/demo

demo: $(BIN)/nohallucinate
	rm -rf $(DEMO)
	$(BIN)/nohallucinate sweep --policy always_abstain --grader local --out $(DEMO)/always_abstain
	$(BIN)/nohallucinate sweep --policy always_confident --grader local --out $(DEMO)/always_confident
	$(BIN)/nohallucinate report $(DEMO)/always_abstain $(DEMO)/always_confident --out $(DEMO)/report

lint: $(BIN)/nohallucinate
	$(BIN)/ruff check src tests benchmarks docs
	$(BIN)/ruff format --check src tests benchmarks docs
	$(BIN)/mypy

# The suite on two workers (the machines it runs on have two cores), a test file to a worker, so that a module's
# shared fixtures are made once. `make test TEST_WORKERS=0` runs it in one process.
TEST_WORKERS ?= 2

test: lint $(VF_EVAL)
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile

# The documentation site, built as CI builds it (warnings are errors) into site/; `mkdocs serve` previews it.
docs: $(BIN)/nohallucinate
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

bench: $(BIN)/nohallucinate
	$(BIN)/python benchmarks/local_grader_speed.py

clean:
	rm -rf $(VENV) $(VF_VENV) .pytest_cache .ruff_cache .mypy_cache site
