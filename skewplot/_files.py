"""Files written whole or not at all: a temporary file beside the target, renamed into place."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile


def write_atomically(path, write, *, binary=True):
    """Call ``write(fh)`` on a temporary file next to ``path``, then rename it to ``path``.

    A failure part-way (a full disk, an error, Ctrl-C) never leaves a
    truncated file under the final name, nor the temporary file.  The file
    gets the permissions ``open`` would give it: those of the file it
    replaces, else ``0o666`` less the user's umask (``mkstemp`` alone makes
    it ``0o600``, readable by its owner only).

    Examples
    --------
    >>> import os, tempfile
    >>> from skewplot._files import write_atomically
    >>> path = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> write_atomically(path, lambda fh: fh.write("hello"), binary=False)
    >>> open(path).read()
    'hello'
    """
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".skewplot-", suffix=os.path.splitext(path)[1], dir=folder)
    try:
        with os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8") as fh:
            write(fh)
        os.chmod(tmp, _new_file_mode(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise


def _new_file_mode(path):
    """The mode ``open(path, "wb")`` would leave: the existing file's, else 0o666 less the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        pass
    mask = os.umask(0o022)  # reading the umask means setting it; put it straight back
    os.umask(mask)
    return 0o666 & ~mask
