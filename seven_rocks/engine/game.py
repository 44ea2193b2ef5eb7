"""A whole game: rounds dealt from a seeded shuffle until a team reaches the target.

>>> game = Game(seed=7)
>>> game.round_number, game.turn == game.current.opener, len(game.hand(game.turn))
(1, True, 7)
>>> while not game.is_over:
...     _ = game.play(game.legal_moves()[0])
>>> game.winner in (0, 1), max(game.scores) >= 250
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from .errors import InvalidDealError, RoundOverError
from .events import Event, GameWon, Passed, Placed, RoundSettled, RoundStarted
from .kernel import hand_pips
from .moves import Move
from .round import SEAT_NAMES, SEATS, TILES_PER_HAND, End, Round
from .scoring import DEFAULT_TARGET
from .tiles import ALL_TILES, Tile
from .view import PlayerView

DealSpec = tuple[Sequence[Sequence[Tile]], int]
_HAND_STARTS = tuple(range(0, SEATS * TILES_PER_HAND, TILES_PER_HAND))


def draw_opener(rng: random.Random) -> tuple[int, tuple[tuple[int | None, ...], ...]]:
    """A neutral draw for the opener: every seat still in rolls a die, ties roll again.

    Returns the opener and every round of rolls (``None`` for seats already out), so the
    draw can be shown to the players.
    """
    contenders = list(range(SEATS))
    rolls: list[tuple[int | None, ...]] = []
    while True:
        roll = {seat: rng.randint(1, 6) for seat in contenders}
        rolls.append(tuple(roll.get(seat) for seat in range(SEATS)))
        best = max(roll.values())
        contenders = [seat for seat in contenders if roll[seat] == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rolls)


def round_rng(seed: int, round_number: int) -> random.Random:
    """The random source of one round's shuffle and draw.

    Each round has its own stream, derived from the game's seed and the round's number
    (a text seed is hashed with SHA-512, identically in CPython and Pyodide), so the
    k-th deal of a seed is the same whatever happened in earlier rounds: two games on one
    seed are played on the same deals, which is what duplicate tournaments need.
    """
    return random.Random(f"seven-rocks:{seed}:{round_number}")


class Game:
    """Rounds until a team reaches ``target``.

    Deals come from the seed (see :func:`round_rng`: a seed reproduces every deal and draw),
    or, to replay a record, from ``deals``: an iterable of ``(hands, opener)``, after
    which a game given a seed deals on from it (a resumed game continues its deals).
    After a domino or a block the round is settled and the next one dealt at once, so
    between moves a game is always either over or has a round in progress
    (:attr:`awaiting_deal` is only true for a replay whose deals ran out).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        target: int = DEFAULT_TARGET,
        seats: Sequence[str] = SEAT_NAMES,
        deals: Sequence[DealSpec] | None = None,
    ) -> None:
        if len(seats) != SEATS:
            raise ValueError(f"a game needs {SEATS} seat names, got {len(seats)}")
        if target <= 0:
            raise ValueError(f"the target must be positive, got {target}")
        # Replays take their deals from the record; when those run out, a game that knows
        # its seed goes on dealing from it, one without a seed waits (awaiting_deal).
        self._deal_from_seed = seed is not None or deals is None
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        #: Every game has a seed (drawn when not given), so any game can be shared and replayed.
        self.seed = seed
        self.target = target
        self.seats = tuple(seats)
        self.rounds: list[Round] = []
        self.events: list[Event] = []
        self.winner: int | None = None
        self._banked: tuple[int, int] = (0, 0)
        self._deals: Iterator[DealSpec] | None = iter(deals) if deals is not None else None
        #: How many events came before this round's deal, and those events as a tuple that
        #: every view of the round shares (None until a view of the round is asked for).
        #: Copying the history for each view would make a view cost more as a game goes
        #: on; copying it at each deal would make a replay, which takes no views,
        #: quadratic in the rounds.
        self._earlier: tuple[int, tuple[Event, ...] | None] = (0, ())
        self._deal_next()

    # ------------------------------------------------------------------ queries
    @property
    def current(self) -> Round:
        """The round being played (or the last one, once the game is over)."""
        return self.rounds[-1]

    @property
    def round_number(self) -> int:
        return len(self.rounds)

    @property
    def turn(self) -> int:
        return self.current.turn

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def awaiting_deal(self) -> bool:
        return self.winner is None and self.current.end is not None

    @property
    def scores(self) -> tuple[int, int]:
        """Both teams' totals right now, including placements of the round in progress."""
        rnd = self.current
        if rnd.end is not None:
            return self._banked
        return rnd.scores

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self.current.hand(seat)

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        return self.current.legal_moves()

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: see :class:`~seven_rocks.engine.view.PlayerView`."""
        rounds = self.rounds
        start, earlier = self._earlier
        if earlier is None:
            earlier = tuple(self.events[:start])
            self._earlier = (start, earlier)
        return PlayerView.of_round(
            rounds[-1], seat, len(rounds), earlier, tuple(self.events[start:])
        )

    # ---------------------------------------------------------------- mutation
    def play(self, move: Move | str, seat: int | None = None) -> int:
        """Play a move for the player to move and return its points.

        Illegal moves raise (see :meth:`Round.push`) and leave the game unchanged.
        """
        # Attributes are read directly, not through the properties above: this runs once
        # per move of every simulated game.
        if self.winner is not None:
            raise RoundOverError(f"{move} cannot be played: the game is over")
        rounds = self.rounds
        rnd = rounds[-1]
        if rnd.end is not None:
            raise RoundOverError(f"{move} cannot be played: no round is dealt")
        if isinstance(move, str):
            move = Move.parse(move)
        mover = rnd.turn
        points = rnd.push(move, seat)
        number = len(rounds)
        if move.tile is None:
            self.events.append(Passed(number, mover))
        else:
            self.events.append(Placed.on_table(number, mover, move, rnd.layout, points, rnd.scores))
        end = rnd.end
        if end is None:
            return points
        if end is End.TARGET:
            self.winner = mover & 1
            self._banked = rnd.scores
            self.events.append(GameWon(number, self.winner, self._banked))
        else:
            self._settle(rnd)
            self._deal_next()
        return points

    def _settle(self, rnd: Round) -> None:
        deductions = rnd.deductions()
        assert deductions is not None
        net = rnd.result()
        self._banked = (self._banked[0] + net[0], self._banked[1] + net[1])
        hands = tuple(rnd.hand(seat) for seat in range(SEATS))
        pips = tuple(hand_pips(rnd.hand_mask(seat)) for seat in range(SEATS))
        assert rnd.end is not None
        domino_seat = rnd.turns[-1].seat if rnd.end is End.DOMINO else None
        self.events.append(
            RoundSettled(
                self.round_number, rnd.end, hands, pips, deductions, self._banked, domino_seat
            )
        )

    def _deal_next(self) -> None:
        """Deal a round: its opener is the last round's domino player, else a new draw."""
        rounds = self.rounds
        number = len(rounds) + 1
        domino_seat: int | None = None
        if rounds and rounds[-1].end is End.DOMINO:
            domino_seat = rounds[-1].turns[-1].seat
        spec = next(self._deals, None) if self._deals is not None else None
        if spec is None and not self._deal_from_seed:
            return
        if spec is not None:
            hands, opener = spec
            draw: tuple[tuple[int | None, ...], ...] = ()
            if domino_seat is not None and opener != domino_seat:
                raise InvalidDealError(
                    f"round {number} must be opened by seat {domino_seat}, "
                    f"who dominoed the last round, not seat {opener}"
                )
        else:
            rng = round_rng(self.seed, number)
            shuffled = list(ALL_TILES)
            rng.shuffle(shuffled)
            # A shuffle of the whole set is a valid deal: seven tiles to each seat in turn
            # (what deal_hands does after checking its input, which this cannot fail).
            hands = [tuple(shuffled[i : i + TILES_PER_HAND]) for i in _HAND_STARTS]
            if domino_seat is not None:
                opener, draw = domino_seat, ()
            else:
                opener, draw = draw_opener(rng)
        rounds.append(Round(hands, opener, scores=self._banked, target=self.target))
        self.events.append(RoundStarted(number, opener, domino_seat is not None, draw))
        self._earlier = (len(self.events), None)

    def __repr__(self) -> str:
        state = f"winner=team {self.winner}" if self.winner is not None else f"turn={self.turn}"
        return f"<Game seed={self.seed} round {self.round_number} scores={self.scores} {state}>"
