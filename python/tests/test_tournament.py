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
    low, high = table["hunt"]["win_rate_ci"]
    assert low <= table["hunt"]["win_rate"] <= high
