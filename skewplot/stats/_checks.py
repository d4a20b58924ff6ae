"""Input checks for :mod:`skewplot.stats` whose messages name the argument."""

from __future__ import annotations

import numpy as np

from .._validate import check_real_array, check_unit_array


def check_probabilities(q, name):
    """Return ``q`` as a float array with every value in [0, 1]."""
    return check_unit_array(q, name)


def check_values(x, name):
    """Return ``x`` as a finite float array."""
    return check_real_array(x, name)


def as_generator(random_state):
    """A :class:`numpy.random.Generator` from None, a seed, a SeedSequence, a Generator or a RandomState."""
    if isinstance(random_state, np.random.RandomState):
        # Draw a seed from the legacy state so the caller's state still advances.
        return np.random.default_rng(random_state.randint(0, 2**63 - 1, dtype=np.int64))
    try:
        return np.random.default_rng(random_state)
    except (TypeError, ValueError) as exc:
        raise TypeError(
            "random_state must be None, an int, a numpy SeedSequence, Generator or RandomState; "
            f"got {type(random_state).__name__}"
        ) from exc
