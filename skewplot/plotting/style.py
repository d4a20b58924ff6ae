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

__all__ = ["COLUMN_SIZES", "rc_params", "paper", "use", "set_theme"]

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
        # the saved file is the figure's size (a tight box would shave it: 3.5 x 2.8 in saved 3.45 x 2.75 in);
        # the layout keeps every text inside the figure
        "savefig.bbox": None,
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
        # sans-serif mathtext beside the sans-serif text. Not "cm", nor "dejavusans" (whose prime, as in pi',
        # comes from the Computer Modern cmsy10): matplotlib's bundled Computer Modern fonts carry a 'created'
        # timestamp fontTools warns about ("timestamp seems very low") each time a PDF embeds them
        "mathtext.fontset": "stixsans",
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


def set_theme(context="notebook", style="whitegrid", palette="colorblind", *, column=None, **kwargs):
    """Seaborn's theme for every later figure, with skewplot's defaults.

    A thin wrapper of :func:`seaborn.set_theme`: seaborn supplies the
    context (font and line scale), the style and the palette, which every
    ``plot_*`` function then uses for its classifiers (its ``palette=None``
    takes the current colour cycle, as seaborn's ``hue`` does).  Any
    seaborn call works as well (``seaborn.set_theme``, ``seaborn.set_palette``,
    ``with seaborn.axes_style(...)``); this one only picks defaults suited to
    the spaces: a light grid and a colour-blind-safe palette.

    Parameters
    ----------
    context : {"paper", "notebook", "talk", "poster"}, default="notebook"
        Seaborn's scale of fonts and lines.
    style : str, default="whitegrid"
        Seaborn's axes style.
    palette : str or sequence, default="colorblind"
        Seaborn's palette name or a list of colours.
    column : {"single", "double"}, optional
        Also apply ``rc_params`` of that journal column on top (figure
        size, vector-output settings).
    **kwargs
        Passed to :func:`seaborn.set_theme` (``font_scale``, ``rc``, ...).

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.set_theme(context="paper")
    >>> disp = sp.plot_pr(sp.datasets.example_classifiers())
    >>> import seaborn as sns
    >>> disp.lines_["strong"].get_color() == sns.color_palette("colorblind")[0]
    True
    >>> import matplotlib as mpl
    >>> mpl.rcdefaults()  # back to matplotlib's defaults
    """
    import seaborn as sns

    sns.set_theme(context=context, style=style, palette=palette, **kwargs)
    if column is not None:
        import matplotlib as mpl

        mpl.rcParams.update(rc_params(column))
