"""The memory guard: functions whose memory grows faster than their input check their estimate here.

``boolean_combinations`` (10 x Ta x Tb tables), ``f_curves`` and
``pr_surface`` (skews x points) build arrays whose size is a product of two
input sizes; the bootstrap keeps ``n_boot`` replicates per classifier, and
``operating_points_from`` brings back up to ``max_groups`` (or ``bins``) groups.
Each estimates its peak before allocating and, above the limit,
refuses with an error that says how much it would need and how to raise the
limit.
"""

from __future__ import annotations

import numbers

__all__ = ["get_memory_limit", "set_memory_limit", "check_memory", "check_work", "WORK_LIMIT"]

#: Default limit: 4 GiB.
DEFAULT_MEMORY_LIMIT = 4 * 2**30

_limit = DEFAULT_MEMORY_LIMIT


def get_memory_limit() -> int:
    """The largest allocation (in bytes) a super-linear function may make; 4 GiB by default.

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.get_memory_limit() == 4 * 2**30
    True
    """
    return _limit


def set_memory_limit(nbytes):
    """Set the memory limit of super-linear functions (in bytes) and return the previous one.

    ``boolean_combinations``, ``f_curves`` and ``pr_surface`` estimate their
    peak memory first and refuse with a ``MemoryError`` naming the estimate
    when it exceeds the limit.  ``None`` restores the default (4 GiB).

    Parameters
    ----------
    nbytes : int or None
        Bytes, at least 1.

    Returns
    -------
    int
        The limit before the call.

    Examples
    --------
    >>> import skewplot as sp
    >>> old = sp.set_memory_limit(16 * 2**30)   # allow 16 GiB
    >>> _ = sp.set_memory_limit(old)
    """
    global _limit
    if nbytes is None:
        nbytes = DEFAULT_MEMORY_LIMIT
    if isinstance(nbytes, bool) or not isinstance(nbytes, numbers.Integral) or nbytes < 1:
        raise TypeError(f"nbytes must be a positive integer number of bytes (or None), got {nbytes!r}")
    old, _limit = _limit, int(nbytes)
    return old


def _human(nbytes):
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB"):
        if nbytes < 1024 or unit == "TiB":
            return f"{nbytes:.3g} {unit}" if unit != "bytes" else f"{int(nbytes)} bytes"
        nbytes /= 1024
    return None  # pragma: no cover


def check_memory(nbytes, what, reduce="reduce the input (e.g. round the scores to fewer distinct values)"):
    """Raise ``MemoryError`` when the estimate ``nbytes`` exceeds the limit.

    ``what`` names the argument and the sizes; ``reduce`` says what to make smaller.
    """
    if nbytes > _limit:
        raise MemoryError(
            f"{what} would need about {_human(nbytes)}, more than the memory limit of {_human(_limit)}; "
            f"{reduce} or raise the limit with skewplot.set_memory_limit(nbytes)"
        )


#: Most elementary steps (about one numpy element operation, or a thousandth of a Python loop turn, each)
#: a call may plan: some minutes of work on one core.  Above it the call is refused before it starts.
WORK_LIMIT = 1e11


def check_work(steps, what, reduce):
    """Raise ``ValueError`` when a call's planned work, ``steps``, exceeds :data:`WORK_LIMIT` (a time guard).

    ``what`` names the arguments and sizes that set the work; ``reduce`` says what to lower.
    """
    if steps > WORK_LIMIT:
        raise ValueError(f"{what} would take about {steps:.2g} steps of work (some {steps / 6e9:.0f} minutes at "
                         f"1e8 a second), more than {WORK_LIMIT:.0e}; {reduce}")
