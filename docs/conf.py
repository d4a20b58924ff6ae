"""Sphinx configuration of the skewplot documentation.

Build from the repository root with ``bash docs/build.sh`` (warnings are errors).
"""

import importlib
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the checkout, when skewplot is not installed
sys.path.insert(0, str(HERE))  # _gallery_checks and _live_pages

import skewplot  # noqa: E402

os.environ.setdefault("MPLBACKEND", "Agg")

project = "skewplot"
author = "skewplot developers"
copyright = "skewplot developers"
release = skewplot.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "sphinx-mathjax-offline",  # MathJax 3 copied into _static: math renders without a network
    "sphinx.ext.viewcode",
    "numpydoc",
    "sphinx_gallery.gen_gallery",
]

templates_path = ["_templates"]
nitpicky = True  # every cross-reference to skewplot must resolve
# Other projects' objects would need intersphinx, which fetches inventories over the
# network; offline they stay plain names.
nitpick_ignore_regex = [
    (r"py:.*", r"(numpy|scipy|matplotlib|seaborn|pandas|statsmodels|ipywidgets|ipympl"
               r"|duckdb|polars|pyarrow|narwhals|pyspark|ibis)(\..*)?"),
]
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]

# The widgets need the optional ``widgets`` extra (ipywidgets); without it the
# widget guide still describes them, but their reference page is left out.
try:
    importlib.import_module("skewplot.widgets")
    HAVE_WIDGETS = True
except ImportError:
    HAVE_WIDGETS = False
    exclude_patterns.append("api/sections/50_widgets.rst")

# -- autodoc / autosummary / numpydoc ------------------------------------------
autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# -- sphinx-gallery --------------------------------------------------------------
sphinx_gallery_conf = {
    "examples_dirs": "../gallery",
    "gallery_dirs": "auto_gallery",
    "filename_pattern": r"/plot_",
    "within_subsection_order": "FileNameSortKey",
    # The gallery checks (docs/_gallery_checks.py, also run by the docs suite): before and after each script,
    # and on each block's figures before they are saved. A failed check is a warning, an error under -W.
    "reset_modules": ("matplotlib", "_gallery_checks.reset"),
    "reset_modules_order": "both",
    "image_scrapers": ("_gallery_checks.scrape",),
    "remove_config_comments": True,
    "download_all_examples": False,
    "show_memory": False,
    "min_reported_time": 1,
    "write_computation_times": False,  # its page loads jQuery and DataTables from CDNs
}

# -- HTML ----------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"skewplot {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_static_path = []
(HERE / "_live").mkdir(exist_ok=True)  # Sphinx drops an extra path missing when the config is read
html_extra_path = ["_live"]  # the live pages (save_html), written by _write_live_pages below
html_show_sourcelink = False


def _write_live_pages(app):
    """The widgets saved as self-contained pages, for the <iframe>s of widgets.rst and the gallery."""
    import _live_pages

    _live_pages.write(HERE / "_live")


def setup(app):
    app.connect("builder-inited", _write_live_pages)
