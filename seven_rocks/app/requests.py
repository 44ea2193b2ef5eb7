"""Every request's parameters, as one typed description, and their checks.

Each method's parameters are a :class:`~typing.TypedDict` (optional ones ``NotRequired``),
from which the page's TypeScript declarations are generated. :func:`read_params` holds an
untrusted request to its method's description: an unknown or missing key, or a value that
fails its check, raises :class:`~.protocol.RequestError` naming the field. The checks go by
parameter name, since a name means the same thing in every method (``aspect`` is always the
drawing area's shape), and each reuses :mod:`.checks` or :mod:`.fields`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, NotRequired, TypedDict

from . import checks, fields
from .guests import guest_name, seat_kinds
from .protocol import RequestError
from .replies import Save
from .shapes import fields_of


class NoParams(TypedDict):
    pass


class ShapeParams(TypedDict):
    aspect: NotRequired[float]  # the drawing area's width over its height


class SnapshotParams(ShapeParams):
    since: NotRequired[int]  # the index of the first event the page has not seen


class NewGameParams(ShapeParams):
    seed: NotRequired[int | None]
    bots: NotRequired[list[str | None]]  # each seat's bot, None for a person
    target: NotRequired[int]
    names: NotRequired[list[str | None] | None]  # the people's names


class PlayParams(SnapshotParams):
    move: str  # the move's text, as the snapshot gave it


class ViewParams(SnapshotParams):
    seat: int


class GuestViewParams(SnapshotParams):
    seat: int  # a remote seat


class GuestMoveParams(SnapshotParams):
    seat: int  # the remote seat the message came from
    message: str  # the guest's message, as its raw text (checked by the engine)
    late: NotRequired[bool]  # it reached the host before the seat's turn began


class GuestRefusedParams(TypedDict):
    seat: int  # the remote seat the messages came from
    count: int  # how many the host's page refused without the engine (out of turn)


class GuestJoinParams(TypedDict):
    seat: int
    name: NotRequired[str | None]


class RestoreParams(ShapeParams):
    save: Save


class ReplayLoadParams(TypedDict):
    record: NotRequired[object]  # a record to check (absent: go on with the one under way)
    budget_ms: NotRequired[float]


class ReplayRoundParams(ShapeParams):
    round: int


class ReviewStartParams(TypedDict):
    seat: NotRequired[int]
    record: NotRequired[object]  # a record from the replay viewer (absent: the live game)
    level: NotRequired[str]
    budget_ms: NotRequired[float]


class ReviewStepParams(TypedDict):
    budget_ms: NotRequired[float]


class ReviewBoardParams(ShapeParams):
    round: int
    number: int


#: A check reads field ``name`` of the request's parameters and returns its value.
Check = Callable[[Mapping[str, Any], str], object]

#: The most rounds or moves a number may name (a record holds far fewer).
MAX_INDEX: Final = 1_000_000
#: The longest search level name.
MAX_LEVEL: Final = 40


def _value(check: Callable[[Any], object]) -> Check:
    return lambda raw, name: check(raw[name])


def _anything(raw: Mapping[str, Any], name: str) -> object:
    """A value the method checks itself (a record or a save, read by the engine's reader)."""
    return raw[name]


CHECKS: Final[Mapping[str, Check]] = {
    "aspect": _value(checks.aspect),
    "since": _value(checks.since),
    "seed": _value(checks.seed),
    "target": _value(checks.target),
    "bots": _value(seat_kinds),
    "names": _value(checks.names),
    "move": _value(checks.move_text),
    "seat": fields.seat,
    "round": lambda raw, name: fields.whole(raw, name, 1, MAX_INDEX),
    "number": lambda raw, name: fields.whole(raw, name, 1, MAX_INDEX),
    "count": lambda raw, name: fields.whole(raw, name, 1, MAX_INDEX),
    "budget_ms": _value(checks.budget_ms),
    "level": lambda raw, name: fields.text(raw, name, MAX_LEVEL),
    "record": _anything,
    "message": _anything,
    "late": fields.flag,
    "name": _value(guest_name),
    "save": _anything,
    "position": _anything,  # the trainer's position: checked whole by .puzzles
    "candidates": _anything,  # checked against the position by .puzzles
    "theme": lambda raw, name: fields.text(raw, name, MAX_LEVEL),  # named by .puzzle_facts
}


def read_params(method: str, shape: type, raw: Mapping[str, Any]) -> dict[str, object]:
    """``raw`` checked against ``shape`` (the method's params TypedDict): every key known,
    every required key there, every value through its check."""
    known = fields_of(shape)
    for name in raw:
        if name not in known:
            raise RequestError(f"{method} takes no parameter {fields.shown(name)}")
    for name, field in known.items():
        if field.required and name not in raw:
            raise RequestError(f"{method} needs the parameter '{name}'")
    try:
        return {name: CHECKS[name](raw, name) for name in raw}
    except fields.FieldError as error:
        raise RequestError(f"{method}: {error}") from None
