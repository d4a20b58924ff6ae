"""Every public name of skewplot has a page in the API reference (docs/api)."""

import re
from pathlib import Path

import skewplot

SECTIONS = Path(__file__).resolve().parents[2] / "docs" / "api" / "sections"


def documented_names():
    """Names listed under an ``autosummary`` directive, by the module they are listed in."""
    names = {}
    for page in sorted(SECTIONS.glob("*.rst")):
        module = None
        in_summary = False
        for line in page.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\.\. (?:current)?module:: (\S+)", line)
            if m:
                module = m.group(1)
            if line.startswith(".. autosummary::"):
                in_summary = True
                continue
            if in_summary:
                item = line.strip()
                if not line.startswith("   ") and item:
                    in_summary = False
                elif item and not item.startswith(":"):
                    names.setdefault(module, set()).add(item)
    return names


def test_every_top_level_name_is_in_the_api_reference():
    listed = documented_names()["skewplot"]
    public = set(skewplot.__all__) - set(skewplot._SUBMODULES)
    assert public - listed == set(), "public names missing from docs/api/sections/10_core.rst"
    assert listed - public == set(), "docs/api lists names that skewplot does not export"


def test_threshold_choice_is_public():
    from skewplot.metrics.threshold import ThresholdChoice

    assert skewplot.ThresholdChoice is ThresholdChoice
    pts = skewplot.operating_points([0, 1, 1, 0], [0.1, 0.9, 0.6, 0.3])
    assert isinstance(skewplot.best_threshold(pts, skew=0.5, f_alpha=0.5), skewplot.ThresholdChoice)
