"""Battleship Royale (Standard and Advanced; docs/rules/royale.md) as indices into one discrete
space of 259 (N = 100 cells of the shared 10 x 10 grid, `row * 10 + col`):

    [0, 5)        discard the card in this slot of the dealt hand (two sub-steps)
    [5, 45)       sonar: 5 + source * 20 + line (source 0 own, 1 bonus; lines A..J, then 1..10)
    45            roll
    46            end the turn
    [47, 147)     fire at a cell: Standard one shot a step; Advanced the volley of the roll,
                  one cell per sub-step
    [147, 159)    use the bonus of the card in this slot of my claimed cards; its cells follow
    [159, 259)    the next cell of that bonus (Standard one; Advanced the card's volley)

The observation is one int16 vector (docs/python.md, "Battleship Royale"): 13 planes of the
grid, then the numbers of the turn, my claimed slots and every seat from mine on.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np

from .codecs import Codec, Grid, SeatView
from .spaces import Box

LINES = tuple("ABCDEFGHIJ") + tuple(str(k) for k in range(1, 11))
SOURCES = ("own", "bonus")
PHASES = ("discard", "turn_start", "shooting", "over")

HAND_SLOTS = 5  # the most cards dealt: 5 (Standard, 2-4 players) or a Submarine and 4
# The most cards ever in play (players x cards kept is 12 at every table size), so the most
# one seat can claim.
CLAIM_SLOTS = 12
MAX_SEATS = 6

DISCARD = 0
SONAR = DISCARD + HAND_SLOTS
ROLL = SONAR + len(SOURCES) * len(LINES)
END = ROLL + 1
FIRE = END + 1
BONUS_CARD = FIRE + 100
BONUS_CELL = BONUS_CARD + CLAIM_SLOTS
SIZE = BONUS_CELL + 100

PLANES = 13
SEAT_VALUES = 6
SCALARS = 6 + CLAIM_SLOTS + SEAT_VALUES * MAX_SEATS


class RoyaleCodec(Codec):
    """`kind` is the compound action being built ("discard", "fire", "bonus") or None;
    `pending` holds its parts so far: card ids for a discard, cell indices for a volley."""

    def __init__(self, options: Dict[str, Any]) -> None:
        super().__init__()
        self.grid = Grid(10, 10, letter_is_row=True)
        self.size = SIZE
        self.observation_space = Box(0, 100, (PLANES * self.grid.cells + SCALARS,), np.int16)
        self.kind: Optional[str] = None
        self.count = 0
        self.card: Optional[str] = None
        self.discarded_cells: List[str] = []

    def clear(self) -> None:
        self._end_compound()
        self.discarded_cells = []

    def _end_compound(self) -> None:
        self.pending, self.kind, self.count, self.card = [], None, 0, None

    # --- masks -----------------------------------------------------------------------------
    def mask(self, view: SeatView) -> np.ndarray:
        out = np.zeros(self.size, dtype=bool)
        legal = view.legal
        if legal is None:
            return out
        actions = {a["type"]: a for a in legal["actions"]}
        open_cells = [self.grid.index(c) for c in legal.get("cells", ())]
        if self.kind == "discard":
            self._open_discards(actions["discard"], view.observation, out)
        elif self.kind == "fire":
            self._open_cells(FIRE, open_cells, out)
        elif self.kind == "bonus":
            self._open_cells(BONUS_CELL, open_cells, out)
        else:
            self._open_starts(actions, open_cells, view, out)
        return out

    def _open_starts(
        self, actions: Dict[str, Any], open_cells: List[int], view: SeatView, out: np.ndarray
    ) -> None:
        """Every action that may begin now."""
        if "discard" in actions:
            self._open_discards(actions["discard"], view.observation, out)
        if "sonar" in actions:
            for source in actions["sonar"]["sources"]:
                for line in actions["sonar"]["lines"]:
                    out[self.sonar_index(source, line)] = True
        out[ROLL] = "roll" in actions
        out[END] = "end" in actions
        if "fire" in actions:
            self._open_cells(FIRE, open_cells, out)
        if "bonus" in actions:
            usable = {b["card"] for b in actions["bonus"]["cards"] if b["count"] > 0}
            for slot, card in enumerate(self._my_claims(view.observation)):
                out[BONUS_CARD + slot] = card["id"] in usable

    def _open_discards(self, action: Dict[str, Any], obs: Dict[str, Any], out: np.ndarray) -> None:
        allowed = set(action["cards"]) - set(self.pending)
        for slot, card in enumerate(obs["my_cards"]):
            out[DISCARD + slot] = card["id"] in allowed

    def _open_cells(self, first: int, open_cells: List[int], out: np.ndarray) -> None:
        """Unshot cells not yet picked for the volley being built."""
        for cell in open_cells:
            out[first + cell] = True
        for cell in self.pending:
            out[first + cell] = False

    @staticmethod
    def sonar_index(source: str, line: str) -> int:
        return SONAR + SOURCES.index(source) * len(LINES) + LINES.index(line)

    @staticmethod
    def _my_claims(obs: Dict[str, Any]) -> List[Dict[str, Any]]:
        claims: List[Dict[str, Any]] = obs["seats"][obs["seat"]]["claimed"]
        return claims

    # --- actions ---------------------------------------------------------------------------
    def take(self, index: int, view: SeatView) -> Optional[Dict[str, Any]]:
        actions = {a["type"]: a for a in view.legal["actions"]}
        if index < SONAR:
            return self._take_discard(index - DISCARD, actions["discard"], view.observation)
        if index < ROLL:
            source, line = divmod(index - SONAR, len(LINES))
            return {"type": "sonar", "line": LINES[line], "source": SOURCES[source]}
        if index == ROLL:
            return {"type": "roll"}
        if index == END:
            return {"type": "end"}
        if index < BONUS_CARD:
            if self.kind is None:
                self.kind, self.count = "fire", actions["fire"]["count"]
            return self._take_cell(index - FIRE)
        if index < BONUS_CELL:
            card = self._my_claims(view.observation)[index - BONUS_CARD]["id"]
            counts = {b["card"]: b["count"] for b in actions["bonus"]["cards"]}
            self.kind, self.count, self.card = "bonus", counts[card], card
            return None
        return self._take_cell(index - BONUS_CELL)

    def _take_discard(
        self, slot: int, action: Dict[str, Any], obs: Dict[str, Any]
    ) -> Optional[Dict[str, Any]]:
        self.kind, self.count = "discard", action["count"]
        self.pending.append(obs["my_cards"][slot]["id"])
        if len(self.pending) < self.count:
            return None
        chosen = set(self.pending)
        # Remembered for the observation: the engine's shows my discards by id only, and a
        # shot on a discarded card's cells is a sure miss.
        self.discarded_cells = [c for card in obs["my_cards"] if card["id"] in chosen
                                for c in card["cells"]]
        done = {"type": "discard", "cards": list(self.pending)}
        self._end_compound()
        return done

    def _take_cell(self, cell: int) -> Optional[Dict[str, Any]]:
        self.pending.append(cell)
        if len(self.pending) < self.count:
            return None
        done: Dict[str, Any] = {
            "type": self.kind,
            "cells": [self.grid.name(c) for c in self.pending],
        }
        if self.card is not None:
            done["card"] = self.card
        self._end_compound()
        return done

    # --- observation -----------------------------------------------------------------------
    def observation(self, obs: Dict[str, Any]) -> np.ndarray:
        parts = self._planes(obs) + [self._scalars(obs)]
        return np.concatenate(parts).astype(np.int16)

    def _planes(self, obs: Dict[str, Any]) -> List[np.ndarray]:
        """13 planes of 100 cells: shot, hit pegs (0-2), shows Sunk; my hand by slot (1 afloat,
        2 sunk); my discarded cards; every claimed (face-up) card; lines where sonar pinged;
        lines where it did not; this compound action's picks."""
        g, n = self.grid, self.grid.cells
        shots = obs["board"]["shots"]
        shot, pegs, sunk = (np.zeros(n, dtype=np.int16) for _ in range(3))
        for s in shots:
            i = g.index(s["cell"])
            shot[i], pegs[i], sunk[i] = 1, s["pegs"], int(s["sunk"])
        hand = [np.zeros(n, dtype=np.int16) for _ in range(HAND_SLOTS)]
        for slot, card in enumerate(obs["my_cards"]):
            hand[slot][[g.index(c) for c in card["cells"]]] = 2 if card["sunk"] else 1
        claimed = [c for seat in obs["seats"] for card in seat["claimed"] for c in card["cells"]]
        pinged, silent = np.zeros(n, dtype=np.int16), np.zeros(n, dtype=np.int16)
        for mark in obs["board"]["sonar"]:
            (pinged if mark["ping"] else silent)[self._line_cells(mark["line"])] = 1
        return [shot, pegs, sunk, *hand, g.plane(self.discarded_cells), g.plane(claimed),
                pinged, silent, self._picks(obs)]

    def _line_cells(self, line: str) -> List[int]:
        k = LINES.index(line)
        if k < 10:  # a row
            return [k * 10 + col for col in range(10)]
        return [row * 10 + (k - 10) for row in range(10)]

    def _picks(self, obs: Dict[str, Any]) -> np.ndarray:
        if self.kind == "discard":
            chosen = set(self.pending)
            cells = [c for card in obs["my_cards"] if card["id"] in chosen for c in card["cells"]]
            return self.grid.plane(cells)
        out = np.zeros(self.grid.cells, dtype=np.int8)
        out[self.pending] = 1
        return out

    def _scalars(self, obs: Dict[str, Any]) -> np.ndarray:
        """Phase, my turn, roll, die shots left, fresh sonar, picks still to make; the bonus
        left on each of my claimed cards; then per seat from mine on in turn order: in play,
        cards afloat, bonus shots, own sonar usable, bonus sonars, to move."""
        me, players = obs["seat"], obs["players"]
        turn = [
            PHASES.index(obs["phase"]),
            int(obs["to_move"] == me),
            obs["roll"] or 0,
            obs["shots_left"],
            int(obs.get("fresh_sonar", False)),
            max(0, self.count - len(self.pending)),
        ]
        bonus = [0] * CLAIM_SLOTS
        for slot, card in enumerate(self._my_claims(obs)):
            bonus[slot] = card["bonus_left"]
        seats = [0] * (SEAT_VALUES * MAX_SEATS)
        for k in range(players):
            seat = obs["seats"][(me + k) % players]
            seats[k * SEAT_VALUES : (k + 1) * SEAT_VALUES] = [
                int(not seat["eliminated"]),
                seat["cards_afloat"],
                seat["bonus_shots"],
                int(seat.get("own_sonar", False)),
                seat.get("bonus_sonars", 0),
                int(obs["to_move"] == seat["seat"]),
            ]
        return np.array(turn + bonus + seats, dtype=np.int16)
