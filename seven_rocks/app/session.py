"""The game as the browser's worker holds it: one game, the bots at its table and the
table's geometry, answering the page's requests (see :mod:`.protocol` for the messages).

The page's thread only draws; the session owns the game, the bots and the layout. Every
answer is what the person at the screen may see: a snapshot never contains another
player's tiles, which are revealed only by the settlement events, after the round is over,
as at a real table. With several people at one screen (pass-and-play, see :mod:`.holder`),
a person's tiles are sent only after the page asked for that seat's ``view``, once the
device was handed over. Bad input raises (an illegal move, a corrupt save) and leaves the
session exactly as it was.

>>> session = Session()
>>> snap = session.new_game(seed=5, bots=[None, None, None, None])  # four people, one screen
>>> snap["seed"], snap["round"], snap["scores"], snap["hand"], snap["pass_to"] == snap["turn"]
(5, 1, [0, 0], [], True)
>>> len(session.view(snap["turn"])["hand"])  # after the pass screen's tap
7
>>> session.play("9-9")
Traceback (most recent call last):
...
seven_rocks.engine.errors.InvalidMoveError: bad move '9-9': no tile 9-9 in a double-six set
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast

from ..bots import BOTS, Bot, make_bot
from ..bots.master import MasterBot
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.record import from_record, to_record
from ..engine.scoring import DEFAULT_TARGET
from . import checks
from .checks import DEFAULT_BUDGET, budget_seconds
from .guests import (
    REMOTE,
    GuestRefusedError,
    Guests,
    check_move,
    guest_name,
    read_move,
    seat_kinds,
)
from .hints import hint_facts
from .holder import Holder
from .names import seat_label
from .protocol import (
    SAVE_FORMAT,
    SAVE_VERSION,
    SAVE_VERSIONS,
    RequestError,
    move_text,
    point_of,
    tile_of,
)
from .replies import (
    Examples,
    GameRecord,
    GuestMoveReply,
    GuestRefusedReply,
    Hint,
    Info,
    JSONObject,
    ReplayProgress,
    ReplayRound,
    Save,
    Snapshot,
)
from .review.desk import Desk
from .review.model import (
    DEFAULT_LEVEL,
    RECORD_FIELD,
    REVIEW_BUDGET,
    ReviewBoard,
    ReviewCancelled,
    ReviewProgress,
)
from .runner import Runner, bot_seed
from .snapshots import snapshot_of
from .tables import TableCache

if TYPE_CHECKING:  # the replay viewer's: imported when a record is first opened
    from .replays import RecordLoad

VIEWER: Final = 0  # with one person (or none) at the table, the screen shows South
#: The bot a seat gets unless someone chooses another (the new-game dialog's default).
DEFAULT_BOT: Final = "expert"
DEFAULT_BOTS: Final = (None, DEFAULT_BOT, DEFAULT_BOT, DEFAULT_BOT)
HINT_BOT: Final = "master"
#: The bot that plays a turn for a friend away from their device, when the host asks.
STAND_IN: Final = "expert"
#: The master's search level the coach reviews with in the browser: a whole game's review
#: must take at most 10 s there (``benchmarks/review_browser.py`` measures it). The same
#: level as ``seven-rocks review``, so a review cached by either serves the other.
REVIEW_LEVEL: Final = DEFAULT_LEVEL
DEFAULT_ASPECT: Final = 1.6


class Session:
    """One game in progress plus the bots at the table and the table's geometry."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.bot_names: list[str | None] = list(DEFAULT_BOTS)
        self.bots: list[Bot | None] = [None] * 4
        self.names: list[str | None] = [None] * 4
        self.holder = Holder([VIEWER])
        self.guests = Guests(self.bot_names)
        self._runner: Runner | None = None
        self._tables = TableCache()
        self._replay: RecordLoad | None = None  # the record open in the replay viewer
        self._desk = Desk()  # the coach's: the game's reviews, the one under way

    # -------------------------------------------------------------- lifecycle
    def new_game(
        self,
        seed: int | None = None,
        bots: Sequence[str | None] = DEFAULT_BOTS,
        target: int = DEFAULT_TARGET,
        aspect: float = DEFAULT_ASPECT,
        names: Sequence[str | None] | None = None,
    ) -> Snapshot:
        """A new game; ``bots`` names each seat's bot (None for a person at this screen,
        ``"remote"`` for one on another device), ``names`` the people's names (a bot's seat
        keeps none)."""
        kinds = seat_kinds(bots)
        people_names = self._people_names(kinds, names)
        checks.aspect(aspect)
        game = Game(
            checks.seed(seed), target=checks.target(target), seats=_labels(kinds, people_names)
        )
        self._install(game, kinds, people_names)
        return self.snapshot(aspect)

    @staticmethod
    def _people_names(kinds: list[str | None], names: object) -> list[str | None]:
        checked = checks.names(names)
        return [
            name if kind is None or kind == REMOTE else None
            for kind, name in zip(kinds, checked, strict=True)
        ]

    def _install(self, game: Game, kinds: list[str | None], names: list[str | None]) -> None:
        self.game = game
        self.bot_names = kinds
        self.names = names
        self.bots = [
            None if n is None or n == REMOTE else make_bot(n, bot_seed(game.seed, s))
            for s, n in enumerate(kinds)
        ]
        # The people at this screen: a remote seat's person holds their own device.
        self.holder = Holder([seat for seat, kind in enumerate(kinds) if kind is None])
        self.guests = Guests(kinds, self.guests.game + 1)
        # The page paces the bots, one 'step' request per decision: the runner makes each.
        self._runner = Runner(
            game, [None if b is None else b.choose for b in self.bots], timed=True
        )
        self._tables.clear()
        self._desk.new_game()

    @property
    def _game(self) -> Game:
        if self.game is None:
            raise RequestError("no game has been started")
        return self.game

    def info(self) -> Info:
        """What a new-game dialog offers: the fair bots (weakest first) and the default one.
        The facts the page shares with the engine reach it in ``facts.js``, the protocol in
        ``ping``, the version in ``version``."""
        return {"bots": list(BOTS), "default_level": DEFAULT_BOT}

    # --------------------------------------------------------------- actions
    def play(self, move: str, aspect: float = DEFAULT_ASPECT, since: int = 0) -> Snapshot:
        """A human seat's move (the text the snapshot gave).  Illegal moves change nothing."""
        game = self._game
        checks.aspect(aspect)
        text = checks.move_text(move)
        if (
            self.bots[game.turn] is not None or game.turn in self.guests.seats
        ) and not game.is_over:
            raise RequestError(
                f"it is {game.seats[game.turn]}'s turn (seat {game.turn}), not yours"
            )
        if self._pass_to() is not None:
            raise RequestError("hand the device over first: the player to move has not taken it")
        game.play(Move.parse(text), game.turn)
        return self.snapshot(aspect, since)

    def view(self, seat: object, aspect: float = DEFAULT_ASPECT, since: int = 0) -> Snapshot:
        """The person ``seat`` has taken the device (the pass screen's tap): from now on the
        snapshots show their hand while it is their turn. Only the player to move may."""
        game = self._game
        checks.aspect(aspect)
        checks.since(since)
        self.holder.take(seat, game.turn, game.is_over)
        return self.snapshot(aspect, since)

    def _viewer(self) -> int | None:
        game = self._game
        return self.holder.viewer(game.turn, game.is_over)

    def _pass_to(self) -> int | None:
        game = self._game
        return self.holder.pass_to(game.turn, game.is_over)

    def step(self, aspect: float = DEFAULT_ASPECT, since: int = 0) -> Snapshot:
        """Let the bot whose turn it is make its move."""
        game = self._game
        checks.aspect(aspect)
        assert self._runner is not None and self._runner.game is game
        if game.is_over:
            raise RequestError("the game is over")
        if self._runner.waiting_for_person:
            raise RequestError(f"seat {game.turn} is a human seat: it moves with 'play'")
        step = self._runner.step()
        snap = self.snapshot(aspect, since)
        snap["think_ms"] = round(step.wall * 1000, 1)
        return snap

    def hint(self) -> Hint:
        """The strongest fair bot's choice for the person at the screen, with its reasons."""
        game = self._game
        viewer = self._viewer()
        if game.is_over or game.turn != viewer or self.bots[viewer] is not None:
            raise RequestError("a hint is only for your own turn")
        view = game.view(viewer)
        bot = make_bot(HINT_BOT, bot_seed(game.seed, 4 + len(game.events)))
        # One search, whose verdict both picks the move and gives its margin.
        analysis = bot.analyse(view) if isinstance(bot, MasterBot) else []
        move = analysis[0].move if analysis else bot.choose(view)
        why = hint_facts(view, move)
        if len(analysis) > 1 and analysis[0].samples and why["kind"] != "pass":
            why["samples"] = analysis[0].samples
            # The master plays for the game (master.PLAY): its values are chances to win.
            assert isinstance(bot, MasterBot) and bot.level.win
            why["margin"] = round(100 * (analysis[0].value - analysis[1].value), 1)
        return {
            "move": move_text(move),
            "tile": tile_of(move),
            "at": point_of(move) or ("open" if move.tile else None),
            "why": why,
        }

    def examples(self, aspect: float = DEFAULT_ASPECT) -> Examples:
        """The rule book's worked examples, each step with the table the game would draw."""
        from .examples import worked  # the rest zip's (engine_zip.is_lazy): fetched now

        return {"examples": worked(checks.aspect(aspect))}

    def record(self) -> GameRecord:
        """The game's record, with the reviews made of it (an optional field)."""
        record = cast(GameRecord, to_record(self._game))
        if self._desk.reviews:
            record["reviews"] = self._desk.reviews
        return record

    def save(self) -> Save:
        """Everything needed to resume: the record (with the seed), who sits where and the
        people's names. Who held the device is not saved: a resumed game with several people
        starts at the pass screen, so a reload never shows anyone's tiles."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "bots": self.bot_names,
            "names": self.names,
            "record": self.record(),
        }

    def restore(self, save: object, aspect: float = DEFAULT_ASPECT) -> Snapshot:
        """Resume a saved game; a corrupt or foreign save raises and changes nothing."""
        if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
            raise RequestError("this is not a Seven Rocks saved game")
        version = save.get("version")
        if version not in SAVE_VERSIONS:
            raise RequestError(f"this saved game comes from another version ({version!r})")
        kinds = seat_kinds(save.get("bots"))
        names = self._people_names(kinds, save.get("names"))  # version 1 saves have none
        checks.aspect(aspect)
        record = save.get("record")
        game = from_record(record)
        self._install(game, kinds, names)
        assert isinstance(record, dict)  # from_record read it
        reviews = record.get(RECORD_FIELD)
        # Kept as found: each is checked when a review would use it (see .review.cached).
        kept = list(reviews) if isinstance(reviews, list) else []
        self._desk.reviews = cast(list[JSONObject], kept)
        return self.snapshot(aspect)

    # ----------------------------------------------------------------- guests
    def guest_view(self, seat: int, aspect: float = DEFAULT_ASPECT, since: int = 0) -> Snapshot:
        """What the friend at remote ``seat`` may see now (see :mod:`.guests`)."""
        game = self._game
        return self.guests.view(
            game, seat, self.bot_names, self.names, checks.aspect(aspect), checks.since(since)
        )

    def guest_move(
        self,
        seat: int,
        message: object,
        aspect: float = DEFAULT_ASPECT,
        since: int = 0,
        late: bool = False,
    ) -> GuestMoveReply:
        """A message from the friend at remote ``seat``, as its raw text: played when it is
        a legal move of that seat's turn, else refused (and counted) with the reason; the
        host's snapshot comes back either way. A ``late`` message reached the host before
        the seat's turn began: it answers a position where the seat had no turn."""
        game = self._game
        self.guests.seat(seat)
        reason: str | None = None
        try:
            text = read_move(message)
            if late:
                raise GuestRefusedError("not-your-turn", "sent before the seat's turn began")
            game.play(check_move(game, seat, text), seat)
        except GuestRefusedError as refusal:
            self.guests.refuse(seat)
            reason = refusal.reason
        return {"accepted": reason is None, "reason": reason, "snap": self.snapshot(aspect, since)}

    def guest_refused(self, seat: int, count: int) -> GuestRefusedReply:
        """``count`` messages from the friend at remote ``seat`` that the host's page refused
        as out of turn without asking (it can tell whose turn it is): counted with the
        engine's own refusals, without a snapshot (a flood stays cheap)."""
        self.guests.seat(seat)
        self.guests.refuse(seat, count)
        return {"refused": list(self.guests.refused)}

    def guest_stand_in(self, seat: int, aspect: float = DEFAULT_ASPECT, since: int = 0) -> Snapshot:
        """A bot plays this turn of the friend at remote ``seat`` (away too long; the host
        asked for it). The seat stays the friend's: they play on when they are back."""
        game = self._game
        self.guests.seat(seat)
        if game.is_over or game.turn != seat:
            raise RequestError(f"it is not {game.seats[seat]}'s turn")
        stand_in = self.guests.stand_in(seat, lambda: make_bot(STAND_IN, bot_seed(game.seed, seat)))
        game.play(stand_in.choose(game.view(seat)), seat)
        return self.snapshot(aspect, since)

    def guest_join(self, seat: int, name: str | None = None) -> Snapshot:
        """The friend at remote ``seat`` joined with ``name``: the record names them."""
        game = self._game
        self.guests.seat(seat)
        names = list(self.names)
        names[seat] = guest_name(name)
        self.names = names
        game.seats = tuple(_labels(self.bot_names, names))
        return self.snapshot()

    # ------------------------------------------------------------------ coach
    def review_start(
        self,
        seat: int = VIEWER,
        record: object = None,
        level: str = REVIEW_LEVEL,
        budget_ms: float = REVIEW_BUDGET * 1000,
    ) -> ReviewProgress:
        """Review ``seat``'s moves (see :mod:`.review`) and do the first slice: the live
        game's (your own moves only: another seat's would show its hand) or ``record``'s,
        a record opened in the replay viewer.  A review cached with the game is reused;
        the reply of a finished ``record`` review carries the record's updated ``reviews``."""
        budget = budget_seconds(budget_ms)
        if record is None:
            game = self._game
            if seat != VIEWER:
                raise RequestError("in a game in progress only your own moves are reviewed")
            return self._desk.start_game(game, seat, level, budget)
        assert isinstance(record, dict)
        return self._desk.start_record(record, seat, level, budget)

    def review_step(self, budget_ms: float = REVIEW_BUDGET * 1000) -> ReviewProgress:
        """The next slice of the review under way."""
        return self._desk.step(budget_seconds(budget_ms))

    def review_cancel(self) -> ReviewCancelled:
        """Stop the review; what it found so far is cached for the next time."""
        return self._desk.cancel()

    def review_board(self, round: int, number: int, aspect: float = DEFAULT_ASPECT) -> ReviewBoard:
        """The position before a reviewed move, with the played and the best move's tables."""
        return self._desk.board(round, number, checks.aspect(aspect))

    def replay_load(
        self, record: object = None, budget_ms: float = DEFAULT_BUDGET * 1000
    ) -> ReplayProgress:
        """Check a record for the replay viewer a slice at a time: the first call gives the
        record, later ones go on; each replays rounds for about ``budget_ms`` and answers
        ``{done, total, finished}`` (plus ``summary`` once finished). See :mod:`.replays`."""
        budget = budget_seconds(budget_ms)
        if record is not None:
            from .replays import RecordLoad  # the rest zip's (engine_zip.is_lazy): fetched now

            self._replay = None
            self._replay = RecordLoad(record)
        if self._replay is None:
            raise RequestError("no record is being replayed")
        try:
            finished = self._replay.advance(budget)
        except Exception:
            self._replay = None  # a bad record is dropped whole
            raise
        reply = self._replay.progress()
        if finished:
            reply["summary"] = self._replay.summary()
        return reply

    def replay_round(self, round: int, aspect: float = DEFAULT_ASPECT) -> ReplayRound:
        """One round of the record :meth:`replay_load` checked, as the viewer draws it."""
        if self._replay is None:
            raise RequestError("no record is being replayed")
        return self._replay.round(round, checks.aspect(aspect))

    # --------------------------------------------------------------- snapshot
    def snapshot(self, aspect: float = DEFAULT_ASPECT, since: int = 0) -> Snapshot:
        """What the viewer may see now (plus the events from index ``since`` on)."""
        game = self._game
        return snapshot_of(
            game,
            number=self.guests.game,
            viewer=self._viewer(),
            pass_to=self._pass_to(),
            bot_names=self.bot_names,
            bots=self.bots,
            names=self.names,
            tables=self._tables,
            refused=list(self.guests.refused) if self.guests.seats else None,
            aspect=checks.aspect(aspect),
            since=checks.since(since),
        )


def _labels(kinds: Sequence[str | None], names: Sequence[str | None]) -> list[str]:
    """The record's seat texts: a bot by its name, a person (here or remote) by theirs."""
    return [
        seat_label(None if kind == REMOTE else kind, name)
        for kind, name in zip(kinds, names, strict=True)
    ]
