"""A list that counts the items read out of it: work measured as a count, not in seconds.

Tests that a reader is linear put one in place of a list the code under test walks or
copies (``tuple(items)``, a comprehension, a slice) and bound ``read`` by its length.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class CountingList(list[Any]):
    """A list whose ``read`` counts the items iterated over or indexed (slices included)."""

    read = 0

    def __iter__(self) -> Iterator[Any]:
        for item in super().__iter__():
            self.read += 1
            yield item

    def __getitem__(self, index: Any) -> Any:
        got = super().__getitem__(index)
        self.read += len(got) if isinstance(index, slice) else 1
        return got
