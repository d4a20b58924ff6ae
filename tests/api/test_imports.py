import subprocess
import sys

import pytest


def _modules_after(code):
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(sorted(sys.modules))"],
                         capture_output=True, text=True, check=True)
    return out.stdout


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_import_skewplot_loads_neither_matplotlib_nor_ipywidgets():
    mods = _modules_after("import skewplot as sp\nsp.aucpr(sp.operating_points([0, 1], [0.1, 0.9]))")
    assert "'matplotlib'" not in mods
    assert "'ipywidgets'" not in mods


@pytest.mark.slow  # 0.5 s or more, loaded run 2026-11-29 12:50
def test_import_skewplot_stays_lazy_about_the_core_dependencies():
    # seaborn, ipywidgets and narwhals are core dependencies, loaded only when a plot, widget or table needs them.
    mods = _modules_after("import skewplot as sp\nsp.set_theme\nfrom skewplot.metrics._inputs import classifiers\n"
                          "classifiers([0, 1, 1], [0.2, 0.9, 0.4])")
    for name in ("matplotlib", "seaborn", "ipywidgets", "narwhals", "pandas", "polars"):
        assert f"'{name}'" not in mods, name


@pytest.mark.slow  # 1.2 s (2026-11-29, -n 2)
def test_compute_layer_never_imports_drawing_code():
    code = "\n".join([
        "import importlib, pkgutil, skewplot, skewplot.metrics, skewplot.skew",
        "for m in pkgutil.iter_modules(skewplot.metrics.__path__):",
        "    importlib.import_module('skewplot.metrics.' + m.name)",
        "try:",
        "    import skewplot.stats",
        "except ImportError:",
        "    pass",
    ])
    mods = _modules_after(code)
    assert "'matplotlib'" not in mods and "'ipywidgets'" not in mods


def test_unknown_attribute_is_a_clear_error():
    import pytest

    import skewplot as sp
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = sp.no_such_name


def test_every_public_name_resolves():
    import skewplot as sp
    import skewplot.plotting as plotting

    for name in sp.__all__:
        assert getattr(sp, name) is not None, name
    for name in plotting.__all__:
        assert getattr(plotting, name) is not None, name
    assert callable(plotting.style.paper)
