"""The one place skewplot touches what matplotlib, ipympl and ipywidgets keep private.

Everything else uses their public API (``tests/api/test_private_names.py``
scans the package for private names outside this package).  What is here
has no public equivalent; each use has a fallback for a release that
renames or drops it, and names the versions it was checked on: matplotlib
3.8.0 (the floor, ``.ci/floors.py``) and 3.11.2; ipympl 0.9.2 and 0.10.0;
ipywidgets 8.0.0 and 8.1.9 (traitlets 5.16).  The fast suite runs on both
ends, so a change shows there.
"""

from __future__ import annotations

from .text import glyphs_kept, text_sizes_kept

__all__ = ["layout_compress", "dash_pattern", "refill_legend", "is_colorbar", "titles",
           "drawn_ticks", "figure_renderer", "legend_loc", "leave_pyplot", "webagg_state", "ipympl_message_handler",
           "wrap_value_validator", "draw_as_saved", "ticks_laid_out_once", "text_sizes_kept", "glyphs_kept"]


def layout_compress(engine):
    """The ``compress`` flag of a ConstrainedLayoutEngine, which its public ``get()`` leaves out.

    ``_compress`` on matplotlib 3.8.0 .. 3.11; fallback: False (the default).
    """
    return bool(getattr(engine, "_compress", False))


def dash_pattern(line, scaled=False):
    """``(offset, dashes)`` of a Line2D in points (dashes None: solid), as it draws them (``scaled``: times its width
    when ``lines.scale_dashes``).

    ``_unscaled_dash_pattern`` / ``_dash_pattern`` on matplotlib 3.8.0 .. 3.11 (a custom dash tuple is only there);
    fallback: the named style's pattern from rcParams.
    """
    import matplotlib as mpl

    pattern = getattr(line, "_dash_pattern" if scaled else "_unscaled_dash_pattern", None)
    if pattern is not None:
        return pattern
    style = line.get_linestyle()  # pragma: no cover - a matplotlib without the private pattern
    names = {"--": "dashed", "-.": "dashdot", ":": "dotted"}  # pragma: no cover
    if style not in names:  # pragma: no cover
        return 0.0, None
    seq = list(mpl.rcParams[f"lines.{names[style]}_pattern"])  # pragma: no cover
    if scaled and mpl.rcParams["lines.scale_dashes"]:  # pragma: no cover
        seq = [v * line.get_linewidth() for v in seq]
    return 0.0, seq  # pragma: no cover


def refill_legend(legend, model, handles, labels, loc):
    """Lay ``legend`` out again in place with ``handles`` and ``labels`` as ``model`` (another legend) shows them:
    its columns, font, spacing, frame and title; at ``loc`` (its box is new).  True when done.

    A figure legend made while its figure is drawn is not drawn (``Figure.draw`` lists its artists before its
    layout runs): the shared legend fitted by the draw's layout keeps its object.  ``Legend._init_legend_box``,
    ``_ncols`` and ``_fontsize`` on matplotlib 3.8.0 .. 3.11 (``set_ncols`` only takes effect at ``__init__``);
    fallback False: the legend stays as it was.
    """
    init = getattr(legend, "_init_legend_box", None)
    if init is None or not all(hasattr(model, name) for name in ("_ncols", "_fontsize")):  # pragma: no cover
        return False
    for name in ("prop", "borderpad", "labelspacing", "handlelength", "handleheight", "handletextpad",
                 "borderaxespad", "columnspacing"):
        setattr(legend, name, getattr(model, name))
    legend._fontsize = model._fontsize
    legend.set_ncols(model._ncols)
    init(list(handles), list(labels))
    legend.set_loc(loc)
    legend.set_frame_on(model.get_frame_on())
    title = model.get_title()
    legend.set_title(title.get_text(), prop=title.get_fontproperties())
    legend.stale = True
    return True


def is_colorbar(ax):
    """Whether ``ax`` holds a colour bar: ``Axes._colorbar`` (matplotlib 3.8.0 .. 3.11), or the label
    ``"<colorbar>"`` that ``Figure.colorbar`` gives the Axes it makes (the fallback)."""
    return hasattr(ax, "_colorbar") or ax.get_label() == "<colorbar>"


def titles(ax):
    """The Text artists of ``ax``'s three titles (centre, left, right).

    ``_left_title``/``_right_title`` on matplotlib 3.8.0 .. 3.11 (only the centre's is public, ``ax.title``);
    fallback: the centre's alone.
    """
    return tuple(t for t in (ax.title, getattr(ax, "_left_title", None), getattr(ax, "_right_title", None))
                 if t is not None)


def drawn_ticks(axis):
    """The major and minor ticks ``axis`` draws, placed as a draw places them.

    ``Axis._update_ticks`` on matplotlib 3.8.0 .. 3.11; fallback: the ticks at the public locations within the view
    (their positions those of the last draw).
    """
    update = getattr(axis, "_update_ticks", None)
    if update is not None:
        return update()
    lo, hi = sorted(axis.get_view_interval())  # pragma: no cover - a matplotlib without it
    slack = 1e-9 * (hi - lo)  # pragma: no cover
    out = []  # pragma: no cover
    for ticks, locs in ((axis.get_major_ticks(), axis.get_majorticklocs()),  # pragma: no cover
                        (axis.get_minor_ticks(), axis.get_minorticklocs())):
        out += [t for t, loc in zip(ticks, locs, strict=False) if lo - slack <= loc <= hi + slack]
    return out  # pragma: no cover


def tick_label_extents(axis, renderer):
    """The window extents of the tick labels ``axis`` draws (both labels of each of :func:`drawn_ticks`, shown and
    with a text), as ``Axis._get_ticklabel_bboxes`` measures them for the layout and the draw (matplotlib 3.8.0 ..
    3.11; within :func:`ticks_laid_out_once` once per state, so a measure after the draw costs nothing).

    That measure leaves out labels not in the layout (3.10+): those are measured here.  Fallback: each label
    measured.
    """
    ticks = drawn_ticks(axis)
    measure = getattr(axis, "_get_ticklabel_bboxes", None)
    shown = [label for t in ticks for label in (t.label1, t.label2) if label.get_visible()]
    if measure is None:  # pragma: no cover - a matplotlib without it
        boxes = [label.get_window_extent(renderer) for label in shown]
    else:
        first, second = measure(ticks, renderer)
        boxes = [*first, *second, *(label.get_window_extent(renderer) for label in shown if not label.get_in_layout())]
    return [box for box in boxes if box.width > 0 and box.height > 0]  # an empty text: a box of no size


def figure_renderer(fig):
    """A renderer of ``fig``: its canvas' ``get_renderer()`` (Agg and its kin), else ``Figure._get_renderer``
    (matplotlib 3.8.0 .. 3.11: a canvas without one, as the PDF canvas while saving)."""
    canvas = fig.canvas
    if hasattr(canvas, "get_renderer"):
        return canvas.get_renderer()
    return fig._get_renderer()  # pragma: no cover - canvases without get_renderer (rare backends)


def legend_loc(legend):
    """The place code or name a legend was given (``"best"``/0 included).

    ``Legend._loc`` on matplotlib 3.8.0 .. 3.11 (``set_loc`` is public, its getter is not); fallback None.
    """
    return getattr(legend, "_loc", None)


def leave_pyplot(fig):
    """Take ``fig`` out of pyplot's list of figures without closing it (an ipympl widget that owns its figure).

    ``matplotlib._pylab_helpers.Gcf`` and the manager's ``_cidgcf`` (the click that lists the figure again) on
    matplotlib 3.8.0 .. 3.11 with ipympl 0.9.2 .. 0.10: ``plt.close`` would close the widget too.  Fallback:
    the figure stays listed.
    """
    try:
        from matplotlib._pylab_helpers import Gcf
    except ImportError:  # pragma: no cover - a matplotlib without it
        return
    manager = fig.canvas.manager
    if manager is not None:
        Gcf.figs.pop(manager.num, None)
        cid = getattr(manager, "_cidgcf", None)
        if cid is not None:
            fig.canvas.mpl_disconnect(cid)


class webagg_state:  # noqa: N801 - a namespace of functions over one canvas' private switches
    """The switches of a WebAgg (ipympl) canvas that its frames are sent by (ipympl 0.9.2 .. 0.10 on matplotlib
    3.8.0 .. 3.11: ``_force_full``, ``_png_is_old``, ``_last_buff``).  Fallback: a canvas without them sends its
    frames as WebAgg does (``has`` False)."""

    @staticmethod
    def has(canvas):
        return hasattr(canvas, "get_diff_image") and hasattr(canvas, "_png_is_old")

    @staticmethod
    def send_whole(canvas):
        """The next frame goes whole (WebAgg's switch, which a browser's "refresh" sets too)."""
        canvas._force_full = True

    @staticmethod
    def take_new_frame(canvas):
        """True (and the frame marked sent) when something was painted since the last frame."""
        if not getattr(canvas, "_png_is_old", True):
            return False
        canvas._force_full = canvas._png_is_old = False
        return True

    @staticmethod
    def keep_last(canvas, pixels32):
        """Keep ``pixels32`` as ipympl's last frame (it makes the data URL of a page that has none yet from it)."""
        canvas._last_buff = pixels32


def ipympl_message_handler(canvas):
    """The method an ipympl canvas handles the browser's messages with (resize, draw, pan, ...), or None.

    ``Canvas._handle_message`` on ipympl 0.9.2 .. 0.10; fallback None (the messages are then not serialised with
    the widget's own paints).
    """
    return getattr(canvas, "_handle_message", None)


def wrap_value_validator(control, check):
    """Have ``check(owner, proposal, own)`` validate ``control.value``, ``own`` the validator it had (or None).

    traitlets keeps an instance's validators in ``_trait_validators`` and adds one with ``_register_validator``
    (traitlets 5.16 under ipywidgets 8.0.0 .. 8.1.9; the public ``@validate`` is per class).  Fallback
    (returns False): no check; an observer, public, runs only after the value is set.
    """
    validators = getattr(control, "_trait_validators", None)
    register = getattr(control, "_register_validator", None)
    if validators is None or register is None:  # pragma: no cover - a traitlets without them
        return False
    own = validators.get("value")
    register(lambda owner, proposal: check(owner, proposal, own), ("value",))
    return True


def draw_as_saved(canvas):
    """A context in which ``canvas.draw()`` draws as ``savefig`` does (animated artists included).

    ``FigureCanvasBase._is_saving`` on matplotlib 3.8.0 .. 3.11 (``is_saving()`` reads it; nothing public sets it
    outside ``print_figure``).  Fallback: the flag set anyway (an attribute matplotlib would then ignore).
    """
    import contextlib

    @contextlib.contextmanager
    def saving():
        before = getattr(canvas, "_is_saving", False)
        canvas._is_saving = True
        try:
            yield
        finally:
            canvas._is_saving = before

    return saving()


def ticks_laid_out_once(figure, state=None):
    """A context in which each Axis of ``figure``'s Axes lays its ticks out, and measures their labels, once per
    state rather than at every measure.

    A full draw after a resize lays each Axis' ticks out some 25 times (the
    layout's tight boxes, each spine's extent, each title's and aligned
    label's siblings, the draw, the frames' regions), and measures each tick
    label as often: ``Axis._update_ticks`` runs the locators and formatters
    and places every tick, ``Axis._get_ticklabel_bboxes`` measures the
    labels (matplotlib 3.8.0 .. 3.11), each time with the same result while
    the Axis' view, scale, locators, formatters, the Axes' box in pixels and
    the renderer stay as they were.  Within the context the Axis answers
    from its last call in that state (its ticks hold that call's positions
    and labels already).  ``state(axis)`` (optional): what else the Axis'
    formatters read.  Fallback: nothing kept (a matplotlib without them).
    """
    import contextlib

    names = ("_update_ticks", "_get_ticklabel_bboxes")

    @contextlib.contextmanager
    def once():
        axes = [axis for ax in figure.axes for axis in (ax.xaxis, ax.yaxis)]
        patched = [axis for axis in axes if all(hasattr(axis, n) and n not in vars(axis) for n in names)]
        for axis in patched:
            memo = _TickMemo(axis, state)
            axis._update_ticks, axis._get_ticklabel_bboxes = memo.update_ticks, memo.ticklabel_bboxes
        try:
            yield
        finally:
            for axis in patched:
                for name in names:
                    del axis.__dict__[name]

    return once()


class _TickMemo:
    """One Axis' last tick layout and tick label boxes, by the state they were computed in."""

    def __init__(self, axis, state):
        self.axis, self.state = axis, state
        self.update, self.bboxes = axis._update_ticks, axis._get_ticklabel_bboxes
        self.ticks = self.boxes = (None, None)

    def key(self):
        axis = self.axis
        return (tuple(axis.get_view_interval()), tuple(axis.axes.bbox.bounds), tuple(axis.figure.bbox.bounds),
                axis.get_scale(), axis.figure.dpi, id(axis.get_major_locator()), id(axis.get_minor_locator()),
                id(axis.get_major_formatter()), id(axis.get_minor_formatter()),
                None if self.state is None else self.state(axis))

    def update_ticks(self):
        key = self.key()
        if self.ticks[0] != key:
            self.ticks = key, self.update()
        return list(self.ticks[1])

    def ticklabel_bboxes(self, ticks, renderer=None):
        key = (self.ticks[0], self.key(), id(renderer), renderer is not None and renderer.width,
               renderer is not None and renderer.height,
               tuple((id(t), t.label1.get_text(), t.label2.get_text()) for t in ticks))
        if key[0] != key[1]:  # ticks not laid out within the context in this state: measure, keep nothing
            return self.bboxes(ticks, renderer)
        if self.boxes[0] != key:
            self.boxes = key, self.bboxes(ticks, renderer)
        first, second = self.boxes[1]
        return list(first), list(second)
