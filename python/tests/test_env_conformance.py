"""The checks PettingZoo's api_test is documented to make, for every game the environment
encodes: observations lie in their spaces, masks equal the engine's legal actions, agents act in
the right order, a done agent is stepped with None, and reset(seed) reproduces a game exactly."""

import numpy as np
import pytest
from conftest import ENV_GAMES, play_random

import broadside
from broadside.env import seat_of


def engine_mask_matches(env: broadside.BroadsideEnv, agent: str, mask: np.ndarray) -> None:
    legal = env.match.legal(seat_of(agent))
    codec = env._codecs[agent]
    if legal["type"] == "fire" and env.game in ("classic", "salvo"):
        n = codec.grid.cells
        open_cells = {codec.grid.index(c) for c in legal["cells"]} - set(codec.pending)
        assert set(np.flatnonzero(mask[2 * n:])) == open_cells
        assert not mask[: 2 * n].any()
    elif legal["type"] == "turn":
        assert set(np.flatnonzero(mask)) == {codec.index_of(c) for c in legal["choices"]}
    elif legal["type"] == "fire":  # the party host
        assert list(np.flatnonzero(mask)) == [0]
    else:  # placement: every allowed index must lead to a fleet the engine accepts (below)
        assert mask.any()


@pytest.mark.parametrize("game,options", ENV_GAMES)
def test_a_random_game_keeps_every_promise(game, options, rng):
    env = broadside.env(game, options=options)
    env.reset(seed=5)
    seen_done = set()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert env.observation_space(agent).contains(obs)
        assert isinstance(info, dict) and isinstance(reward, float)
        if terminated or truncated:
            with pytest.raises(ValueError):
                env.step(0)
            env.step(None)
            seen_done.add(agent)
            continue
        assert env.match is not None and not env.match.over
        # Simultaneous phases go in seat order: the agent is the first seat to act.
        assert seat_of(agent) == env.match.to_act[0]
        mask = obs["action_mask"].astype(bool)
        engine_mask_matches(env, agent, mask)
        blocked = np.flatnonzero(~mask)
        if blocked.size:
            with pytest.raises(ValueError):
                env.step(int(blocked[0]))
        action = env.action_space(agent).sample(mask)
        assert env.action_space(agent).contains(action)
        env.step(action)  # a masked action the engine rejected would raise here
    assert env.match.over and seen_done == set(env.possible_agents) and not env.agents


@pytest.mark.parametrize("game,options", ENV_GAMES)
def test_reset_with_a_seed_reproduces_the_game(game, options):
    records = []
    for _ in range(2):
        env = broadside.env(game, options=options)
        play_random(env, seed=11, rng=np.random.default_rng(3))
        records.append(env.match.record())
    assert records[0] == records[1]
    env = broadside.env(game, options=options)
    play_random(env, seed=12, rng=np.random.default_rng(3))
    assert env.match.record() != records[0]


def test_spaces_sample_reproducibly_after_seeding():
    env = broadside.env("classic")
    space = env.action_space("seat_0")
    space.seed(4)
    first = [space.sample() for _ in range(5)]
    space.seed(4)
    assert first == [space.sample() for _ in range(5)]
    assert not space.contains(space.n) and not space.contains(-1) and not space.contains(True)


def test_rewards_are_win_and_loss_at_the_end():
    env = broadside.env("classic", options={"rows": 5, "cols": 5,
                                            "fleet": [{"name": "Destroyer", "length": 2}]})
    play_random(env, seed=1, rng=np.random.default_rng(0))
    env2 = broadside.env("classic", options=env.options)
    env2.reset(seed=1)
    totals = {a: 0.0 for a in env2.possible_agents}
    rng = np.random.default_rng(0)
    for agent in env2.agent_iter():
        obs, reward, terminated, truncated, _ = env2.last()
        totals[agent] += reward
        if terminated or truncated:
            env2.step(None)
        else:
            env2.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winner = env2.match.result["winner"]
    assert totals[f"seat_{winner}"] == 1.0 and totals[f"seat_{1 - winner}"] == -1.0


def test_crew_rewards_sum_to_each_seats_total():
    env = broadside.env("crew", options={"players": 2, "rounds": 3})
    env.reset(seed=2)
    totals = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert [totals[f"seat_{s}"] for s in range(2)] == env.match.result["totals"]


def test_truncation_stops_a_game_after_max_steps():
    env = broadside.env("classic", max_steps=7)
    play_random(env, seed=1, rng=np.random.default_rng(0))
    assert not env.match.over


def test_the_vector_env_steps_every_environment_and_resets_finished_ones():
    vec = broadside.VectorEnv("classic", 4, opponents={1: "random"},
                              options={"rows": 5, "cols": 5,
                                       "fleet": [{"name": "Destroyer", "length": 2}]})
    obs, masks = vec.reset()
    assert obs.shape == (4, 6, 5, 5) and masks.shape == (4, 75)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(200):
        actions = [rng.choice(np.flatnonzero(m)) for m in masks]
        obs, masks, rewards, dones = vec.step(actions)
        finished += int(dones.sum())
        assert set(rewards[dones]) <= {1.0, -1.0} and not rewards[~dones].any()
    assert finished > 4
