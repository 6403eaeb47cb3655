"""A multi-agent environment in the shape of PettingZoo's AEC API (Debian packages neither
PettingZoo nor Gymnasium, so it is written by hand): code written for that API runs unchanged.

Agents are "seat_0", "seat_1", ... for the seats not given to a built-in bot (`opponents`). The
seat to act is the first of the match's seats to act, so simultaneous phases (placement by every
seat, Royale's discards, the party game's placement) are serialised in seat order. Bots play
from observations only: observe(agent) is built from that seat's engine observation, which
holds no other seat's secret.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

import numpy as np

from . import _engine
from .codecs import Codec, SeatView, make_codec
from .spaces import Box, Discrete, DictSpace


def seat_of(agent: str) -> int:
    return int(agent.rsplit("_", 1)[1])


class BroadsideEnv:
    """One game of `game` at a time; reset(seed) starts the next."""

    metadata = {"name": "broadside_v0", "is_parallelizable": False, "render_modes": []}

    def __init__(
        self,
        game: str,
        options: Optional[Dict[str, Any]] = None,
        opponents: Optional[Dict[int, str]] = None,
        max_steps: Optional[int] = None,
    ) -> None:
        self.game = game
        probe = _engine.Match(game, options or {}, 0)
        self.options: Dict[str, Any] = probe.options
        self.seats = probe.seats
        self.opponents = dict(opponents or {})
        self.max_steps = max_steps
        self.possible_agents = [f"seat_{s}" for s in range(self.seats) if s not in self.opponents]
        self._codecs: Dict[str, Codec] = {a: make_codec(game, self.options) for a in self.possible_agents}
        first = self._codecs[self.possible_agents[0]]
        self._action_spaces = {a: Discrete(first.size) for a in self.possible_agents}
        self._observation_spaces = {
            a: DictSpace(
                {
                    "observation": first.observation_space,
                    "action_mask": Box(0, 1, (first.size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.match: Optional[_engine.Match] = None

    # --- spaces -------------------------------------------------------------------------------
    def action_space(self, agent: str) -> Discrete:
        return self._action_spaces[agent]

    def observation_space(self, agent: str) -> DictSpace:
        return self._observation_spaces[agent]

    # --- the AEC loop --------------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is None:
            seed = int(np.random.default_rng().integers(2**63))
        self.match = _engine.Match(self.game, self.options, seed)
        self._policies = {s: _engine.Policy(self.game, name) for s, name in self.opponents.items()}
        for s, policy in self._policies.items():
            policy.start(self.match, s)
        self.agents: List[str] = list(self.possible_agents)
        self.rewards: Dict[str, float] = {a: 0.0 for a in self.agents}
        self._cumulative_rewards: Dict[str, float] = {a: 0.0 for a in self.agents}
        self.terminations: Dict[str, bool] = {a: False for a in self.agents}
        self.truncations: Dict[str, bool] = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._crew_totals: Dict[int, float] = {}
        for codec in self._codecs.values():
            codec.clear()
        self._play_opponents()
        self._finish_if_over()
        self._select()

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> Dict[str, Any]:
        assert self.match is not None
        seat = seat_of(agent)
        codec = self._codecs[agent]
        return {
            "observation": codec.observation(self.match.observe(seat)),
            "action_mask": self._mask(agent).astype(np.int8),
        }

    def step(self, action: Optional[int]) -> None:
        assert self.match is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError("a terminated or truncated agent is stepped with None")
            self.agents.remove(agent)
            self._select()
            return
        mask = self._mask(agent)
        if action is None or not self._action_spaces[agent].contains(action) or not mask[action]:
            raise ValueError(f"action {action!r} is not allowed now (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        seat = seat_of(agent)
        whole = self._codecs[agent].take(int(action), SeatView(self.match, seat))
        if whole is not None:
            self._credit(self.match.act(seat, whole))
            self._play_opponents()
        self._steps += 1
        self._finish_if_over()
        if self.max_steps is not None and self._steps >= self.max_steps and not self.match.over:
            self.truncations = {a: True for a in self.agents}
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r
        self._select()

    def close(self) -> None:
        self.match = None

    # --- internals -----------------------------------------------------------------------------
    def _mask(self, agent: str) -> np.ndarray:
        assert self.match is not None
        seat = seat_of(agent)
        codec = self._codecs[agent]
        if self.terminations[agent] or self.truncations[agent] or seat not in self.match.to_act:
            return np.zeros(codec.size, dtype=bool)
        return codec.mask(SeatView(self.match, seat))

    def _play_opponents(self) -> None:
        assert self.match is not None
        while not self.match.over and self.match.to_act[0] in self._policies:
            seat = self.match.to_act[0]
            self._credit(self.match.act(seat, self._policies[seat].act(self.match, seat)))

    def _credit(self, events: List[Dict[str, Any]]) -> None:
        # The dice game pays each turn what it added to the seat's total, as it is scored (a
        # playoff turn decides a tie but is not added to the totals: it pays 0), so a seat's
        # rewards sum to its total; the other games pay at the end.
        for event in events:
            if event.get("type") == "turn_over":
                seat = int(event["seat"])
                total = float(event["total"])
                gained = total - self._crew_totals.get(seat, 0.0)
                self._crew_totals[seat] = total
                agent = f"seat_{seat}"
                if agent in self.rewards:
                    self.rewards[agent] += gained

    def _finish_if_over(self) -> None:
        assert self.match is not None
        if not self.match.over or all(self.terminations.values()):
            return
        if self.game != "crew":
            result = self.match.result
            winners = result.get("winners")
            if winners is None:
                winners = [] if result.get("winner") is None else [result["winner"]]
            host = 0 if self.game == "party" else None
            for agent in self.agents:
                seat = seat_of(agent)
                if seat == host or not winners:
                    continue  # the party host and a drawn game score 0
                self.rewards[agent] += 1.0 if seat in winners else -1.0
        for policy_seat, policy in self._policies.items():
            policy.end(self.match, policy_seat)
        self.terminations = {a: True for a in self.agents}

    def _select(self) -> None:
        assert self.match is not None
        if not self.agents:
            self.agent_selection = ""
            return
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            self.agent_selection = done[0]
            return
        self.agent_selection = f"seat_{self.match.to_act[0]}"


def env(game: str, **kwargs: Any) -> BroadsideEnv:
    """PettingZoo's usual constructor name."""
    return BroadsideEnv(game, **kwargs)
