"""What every gallery script must pass, in one place: the docs build applies it, and so does the docs suite.

A script runs without an error and without a RuntimeWarning (warnings of that
kind are raised as errors), in under ``TIME_LIMIT`` seconds of CPU (all the
process' threads, so the budget holds on a busy machine too), draws at least
one figure, and every figure it draws passes the figure lint
(``skewplot/testing/_lint.py``: legends over data, squeezed panels,
overlapping or clipped texts, markers on top of each other or outside, empty
panels).

``docs/conf.py`` hooks :class:`Checks` into sphinx-gallery (a module
resetter called before and after each script, and an image scraper that
lints each figure just before sphinx-gallery saves it), so the build that
executes the gallery checks it, and CI need not run the scripts a second
time.  ``tests/docs/test_gallery.py::test_gallery_script_runs`` runs each script
on its own through :func:`run_script`, the same checks (``python -m pytest -m
docs``, for a contributor without the docs build).
"""

import pathlib
import re
import time
import warnings

TIME_LIMIT = 30.0


#: Lint rules the gallery is not yet held to (none: every script is held to every rule; keep it so, a script that
#: cannot meet a rule is fixed, not exempted).
NOT_YET = ()


def figure_problems(figures):
    """The figure lint's findings for ``{number: figure}``, each prefixed with its figure's number."""
    from skewplot.testing import lint_figure
    from skewplot.testing._lint import KINDS

    checks = tuple(kind for kind in KINDS if kind not in NOT_YET)
    return [f"figure {num}: {p}" for num, fig in figures.items() for p in lint_figure(fig, checks=checks)]


def verdict(name, elapsed, n_figures, problems):
    """What is wrong with a script's run (``[]``: nothing), in the words a failed check prints."""
    wrong = []
    if n_figures < 1:
        wrong.append(f"{name} drew no figure")
    if elapsed >= TIME_LIMIT:
        wrong.append(f"{name} took {elapsed:.1f} s of CPU (limit {TIME_LIMIT:.0f} s)")
    if problems:
        wrong.append(f"{name}: figure lint\n" + "\n".join(problems))
    return wrong


def run_script(path):
    """Run the script at ``path`` as ``__main__`` (Agg), as sphinx-gallery does: its CPU time, figures, lint."""
    import runpy

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import skewplot.testing._lint  # noqa: F401  (imported before the clock starts: the lint's time is not the script's)

    warnings.simplefilter("error", RuntimeWarning)
    start = time.process_time()
    runpy.run_path(str(path), run_name="__main__")
    elapsed = time.process_time() - start
    figures = {num: plt.figure(num) for num in plt.get_fignums()}
    return {"elapsed": elapsed, "figures": len(figures), "problems": figure_problems(figures)}


class Checks:
    """sphinx-gallery hooks: a resetter (``reset_modules``, order ``"both"``) and an image scraper.

    Before a script: RuntimeWarning becomes an error, the CPU clock starts.
    Each block's figures are linted, then handed to sphinx-gallery's
    matplotlib scraper (which saves and closes them); that time is not the
    script's.  After the script, what :func:`verdict` finds, and any
    RuntimeWarning in the script's printed output, is logged as a Sphinx
    warning, which the docs build (``-W``) turns into a failure; a
    RuntimeWarning raised as an error fails the script, which fails the build.
    """

    def __init__(self):
        self._warnings = None
        self._start = self._hooks = 0.0
        self._figures, self._problems, self._page = 0, [], None

    def __repr__(self):  # a stable repr: Sphinx compares the config between builds by it
        return "skewplot gallery checks"

    def reset(self, gallery_conf, fname, when):
        if fname is None:
            return
        if when == "before":
            self._warnings = warnings.catch_warnings()
            self._warnings.__enter__()
            warnings.simplefilter("error", RuntimeWarning)
            self._figures, self._problems, self._page = 0, [], None
            self._hooks, self._start = 0.0, time.process_time()
            return
        elapsed = time.process_time() - self._start - self._hooks
        if self._warnings is not None:
            self._warnings.__exit__(None, None, None)
            self._warnings = None
        wrong = verdict(str(fname), elapsed, self._figures, self._problems)
        if self._page is not None and "RuntimeWarning" in _printed(self._page.read_text(encoding="utf-8")):
            wrong.append(f"{fname} printed a RuntimeWarning")
        from sphinx.util import logging

        for message in wrong:
            logging.getLogger("skewplot.gallery").warning("gallery check: %s", message)

    def scrape(self, block, block_vars, gallery_conf):
        import matplotlib.pyplot as plt
        from sphinx_gallery.scrapers import matplotlib_scraper

        t0 = time.process_time()
        self._page = pathlib.Path(block_vars["target_file"]).with_suffix(".rst")
        figures = {num: plt.figure(num) for num in plt.get_fignums()}
        self._figures += len(figures)
        self._problems += figure_problems(figures)
        try:
            return matplotlib_scraper(block, block_vars, gallery_conf)
        finally:
            self._hooks += time.process_time() - t0


_OUTPUT = re.compile(r"^\.\. rst-class:: sphx-glr-script-out\n(.*?)(?=^\.\. (?:GENERATED FROM|_sphx_glr_download)|\Z)",
                     re.M | re.S)


def _printed(rst):
    """What a script printed (stdout and stderr), from the blocks of its generated page."""
    return "".join(_OUTPUT.findall(rst))


CHECKS = Checks()


def reset(gallery_conf, fname, when):
    """The resetter sphinx-gallery calls before and after each script (named by string in ``conf.py``)."""
    CHECKS.reset(gallery_conf, fname, when)


def scrape(block, block_vars, gallery_conf):
    """The image scraper sphinx-gallery calls after each block (named by string in ``conf.py``)."""
    return CHECKS.scrape(block, block_vars, gallery_conf)
