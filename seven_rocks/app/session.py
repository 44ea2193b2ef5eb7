"""The game as the browser's worker holds it: one session behind a JSON request API.

The page's thread only draws; this module, running in the Pyodide worker, owns the
game, the bots and the table geometry.  Every request is ``{"method": ..., "params":
{...}}`` and every reply a JSON object: a *snapshot* of what the viewer (South, seat 0)
may see, or ``{"error": {"type", "message"}}`` for bad input (an illegal move, a corrupt
save), which leaves the session exactly as it was.

A snapshot never contains another player's tiles: hands are revealed only through the
settlement events, after the round is over, as at a real table.

>>> session = Session()
>>> snap = session.new_game(seed=5, bots=[None, None, None, None])  # four people, one screen
>>> snap["seed"], snap["round"], snap["scores"], len(snap["hand"])
(5, 1, [0, 0], 7)
>>> session.play("9-9")
Traceback (most recent call last):
...
seven_rocks.engine.errors.InvalidMoveError: bad move '9-9': no tile 9-9 in a double-six set
>>> reply = json.loads(handle('{"method": "play", "params": {"move": "6-6"}}'))
>>> reply["error"]["type"]
'RequestError'
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from .. import __version__
from ..bots import BOTS, Bot, make_bot
from ..bots.master import MasterBot
from ..engine.errors import SevenRocksError
from ..engine.events import Event, Passed, Placed, RoundSettled, RoundStarted
from ..engine.game import Game
from ..engine.layout import Layout
from ..engine.moves import PASS, Move
from ..engine.record import from_record, to_record
from ..engine.round import Round
from ..engine.scoring import DEFAULT_TARGET
from .examples import worked
from .geometry import GeometryBuilder
from .hints import describe_move, move_facts
from .runner import bot_seed

PROTOCOL: Final = 1
SAVE_FORMAT: Final = "seven-rocks-save"
VIEWER: Final = 0  # the person at the screen sits South
DEFAULT_BOTS: Final = (None, "expert", "expert", "expert")
HINT_BOT: Final = "master"
#: The table's aspect ratio (width / height) is clamped to this range: a sliver of a window
#: must not make the geometry lay a line thousands of units long.
ASPECT_RANGE: Final = (0.4, 3.0)


class RequestError(SevenRocksError):
    """A request the session cannot act on (unknown method, bad parameters, no game)."""


def event_to_json(event: Event) -> dict[str, Any]:
    """One history event as plain data (the score sheet and announcements use these)."""
    if isinstance(event, RoundStarted):
        return {
            "type": "round_started",
            "round": event.round,
            "opener": event.opener,
            "by_domino": event.by_domino,
            "draw": [list(r) for r in event.draw],
        }
    if isinstance(event, Placed):
        move = event.move
        return {
            "type": "placed",
            "round": event.round,
            "seat": event.seat,
            "move": str(move),
            "tile": str(move.tile),
            "at": str(move.at) if move.at else None,
            "ends": [
                {"tile": str(e.tile), "side": e.side and str(e.side), "value": e.value}
                for e in event.ends
            ],
            "total": event.total,
            "sum_text": event.sum_text,
            "points": event.points,
            "scores": list(event.scores),
        }
    if isinstance(event, Passed):
        return {"type": "passed", "round": event.round, "seat": event.seat}
    if isinstance(event, RoundSettled):
        return {
            "type": "round_settled",
            "round": event.round,
            "end": str(event.end),
            "hands": [[str(t) for t in hand] for hand in event.hands],
            "pips": list(event.pips),
            "deductions": list(event.deductions),
            "scores": list(event.scores),
        }
    return {
        "type": "game_won",
        "round": event.round,
        "team": event.team,
        "scores": list(event.scores),
    }


def _aspect(aspect: object) -> float:
    """A usable aspect ratio from a request: a finite positive number, clamped."""
    if (
        not isinstance(aspect, int | float)
        or isinstance(aspect, bool)
        or not math.isfinite(aspect)
        or aspect <= 0
    ):
        raise RequestError(f"'aspect' must be a positive number, not {aspect!r}")
    low, high = ASPECT_RANGE
    return round(min(max(float(aspect), low), high), 3)


def _geometry_of(layout: Layout, aspect: float) -> GeometryBuilder:
    builder = GeometryBuilder(aspect)
    for move in layout.moves:
        builder.add(str(move.tile), str(move.at) if move.at else None)
    return builder


class Session:
    """One game in progress plus the bots at the table and the table's geometry."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.bot_names: list[str | None] = list(DEFAULT_BOTS)
        self.bots: list[Bot | None] = [None] * 4
        self._geometry: GeometryBuilder | None = None
        self._geometry_key: tuple[int, float] = (0, 0.0)

    # -------------------------------------------------------------- lifecycle
    def new_game(
        self,
        seed: int | None = None,
        bots: Sequence[str | None] = DEFAULT_BOTS,
        target: int = DEFAULT_TARGET,
        aspect: float = 1.6,
    ) -> dict[str, Any]:
        names = self._check_bots(bots)
        _aspect(aspect)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise RequestError(f"a seed is a whole number from 0 up, not {seed!r}")
        if not isinstance(target, int) or isinstance(target, bool) or target <= 0:
            raise RequestError(f"the target must be a positive whole number, not {target!r}")
        game = Game(seed, target=target, seats=[n or "human" for n in names])
        self._install(game, names)
        return self.snapshot(aspect)

    def _install(self, game: Game, names: list[str | None]) -> None:
        self.game = game
        self.bot_names = names
        self.bots = [
            None if n is None else make_bot(n, bot_seed(game.seed, s)) for s, n in enumerate(names)
        ]
        self._geometry = None

    @staticmethod
    def _check_bots(bots: object) -> list[str | None]:
        if not isinstance(bots, list | tuple) or len(bots) != 4:
            raise RequestError("'bots' must list four seats (null for a human seat)")
        for name in bots:
            if name is not None and name not in BOTS:
                raise RequestError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})")
        return list(bots)

    @property
    def _game(self) -> Game:
        if self.game is None:
            raise RequestError("no game has been started")
        return self.game

    @staticmethod
    def info() -> dict[str, Any]:
        """What a new-game dialog offers: the fair bots (weakest first) and the defaults."""
        return {
            "protocol": PROTOCOL,
            "version": __version__,
            "bots": list(BOTS),
            "default_bots": list(DEFAULT_BOTS),
            "target": DEFAULT_TARGET,
            "viewer": VIEWER,
        }

    # --------------------------------------------------------------- actions
    def play(self, move: str, aspect: float = 1.6, since: int = 0) -> dict[str, Any]:
        """A human seat's move (text form).  Illegal moves raise and change nothing."""
        game = self._game
        _aspect(aspect)
        if not isinstance(move, str):
            raise RequestError(f"a move is text such as '1-4@4-4:line_b', not {move!r}")
        if self.bots[game.turn] is not None and not game.is_over:
            raise RequestError(
                f"it is {game.seats[game.turn]}'s turn (seat {game.turn}), not yours"
            )
        game.play(Move.parse(move), game.turn)
        return self.snapshot(aspect, since)

    def step(self, aspect: float = 1.6, since: int = 0) -> dict[str, Any]:
        """Let the bot whose turn it is make its move."""
        game = self._game
        _aspect(aspect)
        if game.is_over:
            raise RequestError("the game is over")
        bot = self.bots[game.turn]
        if bot is None:
            raise RequestError(f"seat {game.turn} is a human seat: it moves with 'play'")
        start = time.perf_counter()
        move = bot.choose(game.view(game.turn))
        elapsed = time.perf_counter() - start
        game.play(move, game.turn)
        snap = self.snapshot(aspect, since)
        snap["think_ms"] = round(elapsed * 1000, 1)
        return snap

    def hint(self) -> dict[str, Any]:
        """The strongest fair bot's choice for the viewer, with its reason."""
        game = self._game
        if game.is_over or game.turn != VIEWER or self.bots[VIEWER] is not None:
            raise RequestError("a hint is only for your own turn")
        view = game.view(VIEWER)
        bot = make_bot(HINT_BOT, bot_seed(game.seed, 4 + len(game.events)))
        # One search, whose verdict both picks the move and explains it (explain() would
        # search again, with other samples, and could call the chosen move the worse one).
        analysis = bot.analyse(view) if isinstance(bot, MasterBot) else []
        move = analysis[0].move if analysis else bot.choose(view)
        why = move_facts(view, move)
        if len(analysis) > 1 and analysis[0].samples:
            why["samples"] = analysis[0].samples
            why["margin"] = round(analysis[0].value - analysis[1].value, 1)
        return {
            "move": str(move),
            "tile": str(move.tile) if move.tile else None,
            "at": str(move.at) if move.at else ("open" if move.tile else None),
            "reason": describe_move(view, move),
            "why": why,
        }

    @staticmethod
    def examples(aspect: float = 1.6) -> dict[str, Any]:
        """The rule book's worked examples, each step with the table the game would draw."""
        return {"examples": worked(_aspect(aspect), _table_json)}

    def record(self) -> dict[str, Any]:
        return to_record(self._game)

    def save(self) -> dict[str, Any]:
        """Everything needed to resume: the record (with the seed) and who sits where."""
        return {
            "format": SAVE_FORMAT,
            "version": PROTOCOL,
            "bots": self.bot_names,
            "record": self.record(),
        }

    def restore(self, save: object, aspect: float = 1.6) -> dict[str, Any]:
        """Resume a saved game; a corrupt or foreign save raises and changes nothing."""
        if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
            raise RequestError("this is not a Seven Rocks saved game")
        if save.get("version") != PROTOCOL:
            raise RequestError(
                f"this saved game comes from another version ({save.get('version')!r})"
            )
        names = self._check_bots(save.get("bots"))
        game = from_record(save.get("record"))
        self._install(game, names)
        return self.snapshot(aspect)

    def load_record(self, record: object, aspect: float = 1.6) -> dict[str, Any]:
        """Check a game record (for the replay viewer); returns its full public story."""
        game = from_record(record)
        return {
            "record": to_record(game),
            "events": [event_to_json(e) for e in game.events],
            "rounds": [_round_story(rnd, aspect) for rnd in game.rounds],
            "winner": game.winner,
            "scores": list(game.scores),
        }

    # --------------------------------------------------------------- snapshot
    def _table(self, rnd: Round, aspect: float) -> dict[str, Any]:
        layout = rnd.layout
        key = (id(rnd), aspect)
        builder = self._geometry
        if builder is None or key != self._geometry_key or len(builder.tiles) > len(layout):
            builder = GeometryBuilder(aspect)
            self._geometry_key = key
        for move in layout.moves[len(builder.tiles) :]:
            builder.add(str(move.tile), str(move.at) if move.at else None)
        self._geometry = builder
        return _table_json(layout, builder)

    def snapshot(self, aspect: float = 1.6, since: int = 0) -> dict[str, Any]:
        """What the viewer may see now (plus the events from index ``since`` on)."""
        game = self._game
        aspect = _aspect(aspect)
        if not isinstance(since, int) or isinstance(since, bool):
            raise RequestError(f"'since' must be a whole number, not {since!r}")
        rnd = game.current
        human_turn = not game.is_over and self.bots[game.turn] is None
        legal: dict[str, list[str]] = {}
        if human_turn:
            for move in game.legal_moves():
                if move.tile is not None:
                    legal.setdefault(str(move.tile), []).append(str(move.at) if move.at else "open")
        last = rnd.turns[-1] if rnd.turns else None
        snap: dict[str, Any] = {
            "protocol": PROTOCOL,
            "seed": game.seed,
            "target": game.target,
            "round": game.round_number,
            "turn": game.turn,
            "opener": rnd.opener,
            "over": game.is_over,
            "winner": game.winner,
            "scores": list(game.scores),
            "bots": self.bot_names,
            "hand_sizes": list(rnd.hand_sizes()),
            "hand": [str(t) for t in rnd.hand(VIEWER)],
            "table": self._table(rnd, aspect),
            "human_turn": human_turn,
            "legal": legal,
            "must_pass": human_turn and game.legal_moves() == [PASS],
            "last": None
            if last is None
            else {"seat": last.seat, "move": str(last.move), "points": last.points},
            "events_total": len(game.events),
            "events": [event_to_json(e) for e in game.events[max(0, since) :]],
        }
        if not rnd.turns and len(game.rounds) > 1:
            previous = game.rounds[-2]
            snap["previous_table"] = _table_json(
                previous.layout, _geometry_of(previous.layout, aspect)
            )
        return snap


def _table_json(layout: Layout, builder: GeometryBuilder) -> dict[str, Any]:
    geometry = builder.geometry()
    points = geometry.points
    ends = []
    placed = {t.tile: t for t in geometry.tiles}
    for end in layout.scoring_ends():
        tile = str(end.tile)
        if end.side:
            where = points.get(f"{tile}:{end.side}")
        else:  # a terminal double: its number sits at a free in-line side, beside the tile
            where = points.get(f"{tile}:line_b") or points.get(f"{tile}:line_a")
        x, y = (where.x, where.y) if where else (placed[tile].x, placed[tile].y)
        ends.append(
            {"tile": tile, "side": end.side and str(end.side), "value": end.value, "x": x, "y": y}
        )
    table = geometry.as_dict()
    values = {str(p): p.value for p in layout.open_points()}
    for point in table["points"]:  # type: ignore[attr-defined]
        point["value"] = values.get(point["point"])
    table["ends"] = ends
    table["sum"] = layout.ends_sum
    table["spinner"] = str(layout.spinner) if layout.spinner else None
    return table


def _round_story(rnd: Round, aspect: float) -> dict[str, Any]:
    """A finished or recorded round for the replay viewer: deal and every table state."""
    builder = GeometryBuilder(aspect)
    layout = Layout()
    states = []
    for turn in rnd.turns:
        if turn.move.tile is not None:
            layout.place(turn.move)
            builder.add(str(turn.move.tile), str(turn.move.at) if turn.move.at else None)
        states.append(_table_json(layout, builder))
    return {
        "deal": [[str(t) for t in hand] for hand in rnd.deal],
        "opener": rnd.opener,
        "turns": [{"seat": t.seat, "move": str(t.move), "points": t.points} for t in rnd.turns],
        "tables": states,
        "end": rnd.end and str(rnd.end),
    }


# ------------------------------------------------------------------ JSON entry
_SESSION = Session()

_METHODS: dict[str, Callable[..., dict[str, Any]]] = {
    "info": _SESSION.info,
    "new_game": _SESSION.new_game,
    "state": _SESSION.snapshot,
    "play": _SESSION.play,
    "step": _SESSION.step,
    "hint": _SESSION.hint,
    "record": _SESSION.record,
    "save": _SESSION.save,
    "restore": _SESSION.restore,
    "load_record": _SESSION.load_record,
    "examples": _SESSION.examples,
}


def handle(request_json: str) -> str:
    """The worker's one exported function: a JSON request in, a JSON reply out.

    Errors the user can cause come back as ``{"error": {...}}`` (never a traceback);
    a bug comes back the same way with ``"type": "InternalError"`` so the page can say so.
    """
    try:
        request = json.loads(request_json)
        if not isinstance(request, dict):
            raise RequestError("a request is a JSON object")
        method = request.get("method")
        params = request.get("params") or {}
        if method == "ping":
            return json.dumps({"pong": True, "protocol": PROTOCOL})
        if method == "version":
            return json.dumps({"version": __version__})
        if method not in _METHODS or not isinstance(params, dict):
            raise RequestError(f"unknown method {method!r}")
        reply = _METHODS[method](**params)
    except (SevenRocksError, json.JSONDecodeError) as error:
        return json.dumps({"error": {"type": type(error).__name__, "message": str(error)}})
    except TypeError as error:
        return json.dumps({"error": {"type": "RequestError", "message": str(error)}})
    except Exception as error:
        return json.dumps(
            {"error": {"type": "InternalError", "message": f"{type(error).__name__}: {error}"}}
        )
    return json.dumps(reply)
