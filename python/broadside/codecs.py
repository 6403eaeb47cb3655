"""Each game's actions as indices into one fixed-size discrete space, and its observation as a
NumPy array. A compound action (a fleet, a Salvo volley) is built over several sub-steps, one
index each; the codec collects them and hands back the whole action once it is complete.
docs/python.md has a table per game. Royale is in royale.py, classic's weapons in weapons.py."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from . import _engine
from .spaces import Box
from .weapons import WeaponActions

ORIENTATIONS = ("right", "down")

_UNREAD: Any = object()


class SeatView:
    """What a codec may read of one seat now: its legal actions and its own observation. Both
    are read from the match on first use only, since each is a conversion to Python objects
    and most codecs never need the observation."""

    def __init__(self, match: _engine.Match, seat: int) -> None:
        self.match, self.seat = match, seat
        self._legal: Any = _UNREAD
        self._observation: Any = _UNREAD

    @property
    def legal(self) -> Any:
        if self._legal is _UNREAD:
            self._legal = self.match.legal(self.seat)
        return self._legal

    @property
    def observation(self) -> Dict[str, Any]:
        if self._observation is _UNREAD:
            self._observation = self.match.observe(self.seat)
        return self._observation


class Codec:
    """One seat's view of a game's action indices; `pending` holds the sub-steps so far."""

    size: int
    observation_space: Box

    def __init__(self) -> None:
        self.pending: List[Any] = []

    def clear(self) -> None:
        self.pending = []

    def mask(self, view: SeatView) -> np.ndarray:
        raise NotImplementedError

    def take(self, index: int, view: SeatView) -> Optional[Dict[str, Any]]:
        """Records one sub-step; returns the engine action once it is complete."""
        raise NotImplementedError

    def observation(self, obs: Dict[str, Any]) -> np.ndarray:
        raise NotImplementedError


class Grid:
    """Cells of a rows x cols board as indices row * cols + col; `letter_is_row` says how the
    game writes them (classic "C5" is row C, column 5; the party game's is column C, row 5)."""

    def __init__(self, rows: int, cols: int, letter_is_row: bool) -> None:
        self.rows, self.cols, self.letter_is_row = rows, cols, letter_is_row
        self.cells = rows * cols

    def index(self, text: str) -> int:
        letter, number = ord(text[0].upper()) - ord("A"), int(text[1:]) - 1
        row, col = (letter, number) if self.letter_is_row else (number, letter)
        return row * self.cols + col

    def name(self, index: int) -> str:
        row, col = divmod(index, self.cols)
        letter, number = (row, col) if self.letter_is_row else (col, row)
        return chr(ord("A") + letter) + str(number + 1)

    def ship(self, index: int, orientation: int, length: int) -> Optional[List[int]]:
        """The cells of a ship, or None if it leaves the board."""
        row, col = divmod(index, self.cols)
        d_row, d_col = (0, 1) if orientation == 0 else (1, 0)
        if row + d_row * (length - 1) >= self.rows or col + d_col * (length - 1) >= self.cols:
            return None
        return [(row + d_row * k) * self.cols + col + d_col * k for k in range(length)]

    def neighbours(self, index: int) -> List[int]:
        row, col = divmod(index, self.cols)
        return [
            r * self.cols + c
            for r in range(max(0, row - 1), min(self.rows, row + 2))
            for c in range(max(0, col - 1), min(self.cols, col + 2))
        ]

    def plane(self, names: Any) -> np.ndarray:
        out = np.zeros(self.cells, dtype=np.int8)
        for item in names or ():
            # Hits on the enemy come as {"cell": "A1", "ship": ...} when the ship is announced.
            out[self.index(item["cell"] if isinstance(item, dict) else item)] = 1
        return out


class FleetPlacement:
    """Placing a fleet one ship per sub-step: index cell * 2 + orientation (0 right, 1 down).

    The mask opens a place only if the ships still to come can all be placed after it, so
    uniformly random masked play never reaches a sub-step with nothing allowed (on a tight board,
    or under `no_touch`, a ship put where it fits can leave no room for the rest). Cells are bits
    of a Python int: a ship's `cells`, and its `zone`, the cells no other ship may take (its own,
    and under `no_touch` their neighbours)."""

    def __init__(self, grid: Grid, lengths: List[int], no_touch: bool) -> None:
        self.grid, self.lengths, self.no_touch = grid, lengths, no_touch
        # Per length: every place on the board as (index, cells, zone).
        self._places: Dict[int, List[Tuple[int, int, int]]] = {}
        around = [sum(1 << n for n in grid.neighbours(c)) for c in range(grid.cells)] if no_touch else []
        for length in set(lengths):
            places = []
            for cell in range(grid.cells):
                for orientation in (0, 1):
                    cells = grid.ship(cell, orientation, length)
                    if cells is None:
                        continue
                    bits = sum(1 << c for c in cells)
                    zone = bits
                    for c in cells if no_touch else ():
                        zone |= around[c]
                    places.append((cell * 2 + orientation, bits, zone))
            self._places[length] = places

    def mask(self, placed: List[int]) -> np.ndarray:
        zone = 0
        for k, index in enumerate(placed):
            zone |= self._place(self.lengths[k], index)[2]
        rest = sorted(self.lengths[len(placed) + 1 :], reverse=True)
        # Completions found so far (cells and zone of the ships still to come): a place that
        # none of their ships' zones touches is completed by one of them, with no search.
        completions: List[Tuple[int, int]] = []
        out = np.zeros(self.grid.cells * 2, dtype=bool)
        for index, bits, own_zone in self._places[self.lengths[len(placed)]]:
            if bits & zone:
                continue
            if any(not (bits & z) for _, z in completions):
                out[index] = True
                continue
            found = self._complete(rest, zone | own_zone)
            if found is not None:
                completions.append(found)
                out[index] = True
        return out

    def _place(self, length: int, index: int) -> Tuple[int, int, int]:
        for place in self._places[length]:
            if place[0] == index:
                return place
        raise ValueError("no such place")

    def _complete(self, rest: List[int], zone: int) -> Optional[Tuple[int, int]]:
        """Places `rest` (longest first) around `zone` by depth-first search: the cells and zone
        of the ships placed, or None if they cannot all be placed. Ships of one length are
        interchangeable, so each takes a place after the previous one's (no order tried twice)."""
        free = self.grid.cells - bin(zone & ((1 << self.grid.cells) - 1)).count("1")
        if sum(rest) > free:
            return None

        def search(k: int, zone: int, start: int, cells: int, ships_zone: int) -> Optional[Tuple[int, int]]:
            if k == len(rest):
                return cells, ships_zone
            places = self._places[rest[k]]
            for i in range(start, len(places)):
                _, bits, own = places[i]
                if bits & zone:
                    continue
                same = k + 1 < len(rest) and rest[k + 1] == rest[k]
                found = search(k + 1, zone | own, i + 1 if same else 0, cells | bits, ships_zone | own)
                if found is not None:
                    return found
            return None

        return search(0, zone, 0, 0, 0)

    def action(self, placed: List[int]) -> Dict[str, Any]:
        ships = [self.grid.name(i // 2) + " " + ORIENTATIONS[i % 2] for i in placed]
        return {"type": "place", "ships": ships}

    def cells(self, placed: List[int]) -> List[int]:
        out: List[int] = []
        for k, index in enumerate(placed):
            out += self.grid.ship(index // 2, index % 2, self.lengths[k]) or []
        return out


class ClassicCodec(Codec):
    """Classic and Salvo: [0, 2N) places the next ship, [2N, 3N) fires at a cell (a Salvo
    volley is one shot per sub-step); with the `weapons` option, the indices from 3N on are
    the weapons (weapons.py). Observation: 6 planes of rows x cols (0/1): my ships, hits and
    misses on my ocean, my hits and misses on the enemy's, and this turn's picks; with weapons
    14 more (weapons.py)."""

    PLANES = 6

    def __init__(self, options: Dict[str, Any]) -> None:
        super().__init__()
        self.grid = Grid(options["rows"], options["cols"], letter_is_row=True)
        lengths = [ship["length"] for ship in options["fleet"]]
        self.placement = FleetPlacement(self.grid, lengths, bool(options["no_touch"]))
        n = self.grid.cells
        self.weapons: Optional[WeaponActions] = None
        if options.get("weapons"):
            self.weapons = WeaponActions(self.grid, first_index=3 * n)
        self.size = 3 * n + (self.weapons.size if self.weapons else 0)
        planes = self.PLANES + (self.weapons.PLANES if self.weapons else 0)
        shape = (planes, self.grid.rows, self.grid.cols)
        # Weapon planes hold counts (uses left, prizes, blast cells to name), at most N.
        self.observation_space = (
            Box(0, max(n, 2), shape, np.int16) if self.weapons else Box(0, 1, shape, np.int8)
        )

    def clear(self) -> None:
        super().clear()
        if self.weapons:
            self.weapons.clear()

    def mask(self, view: SeatView) -> np.ndarray:
        out = np.zeros(self.size, dtype=bool)
        legal = view.legal
        if legal is None:
            return out
        n = self.grid.cells
        if legal["type"] == "place":
            out[: 2 * n] = self.placement.mask(self.pending)
        elif legal["type"] == "fire":
            for text in legal["cells"]:
                out[2 * n + self.grid.index(text)] = True
            for cell in self.pending:
                out[2 * n + cell] = False
            # A weapon is the whole turn, in Salvo instead of the whole volley: none once a
            # shot of the volley is picked.
            if self.weapons and not self.pending:
                self.weapons.mask_weapons(legal.get("weapons", ()), out)
        elif legal["type"] == "blast" and self.weapons:
            self.weapons.mask_blast(out)
        return out

    def take(self, index: int, view: SeatView) -> Optional[Dict[str, Any]]:
        n = self.grid.cells
        legal = view.legal
        if self.weapons and index >= 3 * n:
            return self.weapons.take(index, legal)
        if legal["type"] == "place":
            self.pending.append(index)
            if len(self.pending) < len(self.placement.lengths):
                return None
            action = self.placement.action(self.pending)
        else:
            self.pending.append(index - 2 * n)
            if len(self.pending) < legal["count"]:
                return None
            action = {"type": "fire", "cells": [self.grid.name(c) for c in self.pending]}
        self.clear()
        return action

    def observation(self, obs: Dict[str, Any]) -> np.ndarray:
        g = self.grid
        mine = [cell for ship in obs.get("my_fleet") or () for cell in ship["cells"]]
        incoming, targets = obs["incoming"], obs["targets"]
        picks = np.zeros(g.cells, dtype=np.int8)
        if obs["phase"] == "placement":
            picks[self.placement.cells(self.pending)] = 1
        else:
            picks[self.pending] = 1
            if self.weapons:
                picks[self.weapons.blast] = 1
        planes = [
            g.plane(mine),
            g.plane(incoming["hits"]),
            g.plane(incoming["misses"]),
            g.plane(targets["hits"]),
            g.plane(targets["misses"]),
            picks,
        ]
        if self.weapons:
            planes += self.weapons.planes(obs)
        space = self.observation_space
        return np.stack(planes).astype(space.dtype).reshape(space.shape)


class PartyCodec(Codec):
    """The party game: 0 is the host's "fire"; 1 + cell * 2 + orientation places a player's next
    ship (6x6 sea, column letter A-F, row 1-6). Observation: 3 planes of 6 x 6: my ships, the
    cells torpedoed so far, this placement's picks."""

    def __init__(self, options: Dict[str, Any]) -> None:
        super().__init__()
        self.grid = Grid(6, 6, letter_is_row=False)
        self.placement = FleetPlacement(self.grid, [5, 4, 3, 3, 2, 1], no_touch=False)
        self.size = 1 + 2 * self.grid.cells
        self.observation_space = Box(0, 1, (3, 6, 6), np.int8)

    def mask(self, view: SeatView) -> np.ndarray:
        out = np.zeros(self.size, dtype=bool)
        legal = view.legal
        if legal is None:
            return out
        if legal["type"] == "fire":
            out[0] = True
        elif legal["type"] == "place":
            out[1:] = self.placement.mask(self.pending)
        return out

    def take(self, index: int, view: SeatView) -> Optional[Dict[str, Any]]:
        if index == 0:
            return {"type": "fire"}
        self.pending.append(index - 1)
        if len(self.pending) < len(self.placement.lengths):
            return None
        action = self.placement.action(self.pending)
        self.clear()
        return action

    def observation(self, obs: Dict[str, Any]) -> np.ndarray:
        g = self.grid
        mine = [cell for ship in obs.get("my_fleet") or () for cell in ship["cells"]]
        torpedoed = [t for t in obs.get("torpedoes") or () if isinstance(t, str)]
        picks = np.zeros(g.cells, dtype=np.int8)
        picks[self.placement.cells(self.pending)] = 1
        return np.stack([g.plane(mine), g.plane(torpedoed), picks]).reshape(3, 6, 6)


class CrewCodec(Codec):
    """The dice game: 0 stop, 1 throw (every die not held), 2..7 throw keeping the crew die
    showing 1..6. Observation (8 integers): throws left, ship/captain/mate held (0/1 each), the
    crew's two faces (0 without a crew), my total, the best total of the others."""

    HELD = ("ship", "captain", "mate")

    def __init__(self, options: Dict[str, Any]) -> None:
        super().__init__()
        self.size = 8
        self.observation_space = Box(0, 32767, (8,), np.int16)

    def mask(self, view: SeatView) -> np.ndarray:
        out = np.zeros(self.size, dtype=bool)
        for choice in (view.legal or {}).get("choices", ()):
            out[self.index_of(choice)] = True
        return out

    @staticmethod
    def index_of(choice: Dict[str, Any]) -> int:
        if choice["type"] == "stop":
            return 0
        keep = choice.get("keep") or []
        return 1 if not keep else 1 + int(keep[0])

    def take(self, index: int, view: SeatView) -> Optional[Dict[str, Any]]:
        if index == 0:
            return {"type": "stop"}
        if index == 1:
            return {"type": "throw"}
        return {"type": "throw", "keep": [index - 1]}

    def observation(self, obs: Dict[str, Any]) -> np.ndarray:
        turn = obs.get("turn") or {}
        mine = obs.get("seat", 0)
        totals = obs.get("totals") or [0]
        others = [t for s, t in enumerate(totals) if s != mine] or [0]
        crew = turn.get("crew") if turn.get("seat") == mine else None
        held = turn.get("held") or [] if turn.get("seat") == mine else []
        values = [
            turn.get("throws_left", 0) if turn.get("seat") == mine else 0,
            *[int(h in held) for h in self.HELD],
            *(crew or [0, 0]),
            max(0, totals[mine] if mine < len(totals) else 0),
            max(0, max(others)),
        ]
        return np.array(values, dtype=np.int16)


def make_codec(game: str, options: Dict[str, Any]) -> Codec:
    if game in ("classic", "salvo"):
        return ClassicCodec(options)
    if game == "party":
        return PartyCodec(options)
    if game == "crew":
        return CrewCodec(options)
    if game == "royale":
        from .royale import RoyaleCodec  # royale.py builds on this module

        return RoyaleCodec(options)
    raise NotImplementedError(f"the environment does not encode {game} yet; use broadside.Match")
