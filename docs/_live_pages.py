"""The live pages the docs embed: widgets saved with ``save_html``, written when the build starts.

``conf.py`` calls :func:`write` on ``builder-inited``; the pages go to
``docs/_live`` (not in git), which ``html_extra_path`` copies to the root of
the built site, where ``widgets.rst`` and the gallery's
``plot_live_page.py`` and ``plot_live_explorer_page.py`` load them in an ``<iframe>``.
"""

from pathlib import Path

PAGES = {
    # the widgets guide: PR at any skew, the full skew slider (about 200 frames)
    "live_interactive_pr.html": lambda sp: sp.widgets.interactive_pr(sp.datasets.example_classifiers()),
    # the gallery: the same widget on the gallery example's data, skews from 1e-3 to 0.5
    "live_gallery_pr.html": lambda sp: sp.widgets.interactive_pr(
        sp.datasets.example_classifiers(n=20_000, skew=0.05, random_state=2), slider_bounds=(1e-3, 0.5)),
    # the widgets guide and the gallery: the explorer, every control drawn in the page (1.9 MB)
    # (with its PRG panel and its threshold control)
    "live_explorer.html": lambda sp: sp.widgets.explorer(sp.datasets.example_classifiers(), skew=0.05, prg=True),
}


def write(folder):
    """Write every page of :data:`PAGES` into ``folder`` (created); return their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import skewplot as sp

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, make in PAGES.items():
        widget = make(sp)
        widget.save_html(folder / name)
        widget.close_figure()
        paths.append(folder / name)
    return paths
