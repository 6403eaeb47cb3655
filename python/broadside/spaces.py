"""Small observation and action spaces in the shape of Gymnasium's (which Debian does not
package): each has `contains`, `sample` and `seed`, and samples only from its own generator."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np


class Space:
    def __init__(self) -> None:
        self._rng = np.random.default_rng()

    def seed(self, seed: Optional[int] = None) -> None:
        """Makes `sample` reproducible."""
        self._rng = np.random.default_rng(seed)

    def contains(self, x: Any) -> bool:
        raise NotImplementedError

    def sample(self, mask: Any = None) -> Any:
        raise NotImplementedError

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)


class Discrete(Space):
    """The integers 0 .. n-1. `sample(mask)` draws among the indices the mask allows."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = int(n)

    def contains(self, x: Any) -> bool:
        if isinstance(x, (bool, np.bool_)):
            return False
        if isinstance(x, (int, np.integer)):
            return 0 <= int(x) < self.n
        return False

    def sample(self, mask: Any = None) -> int:
        if mask is None:
            return int(self._rng.integers(self.n))
        allowed = np.flatnonzero(np.asarray(mask))
        if allowed.size == 0:
            raise ValueError("the mask allows no action")
        return int(allowed[self._rng.integers(allowed.size)])

    def __repr__(self) -> str:
        return f"Discrete({self.n})"


class Box(Space):
    """Integer arrays of a fixed shape with every entry in [low, high]."""

    def __init__(self, low: int, high: int, shape: tuple, dtype: Any = np.int16) -> None:
        super().__init__()
        self.low, self.high = int(low), int(high)
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)

    def contains(self, x: Any) -> bool:
        if not isinstance(x, np.ndarray) or x.shape != self.shape or x.dtype != self.dtype:
            return False
        return bool(np.all(x >= self.low) and np.all(x <= self.high))

    def sample(self, mask: Any = None) -> np.ndarray:
        return self._rng.integers(self.low, self.high + 1, size=self.shape).astype(self.dtype)

    def __repr__(self) -> str:
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class DictSpace(Space):
    """A dict of named spaces (PettingZoo's action-masked observations are one)."""

    def __init__(self, spaces: Dict[str, Space]) -> None:
        super().__init__()
        self.spaces = dict(spaces)

    def seed(self, seed: Optional[int] = None) -> None:
        for i, space in enumerate(self.spaces.values()):
            space.seed(None if seed is None else seed + i)

    def contains(self, x: Any) -> bool:
        return (
            isinstance(x, dict)
            and x.keys() == self.spaces.keys()
            and all(space.contains(x[k]) for k, space in self.spaces.items())
        )

    def sample(self, mask: Any = None) -> Dict[str, Any]:
        return {k: space.sample() for k, space in self.spaces.items()}

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def __repr__(self) -> str:
        return f"DictSpace({self.spaces!r})"
