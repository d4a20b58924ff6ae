"""Files in and out for the command line: reading text with its encoding named, writing by rename."""

from __future__ import annotations

import csv
import io
import os

from ._files import write_atomically


class CLIError(Exception):
    """A user mistake: printed as one line, exit status 2."""


FORMATS = (".png", ".pdf", ".svg")


def read_text(path, encoding):
    """The whole file as text, with an error that names what is wrong with it."""
    if not os.path.exists(path):
        raise CLIError(f"file not found: {path}")
    if os.path.isdir(path):
        raise CLIError(f"FILE: {path} is a folder; give a CSV file")
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise CLIError(f"FILE: cannot read {path}: {exc.strerror or exc}") from None
    if b"\x00" in raw[:65536] and not raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CLIError(f"FILE: {path} holds binary data (NUL bytes), not a CSV text file")
    try:
        return raw.decode("utf-8-sig" if encoding.lower().replace("_", "-") in ("utf-8", "utf8") else encoding)
    except LookupError:
        raise CLIError(f"--encoding: unknown encoding {encoding!r}") from None
    except UnicodeDecodeError as exc:
        raise CLIError(
            f"FILE: {path} is not valid {encoding} (byte 0x{raw[exc.start]:02x} at offset {exc.start}); "
            "pass --encoding, e.g. --encoding latin-1"
        ) from None


def output_path(path, force, option="-o/--output"):
    ext = os.path.splitext(path)[1].lower()
    if ext not in FORMATS:
        raise CLIError(f"{option}: the file must end in {', '.join(FORMATS)}, got {path!r}")
    check_folder(os.path.dirname(os.path.abspath(path)), option)
    if os.path.isdir(path):
        raise CLIError(f"{option}: {path} is a folder")
    if os.path.exists(path) and not force:
        raise CLIError(f"{option}: {path} exists; pass --force to overwrite it")
    return path


def check_folder(folder, option):
    """Raise unless ``folder`` is an existing folder (not a file, not missing)."""
    head = folder
    while head and not os.path.exists(head):
        head = os.path.dirname(head) if os.path.dirname(head) != head else ""
    if not os.path.isdir(folder):
        if head and not os.path.isdir(head):
            raise CLIError(f"{option}: {head} is a file, so nothing can be written below it")
        raise CLIError(f"{option}: the folder {folder} does not exist")


def save_figure(fig, path, **kwargs):
    """Write ``fig`` to a temporary file next to ``path`` and rename it into place.

    A failure part-way (a full disk, an interrupt) never leaves a truncated
    file under the final name; the file gets the permissions ``open`` would
    give it (:func:`skewplot._files.write_atomically`).
    """
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    write_atomically(path, lambda fh: fig.savefig(fh, format=ext, **kwargs))


def read_columns(path, score, label, weight=None, encoding="utf-8", score_option="--y-score"):
    """Read the score columns, the label and the optional weight column of a CSV file with a header.

    ``score`` is one column name or a list of them; ``score_option`` is the option that named them.

    Returns
    -------
    score : ndarray of float, or dict of str to ndarray (a list of names)
    labels : list of str
    weight : ndarray of float or None
    """
    import numpy as np

    text = read_text(path, encoding)
    if not text.strip():
        raise CLIError(f"FILE: {path} is empty; a header row and data rows are needed")
    try:
        reader = csv.DictReader(io.StringIO(text, newline=""))
        header = reader.fieldnames or []
        rows = list(reader)
    except csv.Error as exc:
        raise CLIError(f"FILE: {path} is not a readable CSV file: {exc}") from None
    dupes = sorted({c for c in header if header.count(c) > 1})
    if dupes:
        raise CLIError(f"FILE: column name {dupes[0]!r} appears more than once in the header of {path}")
    scores = [score] if isinstance(score, str) else list(score)
    for role, col in [(score_option, c) for c in scores] + [("--y-true", label), ("--sample-weight", weight)]:
        if col is not None and col not in header:
            raise CLIError(f"{role}: no column {col!r} in {path}; columns are: {', '.join(header)}")
    if not rows:
        raise CLIError(f"{path} has a header but no data rows")

    for i, row in enumerate(rows):
        if None in row.values():
            raise CLIError(f"FILE: line {i + 2} of {path} has fewer fields than the header")
        if None in row:
            raise CLIError(f"FILE: line {i + 2} of {path} has more fields than the header")

    def numbers(col, role):
        out = np.empty(len(rows))
        for i, row in enumerate(rows):
            text = (row[col] or "").strip()
            try:
                out[i] = float(text)
                if not np.isfinite(out[i]):
                    raise ValueError
            except ValueError:
                raise CLIError(
                    f"{role}: column {col!r} has a non-numeric or non-finite value {text!r} on line {i + 2}"
                ) from None
        return out

    labels = [(row[label] or "").strip() for row in rows]
    values = numbers(score, score_option) if isinstance(score, str) else {c: numbers(c, score_option) for c in scores}
    return values, labels, (None if weight is None else numbers(weight, "--sample-weight"))
