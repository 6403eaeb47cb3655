"""The environment leaks no secret (issue 29): an agent's observation must not change when only
another seat's hidden state does. Two environments get the same seed; the secret seat places a
different fleet (classic, Salvo, weapons, the party game) or discards different cards (Royale);
every seat then takes the same action in both, chosen among actions whose public outcome is the
same in both (a shot at a cell that is water, or the same ship, in both). The agent's
observation and mask must be equal after every step, up to the first step whose public outcome
differs (the comparison stops there). The crew dice game is not here: it hides nothing.

The negative control plants the secret seat's ships or cards (read from its own engine
observation) into the agent's observation and shows that the same comparison then fails."""

from typing import Any, Callable, Optional, Set

import numpy as np
import pytest
from conftest import ENV_GAMES

import broadside
from broadside import royale
from broadside.env import seat_of

Plant = Optional[Callable[[broadside.BroadsideEnv, np.ndarray], np.ndarray]]


class Scenario:
    """Which seat is watched, whose secret differs, and which actions are safe."""

    agent = "seat_0"
    secret = 1

    def __init__(self, env_a: broadside.BroadsideEnv, env_b: broadside.BroadsideEnv) -> None:
        self.a, self.b = env_a, env_b
        self.differing: Set[int] = set()  # cells whose content differs between the two

    def secret_step(self, agent: str, rng: np.random.Generator):
        """(index in A, index in B) while the secret seat sets its hidden state, else None."""
        raise NotImplementedError

    def safe(self, agent: str, index: int) -> bool:
        raise NotImplementedError

    def diverged(self) -> bool:
        """Whether the step just taken had a different public outcome (chance, not choice)."""
        return False

    def plant(self, env: broadside.BroadsideEnv, obs: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def place_last_ship_apart(self, agent, rng, offset):
        """While the secret seat places: the same placement in both, but the last ship at two
        different legal places (placement index - offset = 2 x cell + down); the cells either
        may cover are marked as differing."""
        if agent != f"seat_{self.secret}" or self.a.match.legal(self.secret)["type"] != "place":
            return None
        codec = self.a._codecs[agent]
        allowed = np.flatnonzero(self.a.observe(agent)["action_mask"])
        pick = int(rng.choice(allowed))
        if len(codec.pending) < len(self.lengths) - 1:
            return pick, pick
        other = int(rng.choice(allowed[allowed != pick]))
        for index in (pick, other):
            cell, down = divmod(index - offset, 2)
            self.differing |= set(self.grid.ship(cell, down, self.lengths[-1]))
        return pick, other


class FleetScenario(Scenario):
    """Classic and Salvo (with or without weapons): seat 1's last ship lies elsewhere in B."""

    def __init__(self, env_a, env_b) -> None:
        super().__init__(env_a, env_b)
        codec = env_a._codecs["seat_1"]
        self.grid, self.n = codec.grid, codec.grid.cells
        self.lengths = codec.placement.lengths
        self.weapons = codec.weapons

    def secret_step(self, agent, rng):
        return self.place_last_ship_apart(agent, rng, offset=0)

    def safe(self, agent, index):
        if agent == "seat_0":  # its own fleet, then shots at water or the same ship only
            return index < 2 * self.n or (
                index < 3 * self.n and index - 2 * self.n not in self.differing)
        # Seat 1 fires at seat 0's fleet, the same in both; but an Experimental mishap destroys
        # one of its own ships in public, perhaps the one that moved.
        return self.weapons is None or index != self.weapons.experimental

    def plant(self, env, obs):
        fleet = env.match.observe(1)["my_fleet"] or []
        planes = obs.reshape(obs.shape[0], -1)
        for ship in fleet:
            for cell in ship["cells"]:
                planes[3, self.grid.index(cell)] = 1  # "my hits on the enemy"
        return obs


class PartyScenario(Scenario):
    """The party game: player seat 1 watches; player seat 2's Patrol Boat lies elsewhere in B.
    The host's torpedoes are drawn by the seed, so the comparison stops at the first one that
    lands on a cell where the two fleets differ."""

    agent = "seat_1"
    secret = 2

    def __init__(self, env_a, env_b) -> None:
        super().__init__(env_a, env_b)
        codec = env_a._codecs["seat_2"]
        self.grid, self.lengths = codec.grid, codec.placement.lengths
        self.fired = 0

    def secret_step(self, agent, rng):
        return self.place_last_ship_apart(agent, rng, offset=1)  # index 0 is not a placement

    def safe(self, agent, index):
        return True

    def diverged(self):
        host = self.a.match.observe(0)
        fired = [c for c in host["torpedoes"] + host["super_torpedoes"] if isinstance(c, str)]
        new, self.fired = fired[self.fired :], len(fired)
        return any(self.grid.index(c) in self.differing for c in new)

    def plant(self, env, obs):
        planes = obs.reshape(3, -1)
        for ship in env.match.observe(2)["my_fleet"] or []:
            for cell in ship["cells"]:
                planes[1, self.grid.index(cell)] = 1  # "cells torpedoed"
        return obs


class RoyaleScenario(Scenario):
    """Royale: seat 1 discards two cards in A and two others in B, so it keeps different cards.
    No seat shoots at (or sonars a line through) a cell of those four cards."""

    def __init__(self, env_a, env_b) -> None:
        super().__init__(env_a, env_b)
        self.grid = env_a._codecs["seat_1"].grid
        self.choices = None
        self.sonar_ok: Set[int] = set()

    def secret_step(self, agent, rng):
        codec = self.a._codecs.get(agent)
        if agent != "seat_1" or "discard" not in {
                a["type"] for a in self.a.match.legal(1)["actions"]}:
            return None
        if self.choices is None:
            mask = self.a.observe(agent)["action_mask"][: royale.HAND_SLOTS]
            slots = [int(s) for s in rng.permutation(np.flatnonzero(mask))[:4]]
            self.choices = (slots[:2], slots[2:])
            hand = self.a.match.observe(1)["my_cards"]
            for slot in slots:
                self.differing |= {self.grid.index(c) for c in hand[slot]["cells"]}
            lines = {}
            for cell in self.differing:
                row, col = divmod(cell, 10)
                lines[row] = lines[10 + col] = True
            self.sonar_ok = set(range(20)) - set(lines)
        k = len(codec.pending)
        return royale.DISCARD + self.choices[0][k], royale.DISCARD + self.choices[1][k]

    def safe(self, agent, index):
        if royale.SONAR <= index < royale.ROLL:
            return (index - royale.SONAR) % 20 in self.sonar_ok
        for first in (royale.FIRE, royale.BONUS_CELL):
            if first <= index < first + 100:
                return index - first not in self.differing
        return True

    def plant(self, env, obs):
        planes = obs[: royale.PLANES * 100].reshape(royale.PLANES, 100)
        for card in env.match.observe(1)["my_cards"]:
            for cell in card["cells"]:
                planes[9, self.grid.index(cell)] = 1  # "every claimed (face-up) card"
        return obs


def scenario_for(game: str):
    return {"party": PartyScenario, "royale": RoyaleScenario}.get(game, FleetScenario)


def observed(env: broadside.BroadsideEnv, agent: str, plant: Plant) -> Any:
    obs = env.observe(agent)
    view = obs["observation"].copy()
    return (plant(env, view) if plant else view), obs["action_mask"]


def compare_until_public_outcomes_differ(game, options, seed, leak: bool = False) -> int:
    """Plays the two environments side by side; returns how many steps were compared."""
    env_a, env_b = broadside.env(game, options=options), broadside.env(game, options=options)
    env_a.reset(seed=seed)
    env_b.reset(seed=seed)
    scenario = scenario_for(game)(env_a, env_b)
    plant = scenario.plant if leak else None
    rng = np.random.default_rng(seed)
    watched = scenario.agent
    compared = 0
    for agent in env_a.agent_iter():
        assert env_b.agent_selection == agent, "whose turn it is is public"
        _, _, done_a, cut_a, _ = env_a.last()
        _, _, done_b, cut_b, _ = env_b.last()
        assert (done_a, cut_a) == (done_b, cut_b)
        if done_a or cut_a:
            env_a.step(None)
            env_b.step(None)
            continue
        pair = scenario.secret_step(agent, rng)
        if pair is None:
            both = env_a.observe(agent)["action_mask"] & env_b.observe(agent)["action_mask"]
            choices = [int(i) for i in np.flatnonzero(both) if scenario.safe(agent, int(i))]
            if not choices:
                break  # every action left would show the difference
            pair = (choices[rng.integers(len(choices))],) * 2
        env_a.step(pair[0])
        env_b.step(pair[1])
        if scenario.diverged():
            break
        if watched not in env_a.agents:
            break
        (obs_a, mask_a), (obs_b, mask_b) = (observed(e, watched, plant) for e in (env_a, env_b))
        assert np.array_equal(obs_a, obs_b), f"{watched}'s observation changed at step {compared}"
        assert np.array_equal(mask_a, mask_b), f"{watched}'s mask changed at step {compared}"
        compared += 1
    return compared


SECRET_GAMES = [(g, o) for g, o in ENV_GAMES if g != "crew"]


@pytest.mark.parametrize("game,options", SECRET_GAMES)
def test_an_observation_does_not_change_with_another_seats_secret(game, options):
    compared = compare_until_public_outcomes_differ(game, options, 1)
    assert compared >= 10, "too few steps compared to mean anything"


@pytest.mark.parametrize("game,options", SECRET_GAMES)
def test_the_comparison_notices_a_planted_secret(game, options):
    with pytest.raises(AssertionError, match="observation changed"):
        compare_until_public_outcomes_differ(game, options, 1, leak=True)
