"""The Display pattern shared by every space.

A Display computes its arrays once, draws them on ``ax_`` and keeps the
artists (``lines_``, ``baselines_``) so that :meth:`Display.update` can move
them in place: widgets call ``update`` on every slider change, which never
re-sorts scores and never creates a figure.
"""

from __future__ import annotations

import numpy as np

from ..metrics.points import OperatingPoints

__all__ = ["Display", "resolve_ax", "as_points_dict", "palette", "decimation_indices"]


class Display:
    """Base class: ``ax_``, ``figure_``, ``lines_``, ``baselines_`` and ``update``.

    Subclasses list the names ``update`` accepts in ``_update_params`` and
    implement ``_refresh`` (recompute and move the artists).
    """

    _update_params: tuple = ()

    def __init__(self):
        self.ax_ = None
        self.figure_ = None
        self.lines_ = {}
        self.baselines_ = {}

    def update(self, **params):
        """Change parameters and move the drawn artists in place.

        Parameters
        ----------
        **params
            Any of the Display's parameters listed in its docstring (for
            example ``skew``, ``f_alpha``, ``m``).

        Returns
        -------
        self
        """
        unknown = sorted(set(params) - set(self._update_params))
        if unknown:
            allowed = ", ".join(self._update_params) or "none"
            raise TypeError(
                f"{type(self).__name__}.update() got unknown parameter(s) {', '.join(unknown)}; "
                f"it accepts: {allowed}"
            )
        self._set_params(**params)
        if self.ax_ is not None:
            self._refresh()
            self.figure_.canvas.draw_idle()
        return self

    def _set_params(self, **params):
        for key, value in params.items():
            setattr(self, key, value)

    def _refresh(self):  # pragma: no cover - each subclass moves its artists
        raise NotImplementedError


def resolve_ax(ax, *, three_d=False, figsize=None):
    """Return ``(fig, ax)``: a new figure when ``ax`` is None, else check it."""
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes

    if ax is None:
        if three_d:
            fig = plt.figure(figsize=figsize)
            return fig, fig.add_subplot(projection="3d")
        fig, ax = plt.subplots(figsize=figsize)
        return fig, ax
    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes, got {type(ax).__name__}")
    is_3d = getattr(ax, "name", "") == "3d"
    if three_d and not is_3d:
        raise ValueError("ax must be a 3-D Axes (fig.add_subplot(projection='3d')) for this plot")
    if not three_d and is_3d:
        raise ValueError("ax is a 3-D Axes; this plot draws on a 2-D Axes")
    return ax.figure, ax


def as_points_dict(points, *, name="points", default_label="classifier"):
    """Normalise ``points`` to a dict label -> OperatingPoints or list of them (folds).

    Accepts one OperatingPoints, a list/tuple of OperatingPoints (folds or
    bootstrap replicates of one classifier), or a dict whose values are
    either.
    """
    def check_value(key, value):
        if isinstance(value, OperatingPoints):
            return value
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, OperatingPoints) for v in value):
            return list(value)
        raise TypeError(
            f"{name}[{key!r}] must be an OperatingPoints or a list of them, got {type(value).__name__}"
        )

    if isinstance(points, OperatingPoints):
        return {default_label: points}
    if isinstance(points, dict):
        if not points:
            raise ValueError(f"{name} is an empty dict; give at least one classifier")
        return {str(k): check_value(k, v) for k, v in points.items()}
    if isinstance(points, (list, tuple)):
        if points and all(isinstance(v, OperatingPoints) for v in points):
            return {default_label: list(points)}
    raise TypeError(
        f"{name} must be an OperatingPoints, a list of them (folds) or a dict name -> OperatingPoints; "
        f"got {type(points).__name__}"
    )


def palette(n):
    """``n`` colours: seaborn's colour-blind palette when seaborn is installed, else tab10."""
    try:
        import seaborn as sns

        return [tuple(c) for c in sns.color_palette("colorblind", n)]
    except ImportError:
        import matplotlib as mpl

        cycle = mpl.colormaps["tab10"].colors
        return [cycle[i % len(cycle)] for i in range(n)]


def decimation_indices(x, key, n_bins):
    """Indices of the vertices worth drawing for a curve whose ``x`` is non-decreasing.

    ``x`` is cut into ``n_bins`` equal bins (pick at least two per pixel
    column); in each bin the first and last vertex and those with the
    smallest and largest ``key`` are kept (the M4 rule), which keeps the
    drawn polyline within half a pixel of the full one.  Precision under any
    skew model is a decreasing function of FPR/TPR, so ``key = fpr/tpr``
    selects the extreme precisions of every skew at once: the selection is
    made once and serves every later ``update``.
    """
    n = x.size
    if n <= 4 * n_bins:
        return np.arange(n)
    span = x[-1] - x[0]
    bins = np.minimum(((x - x[0]) / (span if span > 0 else 1.0) * n_bins).astype(np.int64), n_bins - 1)
    starts = np.flatnonzero(np.r_[True, bins[1:] != bins[:-1]])
    ends = np.r_[starts[1:], n] - 1
    seg = np.repeat(np.arange(starts.size), np.diff(np.r_[starts, n]))
    lo = np.minimum.reduceat(key, starts)
    hi = np.maximum.reduceat(key, starts)
    idx = np.arange(n)
    big = n + 1
    arg_lo = np.minimum.reduceat(np.where(key == lo[seg], idx, big), starts)
    arg_hi = np.minimum.reduceat(np.where(key == hi[seg], idx, big), starts)
    return np.unique(np.concatenate((starts, ends, arg_lo, arg_hi)))
