#!/usr/bin/env bash
# Build the HTML documentation with warnings as errors (run from the repository root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
sphinx-build -W --keep-going -b html docs docs/_build/html

# Offline reading: no page may load a script or a style sheet from the network
# (MathJax is bundled by sphinx-mathjax-offline).
if grep -rlE '<(script|link)[^>]*(src|href)="(https?:)?//' --include='*.html' docs/_build/html; then
    echo "docs: the pages above load scripts or styles from the network" >&2
    exit 1
fi
