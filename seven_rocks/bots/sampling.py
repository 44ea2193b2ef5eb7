"""What a seat can infer about the hidden hands, and deals of the unseen tiles drawn from it.

Everything here is computed from a :class:`~seven_rocks.engine.view.PlayerView` alone: the
unseen tiles, each other seat's hand size, and the numbers each seat has shown it
lacks by passing.  :class:`DealSampler` draws complete deals of the unseen tiles that
respect all of that, **uniformly** among the consistent deals: tiles that the same
seats may hold are interchangeable, so a small dynamic programme over those groups
counts the consistent deals exactly and samples from them without rejection.

>>> from seven_rocks.engine.game import Game
>>> import random
>>> game = Game(seed=5)
>>> view = game.view(game.turn)
>>> hands = DealSampler(view).sample(random.Random(1))
>>> [h.bit_count() for h in hands], hands[view.seat] == view_hand_mask(view)
([7, 7, 7, 7], True)
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb, exp

from ..engine.kernel import M_AT, POINTS, SEATS
from ..engine.layout import Layout
from ..engine.tiles import ALL_TILES, FULL_SET_MASK, tiles_of
from ..engine.view import PlayerView

#: A count per other seat, in ``_others`` order: a class's tiles given to each, or the
#: room left in each hand.
Counts = tuple[int, int, int]
#: The ways to split one class over the seats' room, each with its number of consistent
#: deals, and their total: what a draw picks from, worked out once per class and room.
SplitOptions = tuple[tuple[tuple[int, Counts], ...], int]


def view_hand_mask(view: PlayerView) -> int:
    """The viewer's own hand as a bit set."""
    mask = 0
    for tile in view.hand:
        mask |= tile.mask
    return mask


def void_masks(view: PlayerView) -> tuple[int, int, int, int]:
    """For each seat, the tiles it cannot hold because of its passes this round.

    A pass proves the passer held no tile matching any point open at that moment.
    """
    masks = view.void_masks()
    return (masks[0], masks[1], masks[2], masks[3])


class DealSampler:
    """Uniform sampler of the hidden hands consistent with a view.

    ``sample(rng)`` returns four hand bit sets: the viewer's own hand and a
    consistent guess for each other seat (sizes right, no tile a seat has shown it
    lacks).  The constraints are analysed once; each sample costs a few dozen
    operations.
    """

    __slots__ = (
        "_class_tiles",
        "_classes",
        "_count",
        "_options",
        "_others",
        "_own",
        "_seat",
        "_sizes",
    )

    def __init__(
        self,
        view: PlayerView,
        *,
        voids: tuple[int, ...] | None = None,
    ) -> None:
        seat = view.seat
        self._seat = seat
        self._own = view_hand_mask(view)
        unseen = 0
        for tile in view.unseen_tiles():
            unseen |= tile.mask
        forbid = voids if voids is not None else view.void_masks()
        others = [s for s in range(SEATS) if s != seat]
        self._others = others
        sizes = (view.hand_sizes[others[0]], view.hand_sizes[others[1]], view.hand_sizes[others[2]])
        if sum(sizes) != unseen.bit_count():
            raise ValueError(
                f"hand sizes {sizes} do not add up to the {unseen.bit_count()} unseen tiles"
            )
        self._sizes = sizes
        # Group the unseen tiles by which of the three other seats may hold them.
        groups: dict[int, int] = {}
        for tile in tiles_of(unseen):
            eligible = 0
            for i, other in enumerate(others):
                if not forbid[other] & tile.mask:
                    eligible |= 1 << i
            if not eligible:
                raise ValueError(f"no seat can hold {tile}: the view is inconsistent")
            groups[eligible] = groups.get(eligible, 0) | tile.mask
        self._classes = tuple(sorted(groups.items()))
        self._count = _count_ways(tuple((e, m.bit_count()) for e, m in self._classes), sizes)
        if not self._count:
            raise ValueError("no deal of the unseen tiles is consistent with the view")
        # Each class's tiles (as masks, in index order) and, per class and seats' room left,
        # the ways to split it with their deal counts: a deal is drawn thousands of times a
        # decision from a handful of such states, so they are worked out once each.
        self._class_tiles = tuple(tuple(t.mask for t in tiles_of(m)) for _, m in self._classes)
        self._options: dict[tuple[int, Counts], SplitOptions] = {}

    @property
    def deal_count(self) -> int:
        """How many deals of the unseen tiles are consistent with the view."""
        return self._count

    def sample(self, rng: random.Random) -> list[int]:
        """One consistent deal, as four hand bit sets (seat order)."""
        hands = [0, 0, 0, 0]
        hands[self._seat] = self._own
        others = self._others
        remaining = self._sizes
        for index, masks in enumerate(self._class_tiles):
            options, total = self._split_options(index, remaining)
            pick = int(rng.random() * total)
            chosen = options[-1][1]
            for weight, split in options:
                if pick < weight:
                    chosen = split
                    break
                pick -= weight
            tiles = list(masks)
            rng.shuffle(tiles)
            start = 0
            for i in range(3):
                hand = hands[others[i]]
                for tile in tiles[start : start + chosen[i]]:
                    hand |= tile
                hands[others[i]] = hand
                start += chosen[i]
            remaining = (
                remaining[0] - chosen[0],
                remaining[1] - chosen[1],
                remaining[2] - chosen[2],
            )
        return hands

    def _split_options(self, index: int, remaining: Counts) -> SplitOptions:
        """The ways to split class ``index`` over the seats' ``remaining`` room, each with
        the number of consistent deals it leads to, and their total (cached)."""
        key = (index, remaining)
        found = self._options.get(key)
        if found is None:
            eligible, mask = self._classes[index]
            k = mask.bit_count()
            rest = tuple((e, m.bit_count()) for e, m in self._classes[index + 1 :])
            options = []
            total = 0
            for split in _splits(k, eligible, remaining[0], remaining[1], remaining[2]):
                left = (remaining[0] - split[0], remaining[1] - split[1], remaining[2] - split[2])
                weight = _multinomial(k, split) * _count_ways(rest, left)
                if weight:
                    options.append((weight, split))
                    total += weight
            found = self._options[key] = (tuple(options), total)
        return found


def _splits(k: int, eligible: int, ra: int, rb: int, rc: int) -> list[tuple[int, int, int]]:
    """Ways to put ``k`` interchangeable tiles on the eligible seats within capacity."""
    out = []
    max_a = min(k, ra) if eligible & 1 else 0
    max_b = min(k, rb) if eligible & 2 else 0
    for a in range(max_a + 1):
        for b in range(min(k - a, max_b) + 1):
            c = k - a - b
            if c and not eligible & 4:
                continue
            if c <= rc:
                out.append((a, b, c))
    return out


def _multinomial(k: int, split: tuple[int, int, int]) -> int:
    return comb(k, split[0]) * comb(k - split[0], split[1])


@lru_cache(maxsize=4096)
def _count_ways(classes: tuple[tuple[int, int], ...], capacity: tuple[int, ...]) -> int:
    """Number of assignments of the grouped tiles to seats filling ``capacity`` exactly."""
    if not classes:
        return 1 if not any(capacity) else 0
    (eligible, k), rest = classes[0], classes[1:]
    total = 0
    for split in _splits(k, eligible, capacity[0], capacity[1], capacity[2]):
        left = (capacity[0] - split[0], capacity[1] - split[1], capacity[2] - split[2])
        ways = _count_ways(rest, left)
        if ways:
            total += _multinomial(k, split) * ways
    return total


def unseen_mask(view: PlayerView) -> int:
    mask = 0
    for tile in view.unseen_tiles():
        mask |= tile.mask
    return mask


__all__ = ["DealSampler", "unseen_mask", "view_hand_mask", "void_masks"]


class PlayModel:
    """How likely each seat's plays this round were under a deal: inference from play.

    Players are modelled as preferring points: a seat picks each of its legal
    placements with probability proportional to ``exp(beta * points)``, mixed with a
    uniform choice (``noise``).  A deal in which a seat passed up big points it could
    have scored is then less likely than one where it had nothing better.  Only public
    facts are used: the table before each turn and the move made.

    ``shed`` and ``double`` add the other habit every player at this table shows: getting
    rid of heavy tiles (``shed`` per pip) and of doubles (``double``) while they can,
    since a hand left at the end is deducted and a double matches one number only.  The
    exponent is then ``beta * points + shed * pips + double * is_double``: a seat that
    laid a light tile when it could have laid a heavier one or a double, for the same
    points, probably held neither.  (Both 0: points alone.)
    """

    __slots__ = ("_turns",)

    def __init__(
        self,
        view: PlayerView,
        beta: float = 0.15,
        noise: float = 0.15,
        *,
        shed: float = 0.0,
        double: float = 0.0,
    ) -> None:
        table = Layout()
        # Per informative turn: seat, tiles that seat played from that turn on, the
        # playable tiles then, and per playable tile (weight sum, move count).
        turns: list[tuple[int, int, int, dict[int, tuple[float, int]], float, float]] = []
        played_later = [0, 0, 0, 0]
        records = []
        for turn in view.turns:
            move = turn.move
            if move.tile is None:
                continue
            if turn.seat != view.seat:
                # Every placement any tile not yet on the table has, per tile, its
                # points summed in the open points' order (the kernel's move table).
                by_tile: dict[int, list[int]] = {}
                for m in table.placements(FULL_SET_MASK):
                    by_tile.setdefault(m.tile.index, []).append(m.index)  # type: ignore[union-attr]
                options: dict[int, tuple[float, int]] = {}
                playable = 0
                for index in sorted(by_tile):
                    pips, is_double = ALL_TILES[index].pips, ALL_TILES[index].is_double
                    weight = 0.0
                    for mi in sorted(by_tile[index], key=M_AT.__getitem__):
                        points = POINTS[table.sum_after(mi)]
                        weight += exp(beta * points + shed * pips + double * is_double)
                    options[index] = (weight, len(by_tile[index]))
                    playable |= 1 << index
                points = POINTS[table.sum_after(move.index)]
                pips, is_double = move.tile.pips, move.tile.is_double
                chosen = exp(beta * points + shed * pips + double * is_double)
                records.append((turn.seat, move.tile.mask, playable, options, chosen))
            table.place(move)
        # Tiles each seat played from each informative turn on (walk backwards).
        for seat, tile_mask, playable, options, chosen in reversed(records):
            played_later[seat] |= tile_mask
            turns.append((seat, played_later[seat], playable, options, chosen, noise))
        self._turns = turns

    def weight(self, hands: list[int]) -> float:
        """Relative likelihood of the round's public plays if ``hands`` are the hands now."""
        likelihood = 1.0
        for seat, played, playable, options, chosen, noise in self._turns:
            held = (hands[seat] | played) & playable
            total = 0.0
            count = 0
            while held:
                low = held & -held
                held ^= low
                weight, n = options[low.bit_length() - 1]
                total += weight
                count += n
            if count > 1:
                likelihood *= (1.0 - noise) * chosen / total + noise / count
        return likelihood

    @property
    def informative(self) -> bool:
        """Whether any play of another seat can tell deals apart."""
        return bool(self._turns)


class InferredDeals:
    """Deals drawn from the uniform sampler and resampled by :class:`PlayModel`
    likelihood (sampling-importance-resampling from a pool of ``pool`` candidates)."""

    __slots__ = ("_cumulative", "_pool")

    def __init__(
        self, sampler: DealSampler, model: PlayModel, rng: random.Random, pool: int
    ) -> None:
        self._pool = [sampler.sample(rng) for _ in range(pool)]
        cumulative = []
        total = 0.0
        for hands in self._pool:
            total += model.weight(hands)
            cumulative.append(total)
        self._cumulative = cumulative

    def sample(self, rng: random.Random) -> list[int]:
        from bisect import bisect_right

        cumulative = self._cumulative
        index = bisect_right(cumulative, rng.random() * cumulative[-1])
        return self._pool[min(index, len(self._pool) - 1)][:]
