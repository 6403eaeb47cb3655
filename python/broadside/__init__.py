"""Broadside for Python: the C++ engine's matches, built-in bots, batches and solvers
(`broadside._engine`), a PettingZoo-shaped environment (`broadside.env`), and tournaments on a
Dask cluster (`broadside.tournament`). docs/python.md is the guide."""

from ._engine import (
    BroadsideError,
    Match,
    Policy,
    __version__,
    bots,
    crew_solution,
    derive_seed,
    games,
    party_odds,
    party_tie_simulated,
    play_batch,
    replay,
    wilson_interval,
)
from .env import BroadsideEnv, env
from .vector import VectorEnv

__all__ = [
    "BroadsideEnv",
    "BroadsideError",
    "Match",
    "Policy",
    "VectorEnv",
    "__version__",
    "bots",
    "crew_solution",
    "derive_seed",
    "env",
    "games",
    "party_odds",
    "party_tie_simulated",
    "play_batch",
    "replay",
    "wilson_interval",
]
