"""A publication theme: figure sizes for one and two columns, font sizes, clean vector output.

Examples
--------
>>> import skewplot as sp
>>> from skewplot.plotting import style
>>> with style.paper("single"):
...     disp = sp.plot_pr(sp.datasets.example_classifiers())
...     disp.figure_.savefig("pr.pdf")  # doctest: +SKIP
"""

from __future__ import annotations

from contextlib import contextmanager

__all__ = ["COLUMN_SIZES", "rc_params", "paper", "use"]

#: Figure sizes in inches (width, height): a single journal column and a full page width.
COLUMN_SIZES = {"single": (3.5, 2.8), "double": (7.2, 3.2)}


def rc_params(column="single", *, font_size=8.0):
    """matplotlib rcParams of the theme.

    Parameters
    ----------
    column : {"single", "double"}
        Sets ``figure.figsize`` to :data:`COLUMN_SIZES` [column].
    font_size : float, default=8
        Base font size in points; tick labels and legends are one point smaller.

    Returns
    -------
    dict
    """
    if column not in COLUMN_SIZES:
        raise ValueError(f"column must be one of {sorted(COLUMN_SIZES)}, got {column!r}")
    small = font_size - 1
    return {
        "figure.figsize": COLUMN_SIZES[column],
        "figure.dpi": 150,
        "savefig.dpi": 300,
        "savefig.bbox": "tight",
        "savefig.pad_inches": 0.02,
        "font.size": font_size,
        "axes.labelsize": font_size,
        "axes.titlesize": font_size,
        "legend.fontsize": small,
        "xtick.labelsize": small,
        "ytick.labelsize": small,
        "axes.linewidth": 0.6,
        "lines.linewidth": 1.2,
        "xtick.major.width": 0.6,
        "ytick.major.width": 0.6,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": True,
        "grid.linewidth": 0.4,
        "grid.alpha": 0.4,
        "legend.frameon": False,
        "mathtext.fontset": "cm",
        # Vector output: embed TrueType fonts, keep SVG text as text, never rasterise.
        "pdf.fonttype": 42,
        "ps.fonttype": 42,
        "svg.fonttype": "none",
    }


@contextmanager
def paper(column="single", *, font_size=8.0):
    """Context manager applying the theme inside a ``with`` block."""
    import matplotlib as mpl

    with mpl.rc_context(rc_params(column, font_size=font_size)):
        yield


def use(column="single", *, font_size=8.0):
    """Apply the theme globally (``matplotlib.rcParams.update``)."""
    import matplotlib as mpl

    mpl.rcParams.update(rc_params(column, font_size=font_size))
