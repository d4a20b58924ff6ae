#!/usr/bin/env bash
# Build the HTML documentation with warnings as errors (run from the repository root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
sphinx-build -W --keep-going -b html docs docs/_build/html
