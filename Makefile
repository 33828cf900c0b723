# Two entry points (see README): `make demo` and `make test`. Both set everything up first.
VENV ?= .venv
PY := $(VENV)/bin/python
SAMPLE := detact/data/sample.png

.PHONY: setup system-deps demo test bench clean

setup: $(VENV)/.installed

# torch/torchvision are pinned to the builds that pip finds on this machine's disk (see SPEC);
# the OCR recognizer is exported to ONNX once into $DETACT_HOME so that the first parse is fast.
$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q torch==2.14.1 torchvision==0.29.1
	$(PY) -m pip install -q -e ".[serve,mcp,dev,icons-build]"
	$(PY) -c "from detact.text.export import ensure_recognizer_onnx as e; print('OCR recognizer:', e())"
	touch $@

# Chromium renders the test pages; installed when we are root and it is missing.
system-deps:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null) \
	  || echo "chromium not installed: page-rendering tests will be skipped"; }

demo: setup
	@mkdir -p out
	$(VENV)/bin/detact parse $(SAMPLE) --annotate out/sample-annotated.png
	$(VENV)/bin/detact parse $(SAMPLE) --format json -o out/sample.json
	@echo "JSON: out/sample.json   Set-of-Mark picture: out/sample-annotated.png"

# The test suite also drives a local Ray instance (`--engine ray`) and checks our BLEU against
# NLTK's, so it installs those two on top of the runtime set.
$(VENV)/.test-extras: $(VENV)/.installed
	$(PY) -m pip install -q -e ".[ray]"  # keeps the extras setup installed
	touch $@

# ruff (lint and complexity, configured in pyproject.toml), then the suite; tests/test_wheel.py
# builds the wheel and parses the sample with it installed outside the source tree.
test: setup system-deps $(VENV)/.test-extras
	$(VENV)/bin/ruff check detact tests
	$(PY) -m pytest -q

bench: setup
	$(PY) benchmarks/quality.py
	$(PY) benchmarks/speed.py

clean:
	rm -rf $(VENV) out .pytest_cache
