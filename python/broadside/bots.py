"""Bots written in Python for the environment: each chooses an action index from its own
observation and action mask, with a generator it is given (seeded per game by the caller)."""

from __future__ import annotations

import sys
import types
from typing import Any, Dict, List

import numpy as np

from . import _engine


class RandomMaskedBot:
    """Uniformly random among the allowed actions: the baseline a learnt policy should beat."""

    name = "py-random"

    def act(self, observation: Dict[str, Any], rng: np.random.Generator) -> int:
        allowed = np.flatnonzero(observation["action_mask"])
        return int(allowed[rng.integers(allowed.size)])


class HunterBot:
    """Classic/Salvo: fires next to a hit that is not yet surrounded, else at random; places at
    random. Reads only its observation planes (1: my ships ... 3: my hits, 4: my misses)."""

    name = "py-hunter"

    def act(self, observation: Dict[str, Any], rng: np.random.Generator) -> int:
        mask = np.asarray(observation["action_mask"], dtype=bool)
        planes = observation["observation"]
        rows, cols = planes.shape[1], planes.shape[2]
        cells = rows * cols
        fire = mask[2 * cells : 3 * cells]  # with weapons, their indices follow
        if fire.any():
            hits = planes[3].reshape(-1)
            for cell in np.flatnonzero(hits):
                r, c = divmod(int(cell), cols)
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    nr, nc = r + dr, c + dc
                    if 0 <= nr < rows and 0 <= nc < cols and fire[nr * cols + nc]:
                        return 2 * cells + nr * cols + nc
        allowed = np.flatnonzero(mask)
        return int(allowed[rng.integers(allowed.size)])


class _CallableModule(types.ModuleType):
    """`broadside.bots(game)` lists the built-in bots (docs/python.md), and `broadside.bots` is
    also this module: importing it replaces the package's attribute `bots`, the engine's
    function, with the module. Calling the module lists the bots as the function does, so
    `from broadside.bots import HunterBot` does not break `broadside.bots("classic")`."""

    def __call__(self, game: str) -> List[Dict[str, str]]:
        return _engine.bots(game)


sys.modules[__name__].__class__ = _CallableModule
