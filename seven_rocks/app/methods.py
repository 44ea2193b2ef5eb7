"""The table of the worker's requests: each method's parameters, reply and handler.

This table is the one list of what the page may ask: the dispatcher answers from it, and
the page's TypeScript declarations (``Methods`` in ``protocol.d.ts``) are generated from it.
A handler is the :class:`~.session.Session` method of that name, or (``stateless``) a
function of the parameters alone, called with the checked parameters as keywords (its
keyword names are the params TypedDict's keys, which a test holds them to); the door's own
methods (``ping``, ``version``, ``warm_up``) have none.

>>> METHODS["play"].params.__name__, METHODS["play"].reply.__name__
('PlayParams', 'Snapshot')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from .replies import (
    Examples,
    GameRecord,
    GuestMoveReply,
    GuestRefusedReply,
    Hint,
    Info,
    Pong,
    ReplayProgress,
    ReplayRound,
    Save,
    Snapshot,
    VersionReply,
    WarmUpReply,
)
from .requests import (
    GuestJoinParams,
    GuestMoveParams,
    GuestRefusedParams,
    GuestViewParams,
    NewGameParams,
    NoParams,
    PlayParams,
    ReplayLoadParams,
    ReplayRoundParams,
    RestoreParams,
    ReviewBoardParams,
    ReviewStartParams,
    ReviewStepParams,
    ShapeParams,
    SnapshotParams,
    ViewParams,
)
from .review.model import ReviewBoard, ReviewCancelled, ReviewProgress
from .session import Session
from .trainer import (
    TrainerBoard,
    TrainerBoardParams,
    TrainerCheck,
    TrainerCheckParams,
    TrainerRetry,
    TrainerRetryParams,
    board_request,
    check_request,
    retry_request,
)


@dataclass(frozen=True, slots=True)
class Method:
    """One request: what it takes, what it answers, who answers it and why one asks."""

    params: type  # a TypedDict of .requests
    reply: type  # a TypedDict of .replies
    handler: Callable[..., object] | None  # a Session method; None: the door answers
    doc: str
    #: The handler is a plain function of the parameters: no session is passed.
    stateless: bool = False


METHODS: Final[Mapping[str, Method]] = {
    "ping": Method(NoParams, Pong, None, "Is the worker up, and how did Python start."),
    "version": Method(NoParams, VersionReply, None, "The package's version."),
    "warm_up": Method(NoParams, WarmUpReply, None, "One move of a scratch game."),
    "info": Method(NoParams, Info, Session.info, "The bots and the default one."),
    "new_game": Method(NewGameParams, Snapshot, Session.new_game, "Start a game."),
    "state": Method(SnapshotParams, Snapshot, Session.snapshot, "The game as it is."),
    "play": Method(PlayParams, Snapshot, Session.play, "A person's move."),
    "view": Method(ViewParams, Snapshot, Session.view, "A person has taken the device."),
    "step": Method(SnapshotParams, Snapshot, Session.step, "The bot to move moves."),
    "hint": Method(NoParams, Hint, Session.hint, "The best move for the person to play."),
    "record": Method(NoParams, GameRecord, Session.record, "The game's record."),
    "save": Method(NoParams, Save, Session.save, "What resumes the game."),
    "restore": Method(RestoreParams, Snapshot, Session.restore, "Resume a saved game."),
    "guest_view": Method(
        GuestViewParams, Snapshot, Session.guest_view, "What a friend's device may show."
    ),
    "guest_move": Method(
        GuestMoveParams, GuestMoveReply, Session.guest_move, "A friend's message: a move or not."
    ),
    "guest_refused": Method(
        GuestRefusedParams,
        GuestRefusedReply,
        Session.guest_refused,
        "Count a friend's messages refused as out of turn.",
    ),
    "guest_stand_in": Method(
        GuestViewParams, Snapshot, Session.guest_stand_in, "A bot plays an away friend's turn."
    ),
    "guest_join": Method(GuestJoinParams, Snapshot, Session.guest_join, "A friend's name."),
    "examples": Method(ShapeParams, Examples, Session.examples, "The rule book's examples."),
    "replay_load": Method(
        ReplayLoadParams, ReplayProgress, Session.replay_load, "Check a record, a slice a call."
    ),
    "replay_round": Method(
        ReplayRoundParams, ReplayRound, Session.replay_round, "One round of the checked record."
    ),
    "review_start": Method(
        ReviewStartParams, ReviewProgress, Session.review_start, "Start the coach's review."
    ),
    "review_step": Method(
        ReviewStepParams, ReviewProgress, Session.review_step, "The review's next slice."
    ),
    "review_cancel": Method(
        NoParams, ReviewCancelled, Session.review_cancel, "Stop the review under way."
    ),
    "review_board": Method(
        ReviewBoardParams, ReviewBoard, Session.review_board, "The position before a move."
    ),
    # The "find the move" trainer (puzzles, and the coach's mistakes retried): .trainer
    "trainer_board": Method(
        TrainerBoardParams,
        TrainerBoard,
        board_request,
        "A position to find the move in.",
        stateless=True,
    ),
    "trainer_check": Method(
        TrainerCheckParams,
        TrainerCheck,
        check_request,
        "Is this the move, and why not.",
        stateless=True,
    ),
    "trainer_retry": Method(
        TrainerRetryParams,
        TrainerRetry,
        retry_request,
        "A recorded move's position.",
        stateless=True,
    ),
}
