import numpy as np
import pytest

import broadside

# Small boards keep the whole suite within its time budget; the rules are the same.
SMALL_CLASSIC = {"rows": 6, "cols": 6, "fleet": [{"name": "Cruiser", "length": 3},
                                                 {"name": "Destroyer", "length": 2}]}
# The weapons need a Carrier (bombers) and a Submarine (torpedoes, the Experimental mishap).
SMALL_WEAPONS = {"rows": 6, "cols": 6, "weapons": "all",
                 "fleet": [{"name": "Carrier", "length": 3}, {"name": "Submarine", "length": 2}]}
ENV_GAMES = [
    ("classic", {}),
    ("classic", dict(SMALL_CLASSIC, no_touch=True)),
    ("salvo", SMALL_CLASSIC),
    ("classic", SMALL_WEAPONS),
    ("salvo", SMALL_WEAPONS),
    ("classic", {"weapons": "all"}),
    ("crew", {"players": 3, "rounds": 2}),
    ("party", {"players": 3}),
    ("royale", {"mode": "standard", "players": 3}),
    ("royale", {"mode": "advanced", "players": 4}),
]


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(12345)


def play_random(env: broadside.BroadsideEnv, seed: int, rng: np.random.Generator) -> None:
    """Plays one game with uniformly random allowed actions, the AEC way."""
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            allowed = np.flatnonzero(obs["action_mask"])
            env.step(int(allowed[rng.integers(allowed.size)]))
