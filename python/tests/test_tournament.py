import math

import pytest

import broadside
from broadside import tournament
from broadside.bots import HunterBot

distributed = pytest.importorskip("distributed")


def test_a_local_cluster_gives_the_single_process_result():
    lineup = ["random", "hunt", "density"]
    alone = tournament.round_robin("classic", lineup, 600, seed=3, chunk=250)
    python_alone = tournament.long_match("classic", [HunterBot(), "hunt"], 16, seed=3, chunk=5)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            spread = tournament.round_robin("classic", lineup, 600, seed=3, chunk=250,
                                            client=client)
            python_spread = tournament.long_match("classic", [HunterBot(), "hunt"], 16, seed=3,
                                                  chunk=5, client=client)
    assert spread == alone and python_spread == python_alone
    table = alone.standings()
    assert sum(row["games"] for row in table.values()) == 2 * 6 * 600
    # The chunks of a pairing are the games of one batch: same seeds, same counts.
    whole = broadside.play_batch("classic", ["random", "hunt"], 600,
                                 seed=broadside.derive_seed(3, 0))
    assert alone.pairings[0].wins[1] == int((whole["winner"] == 1).sum())
    # hunt's row counted from the pairings, and its 95% Wilson interval computed here.
    wins = sum(p.wins[p.bots.index("hunt")] for p in alone.pairings if "hunt" in p.bots)
    games = sum(p.games for p in alone.pairings if "hunt" in p.bots)
    assert (table["hunt"]["wins"], table["hunt"]["games"]) == (wins, games) == (wins, 4 * 600)
    assert table["hunt"]["win_rate"] == wins / games
    z, rate = 1.959964, wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games**2))
    low, high = table["hunt"]["win_rate_ci"]
    assert abs(low - (centre - half)) < 1e-4 and abs(high - (centre + half)) < 1e-4
    # The order of the built-in bots by mean shots to win (docs/ai.md): density, hunt, random.
    assert table["density"]["win_rate"] > table["hunt"]["win_rate"] > table["random"]["win_rate"]


def test_a_long_match_takes_one_bot_for_every_seat_and_refuses_a_wrong_count():
    one = tournament.long_match("royale", ["random"], 6, seed=4, options={"players": 3})
    every = tournament.long_match("royale", ["random"] * 3, 6, seed=4, options={"players": 3})
    assert one.pairings[0].bots == ["random"] * 3
    assert one.pairings[0].wins == every.pairings[0].wins
    with pytest.raises(ValueError, match="3 seats"):
        tournament.long_match("royale", ["random", "random"], 6, options={"players": 3})
