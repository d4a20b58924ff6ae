"""Progress bars of long calls: ``tqdm.auto`` (a widget bar in Jupyter, text on stderr elsewhere).

Every function that can take more than a couple of seconds on realistic
data takes ``progress=True`` and wraps its loop in :func:`bar`.  The bar
appears only once the call has run for :data:`DELAY` seconds, so a short
call prints nothing; ``progress=False`` silences it.  A bar is closed on
every exit, Ctrl-C (KeyboardInterrupt) included.
"""

from __future__ import annotations

import contextlib

#: Seconds before a bar is shown: a call that ends sooner prints nothing.
DELAY = 2.0
#: Least seconds between two redraws of a bar.
MININTERVAL = 0.5


def check_progress(progress):
    """``progress`` as a bool; a TypeError naming it for anything else."""
    import numpy as np

    if not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"progress must be True or False, got {type(progress).__name__} {progress!r}")
    return bool(progress)


class _Silent:
    """What :func:`bar` yields when ``progress`` is False: updates that do nothing."""

    def update(self, n=1):
        pass

    def set_postfix_str(self, s=""):
        pass


@contextlib.contextmanager
def bar(total, desc, progress=True, unit="it"):
    """A progress bar of ``total`` steps named ``desc`` (``update(n)`` per step), shown after :data:`DELAY` s.

    Examples
    --------
    >>> from skewplot._progress import bar
    >>> with bar(3, "replicates", progress=False) as b:
    ...     for _ in range(3):
    ...         b.update(1)
    """
    if not progress:
        yield _Silent()
        return
    from tqdm.auto import tqdm

    with tqdm(total=total, desc=desc, unit=unit, delay=DELAY, mininterval=MININTERVAL, leave=False,
              dynamic_ncols=True) as b:
        yield b
