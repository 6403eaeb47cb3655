"""Classic's and Salvo's optional weapons (docs/rules/weapons.md) as action indices after the
plain game's 3N (N = rows x cols), each a whole turn in one index except the Experimental
Weapon's blast, which is named one cell per sub-step after its roll:

    [3N, 4N)      Tactical Nuke centred on a cell
    [4N, 5N)      Bomber Flight centred on a cell
    [5N, 9N)      Torpedo from a cell, index 5N + cell * 4 + heading (down, up, right, left)
    9N            SCUBA Attack
    9N + 1        Experimental Weapon (rolls; the blast follows)
    [9N+2, 10N+2) the next cell of the blast
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional

import numpy as np

if TYPE_CHECKING:
    from .codecs import Grid

# The engine's order (its `weapons` option lists them so); the observation's planes follow it.
WEAPONS = ("nuke", "scuba", "torpedo", "experimental", "bomber")
HEADINGS = ("down", "up", "right", "left")


class WeaponActions:
    PLANES = 2 * len(WEAPONS) + 4

    def __init__(self, grid: "Grid", first_index: int) -> None:
        self.grid = grid
        n = grid.cells
        self.nuke = first_index
        self.bomber = self.nuke + n
        self.torpedo = self.bomber + n
        self.scuba = self.torpedo + 4 * n
        self.experimental = self.scuba + 1
        self.blast_cells = self.experimental + 1
        self.size = self.blast_cells + n - first_index
        self.torpedo_allowed = self._torpedo_starts()
        self.blast: List[int] = []  # the blast cells named so far

    def clear(self) -> None:
        self.blast = []

    def _torpedo_starts(self) -> np.ndarray:
        """cell * 4 + heading for every start on the edge and heading away from that edge: the
        engine's rule (a corner has two, and needs the heading said; we always say it)."""
        rows, cols = self.grid.rows, self.grid.cols
        out = np.zeros(4 * self.grid.cells, dtype=bool)
        for cell in range(self.grid.cells):
            row, col = divmod(cell, cols)
            away = {
                "down": row == 0,
                "up": row == rows - 1,
                "right": col == 0,
                "left": col == cols - 1,
            }
            for h, heading in enumerate(HEADINGS):
                out[cell * 4 + h] = away[heading]
        return out

    # --- masks -----------------------------------------------------------------------------
    def mask_weapons(self, usable: Iterable[str], out: np.ndarray) -> None:
        """Opens the indices of the weapons the engine lists as usable now."""
        n = self.grid.cells
        for weapon in usable:
            if weapon == "nuke":
                out[self.nuke : self.nuke + n] = True
            elif weapon == "bomber":
                out[self.bomber : self.bomber + n] = True
            elif weapon == "torpedo":
                out[self.torpedo : self.torpedo + 4 * n] = self.torpedo_allowed
            elif weapon == "scuba":
                out[self.scuba] = True
            elif weapon == "experimental":
                out[self.experimental] = True

    def mask_blast(self, out: np.ndarray) -> None:
        """Any cell first, then cells touching one already named (edges or corners) and not
        named yet. Growing the blast this way keeps it one group, and every group can be named
        so (in the order a flood fill reaches it), so the mask loses no legal blast; a group
        smaller than the board always has a free neighbour, so it never gets stuck."""
        n = self.grid.cells
        if not self.blast:
            out[self.blast_cells : self.blast_cells + n] = True
            return
        for cell in self.blast:
            for near in self.grid.neighbours(cell):
                out[self.blast_cells + near] = True
        for cell in self.blast:
            out[self.blast_cells + cell] = False

    # --- actions ---------------------------------------------------------------------------
    def take(self, index: int, legal: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        name = self.grid.name
        if index >= self.blast_cells:
            self.blast.append(index - self.blast_cells)
            if len(self.blast) < legal["count"]:
                return None
            action = {"type": "blast", "cells": [name(c) for c in self.blast]}
            self.clear()
            return action
        if index == self.experimental:
            return {"type": "experimental"}
        if index == self.scuba:
            return {"type": "scuba"}
        if index >= self.torpedo:
            cell, heading = divmod(index - self.torpedo, 4)
            return {"type": "torpedo", "cell": name(cell), "heading": HEADINGS[heading]}
        if index >= self.bomber:
            return {"type": "bomber", "cell": name(index - self.bomber)}
        return {"type": "nuke", "cell": name(index - self.nuke)}

    # --- observation -----------------------------------------------------------------------
    def planes(self, obs: Dict[str, Any]) -> List[np.ndarray]:
        """14 planes of rows x cols: my uses left of each weapon (in WEAPONS order, 0 for a
        weapon not in play), the enemy's, my prizes, the enemy's, the blast cells still to
        name, and enemy cells an Experimental mishap revealed (0/1)."""
        n = self.grid.cells
        weapons = obs.get("weapons") or {}
        seat = obs["seat"]
        prizes = obs.get("prizes") or [0, 0]
        values = [weapons.get(w, {}).get("mine", 0) for w in WEAPONS]
        values += [weapons.get(w, {}).get("enemy", 0) for w in WEAPONS]
        values += [prizes[seat], prizes[1 - seat]]
        values.append(max(0, obs.get("blast_pending", 0) - len(self.blast)))
        out = [np.full(n, v, dtype=np.int16) for v in values]
        revealed = [c for ship in obs.get("enemy_fleet") or () for c in ship.get("cells", ())]
        out.append(self.grid.plane(revealed).astype(np.int16))
        return out
