"""The deal stays secret from every device but the host's: over many games and seat layouts,
every message a guest's page is sent before the game is over (the host's ``hello``, each
``snap``, each ``refused``) is scanned for the game's seed (as a number and inside any text),
the seeds of the bots and stand-ins (each follows from the game's seed) and any tile of
another seat's hand before the round's settlement shows the hands to everybody.

The messages are built as the host's page builds them (``web/js/host/messages.js``),
from the engine's replies to the host's requests (``guest_join``, ``guest_view``,
``guest_move``, ``guest_stand_in``). Only ``end`` at the game's end carries the record, and
with it the seed: the game is over then, and every hand has been shown at each settlement."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from seven_rocks.app.guests import REMOTE
from seven_rocks.app.runner import bot_seed
from seven_rocks.engine.game import Game

from .test_pass_and_play import Page, _hidden_tiles, _leaks

#: Seeds far from any number a table holds (scores, sizes, counts), so finding one in a
#: message is the seed itself, never a coincidence.
SEEDS = st.integers(10**6, 2**31 - 1)
#: Seats 1-3: each a friend on another device or a bot; at least one friend.
LAYOUTS = st.lists(st.sampled_from([REMOTE, REMOTE, "random", "greedy"]), min_size=3, max_size=3)
#: Messages no table takes: never a legal move, whatever the position.
JUNK = ['{"t":"move","move":"9-9"}', "{", '{"t":"hello"}', "x" * 600]


def _values(value: object) -> Iterator[object]:
    """Every key and value inside a JSON document, depth first."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _values(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _values(inner)
    else:
        yield value


def _secrets_in(text: str, seeds: set[int]) -> list[object]:
    """The seeds (as numbers, or as digits in any text) and the word ``seed`` in a message."""
    found: list[object] = []
    for value in _values(json.loads(text)):
        if isinstance(value, bool):
            continue
        if isinstance(value, int | float) and value in seeds:
            found.append(value)
        if isinstance(value, str) and (
            "seed" in value.lower() or any(str(seed) in value for seed in seeds)
        ):
            found.append(value)
    return found


class Table:
    """A host's game and the messages its guests' pages are sent, in order."""

    def __init__(self, seed: int, kinds: list[str | None], rng: random.Random) -> None:
        self.page = Page()
        self.kinds = kinds
        self.rng = rng
        self.remote = [seat for seat, kind in enumerate(kinds) if kind == REMOTE]
        reply = self.page.call(
            "new_game", seed=seed, bots=kinds, names=["Ana", None, None, None], target=60
        )
        assert "error" not in reply, reply
        game = self.page.session.game
        assert game is not None
        self.game: Game = game
        self.sent: dict[int, int] = dict.fromkeys(self.remote, 0)  # events each guest holds
        self.inbox: list[tuple[int, str, set[str]]] = []  # (seat, text, tiles hidden from it)
        for seat in self.remote:
            names = self.page.call("guest_join", seat=seat, name=f"Guest {seat} 🎲")["names"]
            self._send(seat, {"t": "hello", "seat": seat, "names": names})

    def _send(self, seat: int, message: dict[str, Any]) -> None:
        self.inbox.append((seat, json.dumps(message), _hidden_tiles(self.game, seat)))

    def snaps(self) -> None:
        """Every guest is sent the game as its seat sees it now (its new events only)."""
        for seat in self.remote:
            snap = self.page.call("guest_view", seat=seat, aspect=0.6, since=self.sent[seat])
            assert "error" not in snap, snap
            self.sent[seat] = snap["events_total"]
            self._send(seat, {"t": "snap", "snap": snap})

    def turn(self) -> None:
        """The seat to move moves: the host, a bot, a guest (after some junk now and then,
        which is refused), or a stand-in for an away guest."""
        seat = self.game.turn
        if seat == 0:
            reply = self.page.call("play", move=self._any_move(self.page.call("state")))
        elif seat in self.remote and self.rng.random() < 0.15:
            reply = self.page.call("guest_stand_in", seat=seat)
        elif seat in self.remote:
            if self.rng.random() < 0.2:
                refused = self.page.call("guest_move", seat=seat, message=self.rng.choice(JUNK))
                assert refused["accepted"] is False, refused
                self._send(seat, {"t": "refused", "reason": refused["reason"]})
            view = self.page.call("guest_view", seat=seat)
            message = json.dumps({"t": "move", "move": self._any_move(view)})
            played = self.page.call("guest_move", seat=seat, message=message)
            assert played["accepted"], played
            reply = played["snap"]
        else:
            reply = self.page.call("step")
        assert "error" not in reply, reply

    def _any_move(self, snap: dict[str, Any]) -> str:
        if snap["must_pass"]:
            return str(snap["pass_move"])
        texts: list[str] = [t for points in snap["moves"].values() for t in points.values()]
        return self.rng.choice(sorted(texts))


def _play(seed: int, layout: list[str], choices: int) -> Table:
    table = Table(seed, [None, *layout], random.Random(choices))
    for _ in range(3000):
        table.snaps()
        if table.game.is_over:
            return table
        table.turn()
    raise AssertionError("the game did not end")


@settings(max_examples=12, deadline=None)
@given(SEEDS, LAYOUTS.filter(lambda seats: REMOTE in seats), st.integers(0, 2**16))
def test_nothing_a_guest_is_sent_before_the_end_gives_the_deal_away(
    seed: int, layout: list[str], choices: int
) -> None:
    table = _play(seed, layout, choices)
    secret = {seed, *(bot_seed(seed, seat) for seat in range(4))}
    assert table.inbox
    for seat, text, hidden in table.inbox:
        assert _secrets_in(text, secret) == [], (seat, text[:300])
        message = json.loads(text)
        if message["t"] == "snap":
            assert _leaks(message["snap"], hidden) == [], seat
    games = {json.loads(text)["snap"]["game"] for _, text, _ in table.inbox if '"snap"' in text}
    assert len(games) == 1


def test_a_guest_tells_a_new_game_by_its_number_and_the_seed_comes_with_the_record_at_the_end() -> (
    None
):
    page = Page()
    seeds = (4_242_424, 4_242_424, 7_777_777)  # the same deal again, then another
    numbers = []
    for seed in seeds:
        page.call("new_game", seed=seed, bots=[None, REMOTE, "random", "random"])
        numbers.append(page.call("guest_view", seat=1)["game"])
    assert numbers == sorted(set(numbers))  # each game its own number, counting up
    assert page.call("record")["seed"] == seeds[-1]  # the host's: sent with `end` at the end
