"""The figure lint's checks of each drawn text by itself: its size in print and the characters it draws.

Each check takes the drawn texts as ``_lint._drawn_texts(fig, renderer, with_text=True)`` lists them.
"""

from __future__ import annotations

import re
import unicodedata

from ..plotting.layout._figure import MIN_TEXT_PT
from ._lint_marks import Problem

__all__ = ["SCRIPT_SHRINK", "script_depth", "size_problems", "glyph_problems"]

#: mathtext draws a sub- or superscript at this fraction of its base's size, per level
SCRIPT_SHRINK = 0.7


def script_depth(text):
    r"""The deepest level of sub- or superscript in the mathtext of ``text`` (a string): 0 for none.

    Examples
    --------
    >>> script_depth("Recall"), script_depth(r"$\mathdefault{10^{-3}}$"), script_depth("$P_{x^{2}}$ costs $5")
    (0, 1, 2)
    """
    parts = re.split(r"(?<!\\)\$", text)
    if len(parts) < 3:  # fewer than two unescaped dollars: no mathtext
        return 0
    deepest = 0
    for math in parts[1:-1:2]:
        levels = []  # per open brace: the script level inside it
        level, pending = 0, False  # pending: the next token is a script of the current level
        i = 0
        while i < len(math):
            c = math[i]
            if c in "^_":
                pending = True
                i += 1
                continue
            inner = level + 1 if pending else level
            pending = False
            if c == "{":
                levels.append(level)
                level = inner
            elif c == "}":
                level = levels.pop() if levels else 0
            elif c == "\\":  # a command: its name is one token
                j = i + 1
                while j < len(math) and math[j].isalpha():
                    j += 1
                i = max(j, i + 2) - 1
            deepest = max(deepest, inner)
            i += 1
    return deepest


def size_problems(texts):
    """Texts under ``MIN_TEXT_PT`` at the saved size: points are print points (the figure saves at its size)."""
    out = []
    for what, _, text in texts:
        if text.get_usetex():
            continue
        size = text.get_fontsize() * SCRIPT_SHRINK ** script_depth(text.get_text())
        if size < MIN_TEXT_PT - 0.05:  # a size rounded in print (6.45 pt reads as 6.5)
            out.append(Problem("text-too-small", f"{what} is {size:.2f} pt in print (< {MIN_TEXT_PT} pt)"))
    return out


def glyph_problems(texts):
    """Combining characters in a drawn text (mathtext's accents, ``$\\bar{P}$``, are commands, not characters)."""
    out = []
    for what, _, text in texts:
        marks = sorted({f"U+{ord(c):04X}" for c in text.get_text() if unicodedata.combining(c)})
        if marks and not text.get_usetex():
            out.append(Problem("text-glyph", f"{what} holds the combining character(s) {', '.join(marks)}, which "
                                             "matplotlib 3.8 draws over nothing; use a mathtext accent"))
    return out
