"""The coach: where one seat's points were lost, move by move (an analysis board for dominoes).

Every move of the reviewed seat is looked at **from that seat's view at the time**: the game
is replayed from the record and, before each of the seat's moves, a
:class:`~seven_rocks.engine.view.PlayerView` is taken, the only thing the search is shown
(the other hands, which the record holds, never reach it).  The master bot's search
(:func:`seven_rocks.bots.master.evaluate`) values every legal alternative as the expected
result of the round for the seat's team (its points minus the opponents', deductions
included; reaching the target is worth a bonus, so near 250 a lost game costs a lot).  Then:

* **loss**: the best alternative's value minus the played move's, in expected points
  (0 for the best move; a move that ties the best counts as the best);
* **mark**: ``best`` (loss 0), ``good`` (under 5), ``mistake`` (5 or more), ``blunder``
  (15 or more); a move that was the only legal one is ``forced`` and not searched;
* **accuracy** of a move: ``100 x 2 ** (-loss / 10)``: every 10 expected points lost halve
  it (a mistake scores at most 71, a blunder at most 35, the best move 100).  A round's and
  the game's accuracy are the means over their analysed (not forced) moves.  Unlike a
  ratio to the round's stakes it is bounded, never negative, and one catastrophic move
  cannot swamp a game;
* **reasons**: language-neutral codes with numbers (:class:`Reason`), from the facts the
  hints compute (:func:`~seven_rocks.app.hints.move_facts`): the points each move scores
  now, what it leaves the next opponent, a block it misses, and the search's averages.
  :func:`reason_text` renders them in English; the page renders the codes in its language.

The search of a move is seeded from that view (a hash of everything the seat knows), so a
review is deterministic for a record and two games that looked the same to the seat get
the same verdict.  :class:`ReviewJob` analyses one move per :meth:`~ReviewJob.step`, so the
worker runs it in slices (progress is ``done`` / ``total``; cancelling is dropping the job).
A finished or partial review is cached in the record under ``"reviews"`` (an optional field
that readers of the record format ignore) by :func:`attach`, and :func:`cached` finds it
again, every field checked.  Anyone can write that field, so a cached review read from a
record is a hint, never a verdict: each of its moves is analysed again and the fresh
verdict kept (the job counts those that differed).  Only the page's own saved game, whose
cache it made itself, takes cached moves as they are: each carries the fingerprint of its
view, so only moves that are new (a game that went on) or changed are searched again.

>>> from seven_rocks.engine.game import Game
>>> game = Game(seed=4)
>>> for _ in range(12):
...     _ = game.play(game.legal_moves()[-1])
>>> review = ReviewJob(game, seat=game.rounds[0].opener, level="quick").run()
>>> first = review.rounds[0].moves[0]
>>> (first.round, first.number, first.mark in Mark, first.loss >= 0, len(review.rounds[0].moves))
(1, 1, True, True, 3)
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from ..bots.master import LEVELS, Analysis, evaluate
from ..engine.errors import SevenRocksError
from ..engine.game import Game
from ..engine.moves import PASS, Move
from ..engine.record import from_record
from ..engine.round import SEAT_NAMES, SEATS
from ..engine.tiles import ALL_TILES, Tile
from ..engine.view import PlayerView
from . import fields
from .hints import move_facts

FORMAT: Final = "seven-rocks-review"
#: Bump when the analysis of a position changes (a new search, new reasons): cached
#: reviews of another version are searched again.
VERSION: Final = 1
#: The record's optional field holding cached reviews (a list, one per seat and level).
RECORD_FIELD: Final = "reviews"
#: The search level reviews use unless told otherwise: ``brisk``, the default before issue
#: 14, because a whole game's review must take at most 10 s in the browser (see
#: :data:`seven_rocks.app.session.REVIEW_LEVEL`).
DEFAULT_LEVEL: Final = "brisk"
#: Losses (expected points) from which a move is a mistake, a blunder.
MISTAKE_LOSS: Final = 5.0
BLUNDER_LOSS: Final = 15.0
#: Every reason code (see :class:`Reason`); the page has a sentence for each.
REASON_CODES: Final = (
    "forced",
    "best",
    "scores_less",
    "hands_more",
    "misses_block",
    "keeps_double",
    "keeps_heavy",
    "greedy",
    "later",
    "search",
)
#: Pips by which the best move's tile must outweigh the played one to call it "keeps heavy".
HEAVY_GAP: Final = 4
#: Expected points lost that halve a move's accuracy.
HALF_LIFE: Final = 10.0
_TILE_TEXTS: Final = frozenset(str(tile) for tile in ALL_TILES)


class ReviewError(SevenRocksError):
    """A review that cannot be made or read (no such seat, level or cached review shape)."""


class Mark(StrEnum):
    """The verdict on one move."""

    FORCED = "forced"
    BEST = "best"
    GOOD = "good"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def mark_of(loss: float) -> Mark:
    """The mark of an analysed move that lost ``loss`` expected points."""
    if loss >= BLUNDER_LOSS:
        return Mark.BLUNDER
    if loss >= MISTAKE_LOSS:
        return Mark.MISTAKE
    return Mark.BEST if loss <= 0 else Mark.GOOD


def move_accuracy(loss: float) -> float:
    """``100 x 2 ** (-loss / HALF_LIFE)``, to one decimal."""
    return round(100.0 * math.pow(2.0, -max(0.0, loss) / HALF_LIFE), 1)


@dataclass(frozen=True, slots=True)
class Reason:
    """One fact behind a verdict: a code the page looks up, and its numbers.

    Codes and their arguments (``seat`` is a seat number, ``numbers`` a list of pips):

    ==============  ===============================================================
    ``forced``      the only legal move (``pass``: true when it was a knock)
    ``best``        the best move found; ``points`` it scores now, ``margin`` over
                    the next best alternative (expected points)
    ``scores_less`` ``points`` scored now where the best move scores ``best_points``
    ``hands_more``  lets ``seat`` (the next opponent) score up to ``threat`` in reply,
                    where the best move leaves at most ``best_threat``
    ``misses_block`` the best move leaves ``seat`` only ``numbers`` it is known to lack
    ``keeps_double`` the best move gets the double ``tile`` out (doubles are hard to place)
    ``keeps_heavy`` the move sheds ``pips`` pips, the best ``best_pips`` (a hand left at the
                    end is deducted)
    ``greedy``      takes ``points`` now, more than the best move's ``best_points``, and
                    pays for it later in the round
    ``later``       nothing above tells them apart: the loss shows later in the round
    ``search``      over ``samples`` deals the move averages ``value`` for the team,
                    the best ``best_value``
    ==============  ===============================================================
    """

    code: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, **self.args}


#: What each reason code's arguments must be (see :class:`Reason`), to read a cached one.
_REASON_ARGS: Final[dict[str, dict[str, str]]] = {
    "forced": {"pass": "flag"},
    "best": {"points": "points", "margin": "value"},
    "scores_less": {"points": "points", "best_points": "points"},
    "hands_more": {"seat": "seat", "threat": "points", "best_threat": "points"},
    "misses_block": {"seat": "seat", "numbers": "numbers"},
    "keeps_double": {"tile": "tile"},
    "keeps_heavy": {"pips": "pips", "best_pips": "pips"},
    "greedy": {"points": "points", "best_points": "points"},
    "later": {},
    "search": {"samples": "samples", "value": "value", "best_value": "value"},
}
#: Bounds of what a cached review may hold: far beyond any real review, so a value out of
#: them is a made-up one.
_MOST_POINTS: Final = 1_000
_MOST_VALUE: Final = 1e9
_MOST_SAMPLES: Final = 10_000_000
_MOST_ROUNDS: Final = 1_000_000
_MOST_MOVES: Final = 1_000
_MOVE_TEXT: Final = 32
_KEY: Final = re.compile(r"[0-9a-f]{64}")


def _move_text(raw: Mapping[str, Any], name: str) -> str:
    """Field ``name``: a move in its text form (``3-5@1-1:line_b``, ``1-4``, ``pass``)."""
    value = fields.text(raw, name, _MOVE_TEXT)
    try:
        Move.parse(value)
    except (SevenRocksError, ValueError):
        raise fields.FieldError(f"'{name}' must be a move, not {fields.shown(value)}") from None
    return value


def _reason_arg(args: Mapping[str, Any], name: str, kind: str) -> object:
    if kind == "flag":
        return fields.flag(args, name)
    if kind == "seat":
        return fields.seat(args, name)
    if kind == "points":
        return fields.whole(args, name, 0, _MOST_POINTS)
    if kind == "pips":
        return fields.whole(args, name, 0, 12)
    if kind == "samples":
        return fields.whole(args, name, 0, _MOST_SAMPLES)
    if kind == "value":
        return fields.number(args, name, -_MOST_VALUE, _MOST_VALUE)
    if kind == "tile":
        tile = fields.text(args, name, 12)
        if tile not in _TILE_TEXTS:
            raise fields.FieldError(f"'{name}' must be a tile, not {fields.shown(tile)}")
        return tile
    assert kind == "numbers"
    numbers = fields.items(args, name, 7)
    if not all(type(n) is int and 0 <= n <= 6 for n in numbers):
        raise fields.FieldError(f"'{name}' must list numbers 0 to 6, not {fields.shown(numbers)}")
    return numbers


def _reason(raw: object) -> Reason:
    """A cached reason, its code known and each of its arguments as that code has them."""
    args = fields.obj(raw, "a reason")
    code = args.get("code")
    kinds = _REASON_ARGS.get(code) if isinstance(code, str) else None
    if kinds is None or not isinstance(code, str):
        raise fields.FieldError(f"unknown reason {fields.shown(code)}")
    extra = set(args) - set(kinds) - {"code"}
    if extra:
        raise fields.FieldError(f"reason {code!r} has no {fields.shown(sorted(extra)[0])}")
    return Reason(code, {name: _reason_arg(args, name, kind) for name, kind in kinds.items()})


@dataclass(frozen=True, slots=True)
class MoveReview:
    """The verdict on one move of the reviewed seat."""

    #: The round (1-based) and the move's place in it (1-based, as the record lists them).
    round: int
    number: int
    seat: int
    move: str
    #: The best move found (the played one when it ties the best).
    best: str
    loss: float
    mark: Mark
    #: Expected round result for the team after the played and the best move (None if forced).
    value: float | None
    best_value: float | None
    #: Every legal move with its value, best first (empty when forced).
    candidates: tuple[tuple[str, float], ...]
    samples: int
    reasons: tuple[Reason, ...]
    #: Fingerprint of the view, level and version the verdict was made from (for the cache).
    key: str

    @property
    def accuracy(self) -> float | None:
        return None if self.mark is Mark.FORCED else move_accuracy(self.loss)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "number": self.number,
            "seat": self.seat,
            "move": self.move,
            "best": self.best,
            "loss": self.loss,
            "mark": str(self.mark),
            "accuracy": self.accuracy,
            "value": self.value,
            "best_value": self.best_value,
            "candidates": [[m, v] for m, v in self.candidates],
            "samples": self.samples,
            "reasons": [r.to_json() for r in self.reasons],
            "key": self.key,
        }

    @classmethod
    def from_json(cls, raw: object) -> MoveReview:
        """A cached verdict, every field checked (types, ranges, finite numbers, seats 0-3);
        raises :class:`~.fields.FieldError` naming the first bad one."""
        move = fields.obj(raw, "a reviewed move")
        candidates = []
        for pair in fields.items(move, "candidates", _MOST_MOVES):
            if not (isinstance(pair, list) and len(pair) == 2):
                raise fields.FieldError(
                    f"'candidates' must hold [move, value] pairs, not {fields.shown(pair)}"
                )
            entry = {"move": pair[0], "value": pair[1]}
            candidates.append(
                (
                    _move_text(entry, "move"),
                    fields.number(entry, "value", -_MOST_VALUE, _MOST_VALUE),
                )
            )
        key = fields.text(move, "key", 64)
        if not _KEY.fullmatch(key):
            raise fields.FieldError(f"'key' must be 64 hexadecimal digits, not {fields.shown(key)}")
        mark = move.get("mark")
        if mark not in tuple(Mark):
            raise fields.FieldError(
                f"'mark' must be one of {', '.join(Mark)}, not {fields.shown(mark)}"
            )
        return cls(
            round=fields.whole(move, "round", 1, _MOST_ROUNDS),
            number=fields.whole(move, "number", 1, _MOST_MOVES),
            seat=fields.seat(move),
            move=_move_text(move, "move"),
            best=_move_text(move, "best"),
            loss=fields.number(move, "loss", 0, _MOST_VALUE),
            mark=Mark(mark),
            value=fields.optional_number(move, "value", -_MOST_VALUE, _MOST_VALUE),
            best_value=fields.optional_number(move, "best_value", -_MOST_VALUE, _MOST_VALUE),
            candidates=tuple(candidates),
            samples=fields.whole(move, "samples", 0, _MOST_SAMPLES),
            reasons=tuple(_reason(r) for r in fields.items(move, "reasons", len(REASON_CODES))),
            key=key,
        )


def _mean(values: Sequence[float]) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


@dataclass(frozen=True, slots=True)
class Summary:
    """Totals over some reviewed moves (a round's, or the game's)."""

    #: Moves reviewed, and how many of them had a choice (were searched).
    reviewed: int
    analysed: int
    accuracy: float | None
    lost: float
    mistakes: int
    blunders: int

    @classmethod
    def of(cls, moves: Sequence[MoveReview]) -> Summary:
        analysed = [m for m in moves if m.mark is not Mark.FORCED]
        return cls(
            reviewed=len(moves),
            analysed=len(analysed),
            accuracy=_mean([move_accuracy(m.loss) for m in analysed]),
            lost=round(sum(m.loss for m in analysed), 1),
            mistakes=sum(m.mark is Mark.MISTAKE for m in analysed),
            blunders=sum(m.mark is Mark.BLUNDER for m in analysed),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reviewed": self.reviewed,
            "analysed": self.analysed,
            "accuracy": self.accuracy,
            "lost": self.lost,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
        }


@dataclass(frozen=True, slots=True)
class RoundReview:
    """One round's reviewed moves and their summary."""

    round: int
    moves: tuple[MoveReview, ...]

    @property
    def summary(self) -> Summary:
        return Summary.of(self.moves)


@dataclass(frozen=True, slots=True)
class GameReview:
    """A seat's review of a game (``complete`` is false for a cancelled, partial one)."""

    seat: int
    level: str
    rounds: tuple[RoundReview, ...]
    complete: bool = True

    @property
    def moves(self) -> tuple[MoveReview, ...]:
        return tuple(m for r in self.rounds for m in r.moves)

    @property
    def summary(self) -> Summary:
        return Summary.of(self.moves)

    def to_json(self) -> dict[str, Any]:
        """Plain data (what the record caches and ``seven-rocks review --json`` prints)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "seat": self.seat,
            "level": self.level,
            "complete": self.complete,
            **self.summary.to_json(),
            "rounds": [
                {"round": r.round, **r.summary.to_json(), "moves": [m.to_json() for m in r.moves]}
                for r in self.rounds
            ],
        }

    @classmethod
    def from_json(cls, raw: object) -> GameReview:
        """Read :meth:`to_json`'s output back (the summaries are recomputed, not trusted);
        any bad field is a :class:`ReviewError` of one sentence that says where it is."""
        if not isinstance(raw, Mapping) or raw.get("format") != FORMAT:
            raise ReviewError("not a Seven Rocks review")
        if raw.get("version") != VERSION:
            raise ReviewError(
                f"review version {fields.shown(raw.get('version'))} (this reads {VERSION})"
            )
        where = "the review"
        try:
            rounds = []
            for i, entry in enumerate(fields.items(raw, "rounds", _MOST_ROUNDS), start=1):
                where = f"the review's round entry {i}"
                round_raw = fields.obj(entry, "a reviewed round")
                number = fields.whole(round_raw, "round", 1, _MOST_ROUNDS)
                moves = []
                for j, move in enumerate(fields.items(round_raw, "moves", _MOST_MOVES), start=1):
                    where = f"the review's round {number}, move entry {j}"
                    moves.append(MoveReview.from_json(move))
                rounds.append(RoundReview(number, tuple(moves)))
            where = "the review"
            complete = fields.flag(raw, "complete") if "complete" in raw else False
            return cls(
                seat=_seat(raw.get("seat")),
                level=_level(raw.get("level")),
                rounds=tuple(rounds),
                complete=complete,
            )
        except fields.FieldError as error:
            raise ReviewError(f"{where}: {error}") from None


def _seat(seat: object) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise ReviewError(f"no seat {seat!r}: seats are 0..3")
    return seat


def _level(level: object) -> str:
    if level not in LEVELS:
        raise ReviewError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
    return str(level)


# ------------------------------------------------------------------ one position
def view_key(view: PlayerView, level: str) -> str:
    """Everything the seat knows that the search reads, as text (with the level and version).

    The layout follows from the round's turns, the passes and voids too; earlier rounds
    matter only through the scores.  Hidden hands are not in a view, so not in the key.
    """
    turns = ",".join(f"{t.seat}{t.move}" for t in view.turns)
    hand = " ".join(str(t) for t in view.hand)
    return (
        f"{FORMAT}:{VERSION}:{level}|seat {view.seat}|round {view.round_number}|"
        f"opener {view.opener}|scores {view.scores[0]} {view.scores[1]}/{view.target}|"
        f"hand {hand}|turns {turns}"
    )


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def fingerprint(review: GameReview) -> str:
    """A digest of the whole review: a program that remembers the fingerprints of the
    reviews it made can recognise one handed back to it (and trust it) without a search."""
    return _digest(json.dumps(review.to_json(), sort_keys=True))


def _reasons(
    view: PlayerView, played: Move, best: Move, found: Sequence[Analysis], loss: float
) -> tuple[Reason, ...]:
    facts = move_facts(view, played)
    out: list[Reason] = []
    value = next(a.value for a in found if a.move is played)
    if loss <= 0:
        others = [a.value for a in found if a.move is not played]
        margin = round(value - max(others), 1) if others else 0.0
        out.append(Reason("best", {"points": facts["points"], "margin": margin}))
    else:
        ideal = move_facts(view, best)
        if ideal["points"] > facts["points"]:
            out.append(
                Reason("scores_less", {"points": facts["points"], "best_points": ideal["points"]})
            )
        threat, best_threat = facts.get("threat"), ideal.get("threat")
        if threat is not None and best_threat is not None and threat > best_threat:
            out.append(
                Reason(
                    "hands_more",
                    {"seat": facts["next_seat"], "threat": threat, "best_threat": best_threat},
                )
            )
        if ideal.get("next_blocked") and not facts.get("next_blocked"):
            out.append(
                Reason("misses_block", {"seat": ideal["next_seat"], "numbers": ideal["open"]})
            )
        if ideal["double"] and not facts["double"]:
            out.append(Reason("keeps_double", {"tile": ideal["tile"]}))
        pips, best_pips = Tile.parse(facts["tile"]).pips, Tile.parse(ideal["tile"]).pips
        if best_pips - pips >= HEAVY_GAP:
            out.append(Reason("keeps_heavy", {"pips": pips, "best_pips": best_pips}))
        if facts["points"] > ideal["points"]:
            out.append(
                Reason("greedy", {"points": facts["points"], "best_points": ideal["points"]})
            )
        elif not out:
            out.append(Reason("later", {}))
    best_value = max(a.value for a in found)
    out.append(
        Reason(
            "search",
            {
                "samples": found[0].samples,
                "value": round(value, 1),
                "best_value": round(best_value, 1),
            },
        )
    )
    return tuple(out)


def review_position(
    view: PlayerView, played: Move, level: str = DEFAULT_LEVEL, *, number: int = 0
) -> MoveReview:
    """The verdict on ``played`` in ``view`` (the seat's view just before it moved).

    The search is seeded from :func:`view_key`, so the verdict depends on the view alone.
    """
    key = view_key(view, level)
    digest = _digest(key)
    legal = view.legal_moves()
    if played not in legal:
        raise ReviewError(f"{played} is not a legal move in this position")
    if len(legal) == 1:
        return MoveReview(
            view.round_number,
            number,
            view.seat,
            str(played),
            best=str(played),
            loss=0.0,
            mark=Mark.FORCED,
            value=None,
            best_value=None,
            candidates=(),
            samples=0,
            reasons=(Reason("forced", {"pass": played is PASS}),),
            key=digest,
        )
    found = evaluate(view, int(digest[:15], 16), level)
    values = {a.move: round(a.value, 1) for a in found}
    top = found[0]
    loss = max(0.0, round(values[top.move] - values[played], 1))
    return MoveReview(
        view.round_number,
        number,
        view.seat,
        str(played),
        best=str(played if loss <= 0 else top.move),
        loss=loss,
        mark=mark_of(loss),
        value=values[played],
        best_value=values[top.move],
        candidates=tuple((str(a.move), values[a.move]) for a in found),
        samples=top.samples,
        reasons=_reasons(view, played, top.move, found, loss),
        key=digest,
    )


# ------------------------------------------------------------------ a whole game
def _positions(game: Game, seat: int) -> Iterator[tuple[int, PlayerView, Move]]:
    """``(number, view, played)`` before each of ``seat``'s moves, replaying ``game``'s deals."""
    replay = Game(
        game.seed,
        target=game.target,
        seats=game.seats,
        deals=[(rnd.deal, rnd.opener) for rnd in game.rounds],
    )
    for rnd in game.rounds:
        for number, turn in enumerate(rnd.turns, start=1):
            if turn.seat == seat:
                yield number, replay.view(seat), turn.move
            replay.play(turn.move, turn.seat)


class ReviewJob:
    """A review run in slices: each :meth:`step` settles one of the seat's moves.

    ``cache`` is an earlier review of the same seat and level (:func:`cached`).  A cached
    verdict is a hint, never a verdict: anyone can write a record's ``"reviews"`` (the
    fingerprints are made from public data), so each cached move is analysed again (the
    analysis is deterministic) and the fresh verdict is the one kept; :attr:`checked` and
    :attr:`differed` say how many were compared and how many did not match.  Only a
    ``trusted`` cache, one this program made and kept itself (the page's own saved game),
    is taken as it is for a move whose view fingerprint matches.  The worker calls
    :meth:`step` between messages and reports ``done`` / ``total``; to cancel, it stops
    calling (and may keep :meth:`result`, a partial review, as a cache for next time).
    """

    def __init__(
        self,
        game: Game,
        seat: int,
        level: str = DEFAULT_LEVEL,
        cache: GameReview | None = None,
        *,
        trusted: bool = False,
    ) -> None:
        self.seat = _seat(seat)
        self.level = _level(level)
        self.total = sum(t.seat == seat for rnd in game.rounds for t in rnd.turns)
        self.done = 0
        #: How many moves were searched (not forced, not taken from a trusted cache).
        self.searched = 0
        #: Cached verdicts analysed again, and how many of them the analysis contradicted.
        self.checked = 0
        self.differed = 0
        #: Why the review cached in the record was not used at all (one sentence), if so.
        self.cache_error: str | None = None
        self.trusted = trusted
        self._reused: dict[tuple[int, int], MoveReview] = {}
        if cache is not None and cache.seat == seat and cache.level == level:
            self._reused = {(m.round, m.number): m for m in cache.moves}
        self._positions = _positions(game, seat)
        self._found: list[MoveReview] = []

    @classmethod
    def for_record(
        cls, record: Mapping[str, Any], seat: int, level: str = DEFAULT_LEVEL
    ) -> ReviewJob:
        """A job for a record (checked by replaying it) that checks the review cached in it;
        a malformed cached review is left out, and :attr:`cache_error` says why."""
        game = from_record(record)
        cache, error = cache_or_error(record, seat, level)
        job = cls(game, seat, level, cache)
        job.cache_error = error
        return job

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self) -> MoveReview | None:
        """Review the next move (None when all are done)."""
        position = next(self._positions, None)
        if position is None:
            return None
        number, view, played = position
        old = self._reused.get((view.round_number, number))
        if (
            self.trusted
            and old is not None
            and old.move == str(played)
            and old.key == _digest(view_key(view, self.level))
        ):
            found = old
        else:
            found = review_position(view, played, self.level, number=number)
            self.searched += found.mark is not Mark.FORCED
            if old is not None:
                self.checked += 1
                self.differed += old != found
        self._found.append(found)
        self.done += 1
        return found

    def __iter__(self) -> Iterator[MoveReview]:
        while (found := self.step()) is not None:
            yield found

    def result(self) -> GameReview:
        """The review so far (``complete`` once every move is done)."""
        by_round: dict[int, list[MoveReview]] = {}
        for m in self._found:
            by_round.setdefault(m.round, []).append(m)
        rounds = tuple(RoundReview(n, tuple(ms)) for n, ms in sorted(by_round.items()))
        return GameReview(self.seat, self.level, rounds, complete=self.finished)

    def run(
        self,
        progress: Callable[[int, int], None] | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> GameReview:
        """Every remaining move; ``progress(done, total)`` after each, stop when ``cancelled()``."""
        while not self.finished:
            if cancelled is not None and cancelled():
                break
            self.step()
            if progress is not None:
                progress(self.done, self.total)
        return self.result()


# ------------------------------------------------------------------ the record's cache
def cached(record: Mapping[str, Any], seat: int, level: str = DEFAULT_LEVEL) -> GameReview | None:
    """The review of ``seat`` at ``level`` cached in ``record``, if any.

    Raises :class:`ReviewError` (one sentence naming the bad field) for one that is
    malformed or of another version: a caller leaves it out and says so.
    """
    entries = record.get(RECORD_FIELD)
    if not isinstance(entries, list):
        return None
    for raw in entries:
        if isinstance(raw, Mapping) and raw.get("seat") == seat and raw.get("level") == level:
            return GameReview.from_json(raw)
    return None


def cache_or_error(
    record: Mapping[str, Any], seat: int, level: str = DEFAULT_LEVEL
) -> tuple[GameReview | None, str | None]:
    """:func:`cached`, or None and why (one sentence) when the cached review is malformed."""
    try:
        return cached(record, seat, level), None
    except ReviewError as error:
        return None, f"the review cached in the record was left out: {error}"


def attach(record: Mapping[str, Any], review: GameReview) -> dict[str, Any]:
    """A copy of ``record`` caching ``review`` (replacing one of the same seat and level)."""
    entries = record.get(RECORD_FIELD)
    kept = [
        e
        for e in (entries if isinstance(entries, list) else [])
        if not (
            isinstance(e, Mapping)
            and e.get("seat") == review.seat
            and e.get("level") == review.level
        )
    ]
    return {**record, RECORD_FIELD: [*kept, review.to_json()]}


def review_record(
    record: Mapping[str, Any], seat: int, level: str = DEFAULT_LEVEL
) -> tuple[GameReview, ReviewJob]:
    """Check ``record``, then review ``seat``'s moves, checking the record's cached review.

    Returns the review and the job (whose ``searched`` says how many moves needed a search,
    ``checked`` and ``differed`` what became of the cached verdicts, ``cache_error`` why a
    malformed cached review was left out).
    """
    job = ReviewJob.for_record(record, seat, level)
    return job.run(), job


# ------------------------------------------------------------------ English
def _numbers(values: Sequence[int]) -> str:
    texts = [str(v) for v in values]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


def _pips(count: int) -> str:
    """``"1 pip"``, ``"5 pips"``.

    >>> _pips(1), _pips(0), _pips(12)
    ('1 pip', '0 pips', '12 pips')
    """
    return "1 pip" if count == 1 else f"{count} pips"


def reason_text(move: MoveReview) -> str:
    """The reasons of a verdict as one English phrase (the command line's column)."""
    parts = []
    for reason in move.reasons:
        a = reason.args
        if reason.code == "forced":
            parts.append("no tile fits: a forced knock" if a.get("pass") else "the only legal move")
        elif reason.code == "best":
            margin = a.get("margin", 0)
            parts.append(
                f"best: scores {a['points']} now"
                + (f", {margin:.1f} ahead of the next best" if margin > 0 else "")
            )
        elif reason.code == "scores_less":
            parts.append(f"scores {a['points']} now where {move.best} scores {a['best_points']}")
        elif reason.code == "hands_more":
            parts.append(
                f"lets {SEAT_NAMES[a['seat']]} score up to {a['threat']} in reply "
                f"(the best move: {a['best_threat']})"
            )
        elif reason.code == "misses_block":
            parts.append(
                f"{move.best} would leave {SEAT_NAMES[a['seat']]} only "
                f"{_numbers(a['numbers'])}, which they lack"
            )
        elif reason.code == "keeps_double":
            parts.append(f"{move.best} would get the double {a['tile']} out")
        elif reason.code == "keeps_heavy":
            shed, best_shed = _pips(a["pips"]), _pips(a["best_pips"])
            parts.append(f"sheds {shed} where {move.best} sheds {best_shed}")
        elif reason.code == "greedy":
            parts.append(
                f"takes {a['points']} now (the best move {a['best_points']}) "
                "but pays for it later in the round"
            )
        elif reason.code == "later":
            parts.append("the cost shows later in the round")
        elif reason.code == "search" and move.mark is not Mark.BEST:
            parts.append(
                f"over {a['samples']} deals {a['value']:+.1f} for the team, "
                f"the best {a['best_value']:+.1f}"
            )
    return "; ".join(parts)


__all__ = [
    "BLUNDER_LOSS",
    "FORMAT",
    "HALF_LIFE",
    "MISTAKE_LOSS",
    "REASON_CODES",
    "RECORD_FIELD",
    "VERSION",
    "GameReview",
    "Mark",
    "MoveReview",
    "Reason",
    "ReviewError",
    "ReviewJob",
    "RoundReview",
    "Summary",
    "attach",
    "cache_or_error",
    "cached",
    "fingerprint",
    "mark_of",
    "move_accuracy",
    "reason_text",
    "review_position",
    "review_record",
    "view_key",
]
