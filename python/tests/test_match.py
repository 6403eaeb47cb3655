import copy

import pytest

import broadside

TINY = {"rows": 5, "cols": 5, "fleet": [{"name": "Destroyer", "length": 2}], "first": 0}


def tiny_game_to_the_end() -> broadside.Match:
    m = broadside.Match("classic", TINY, seed=7)
    m.act(0, {"type": "place", "ships": ["A1 right"]})
    m.act(1, {"type": "place", "ships": ["C3 down"]})
    m.act(0, {"type": "fire", "cells": ["C3"]})
    m.act(1, {"type": "fire", "cell": "E5"})
    m.act(0, {"type": "fire", "cells": ["D3"]})
    return m


def test_every_registered_game_starts_with_its_seats():
    for game in broadside.games():
        m = broadside.Match(game["name"], seed=1)
        assert m.seats >= 1 and m.to_act and not m.over


def test_a_whole_tiny_game_matches_the_protocol_example():
    m = tiny_game_to_the_end()
    assert m.over and m.result["winner"] == 0 and m.last_event == 7
    assert m.events(1)[0] == {"n": 1, "type": "fleet_placed", "seat": 0, "redacted": True}
    assert m.events(0, after=6)[0]["type"] == "game_over"


def test_a_rejected_action_raises_with_code_and_reason_and_changes_nothing():
    m = broadside.Match("classic", TINY, seed=7)
    with pytest.raises(broadside.BroadsideError) as e:
        m.act(0, {"type": "fire", "cell": "A1"})
    assert e.value.code == "illegal_action" and e.value.reason == "wrong_phase"
    assert m.last_event == 0
    with pytest.raises(broadside.BroadsideError) as e:
        m.act(5, {"type": "fire", "cell": "A1"})
    assert e.value.code == "bad_seat"
    with pytest.raises(broadside.BroadsideError) as e:
        broadside.Match("classic", {"rows": 40})
    assert e.value.code == "bad_option"
    with pytest.raises(broadside.BroadsideError) as e:
        broadside.Match("chess")
    assert e.value.code == "unknown_game"


def test_the_record_is_refused_until_the_end_then_replays():
    m = broadside.Match("classic", TINY, seed=7)
    with pytest.raises(broadside.BroadsideError) as e:
        m.record()
    assert e.value.code == "match_not_over"
    record = tiny_game_to_the_end().record()
    assert broadside.replay(record).events(0) == tiny_game_to_the_end().events(0)
    record["events"][3]["shots"][0]["result"] = "miss"
    with pytest.raises(broadside.BroadsideError) as e:
        broadside.replay(record)
    assert e.value.code == "replay_mismatch"


def test_a_clone_is_the_same_state_and_then_independent():
    m = broadside.Match("classic", TINY, seed=7)
    m.act(0, {"type": "place", "ships": ["A1 right"]})
    m.act(1, {"type": "place", "ships": ["C3 down"]})
    c = m.clone()
    assert c.observe(0) == m.observe(0) and c.events(1) == m.events(1)
    c.act(0, {"type": "fire", "cells": ["C3"]})
    assert c.last_event == m.last_event + 1
    assert copy.deepcopy(m).observe(1) == m.observe(1)


def test_the_spectator_sees_no_fleet():
    m = broadside.Match("classic", TINY, seed=7)
    m.act(0, {"type": "place", "ships": ["A1 right"]})
    assert "A1" not in str(m.observe(-1)) and "A1" in str(m.observe(0))
    assert all(e.get("redacted") for e in m.events(-1))


def test_builtin_policies_play_every_game_to_the_end():
    for game, bot in [("classic", "best-fast"), ("salvo", "density"), ("crew", "race"),
                      ("royale", "royale"), ("party", "random")]:
        m = broadside.Match(game, seed=3)
        policies = [broadside.Policy(game, bot) for _ in range(m.seats)]
        for seat, p in enumerate(policies):
            p.start(m, seat)
        while not m.over:
            seat = m.to_act[0]
            m.act(seat, policies[seat].act(m, seat))
        assert broadside.replay(m.record()).result == m.result


def test_a_policy_refuses_another_game_and_seats_not_to_act():
    m = broadside.Match("crew", seed=1)
    with pytest.raises(broadside.BroadsideError):
        broadside.Policy("classic", "best").act(m, 0)
    waiting = [s for s in range(m.seats) if s not in m.to_act][0]
    with pytest.raises(broadside.BroadsideError) as e:
        broadside.Policy("crew", "optimal").act(m, waiting)
    assert e.value.code == "not_your_turn"


def test_bots_lists_the_builtin_bots_even_once_the_python_bots_are_imported():
    before = broadside.bots("classic")
    from broadside.bots import HunterBot  # the module broadside.bots replaces the attribute

    assert HunterBot.name == "py-hunter"
    assert broadside.bots("classic") == before
    assert {"random", "hunt", "density", "best"} <= {b["name"] for b in broadside.bots("classic")}
