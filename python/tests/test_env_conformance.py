"""The checks PettingZoo's api_test is documented to make, for every game the environment
encodes: observations lie in their spaces, masks equal the engine's legal actions, agents act in
the right order, a done agent is stepped with None, and reset(seed) reproduces a game exactly."""

import copy

import numpy as np
import pytest
from conftest import ENV_GAMES, SMALL_WEAPONS, play_random

import broadside
from broadside import royale
from broadside.codecs import SeatView
from broadside.env import seat_of


def engine_mask_matches(env: broadside.BroadsideEnv, agent: str, mask: np.ndarray) -> None:
    legal = env.match.legal(seat_of(agent))
    codec = env._codecs[agent]
    if env.game == "royale":
        royale_mask_matches(env.match.observe(seat_of(agent)), legal, codec, mask)
    elif legal["type"] in ("fire", "blast") and env.game in ("classic", "salvo"):
        classic_mask_matches(legal, codec, mask)
    elif legal["type"] == "turn":
        assert set(np.flatnonzero(mask)) == {codec.index_of(c) for c in legal["choices"]}
    elif legal["type"] == "fire":  # the party host
        assert list(np.flatnonzero(mask)) == [0]
    else:  # placement: checked index by index in placement_mask_matches (below)
        placement_mask_matches(env, agent, mask)


def placement_mask_matches(env: broadside.BroadsideEnv, agent: str, mask: np.ndarray) -> None:
    """Exactly the placements allowed: for the last ship of the fleet, an index is allowed iff
    the engine accepts the whole fleet it completes (tried on a clone); for an earlier ship iff
    it lies on the board clear of the ships placed so far (and, with no_touch, not touching
    them), worked out here from the cells, not by the codec. On these boards a fleet so begun
    can always be finished, which the last ship's check confirms game after game."""
    codec = env._codecs[agent]
    grid, lengths = codec.grid, codec.placement.lengths
    first = 1 if env.game == "party" else 0  # the party's index 0 is the host's fire
    size = 2 * grid.cells
    if len(codec.pending) == len(lengths) - 1:
        expected = []
        for i in range(size):
            fleet = codec.placement.action(codec.pending + [i])
            try:
                env.match.clone().act(seat_of(agent), fleet)
                expected.append(True)
            except broadside.BroadsideError:
                expected.append(False)
    else:
        placed = set()
        for k, index in enumerate(codec.pending):
            placed |= set(grid.ship(index // 2, index % 2, lengths[k]))
        no_touch = bool(env.options.get("no_touch"))
        near = {n for c in placed for n in grid.neighbours(c)} if no_touch else placed
        length = lengths[len(codec.pending)]
        expected = []
        for i in range(size):
            row, col = divmod(i // 2, grid.cols)
            rows, cols = (1, length) if i % 2 == 0 else (length, 1)
            cells = {(row + r) * grid.cols + col + c for r in range(rows) for c in range(cols)}
            on_board = row + rows <= grid.rows and col + cols <= grid.cols
            expected.append(on_board and not cells & near)
    assert list(mask[first : first + size]) == expected
    assert not mask[:first].any() and not mask[first + size :].any()


def classic_mask_matches(legal, codec, mask: np.ndarray) -> None:
    """Shots at the open cells not yet picked; each weapon's indices open exactly when the
    engine lists it and no shot of a volley is picked; a blast grows one touching cell a step."""
    n = codec.grid.cells
    if legal["type"] == "blast":
        blast = codec.weapons.blast
        allowed = np.flatnonzero(mask) - codec.weapons.blast_cells
        assert allowed.size and allowed.min() >= 0 and not set(allowed) & set(blast)
        if blast:
            assert all(set(codec.grid.neighbours(c)) & set(blast) for c in allowed)
        return
    open_cells = {codec.grid.index(c) for c in legal["cells"]} - set(codec.pending)
    assert set(np.flatnonzero(mask[2 * n : 3 * n])) == open_cells
    assert not mask[: 2 * n].any()
    if codec.weapons is None:
        assert mask.size == 3 * n
        return
    w = codec.weapons
    usable = set(legal.get("weapons", ())) if not codec.pending else set()
    segments = {"nuke": mask[w.nuke : w.bomber], "bomber": mask[w.bomber : w.torpedo],
                "torpedo": mask[w.torpedo : w.scuba], "scuba": mask[w.scuba : w.scuba + 1],
                "experimental": mask[w.experimental : w.experimental + 1]}
    for weapon, segment in segments.items():
        assert segment.any() == (weapon in usable), weapon
    assert not mask[w.blast_cells :].any()


def royale_mask_matches(obs, legal, codec, mask: np.ndarray) -> None:
    """The indices royale.py's table gives to each of the engine's legal actions (or, inside a
    compound action, to its next part), and no other."""
    actions = {a["type"]: a for a in legal["actions"]}
    open_cells = {codec.grid.index(c) for c in legal.get("cells", ())}
    open_cells -= set(codec.pending)
    expected = set()
    if codec.kind in (None, "discard") and "discard" in actions:
        expected |= {royale.DISCARD + slot for slot, card in enumerate(obs["my_cards"])
                     if card["id"] in actions["discard"]["cards"]
                     and card["id"] not in codec.pending}
    if codec.kind == "bonus":
        expected |= {royale.BONUS_CELL + c for c in open_cells}
    if codec.kind in (None, "fire") and "fire" in actions:
        expected |= {royale.FIRE + c for c in open_cells}
    if codec.kind is None:
        if "sonar" in actions:
            expected |= {royale.SONAR + royale.SOURCES.index(s) * 20 + royale.LINES.index(line)
                         for s in actions["sonar"]["sources"] for line in actions["sonar"]["lines"]}
        expected |= {index for name, index in (("roll", royale.ROLL), ("end", royale.END))
                     if name in actions}
        bonus_cards = {b["card"] for b in actions.get("bonus", {"cards": ()})["cards"]}
        claims = obs["seats"][obs["seat"]]["claimed"]
        expected |= {royale.BONUS_CARD + slot for slot, card in enumerate(claims)
                     if card["id"] in bonus_cards}
    assert set(np.flatnonzero(mask)) == expected
    assert expected, "a seat to act always has something to do"


def seeds_for(game: str, options) -> range:
    """Many seeds per game; fewer for Royale, the party game (4 fleets to check index by index)
    and the 10 x 10 boards, whose games are long."""
    long = game == "royale" or (game in ("classic", "salvo") and options.get("rows", 10) == 10)
    return range(4) if long else range(10) if game == "party" else range(20)


@pytest.mark.parametrize("game,options", ENV_GAMES)
def test_random_games_keep_every_promise(game, options, rng):
    for seed in seeds_for(game, options):
        a_random_game_keeps_every_promise(game, options, seed, rng)


def a_random_game_keeps_every_promise(game, options, seed, rng):
    env = broadside.env(game, options=options)
    env.reset(seed=seed)
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


def engine_accepts(env: broadside.BroadsideEnv, agent: str, index: int):
    """Whether the engine takes the whole action `index` decodes to, tried on a clone; None when
    the index is only a part of a compound action. Neither the match nor the codec changes."""
    seat = seat_of(agent)
    try:
        action = copy.deepcopy(env._codecs[agent]).take(index, SeatView(env.match, seat))
    except (KeyError, IndexError):
        return False  # e.g. a shot when the engine lists no "fire": nothing can be sent
    if action is None:
        return None
    try:
        env.match.clone().act(seat, action)
    except broadside.BroadsideError:
        return False
    return True


def advance_to_first_shot(env: broadside.BroadsideEnv, rng: np.random.Generator) -> str:
    """Random placements until an agent may fire: the first decision where weapons are usable."""
    for agent in env.agent_iter():
        mask = env.observe(agent)["action_mask"].astype(bool)
        if env.match.legal(seat_of(agent))["type"] == "fire":
            return agent
        env.step(int(rng.choice(np.flatnonzero(mask))))
    raise AssertionError("the game ended before anyone fired")


@pytest.mark.parametrize("game", ["classic", "salvo"])
def test_every_weapon_index_is_allowed_exactly_when_the_engine_takes_it(game, rng):
    # Torpedoes are the subtle part: only edge starts, heading away from that edge, and a
    # corner has two headings. Every weapon index is tried against the engine.
    env = broadside.env(game, options=SMALL_WEAPONS)
    env.reset(seed=3)
    agent = advance_to_first_shot(env, rng)
    mask = env.observe(agent)["action_mask"].astype(bool)
    w = env._codecs[agent].weapons
    for index in range(w.nuke, w.blast_cells):
        assert engine_accepts(env, agent, index) == mask[index], index
    assert mask[w.torpedo : w.scuba].sum() == 20 + 4  # 20 edge cells of 6 x 6, corners twice


def test_an_experimental_blast_is_named_one_touching_cell_at_a_time(rng):
    env = broadside.env("classic", options=SMALL_WEAPONS)
    env.reset(seed=8)
    agent = advance_to_first_shot(env, rng)
    codec = env._codecs[agent]
    env.step(codec.weapons.experimental)
    legal = env.match.legal(seat_of(agent))
    if legal is None or legal["type"] != "blast":
        pytest.skip("this seed's roll was a mishap that ended the game")
    blast = codec.weapons.blast_cells
    for step in range(legal["count"]):
        assert env.agent_selection == agent
        mask = env.observe(agent)["action_mask"].astype(bool)
        allowed = np.flatnonzero(mask)
        assert allowed.min() >= blast
        if step == 0:
            assert allowed.size == codec.grid.cells
        else:
            assert allowed.size < codec.grid.cells
        env.step(int(rng.choice(allowed)))
    assert env.match.legal(seat_of(agent)) is None or env.match.over


@pytest.mark.parametrize("mode", ["standard", "advanced"])
def test_royale_single_step_actions_are_allowed_exactly_when_the_engine_takes_them(mode, rng):
    # Sonar, roll, end (and Standard's one-shot fire) are whole actions: each index is tried
    # against the engine at the first 40 decisions of a random game.
    env = broadside.env("royale", options={"mode": mode, "players": 3})
    env.reset(seed=4)
    single = list(range(royale.SONAR, royale.FIRE))
    if mode == "standard":
        single += list(range(royale.FIRE, royale.BONUS_CARD))
    checked = 0
    for agent in env.agent_iter(max_iter=40):
        mask = env.observe(agent)["action_mask"].astype(bool)
        if env._codecs[agent].kind is None:
            for index in single:
                assert engine_accepts(env, agent, index) == mask[index], index
            checked += 1
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert checked > 10


def test_royale_observation_shows_my_hand_by_discard_slot():
    env = broadside.env("royale", options={"mode": "advanced", "players": 2})
    env.reset(seed=1)
    obs = env.observe("seat_0")["observation"]
    planes = obs[: royale.PLANES * 100].reshape(royale.PLANES, 10, 10)
    hand = env.match.observe(0)["my_cards"]
    grid = env._codecs["seat_0"].grid
    for slot, card in enumerate(hand):
        assert set(np.flatnonzero(planes[3 + slot])) == {grid.index(c) for c in card["cells"]}
    submarine = next(slot for slot, card in enumerate(hand) if card.get("submarine"))
    mask = env.observe("seat_0")["action_mask"]
    assert not mask[royale.DISCARD + submarine] and mask[: royale.HAND_SLOTS].sum() == 4


def reward_totals_of_random_play(env, rng):
    """Plays the reset env to its end with uniformly random masked actions; each agent's rewards
    summed."""
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_royale_rewards_are_win_and_loss_at_the_end(rng):
    env = broadside.env("royale", options={"mode": "standard", "players": 3})
    env.reset(seed=6)
    totals = reward_totals_of_random_play(env, rng)
    winners = env.match.result["winners"]
    assert totals == {f"seat_{s}": 1.0 if s in winners else -1.0 for s in range(3)}


def test_party_rewards_are_win_and_loss_for_players_and_nothing_for_the_host(rng):
    # docs/python.md: +1 each winner, -1 the other players, 0 the host (seat 0).
    for seed in range(8):
        env = broadside.env("party", options={"players": 3})
        env.reset(seed=seed)
        totals = reward_totals_of_random_play(env, rng)
        winners = env.match.result["winners"]
        assert winners and 0 not in winners
        assert totals == {"seat_0": 0.0, **{f"seat_{s}": 1.0 if s in winners else -1.0
                                            for s in range(1, 4)}}


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
    totals = reward_totals_of_random_play(env2, np.random.default_rng(0))
    winner = env2.match.result["winner"]
    assert totals[f"seat_{winner}"] == 1.0 and totals[f"seat_{1 - winner}"] == -1.0


def test_crew_rewards_sum_to_each_seats_total():
    # python.md: "each turn's score when the turn ends (they sum to the seat's total)", a game
    # decided by a playoff too (its turns decide the tie but are not added to the totals).
    playoffs = 0
    for seed in range(40):
        env = broadside.env("crew", options={"players": 2, "rounds": 1})
        env.reset(seed=seed)
        totals = {a: 0.0 for a in env.possible_agents}
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        result = env.match.result
        playoffs += result.get("playoffs", 0) > 0
        assert [totals[f"seat_{s}"] for s in range(2)] == result["totals"], (seed, result)
    assert playoffs > 0, "some of these games went to a playoff"


def flags_at_each_step(env: broadside.BroadsideEnv, seed: int):
    """Plays at random; returns (steps taken, {agent: (terminated, truncated)} as each agent
    was last told before being stepped with None)."""
    env.reset(seed=seed)
    rng, steps, told = np.random.default_rng(seed), 0, {}
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        assert (terminated, truncated) == (env.terminations[agent], env.truncations[agent])
        if terminated or truncated:
            told[agent] = (terminated, truncated)
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, told


@pytest.mark.parametrize("game,options", [("classic", SMALL_WEAPONS), ("crew", {"players": 2})])
def test_truncation_and_termination_flags(game, options):
    for seed in range(5):
        # A game played out: every agent terminated, none truncated.
        full, told = flags_at_each_step(broadside.env(game, options=options), seed)
        assert told == {a: (True, False) for a in ("seat_0", "seat_1")}
        # Cut after max_steps steps: every agent truncated, none terminated, the game not over.
        for cut in (1, full // 2, full - 1):
            env = broadside.env(game, options=options, max_steps=cut)
            steps, told = flags_at_each_step(env, seed)
            assert steps == cut and not env.match.over
            assert told == {a: (False, True) for a in ("seat_0", "seat_1")}
        # A limit the game reaches exactly as it ends: it ended, so terminated, not truncated.
        env = broadside.env(game, options=options, max_steps=full)
        steps, told = flags_at_each_step(env, seed)
        assert steps == full and env.match.over
        assert told == {a: (True, False) for a in ("seat_0", "seat_1")}


# Boards on which a ship put where it fits can leave no room for the rest of the fleet (found by
# random masked play getting stuck: 128 games in 200 on the first, 15 on the second).
TIGHT_FLEETS = [
    {"rows": 5, "cols": 5, "no_touch": True,
     "fleet": [{"name": n, "length": k} for n, k in (("A", 3), ("B", 3), ("C", 2), ("D", 2))]},
    {"rows": 5, "cols": 5, "fleet": [{"name": n, "length": 3} for n in "ABCDEF"]},
    {"rows": 6, "cols": 5, "no_touch": True,
     "fleet": [{"name": n, "length": k} for n, k in (("A", 4), ("B", 3), ("C", 3), ("D", 2))]},
]


def can_finish(grid, lengths, taken, no_touch, memo):
    """Whether ships of `lengths` can all be placed clear of `taken` (a frozenset of cells that
    no new ship may cover): plain search over every place, independent of the codec's."""
    key = (taken, tuple(lengths))
    if key not in memo:
        memo[key] = not lengths or any(
            can_finish(grid, lengths[1:], taken | zone(grid, cells, no_touch), no_touch, memo)
            for cells in all_places(grid, lengths[0]) if not set(cells) & taken)
    return memo[key]


def all_places(grid, length):
    for index in range(2 * grid.cells):
        cells = grid.ship(index // 2, index % 2, length)
        if cells is not None:
            yield cells


def zone(grid, cells, no_touch):
    return frozenset(n for c in cells for n in grid.neighbours(c)) if no_touch else frozenset(cells)


@pytest.mark.parametrize("options", TIGHT_FLEETS, ids=["no_touch_5x5", "six_3s_5x5", "no_touch_6x5"])
def test_the_placement_mask_opens_only_places_the_rest_of_the_fleet_still_fits_around(options):
    env = broadside.env("classic", options=options)
    rng = np.random.default_rng(0)
    codec = env._codecs["seat_0"]
    grid, lengths, no_touch = codec.grid, codec.placement.lengths, bool(options.get("no_touch"))
    for seed in range(40):
        env.reset(seed=seed)
        taken = frozenset()
        memo = {}
        for k in range(len(lengths)):
            mask = env.observe("seat_0")["action_mask"][: 2 * grid.cells]
            expected = []
            for index in range(2 * grid.cells):
                cells = grid.ship(index // 2, index % 2, lengths[k])
                expected.append(cells is not None and not set(cells) & taken and can_finish(
                    grid, lengths[k + 1:], taken | zone(grid, cells, no_touch), no_touch, memo))
            assert list(mask) == expected, (seed, k)
            assert mask.any()
            index = int(rng.choice(np.flatnonzero(mask)))
            taken |= zone(grid, grid.ship(index // 2, index % 2, lengths[k]), no_touch)
            env.step(index)
        assert env.match.legal(0) is None or env.match.legal(0)["type"] != "place"


def test_random_masked_play_finishes_every_game_on_tight_boards():
    for options in TIGHT_FLEETS:
        env = broadside.env("classic", options=options)
        rng = np.random.default_rng(1)
        for seed in range(30):
            play_random(env, seed, rng)
            assert env.match.over


def test_the_vector_env_steps_every_environment_and_resets_finished_ones():
    vec = broadside.VectorEnv("classic", n=4, opponents={1: "random"},
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


def test_the_vector_env_resets_a_finished_environment_with_the_next_seed():
    # docs/python.md: reset() seeds the n environments seed, seed + 1, ...; each environment
    # that finishes is reset with the next seed not yet used.
    vec = broadside.VectorEnv("classic", n=3, opponents={1: "random"}, seed=10,
                              options={"rows": 5, "cols": 5,
                                       "fleet": [{"name": "Destroyer", "length": 2}]})
    obs, masks = vec.reset()
    assert [env.match.seed for env in vec.envs] == [10, 11, 12]
    next_seed = 13
    rng = np.random.default_rng(3)
    for _ in range(200):
        before = [env.match.seed for env in vec.envs]
        obs, masks, rewards, dones = vec.step([rng.choice(np.flatnonzero(m)) for m in masks])
        for k, env in enumerate(vec.envs):
            if dones[k]:
                assert env.match.seed == next_seed
                next_seed += 1
            else:
                assert env.match.seed == before[k]
    assert next_seed > 16


def test_the_vector_env_takes_its_count_as_n_or_num_envs_once():
    options = {"rows": 5, "cols": 5, "fleet": [{"name": "Destroyer", "length": 2}]}
    for vec in (broadside.VectorEnv("classic", 3, {1: "random"}, options, 5),
                broadside.VectorEnv("classic", n=3, opponents={1: "random"}, options=options),
                broadside.VectorEnv("classic", num_envs=3, opponents={1: "random"}, options=options)):
        obs, masks = vec.reset()
        assert vec.num_envs == 3 and obs.shape[0] == 3 and masks.shape[0] == 3
    with pytest.raises(TypeError):
        broadside.VectorEnv("classic", 2, opponents={1: "random"}, num_envs=2)
    with pytest.raises(TypeError):
        broadside.VectorEnv("classic", opponents={1: "random"})
