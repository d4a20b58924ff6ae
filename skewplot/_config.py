"""Library-wide settings: how many threads the sorting kernels may use."""

from __future__ import annotations

import numbers
import os
import threading
from concurrent.futures import ThreadPoolExecutor, wait

__all__ = ["get_config", "set_config"]

#: Environment variable read when ``n_threads`` was never set.
ENV_THREADS = "SKEWPLOT_NUM_THREADS"

_MAX_THREADS = 8
_settings = {"n_threads": None}


def _available_cores():
    try:
        return len(os.sched_getaffinity(0))  # the cores this process may run on
    except AttributeError:  # pragma: no cover - macOS and Windows have no affinity call
        return os.cpu_count() or 1


def _check_threads(value, name):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a positive integer or None, got {type(value).__name__}")
    value = int(value)
    if value < 1:
        raise ValueError(f"{name} must be a positive integer or None, got {value}")
    return value


def n_threads():
    """Threads a kernel may use: the setting, else ``$SKEWPLOT_NUM_THREADS``, else the affinity cores (max 8)."""
    value = _settings["n_threads"]
    if value is None:
        env = os.environ.get(ENV_THREADS, "").strip()
        if env:
            try:
                value = _check_threads(int(env), f"${ENV_THREADS}")
            except ValueError as exc:
                raise ValueError(f"${ENV_THREADS} must be a positive integer, got {env!r}") from exc
    if value is None:
        value = min(_available_cores(), _MAX_THREADS)
    return value


def spare_threads():
    """Threads worth starting now: :func:`n_threads`, or 1 when no core is idle.

    Splitting work across threads only pays when cores are idle: on a
    saturated machine a second thread was measured 1.2-1.3x slower than
    one (2 cores, load 11-16).  "Idle" is read now, from the tasks running
    at this moment (:func:`_others_running`): the 1-minute load average
    lags, and kept a 2-core machine on one thread for a minute after a
    burst of work had ended.
    """
    want = n_threads()
    others = _others_running()
    return want if others is None or others + 1 < _available_cores() else 1


def _others_running():
    """Tasks running or waiting to run besides this one: Linux's count now, else the 1-minute load average.

    None when neither can be read.
    """
    try:
        with open("/proc/loadavg") as f:  # "0.52 0.58 0.59 2/283 4242": 2 running now, this one included
            return int(f.read().split()[3].split("/")[0]) - 1
    except (OSError, ValueError, IndexError):
        pass
    try:
        return max(os.getloadavg()[0] - 1.0, 0.0)  # the average counts this process while it computes
    except (AttributeError, OSError):  # pragma: no cover - no load average on this platform
        return None


_POOLS = {}


def thread_pool(workers):
    """A pool of ``workers`` threads, made once and kept (the kernels' helpers run there)."""
    if workers not in _POOLS:
        _POOLS[workers] = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=_PREFIX)
    return _POOLS[workers]


_PREFIX = "skewplot"


#: Shortest range a kernel cuts in two halves (shorter: the second thread costs more than it saves).
HALVES_MIN = 1 << 17


def cut_in_two(lo, hi, step, least=HALVES_MIN):
    """Where the range ``lo .. hi - 1`` is cut in two: ``lo`` plus a multiple of ``step`` near the middle.

    ``hi`` (no cut) when the range is shorter than ``least``.

    Examples
    --------
    >>> cut_in_two(0, 100, 8, 50), cut_in_two(0, 40, 8, 50)
    (48, 40)
    """
    return lo + (hi - lo) // 2 // step * step if hi - lo >= least else hi


def in_two(first, second, threads):
    """``(first(), second())``, with ``second`` run in the pool's thread meanwhile when ``threads > 1``.

    The two must not depend on each other.  A kernel that splits its work
    in two this way splits it the same way on one thread, so its result
    does not depend on the number of threads.  Inside a pool thread both
    run here (a task waiting for the pool's only thread would wait forever).

    Examples
    --------
    >>> in_two(lambda: 1, lambda: 2, threads=2)
    (1, 2)
    """
    if threads < 2 or threading.current_thread().name.startswith(_PREFIX):
        return first(), second()
    side = thread_pool(1).submit(second)
    try:
        done = first()
    except BaseException:
        wait([side])  # it may still be writing into memory the caller shares
        raise
    return done, side.result()


def get_config():
    """The current settings, as a dict.

    ``n_threads`` is the number the kernels will use now (resolved from the
    setting, the environment variable and the affinity mask).

    Examples
    --------
    >>> import skewplot as sp
    >>> sp.get_config()["n_threads"] >= 1
    True
    """
    return {"n_threads": n_threads()}


def set_config(*, n_threads=None):
    """Change library-wide settings.

    Parameters
    ----------
    n_threads : int or None
        Most threads the sorting kernels may use.  None (default) means the
        environment variable ``SKEWPLOT_NUM_THREADS`` when set, else the
        cores this process may run on (``os.sched_getaffinity``), at most 8.
        Threads are used only where they were measured to help, and only
        while a core is idle (tasks running now, from ``/proc/loadavg``, or
        the 1-minute load average where that cannot be read; on a saturated
        machine a second thread made things slower).  The
        weighted (soft-label) kernel builds its index keys in two threads
        and value-sorts the scores in the second while it sorts the keys;
        with soft labels and untied scores the running sums of the weights
        and the two areas at the data's own skew (continuous AUCPR and AP,
        one pass) are taken in two halves, one per thread (1e6 points: the
        pipeline 1.2x faster than on one thread; one second thread in all,
        kept in a pool).
        The hard-label kernel is one ``np.sort``, which a second thread did
        not speed up, and the areas of other curves (slices of a few
        operations each) were slower on two threads than on one.  The
        results do not depend on the number of threads: the work is cut in
        the same halves on one thread.

    Returns
    -------
    dict
        The previous settings, so that ``set_config(**old)`` restores them.

    Examples
    --------
    >>> import skewplot as sp
    >>> old = sp.set_config(n_threads=1)
    >>> sp.get_config()["n_threads"]
    1
    >>> _ = sp.set_config(**old)
    """
    old = dict(_settings)
    _settings["n_threads"] = _check_threads(n_threads, "n_threads")
    return old
