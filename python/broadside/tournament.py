"""Round robins and long matches of built-in and Python bots, on one process or spread over a
Dask distributed cluster. Games are cut into chunks of consecutive game numbers; game i of a
pairing is always seeded derive_seed(pairing seed, i), and a Python bot's generator is seeded
from (pairing seed, i, seat), so every chunk gives the same counts wherever it runs. Counts are
summed as integers, so the result is identical on 1 worker or 100."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _engine
from .env import BroadsideEnv, seat_of

Bot = Union[str, Any]  # a built-in bot's name, or an object with act(observation, rng) -> int


def module_identity() -> str:
    """A digest of the compiled engine: workers must run the very same build."""
    with open(_engine.__file__, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _winners(result: Dict[str, Any]) -> List[int]:
    winners = result.get("winners")
    if winners is None:
        winners = [] if result.get("winner") is None else [result["winner"]]
    return list(winners)


def _python_games(
    game: str, options: Dict[str, Any], bots: Sequence[Bot], seed: int, first: int, count: int
) -> np.ndarray:
    opponents = {s: b for s, b in enumerate(bots) if isinstance(b, str)}
    env = BroadsideEnv(game, options, opponents)
    counts = np.zeros(len(bots) + 1, dtype=np.int64)
    for i in range(first, first + count):
        env.reset(seed=_engine.derive_seed(seed, i))
        rngs = {s: np.random.default_rng([seed, i, s]) for s in range(len(bots))}
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat = seat_of(agent)
            bot: Any = bots[seat]  # a Python bot: the built-in seats never reach here
            env.step(bot.act(observation, rngs[seat]))
        assert env.match is not None
        _count(counts, _winners(env.match.result))
    return counts


def _count(counts: np.ndarray, winners: List[int]) -> None:
    if len(winners) == 1:
        counts[winners[0]] += 1
    else:
        counts[-1] += 1  # a draw or a shared win


def play_chunk(
    game: str,
    options: Dict[str, Any],
    bots: Sequence[Bot],
    seed: int,
    first: int,
    count: int,
) -> np.ndarray:
    """Wins per seat and, last, games with no single winner, for games first .. first+count-1."""
    if all(isinstance(b, str) for b in bots):
        r = _engine.play_batch(game, list(bots), count, seed, options, 1, first)
        counts = np.zeros(len(bots) + 1, dtype=np.int64)
        counts[: len(bots)] = np.bincount(r["winner"][r["winner"] >= 0], minlength=len(bots))
        counts[-1] = int((r["winner"] < 0).sum())
        return counts
    return _python_games(game, options, bots, seed, first, count)


@dataclass
class Pairing:
    bots: List[str]  # one name per seat
    games: int
    wins: List[int]  # per seat
    no_single_winner: int

    def win_rate(self, seat: int) -> Tuple[float, Tuple[float, float]]:
        rate = self.wins[seat] / self.games if self.games else 0.0
        return rate, _engine.wilson_interval(self.wins[seat], self.games)


@dataclass
class TournamentResult:
    pairings: List[Pairing] = field(default_factory=list)

    def standings(self) -> Dict[str, Dict[str, Any]]:
        """Per bot: games, wins, win rate and its 95% Wilson interval, over every pairing."""
        table: Dict[str, Dict[str, Any]] = {}
        for p in self.pairings:
            for seat, name in enumerate(p.bots):
                row = table.setdefault(name, {"games": 0, "wins": 0})
                row["games"] += p.games
                row["wins"] += p.wins[seat]
        for row in table.values():
            row["win_rate"] = row["wins"] / row["games"] if row["games"] else 0.0
            row["win_rate_ci"] = _engine.wilson_interval(row["wins"], row["games"])
        return table


def _name(bot: Bot) -> str:
    return bot if isinstance(bot, str) else str(getattr(bot, "name", type(bot).__name__))


def _check_workers(client: Any) -> None:
    mine = module_identity()
    theirs = client.run(module_identity)
    stale = [w for w, identity in theirs.items() if identity != mine]
    if stale:
        raise RuntimeError(f"workers run another build of broadside: {stale}")


def _run(
    game: str,
    options: Dict[str, Any],
    lineups: List[List[Bot]],
    games: int,
    seed: int,
    client: Any,
    chunk: int,
) -> TournamentResult:
    tasks: List[Tuple[int, Tuple[Any, ...]]] = []
    for p, bots in enumerate(lineups):
        pairing_seed = _engine.derive_seed(seed, p)
        for first in range(0, games, chunk):
            tasks.append((p, (game, options, bots, pairing_seed, first, min(chunk, games - first))))
    if client is None:
        parts = [play_chunk(*args) for _, args in tasks]
    else:
        _check_workers(client)
        futures = [client.submit(play_chunk, *args, pure=False) for _, args in tasks]
        parts = client.gather(futures)
    totals = [np.zeros(len(bots) + 1, dtype=np.int64) for bots in lineups]
    for (p, _), counts in zip(tasks, parts):
        totals[p] += counts
    result = TournamentResult()
    for bots, t in zip(lineups, totals):
        result.pairings.append(
            Pairing([_name(b) for b in bots], games, [int(x) for x in t[:-1]], int(t[-1]))
        )
    return result


def round_robin(
    game: str,
    bots: Sequence[Bot],
    games_per_pairing: int,
    seed: int = 1,
    options: Optional[Dict[str, Any]] = None,
    client: Any = None,
    chunk: int = 10_000,
) -> TournamentResult:
    """Every bot against every other in a two-seat game, each taking both seats in turn."""
    lineups = [[a, b] for i, a in enumerate(bots) for j, b in enumerate(bots) if i != j]
    return _run(game, options or {}, lineups, games_per_pairing, seed, client, chunk)


def long_match(
    game: str,
    bots: Sequence[Bot],
    games: int,
    seed: int = 1,
    options: Optional[Dict[str, Any]] = None,
    client: Any = None,
    chunk: int = 10_000,
) -> TournamentResult:
    """One line-up (one bot per seat, or one for every seat, as play_batch takes) over many
    games."""
    options = options or {}
    seats = _engine.Match(game, options, seed=0).seats
    lineup = list(bots)
    if len(lineup) == 1:
        lineup = lineup * seats
    if len(lineup) != seats:
        raise ValueError(
            f"{game} with these options has {seats} seats: give one bot per seat, or one for all"
        )
    return _run(game, options, [lineup], games, seed, client, chunk)
