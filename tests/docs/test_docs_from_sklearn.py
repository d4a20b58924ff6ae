"""Runs docs/from_sklearn.rst: every python block, in order, in one namespace (issue 21 item 8)."""

import re
from pathlib import Path

import matplotlib.pyplot as plt
import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "from_sklearn.rst"


def blocks(text):
    out = []
    for match in re.finditer(r"^\.\. code-block:: python\n\n((?:   .*\n|\n)+)", text, re.M):
        out.append("\n".join(line[3:] for line in match.group(1).splitlines()))
    return out


@pytest.mark.slow  # 1.0 s
def test_every_block_runs_and_every_pair_is_equal():
    code = blocks(PAGE.read_text(encoding="utf-8"))
    assert len(code) >= 12
    asserts = sum(block.count("assert ") for block in code)
    assert asserts >= 15  # each of the ten calls checks its numbers
    namespace = {}
    for block in code:
        exec(compile(block, str(PAGE), "exec"), namespace)  # noqa: S102 - our own documentation
    plt.close("all")


def test_the_page_lists_ten_calls():
    headings = re.findall(r"^(\d+)\. .+\n-+$", PAGE.read_text(encoding="utf-8"), re.M)
    assert headings == [str(k) for k in range(1, 11)]
