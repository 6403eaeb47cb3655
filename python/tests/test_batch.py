import numpy as np

import broadside


def test_results_do_not_depend_on_threads_or_chunking():
    one = broadside.play_batch("classic", ["density", "hunt"], 400, seed=9, threads=1)
    two = broadside.play_batch("classic", ["density", "hunt"], 400, seed=9, threads=2)
    tail = broadside.play_batch("classic", ["density", "hunt"], 150, seed=9, first=250)
    for key in one:
        assert np.array_equal(one[key], two[key])
        assert np.array_equal(one[key][250:], tail[key])


def test_a_batch_game_is_the_match_the_policies_play():
    # The typed fast path must agree with the match layer game by game.
    batch = broadside.play_batch("classic", ["best-fast", "hunt"], 5, seed=4)
    for i in range(5):
        m = broadside.Match("classic", seed=broadside.derive_seed(4, i))
        policies = [broadside.Policy("classic", "best-fast"), broadside.Policy("classic", "hunt")]
        for seat, p in enumerate(policies):
            p.start(m, seat)
        while not m.over:
            seat = m.to_act[0]
            m.act(seat, policies[seat].act(m, seat))
        assert m.result["winner"] == batch["winner"][i]
        assert list(m.result["shots"]) == list(batch["shots"][i])


def test_every_game_batches_with_one_row_per_game():
    for game, bot in [("salvo", "hunt"), ("crew", "optimal"), ("royale", "royale"),
                      ("party", "random")]:
        r = broadside.play_batch(game, [bot], 30, seed=2)
        assert r["winner"].shape == (30,)
        seats = r["winners"].shape[1]
        assert r["winners"].shape == (30, seats) and r["winners"].dtype == bool
        single = r["winner"] >= 0
        assert np.all(r["winners"][single].sum(axis=1) == 1)


def test_each_game_has_the_columns_the_doc_names():
    # docs/python.md: `turns` and `shots` (classic, Salvo, Royale), `totals` (crew), no others.
    columns = {"classic": {"turns", "shots"}, "salvo": {"turns", "shots"},
               "royale": {"turns", "shots"}, "crew": {"totals"}, "party": set()}
    bots = {"classic": "hunt", "salvo": "hunt", "royale": "royale", "crew": "optimal",
            "party": "random"}
    for game, expected in columns.items():
        r = broadside.play_batch(game, [bots[game]], 40, seed=4)
        assert set(r) == {"winner", "winners"} | expected, game
        seats = r["winners"].shape[1]
        for name in expected - {"turns"}:
            assert r[name].shape == (40, seats), (game, name)
        if "turns" in expected:
            assert r["turns"].shape == (40,) and (r["turns"] > 0).all(), game
        if "shots" in expected:
            # Every game is won by sinking fleets: the winner fired at least its 17 cells
            # (Royale: at least one shot by someone).
            assert (r["shots"].sum(axis=1) > 0).all(), game
            if game != "royale":
                assert (r["shots"][np.arange(40), r["winner"]] >= 17).all(), game
    # Crew: a single winner holds the highest total (a tie on totals goes to a playoff).
    r = broadside.play_batch("crew", ["optimal"], 300, seed=5)
    single = r["winner"] >= 0
    rows = np.flatnonzero(single)
    assert (r["totals"][rows, r["winner"][rows]] == r["totals"][rows].max(axis=1)).all()


def test_random_against_random_is_even_and_hunt_beats_random():
    r = broadside.play_batch("classic", ["random"], 20000, seed=1, threads=2)
    assert abs(r["winners"][:, 0].mean() - 0.5) < 0.02
    r = broadside.play_batch("classic", ["hunt", "random"], 500, seed=1)
    assert r["winners"][:, 0].mean() > 0.9


def test_bad_bot_names_raise_engine_errors():
    import pytest

    with pytest.raises(broadside.BroadsideError) as e:
        broadside.play_batch("classic", ["nobody"], 1)
    assert e.value.code == "unknown_bot"
    with pytest.raises(broadside.BroadsideError):
        broadside.play_batch("classic", ["random"] * 3, 1)
