"""Finding puzzles: positions where one move clearly beats every other, from the seat's view.

Candidate positions come from fast games (four ``expert`` bots: a game takes milliseconds).
A hunt for one theme looks only where that theme can happen (:data:`LOOKS`): the race to
the target in the positions within :data:`RACE_ZONE` of it, a block where some move leaves
the next opponent without a play while another move scores at least as much; a hunt for
every theme looks at every decision.  Each decision looked at gets a quick screen (the
master's ``quick`` level, 40 deals of the hidden tiles consistent with the seat's view); a
position passes when its best move leads the next by :data:`SCREEN_GAP` and is not simply
the move scoring the most points now (another move scores at least as much).  Only the
survivors get the far bigger search (``strong``: 2,000 deals, weighted by how the others
played, exact endgames), which must agree on the move and find it ahead by :data:`MARGIN`,
and so must three more, each on other deals (:data:`CHECKS`).  So the costly search runs on a
few percent of the positions.

Each puzzle gets a theme from what tells its answer apart from the tempting move (the one
scoring the most now): :mod:`.puzzle_themes`.

Everything follows from the seed: the games, and each search's seed from the position.
A set grows by appending (:func:`extend`): the puzzles already shipped keep their numbers,
which the players' solved lists refer to, and the new ones join the daily round from a day
the run names (the file's ``daily`` list), so no day's daily puzzle changes once it came.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, TypedDict

from ..app.puzzles import Position, PositionJson
from ..bots import make_bot
from ..bots.master import Analysis, evaluate
from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.record.limits import parse_json
from ..engine.view import PlayerView
from .puzzle_themes import (
    THEMES,
    block_possible,
    blocks_next,
    in_race,
    tempting,
    theme_of,
    twins,
)

FORMAT: Final = "seven-rocks-puzzles"
#: The file's shape: ``made`` lists every run that added puzzles, in order.
VERSION: Final = 2
#: The screen's level and the check's (the check searches about 50 times as many deals).
SCREEN: Final = "quick"
CHECK: Final = "strong"
#: How far (expected points) the screen's best move must lead the next to be checked.
SCREEN_GAP: Final = 6.0
#: How far the check's best move must lead the next: a clear answer.
MARGIN: Final = 6.0
#: Independent big searches (each on its own deals) that must all find the answer ahead by
#: :data:`MARGIN`.  Near the target a round's end swings by the win's worth, so one search's
#: deals can favour a move by luck; three more agreeing on other deals make that unlikely.
CHECKS: Final = 4
#: The most puzzles taken from one game, so that the set spans many games.
PER_GAME: Final = 4
#: The fewest tiles the seat must hold: with two, the choice is too plain to teach.
MIN_HAND: Final = 3
#: What a hunt may ask for: one theme, or every theme at once.
EVERY: Final = "all"


class PuzzleJson(TypedDict):
    """One puzzle of the file: the position, the answer and the check's values."""

    id: int
    theme: str
    position: PositionJson
    answer: str
    margin: float
    #: ``[move, value]`` for every legal move, from the check, best first.
    candidates: list[list[str | float]]


#: One run of the command: its games, seed, theme, levels and margins.
Run = dict[str, int | float | str]
#: From day ``from`` on, puzzles 1..``count`` are in the daily round
#: (web/js/coach/puzzles-daily.js).
Edition = TypedDict("Edition", {"from": str, "count": int})
#: The first edition's day: its puzzles have always been in the daily round.
FIRST_DAY: Final = "1970-01-01"


class PuzzleFile(TypedDict):
    format: str
    version: int
    #: The runs that made the puzzles, in order (each appended to the ones before).
    made: list[Run]
    #: When each addition joined the daily round, in order.
    daily: list[Edition]
    puzzles: list[PuzzleJson]


@dataclass(frozen=True, slots=True)
class Stats:
    """What a run looked at: decisions with a choice, screen survivors, puzzles, seconds."""

    games: int
    decisions: int
    screened: int
    found: int
    seconds: float


def search_seed(view: PlayerView, salt: str) -> int:
    """A search's seed from the position (and ``salt``), never from the run's order."""
    key = f"{salt}|{Position.of_view(view).to_json()}"
    return int(hashlib.sha256(key.encode()).hexdigest()[:15], 16)


def lead(found: list[Analysis]) -> float:
    """How far the best move leads the best other one (its twin is not another)."""
    top = found[0]
    others = [a.value for a in found[1:] if not twins(a.move, top.move)]
    return top.value - max(others) if others else 0.0


#: Where a hunt looks: the decisions where its theme can happen (every one for all themes).
LOOKS: Final[dict[str, Callable[[PlayerView], bool]]] = {
    EVERY: lambda view: True,
    "race": in_race,
    "blocking": block_possible,
}


def positions(number: int, seed: int, theme: str = EVERY) -> Iterator[PlayerView]:
    """Every decision with a real choice in game ``number`` of ``seed`` (four experts) where
    ``theme`` can happen."""
    look = LOOKS[theme]
    game_seed = seed * 100_003 + number
    game = Game(seed=game_seed)
    bots = [make_bot("expert", game_seed * 4 + s) for s in range(4)]
    while not game.is_over:
        view = game.view(game.turn)
        if len(view.legal_moves()) > 1 and len(view.hand) >= MIN_HAND and look(view):
            yield view
        game.play(bots[game.turn].choose(view))


@dataclass(frozen=True, slots=True)
class GameFinds:
    """One game's puzzles (numbered later) and what it took to find them."""

    puzzles: list[PuzzleJson]
    decisions: int
    screened: int


def confirmed(view: PlayerView, answer: Move, checks: int) -> bool:
    """Whether ``checks - 1`` more big searches, each on other deals, find ``answer`` (or
    its twin) best and ahead by :data:`MARGIN` too."""
    for n in range(2, checks + 1):
        again = evaluate(view, search_seed(view, f"{CHECK}-{n}"), CHECK)
        best = again[0].move
        if not (best is answer or twins(best, answer)) or lead(again) < MARGIN:
            return False
    return True


def game_puzzles(
    seed: int, number: int, most: int = PER_GAME, theme: str = EVERY, checks: int = CHECKS
) -> GameFinds:
    """Up to ``most`` puzzles of ``theme`` from game ``number`` of ``seed``: the screen on
    every decision where the theme can happen, ``checks`` big searches on its survivors (a
    function of its arguments alone, so games can be searched in any order, in parallel)."""
    found: list[PuzzleJson] = []
    decisions = screened = 0
    for view in positions(number, seed, theme):
        if len(found) >= most:
            break
        decisions += 1
        quick = evaluate(view, search_seed(view, SCREEN), SCREEN)
        if lead(quick) < SCREEN_GAP or tempting(view, quick) is None:
            continue
        screened += 1
        checked = evaluate(view, search_seed(view, CHECK), CHECK)
        pair = tempting(view, checked)
        if pair is None or lead(checked) < MARGIN:
            continue
        if not (checked[0].move is quick[0].move or twins(checked[0].move, quick[0].move)):
            continue
        named = theme_of(view, *pair)
        if theme not in (EVERY, named) or not confirmed(view, pair[0], checks):
            continue
        found.append(
            {
                "id": 0,
                "theme": named,
                "position": Position.of_view(view).to_json(),
                "answer": str(pair[0]),
                "margin": round(lead(checked), 1),
                "candidates": [[str(a.move), round(a.value, 1)] for a in checked],
            }
        )
    return GameFinds(found, decisions, screened)


def _one_game(task: tuple[int, int, int, str, int]) -> GameFinds:
    return game_puzzles(*task)


def position_key(puzzle: PuzzleJson) -> str:
    """What makes two puzzles the same: their position."""
    return json.dumps(puzzle["position"], sort_keys=True)


def find_puzzles(
    games: int,
    seed: int,
    *,
    theme: str = EVERY,
    checks: int = CHECKS,
    jobs: int = 1,
    limit: int | None = None,
    after: list[PuzzleJson] | None = None,
    progress: Callable[[int, int, int], object] | None = None,
) -> tuple[list[PuzzleJson], Stats]:
    """Puzzles of ``theme`` from ``games`` games of ``seed`` (``jobs`` processes), each
    answer found by ``checks`` independent big searches, numbered in game order after the
    puzzles ``after`` (none of whose positions comes again), with the run's stats; at most
    ``limit`` of them.  The same arguments give the same puzzles whatever ``jobs`` is.

    ``progress(games_done, screened, found)`` is called after each game.
    """
    started = time.perf_counter()
    most = PER_GAME if limit is None else min(PER_GAME, limit)
    tasks = [(seed, number, most, theme, checks) for number in range(games)]
    puzzles: list[PuzzleJson] = []
    earlier = after or []
    seen = {position_key(p) for p in earlier}
    decisions = screened = 0
    with contextlib.ExitStack() as stack:
        if jobs > 1:
            pool = stack.enter_context(multiprocessing.get_context("spawn").Pool(jobs))
            results: Iterator[GameFinds] = pool.imap(_one_game, tasks)
        else:
            results = map(_one_game, tasks)
        for done, finds in enumerate(results, start=1):
            decisions += finds.decisions
            screened += finds.screened
            for puzzle in finds.puzzles:
                key = position_key(puzzle)
                if key not in seen and (limit is None or len(puzzles) < limit):
                    seen.add(key)
                    puzzles.append({**puzzle, "id": len(earlier) + len(puzzles) + 1})
            if progress is not None:
                progress(done, screened, len(puzzles))
            if limit is not None and len(puzzles) >= limit:
                break
    stats = Stats(games, decisions, screened, len(puzzles), time.perf_counter() - started)
    return puzzles, stats


def run_of(games: int, seed: int, theme: str = EVERY, checks: int = CHECKS) -> Run:
    """How one run looked for puzzles, as the file records it."""
    return {
        "games": games,
        "seed": seed,
        "theme": theme,
        "checks": checks,
        "screen": SCREEN,
        "check": CHECK,
        "screen_gap": SCREEN_GAP,
        "margin": MARGIN,
    }


def puzzle_file(
    puzzles: list[PuzzleJson], made: list[Run], daily: list[Edition] | None = None
) -> PuzzleFile:
    """The shipped file: its format, the runs that made it, the daily round's editions (one,
    from the start, when not given) and the puzzles."""
    if daily is None:
        daily = [{"from": FIRST_DAY, "count": len(puzzles)}] if puzzles else []
    return {"format": FORMAT, "version": VERSION, "made": made, "daily": daily, "puzzles": puzzles}


class PuzzleFileError(ValueError):
    """A file to extend that is not a puzzle file this version can grow."""


#: The largest puzzle file :func:`read_file` takes, in bytes: the shipped one is some
#: 200 KB, and a bound keeps ``--extend /dev/zero`` from taking every byte of memory.
MAX_FILE_BYTES: Final = 16 * 1024 * 1024
#: Each field of a puzzle and the type it must have, as :func:`extend` reads them.
_FIELDS: Final[dict[str, type | tuple[type, ...]]] = {
    "id": int,
    "theme": str,
    "position": dict,
    "answer": str,
    "margin": (int, float),
    "candidates": list,
}


def read_file(text: str, max_bytes: int = MAX_FILE_BYTES) -> PuzzleFile:
    """A puzzle file to extend, its puzzles numbered 1..n, each with every field (:func:`extend`
    reads each whole); a file of version 1 as the one run, every puzzle in the daily round
    from the start. Text larger than ``max_bytes`` or nested too deeply is refused before it
    is parsed."""
    try:
        data = parse_json(text, max_bytes=max_bytes)
    except RecordError as error:
        raise PuzzleFileError(str(error).replace("the record", "the puzzle file")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleFileError("not a puzzle file")
    made, puzzles, daily = data.get("made"), data.get("puzzles"), data.get("daily")
    if isinstance(made, dict):  # a file of one run (version 1): every theme, one check
        made = [{**run_of(0, 0, EVERY, 1), **made}]
    if not isinstance(made, list) or not isinstance(puzzles, list):
        raise PuzzleFileError("a puzzle file lists its runs and its puzzles")
    for number, puzzle in enumerate(puzzles, 1):
        _check_fields(number, puzzle)
    if [p.get("id") for p in puzzles] != list(range(1, len(puzzles) + 1)):
        raise PuzzleFileError("the puzzles must be numbered 1, 2, 3, ... in order")
    if daily is None:  # version 1: every puzzle in the daily round from the start
        daily = [{"from": FIRST_DAY, "count": len(puzzles)}]
    return puzzle_file(puzzles, made, daily)


def _check_fields(number: int, puzzle: object) -> None:
    """That the ``number``-th puzzle of a file has every field, each of its type."""
    if not isinstance(puzzle, dict):
        raise PuzzleFileError(f"puzzle {number} of the file is not a JSON object")
    for field, kind in _FIELDS.items():
        if field not in puzzle:
            raise PuzzleFileError(f"puzzle {number} of the file has no {field!r}")
        value = puzzle[field]
        if isinstance(value, bool) or not isinstance(value, kind):
            raise PuzzleFileError(f"puzzle {number} of the file has a {field!r} of the wrong kind")


def daily_day(text: str) -> str:
    """A day as the file writes it (``YYYY-MM-DD``), or :class:`PuzzleFileError`."""
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise PuzzleFileError(f"{text!r} is not a day (YYYY-MM-DD)") from None


def check_joins(base: PuzzleFile, daily_from: str | None) -> None:
    """That puzzles added to ``base`` may join its daily round from ``daily_from``: a
    set with puzzles needs the day (a later one than its last edition's), so that the
    days before keep their daily puzzles."""
    if not base["puzzles"]:
        return
    if daily_from is None:
        raise PuzzleFileError(
            "growing a set needs the day its new puzzles join the daily round (--daily-from)"
        )
    last = base["daily"][-1]["from"] if base["daily"] else FIRST_DAY
    if daily_day(daily_from) < last:
        raise PuzzleFileError(f"the new puzzles cannot join the daily round before {last}")


def joined(daily: list[Edition], day: str, count: int) -> list[Edition]:
    """``daily`` with puzzles 1..``count`` in the round from ``day`` (one edition a day)."""
    earlier = [e for e in daily if e["from"] != day]
    return [*earlier, {"from": day, "count": count}]


def retheme(puzzle: PuzzleJson) -> PuzzleJson:
    """``puzzle`` with its theme from :func:`theme_of` as it stands (everything else,
    its number first, unchanged): a set grown by several runs names every puzzle alike."""
    try:
        view = Position.from_json(puzzle["position"]).view()
        found = [Analysis(Move.parse(str(m)), float(v), 0) for m, v in puzzle["candidates"]]
    except (ValueError, TypeError) as error:  # the engine's errors are ValueErrors
        raise PuzzleFileError(f"puzzle {puzzle['id']} of the file: {error}") from None
    pair = tempting(view, found)
    if pair is None or str(pair[0]) != puzzle["answer"]:
        raise PuzzleFileError(f"puzzle {puzzle['id']}: its answer is not its best move")
    return {**puzzle, "theme": theme_of(view, *pair)}


def extend(
    base: PuzzleFile,
    games: int,
    seed: int,
    *,
    theme: str = EVERY,
    checks: int = CHECKS,
    daily_from: str | None = None,
    jobs: int = 1,
    progress: Callable[[int, int, int], object] | None = None,
) -> tuple[PuzzleFile, Stats]:
    """``base`` with the puzzles of one more run appended: its puzzles keep their numbers
    (themes named as :func:`theme_of` names them), the new ones come after, none twice, and
    join the daily round on ``daily_from`` (see :func:`check_joins`)."""
    check_joins(base, daily_from)
    kept = [retheme(p) for p in base["puzzles"]]
    found, stats = find_puzzles(
        games, seed, theme=theme, checks=checks, jobs=jobs, after=kept, progress=progress
    )
    made = [*base["made"], run_of(games, seed, theme, checks)]
    every = [*kept, *found]
    if not kept:
        return puzzle_file(every, made), stats
    assert daily_from is not None  # check_joins
    return puzzle_file(every, made, joined(base["daily"], daily_day(daily_from), len(every))), stats


def recheck(puzzle: PuzzleJson, level: str = CHECK) -> float:
    """The answer's lead in an independent search at ``level`` (other deals than the
    generator's): positive when the answer (or its twin) is still the best move."""
    view = Position.from_json(puzzle["position"]).view()
    found = evaluate(view, search_seed(view, f"recheck-{level}"), level)
    answer = Move.parse(puzzle["answer"])
    value = next(a.value for a in found if a.move is answer)
    others = [a.value for a in found if a.move is not answer and not twins(a.move, answer)]
    return value - max(others)


__all__ = [
    "CHECK",
    "CHECKS",
    "EVERY",
    "FIRST_DAY",
    "FORMAT",
    "LOOKS",
    "MARGIN",
    "MAX_FILE_BYTES",
    "SCREEN",
    "THEMES",
    "Edition",
    "PuzzleFile",
    "PuzzleFileError",
    "PuzzleJson",
    "Run",
    "Stats",
    "block_possible",
    "blocks_next",
    "check_joins",
    "confirmed",
    "daily_day",
    "extend",
    "find_puzzles",
    "game_puzzles",
    "in_race",
    "joined",
    "lead",
    "puzzle_file",
    "read_file",
    "recheck",
    "retheme",
    "run_of",
    "tempting",
    "theme_of",
    "twins",
]
