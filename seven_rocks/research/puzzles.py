"""Finding puzzles: positions where one move clearly beats every other, from the seat's view.

Candidate positions come from fast games (four ``expert`` bots: a game takes milliseconds).
Every decision with a real choice gets a quick screen (the master's ``quick`` level, 40
deals of the hidden tiles consistent with the seat's view); a position passes when its best
move leads the next by :data:`SCREEN_GAP` and is not simply the move scoring the most
points now (another move scores at least as much).  Only the survivors get the far bigger
search (``strong``: 2,000 deals, weighted by how the others played, exact endgames), which
must agree on the move and find it ahead by :data:`MARGIN`.  So the costly search runs on a
few percent of the positions.

Each puzzle gets a theme from what tells its answer apart from the tempting move (the one
scoring the most now): the race to the target, a block of the next opponent, the spinner's
arms (one of them makes the spinner or plays on its branches and the other not), shedding
weight (a double, or a tile heavier by 4 pips), or else counting the tiles (what the answer
hands the next opponent, or keeps for later, follows from the tiles still unseen).

Everything follows from the seed: the games, and each search's seed from the position.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, TypedDict

from ..app.hints import move_facts
from ..app.puzzles import Position, PositionJson
from ..bots import make_bot
from ..bots.master import Analysis, evaluate
from ..engine.game import Game
from ..engine.moves import Move, Side
from ..engine.view import PlayerView

FORMAT: Final = "seven-rocks-puzzles"
VERSION: Final = 1
#: The screen's level and the check's (the check searches about 50 times as many deals).
SCREEN: Final = "quick"
CHECK: Final = "strong"
#: How far (expected points) the screen's best move must lead the next to be checked.
SCREEN_GAP: Final = 6.0
#: How far the check's best move must lead the next: a clear answer.
MARGIN: Final = 6.0
#: The most puzzles taken from one game, so that the set spans many games.
PER_GAME: Final = 4
#: The fewest tiles the seat must hold: with two, the choice is too plain to teach.
MIN_HAND: Final = 3
#: Points from the target within which a position is about the race to it.
RACE_ZONE: Final = 50
#: Pips by which the answer must outweigh the tempting move to be about shedding weight.
HEAVY_GAP: Final = 4
THEMES: Final = ("race", "blocking", "spinner", "shedding", "counting")
BRANCHES: Final = (Side.BRANCH_A, Side.BRANCH_B)


class PuzzleJson(TypedDict):
    """One puzzle of the file: the position, the answer and the check's values."""

    id: int
    theme: str
    position: PositionJson
    answer: str
    margin: float
    #: ``[move, value]`` for every legal move, from the check, best first.
    candidates: list[list[str | float]]


class PuzzleFile(TypedDict):
    format: str
    version: int
    made: dict[str, int | float | str]
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


def twins(a: Move, b: Move) -> bool:
    """The same tile on the spinner's two arms: one move as far as the game goes."""
    return (
        a.tile is b.tile
        and a.at is not None
        and b.at is not None
        and a.at.tile is b.at.tile
        and a.at.side in BRANCHES
        and b.at.side in BRANCHES
    )


def lead(found: list[Analysis]) -> float:
    """How far the best move leads the best other one (its twin is not another)."""
    top = found[0]
    others = [a.value for a in found[1:] if not twins(a.move, top.move)]
    return top.value - max(others) if others else 0.0


def tempting(view: PlayerView, found: list[Analysis]) -> tuple[Move, Move] | None:
    """The answer and the tempting move (the other scoring the most now), or None when the
    answer scores more now than every other move: then greed alone finds it."""
    answer = found[0].move
    others = [a.move for a in found[1:] if not twins(a.move, answer)]
    if not others or answer.tile is None:
        return None
    points = {m: move_facts(view, m)["points"] for m in [answer, *others] if m.tile is not None}
    rival = max(others, key=lambda m: (points.get(m, -1), -others.index(m)))
    if points.get(rival, -1) < points[answer]:
        return None
    return answer, rival


def theme_of(view: PlayerView, answer: Move, rival: Move) -> str:
    """What the answer is about (see the module's docstring), the first that applies."""
    if max(view.scores) >= view.target - RACE_ZONE:
        return "race"
    mine, theirs = move_facts(view, answer), move_facts(view, rival)
    if mine["next_blocked"] and not theirs["next_blocked"]:
        return "blocking"
    arms = [m.at is not None and m.at.side in BRANCHES for m in (answer, rival)]
    if mine["spinner"] != theirs["spinner"] or arms[0] != arms[1]:
        return "spinner"
    assert answer.tile is not None and rival.tile is not None
    if answer.tile.pips - rival.tile.pips >= HEAVY_GAP or (mine["double"] and not theirs["double"]):
        return "shedding"
    return "counting"


def positions(number: int, seed: int) -> Iterator[PlayerView]:
    """Every decision with a real choice in game ``number`` of ``seed`` (four experts)."""
    game_seed = seed * 100_003 + number
    game = Game(seed=game_seed)
    bots = [make_bot("expert", game_seed * 4 + s) for s in range(4)]
    while not game.is_over:
        view = game.view(game.turn)
        if len(view.legal_moves()) > 1 and len(view.hand) >= MIN_HAND:
            yield view
        game.play(bots[game.turn].choose(view))


@dataclass(frozen=True, slots=True)
class GameFinds:
    """One game's puzzles (numbered later) and what it took to find them."""

    puzzles: list[PuzzleJson]
    decisions: int
    screened: int


def game_puzzles(seed: int, number: int, most: int = PER_GAME) -> GameFinds:
    """Up to ``most`` puzzles from game ``number`` of ``seed``: the screen on every decision,
    the big search on its survivors (a function of its arguments alone, so games can be
    searched in any order, in parallel)."""
    found: list[PuzzleJson] = []
    decisions = screened = 0
    for view in positions(number, seed):
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
        found.append(
            {
                "id": 0,
                "theme": theme_of(view, *pair),
                "position": Position.of_view(view).to_json(),
                "answer": str(pair[0]),
                "margin": round(lead(checked), 1),
                "candidates": [[str(a.move), round(a.value, 1)] for a in checked],
            }
        )
    return GameFinds(found, decisions, screened)


def _one_game(task: tuple[int, int, int]) -> GameFinds:
    return game_puzzles(*task)


def find_puzzles(
    games: int,
    seed: int,
    *,
    jobs: int = 1,
    limit: int | None = None,
    progress: Callable[[int, int, int], object] | None = None,
) -> tuple[list[PuzzleJson], Stats]:
    """Puzzles from ``games`` games of ``seed`` (``jobs`` processes), numbered in game
    order, with the run's stats; at most ``limit`` of them.  The same arguments give the
    same puzzles whatever ``jobs`` is.

    ``progress(games_done, screened, found)`` is called after each game.
    """
    started = time.perf_counter()
    most = PER_GAME if limit is None else min(PER_GAME, limit)
    tasks = [(seed, number, most) for number in range(games)]
    puzzles: list[PuzzleJson] = []
    seen: set[str] = set()
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
                key = json.dumps(puzzle["position"], sort_keys=True)
                if key not in seen and (limit is None or len(puzzles) < limit):
                    seen.add(key)
                    puzzles.append({**puzzle, "id": len(puzzles) + 1})
            if progress is not None:
                progress(done, screened, len(puzzles))
            if limit is not None and len(puzzles) >= limit:
                break
    stats = Stats(games, decisions, screened, len(puzzles), time.perf_counter() - started)
    return puzzles, stats


def puzzle_file(puzzles: list[PuzzleJson], games: int, seed: int) -> PuzzleFile:
    """The shipped file: its format, how it was made, and the puzzles."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "made": {
            "games": games,
            "seed": seed,
            "screen": SCREEN,
            "check": CHECK,
            "screen_gap": SCREEN_GAP,
            "margin": MARGIN,
        },
        "puzzles": puzzles,
    }


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
    "FORMAT",
    "MARGIN",
    "SCREEN",
    "THEMES",
    "PuzzleFile",
    "PuzzleJson",
    "Stats",
    "find_puzzles",
    "game_puzzles",
    "lead",
    "puzzle_file",
    "recheck",
    "tempting",
    "theme_of",
    "twins",
]
