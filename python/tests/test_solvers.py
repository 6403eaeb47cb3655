from fractions import Fraction

import broadside


def test_the_crew_distribution_is_a_distribution_whose_mean_is_the_expected_score():
    s = broadside.crew_solution("each")
    assert sum(s["distribution"]) == 1
    assert sum(k * p for k, p in enumerate(s["distribution"])) == s["expected_score"]
    assert s["qualify_probability"] == 1 - s["distribution"][0]
    assert isinstance(s["expected_score"], Fraction)
    # Keeping dice can only help: "each" is at least as good as re-throwing both or never.
    assert s["expected_score"] >= broadside.crew_solution("both")["expected_score"]
    assert broadside.crew_solution("both")["expected_score"] >= (
        broadside.crew_solution("none")["expected_score"])


def test_party_odds_count_every_unfired_set_once():
    odds = broadside.party_odds(8)
    assert sum(odds["afloat_sets"]) == odds["unfired_sets"]
    mean = sum(k * n for k, n in enumerate(odds["afloat_sets"])) / odds["unfired_sets"]
    assert abs(mean - odds["expected_afloat"]) < 1e-12


def test_the_simulated_tie_chance_is_reproducible_and_agrees_with_the_documented_figure():
    a = broadside.party_tie_simulated(4, 20000, seed=3)
    assert a == broadside.party_tie_simulated(4, 20000, seed=3)
    assert a["trials"] == 20000 and a["probability"] == a["ties"] / 20000
    # docs/rules/party.md: 46.2% with 4 players (200,000 matches, seed 1), more than the exact
    # 45.1% if each player had their own torpedoes. This run's interval (20,000 matches, another
    # seed) must hold the documented figure and lie above the independent value.
    assert a["ci"][0] <= 0.462 <= a["ci"][1], a
    assert a["ci"][0] > broadside.party_odds(4)["tie_probability_independent"], a
