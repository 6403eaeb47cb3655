"""A vectorised step over N environments of one learning seat against built-in bots, for
training loops: step(actions) takes one index per environment and returns stacked arrays.
A finished environment is reset at once with the next seed, and reports done for that step."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import numpy as np

from .env import BroadsideEnv


class VectorEnv:
    def __init__(
        self,
        game: str,
        n: Optional[int] = None,
        opponents: Optional[Dict[int, str]] = None,
        options: Optional[Dict[str, Any]] = None,
        seed: int = 0,
        *,
        num_envs: Optional[int] = None,
    ) -> None:
        # docs/python.md names the count `n`; `num_envs` (the attribute's name, as in Gymnasium)
        # is accepted too.
        if (n is None) == (num_envs is None):
            raise TypeError("give the number of environments once: n (or num_envs)")
        num_envs = n if n is not None else num_envs
        assert num_envs is not None
        if num_envs < 1:
            raise ValueError("n must be at least 1")
        if opponents is None:
            raise TypeError("opponents is required: every seat but one is a built-in bot")
        self.envs = [BroadsideEnv(game, options, opponents) for _ in range(num_envs)]
        agents = self.envs[0].possible_agents
        if len(agents) != 1:
            raise ValueError("give every seat but one to a built-in bot (opponents)")
        self.agent = agents[0]
        self.num_envs = num_envs
        self._next_seed = seed

    def _reset_one(self, env: BroadsideEnv) -> None:
        env.reset(seed=self._next_seed)
        self._next_seed += 1

    def reset(self) -> Tuple[np.ndarray, np.ndarray]:
        """Observations (N, ...) and action masks (N, actions)."""
        for env in self.envs:
            self._reset_one(env)
        return self._observe()

    def step(
        self, actions: Any
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Returns observations, masks, rewards (N,) and done flags (N,)."""
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        dones = np.zeros(self.num_envs, dtype=bool)
        for k, (env, action) in enumerate(zip(self.envs, np.asarray(actions))):
            env.step(int(action))
            rewards[k] = env._cumulative_rewards[self.agent]
            if env.terminations[self.agent] or env.truncations[self.agent]:
                dones[k] = True
                self._reset_one(env)
        obs, masks = self._observe()
        return obs, masks, rewards, dones

    def _observe(self) -> Tuple[np.ndarray, np.ndarray]:
        seen = [env.observe(self.agent) for env in self.envs]
        return (
            np.stack([s["observation"] for s in seen]),
            np.stack([s["action_mask"] for s in seen]),
        )
