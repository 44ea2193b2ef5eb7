"""The worker's JSON API: snapshots show only what South may see; bad input changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seven_rocks import SevenRocksError
from seven_rocks.app.dispatch import Dispatcher
from seven_rocks.app.event_json import encode_events
from seven_rocks.app.protocol import Request, RequestError
from seven_rocks.app.replies import Snapshot
from seven_rocks.app.session import Session
from seven_rocks.engine.record import to_record
from tests.support.replaying import replayed


def _a_move(snap: Snapshot) -> str:
    """The first move the snapshot offers South, as the page would send it back."""
    first = next(iter(snap["moves"].values()), None)
    text = snap["pass_move"] if first is None else next(iter(first.values()))
    assert text is not None
    return text


def _call(method: str, **params: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(
        Dispatcher(Session()).handle(json.dumps({"method": method, "params": params}))
    )
    return reply


def test_a_snapshot_never_shows_hidden_hands() -> None:
    session = Session()
    snap = session.new_game(seed=12, bots=[None, "greedy", "greedy", "greedy"])
    text = json.dumps(snap)
    game = session.game
    assert game is not None
    for seat in (1, 2, 3):
        hidden = [str(t) for t in game.hand(seat)]
        assert all(f'"{t}"' not in text for t in hidden), f"seat {seat}'s tile leaked"
    assert snap["hand"] == [str(t) for t in game.hand(0)]


def test_bots_play_until_the_human_must_move_and_illegal_moves_change_nothing() -> None:
    session = Session()
    snap = session.new_game(seed=4, bots=[None, "greedy", "greedy", "greedy"])
    while not snap["human_turn"]:
        snap = session.step()
    assert (snap["turn"] == 0 and snap["legal"]) or snap["must_pass"]
    before = json.dumps(session.snapshot())
    held = snap["hand"][0]
    with pytest.raises(SevenRocksError, match=held):
        session.play(f"{held}@6-6:branch_a")
    assert json.dumps(session.snapshot()) == before


def test_handle_reports_errors_as_json() -> None:
    assert _call("nonsense")["error"]["type"] == "RequestError"
    assert _call("new_game", bots=["wizard", None, None, None])["error"]["message"].startswith(
        "unknown bot 'wizard'"
    )
    door = Dispatcher(Session())
    assert json.loads(door.handle("{not json"))["error"]["type"] == "RequestError"
    assert json.loads(door.handle("[1, 2]"))["error"]["message"] == "a request is a JSON object"
    assert _call("state")["error"]["message"] == "no game has been started"
    assert _call("info", extra=1)["error"]["type"] == "RequestError"
    assert _call("new_game", seed=-1)["error"]["type"] == "RequestError"


def test_save_and_restore_resume_exactly() -> None:
    session = Session()
    session.new_game(seed=31, bots=[None, "greedy", "greedy", "greedy"])
    for _ in range(40):
        snap = session.snapshot()
        if snap["over"]:
            break
        if snap["human_turn"]:
            session.play(_a_move(snap))
        else:
            session.step()
    saved = json.loads(json.dumps(session.save()))
    other = Session()
    restored = other.restore(saved)
    original = session.snapshot()
    for key in ("seed", "round", "turn", "scores", "hand", "hand_sizes", "legal", "table"):
        assert restored[key] == original[key], key
    assert json.dumps(other.save()) == json.dumps(session.save())


def test_a_finished_games_save_restores_the_finished_game() -> None:
    """A reload after the game's end shows that game (its table, its scores, its end), not
    a new deal: the finished game's save restores as it was, and stays finished."""
    session = Session()
    snap = session.new_game(seed=7, bots=[None, "greedy", "greedy", "greedy"])
    while not snap["over"]:
        snap = session.play(_a_move(snap)) if snap["human_turn"] else session.step()
    saved = json.loads(json.dumps(session.save()))
    restored = Session().restore(saved)
    original = session.snapshot()
    assert restored["over"] and restored["winner"] == original["winner"]
    for key in ("seed", "round", "scores", "table", "hand_sizes", "events_total"):
        assert restored[key] == original[key], key
    assert restored["events"][-1]["type"] == "game_won"
    assert [e["type"] for e in restored["events"]] == [e["type"] for e in original["events"]]


def test_a_corrupt_save_is_refused_and_the_game_survives() -> None:
    session = Session()
    session.new_game(seed=2, bots=[None, "greedy", "greedy", "greedy"])
    before = session.snapshot()
    for bad in (
        {"format": "other"},
        {"format": "seven-rocks-save", "version": 99},
        {
            "format": "seven-rocks-save",
            "version": 1,
            "bots": [None, None, None, None],
            "record": {"format": "seven-rocks-record", "version": 1, "rounds": []},
        },
    ):
        with pytest.raises(SevenRocksError):
            session.restore(bad)
    assert session.snapshot() == before


def test_hint_gives_a_legal_move_with_a_reason() -> None:
    session = Session()
    snap = session.new_game(seed=8, bots=[None, "greedy", "greedy", "greedy"])
    while not snap["human_turn"]:
        snap = session.step()
    hint = session.hint()
    if hint["tile"] is None:
        assert snap["must_pass"]
    else:
        assert hint["at"] in snap["legal"][hint["tile"]]


def test_info_lists_the_fair_bots_for_the_new_game_dialog() -> None:
    from seven_rocks.bots import BOTS

    info = _call("info")
    assert info == {"bots": list(BOTS), "default_level": "expert"}
    assert info["default_level"] in info["bots"]


def test_bad_aspect_or_since_is_refused_and_changes_nothing() -> None:
    session = Session()
    snap = session.new_game(seed=4, bots=[None, "greedy", "greedy", "greedy"])
    while not snap["human_turn"]:
        snap = session.step()
    before = json.dumps(session.snapshot())
    move = next(iter(next(iter(snap["moves"].values())).values()))
    for bad in (0, -1.0, "wide", None, True, float("inf")):
        with pytest.raises(SevenRocksError, match="aspect"):
            session.play(move, aspect=bad)  # type: ignore[arg-type]
    with pytest.raises(SevenRocksError, match="since"):
        session.snapshot(since="x")  # type: ignore[arg-type]
    with pytest.raises(SevenRocksError, match="move is text"):
        session.play(7)  # type: ignore[arg-type]
    assert json.dumps(session.snapshot()) == before
    # Extreme shapes are clamped, never refused: a thin window still gets a table.
    wide = session.snapshot(aspect=50.0)["table"]["initial_table"]
    tall = session.snapshot(aspect=0.01)["table"]["initial_table"]
    assert (wide[2] - wide[0]) / (wide[3] - wide[1]) == pytest.approx(3.0)
    assert (tall[2] - tall[0]) / (tall[3] - tall[1]) == pytest.approx(0.4)


def test_every_scoring_end_sits_at_a_marker_cell_or_beside_its_double() -> None:
    session = Session()
    snap = session.new_game(seed=9, bots=["greedy", "greedy", "greedy", "greedy"])
    seen_double = False
    while not snap["over"] and snap["round"] == 1:
        table = snap["table"]
        centres = {(t["x"], t["y"]) for t in table["tiles"]}
        cells = {(p["x"], p["y"]) for p in table["points"]}
        for end in table["ends"]:
            assert (end["x"], end["y"]) in cells | centres
            if end["side"] is None and any(
                p["point"].startswith(end["tile"] + ":line") for p in table["points"]
            ):
                seen_double = True
                assert (end["x"], end["y"]) in cells  # the number is beside the double
        assert table["sum"] == sum(e["value"] for e in table["ends"])
        snap = session.step()
    assert seen_double


def test_a_snapshot_right_after_a_round_shows_the_finished_table() -> None:
    session = Session()
    snap = session.new_game(seed=3, bots=["greedy", "greedy", "greedy", "greedy"])
    count = snap["events_total"]
    while snap["round"] == 1:
        snap = session.step(since=count)
        count = snap["events_total"]
    kinds = [e["type"] for e in snap["events"]]
    assert kinds[-2:] == ["round_settled", "round_started"]
    assert snap["table"]["tiles"] == []
    assert snap["previous_table"]["tiles"]
    settled: Any = snap["events"][-2]
    assert len(settled["hands"]) == 4 and len(settled["deductions"]) == 4


# ----------------------------------------------------------- hint reasons and examples
def _view(hand: str, turns: list[tuple[int, str]]) -> Any:
    """Seat 0's view after ``turns`` (text moves), holding ``hand`` ("2-5 0-0")."""
    from seven_rocks.engine.layout import Layout
    from seven_rocks.engine.moves import Move
    from seven_rocks.engine.round import Turn
    from seven_rocks.engine.tiles import Tile
    from seven_rocks.engine.view import PlayerView

    layout = Layout()
    played = []
    for seat, text in turns:
        move = Move.parse(text)
        if move.tile is not None:
            layout.place(move)
        played.append(Turn(seat, move, 0))
    tiles = tuple(Tile.parse(t) for t in hand.split())
    return PlayerView(
        seat=0,
        hand=tiles,
        layout=layout,
        turn=0,
        hand_sizes=(len(tiles), 6, 6, 6),
        scores=(0, 0),
        target=250,
        round_number=1,
        opener=0,
        passes_in_a_row=0,
        turns=tuple(played),
    )


def test_hint_facts_score_the_move_and_read_the_next_opponents_passes() -> None:
    from seven_rocks.app.hints import move_facts
    from seven_rocks.engine.moves import Move

    turns = [(0, "5-5"), (1, "pass"), (2, "0-5@5-5:line_a"), (3, "2-5@5-5:line_b")]
    facts = move_facts(_view("3-5 0-2", turns), Move.parse("3-5@5-5:branch_a"))
    # The rule book's last "other opening" step: 0 + 2 + 3 = 5 scores 5.
    assert (facts["kind"], facts["sum"], facts["terms"], facts["points"]) == (
        "play",
        5,
        [0, 2, 3],
        5,
    )
    assert facts["open"] == [0, 2, 3, 5] and facts["next_seat"] == 1
    assert facts["next_lacks"] == [5] and not facts["next_blocked"]  # West knocked on a 5
    assert not facts["domino"] and not facts["double"] and not facts["spinner"]
    assert isinstance(facts["threat"], int) and 0 <= facts["threat"] <= 35

    last = move_facts(_view("3-5", turns), Move.parse("3-5@5-5:branch_a"))
    assert last["domino"] and last["threat"] is None and last["only"] is False


def test_hint_facts_know_when_the_next_opponent_must_knock() -> None:
    from seven_rocks.app.hints import move_facts
    from seven_rocks.engine.moves import Move

    turns = [
        (0, "5-5"),
        (1, "pass"),
        (2, "5-6@5-5:line_a"),
        (3, "pass"),
        (0, "2-6@5-6:high"),
        (1, "pass"),
        (2, "pass"),
        (3, "pass"),
    ]
    facts = move_facts(_view("2-5 0-0", turns), Move.parse("2-5@5-5:line_b"))
    assert facts["open"] == [2, 5] and facts["next_lacks"] == [2, 5]
    assert facts["next_blocked"] and facts["threat"] == 0
    spinner = move_facts(_view("4-4 0-1", []), Move.parse("4-4"))
    assert spinner["kind"] == "open" and spinner["double"] and spinner["spinner"]
    assert spinner["sum"] == 8 and spinner["points"] == 0


def test_hint_reply_carries_the_facts_of_the_move_it_suggests() -> None:
    from seven_rocks.engine.scoring import placement_points

    session = Session()
    snap = session.new_game(seed=8, bots=[None, "greedy", "greedy", "greedy"])
    for _ in range(3):
        while not snap["human_turn"]:
            snap = session.step()
        hint = session.hint()
        why = hint["why"]
        assert why["kind"] != "pass" and hint["tile"] is not None
        assert hint["at"] in snap["legal"][hint["tile"]]
        assert (why["tile"], why["at"]) == (hint["tile"], hint["at"])
        assert sum(why["terms"]) == why["sum"] and why["points"] == placement_points(why["sum"])
        after = session.play(hint["move"], since=snap["events_total"])
        placed = next(e for e in after["events"] if e["type"] == "placed" and e["seat"] == 0)
        assert placed["total"] == why["sum"] and placed["points"] == why["points"]
        assert [e["value"] for e in placed["ends"]] == why["terms"]
        assert why["samples"] > 0 or why["only"]
        snap = after


def test_the_hints_margin_is_the_masters_lead_in_points_of_win_percent() -> None:
    """The master plays for the game: its values are chances (0..1), and the hint says the
    lead of its move over the next best as points of win%."""
    from seven_rocks.app.runner import bot_seed
    from seven_rocks.bots.master import MasterBot
    from seven_rocks.engine.record import from_record

    session = Session()
    snap = session.new_game(seed=8, bots=[None, "greedy", "greedy", "greedy"])
    for _ in range(7):
        while not snap["human_turn"]:
            snap = session.step()
        hint = session.hint()
        if "margin" in hint["why"]:
            break
        snap = session.play(hint["move"], since=snap["events_total"])
    why = hint["why"]
    assert why["kind"] != "pass" and "margin" in why, "no move of the round had a choice to weigh"
    game = from_record(session.record())
    bot = MasterBot(bot_seed(game.seed, 4 + len(game.events)))
    analysis = bot.analyse(game.view(0))
    assert all(-0.01 <= a.value <= 1.01 for a in analysis), "values are not chances"
    assert why["margin"] == round(100 * (analysis[0].value - analysis[1].value), 1)


def test_examples_are_the_rule_books_worked_examples() -> None:
    examples = _call("examples", aspect=1.6)["examples"]
    main = examples["main"]
    assert [s["sum"] for s in main] == [5, 6, 10, 5, 5, 10, 15, 5, 8]
    assert [s["points"] for s in main] == [5, 0, 10, 5, 5, 10, 15, 5, 0]
    assert main[7]["open"] == ["0-5:low", "1-1:branch_b", "1-2:high", "3-4:low"]
    last = main[8]["table"]
    assert len(last["tiles"]) == 9 and [e["value"] for e in last["ends"]] == [0, 2, 3, 3]
    assert last["spinner"] == "1-1"
    assert {p["point"] for p in last["points"]} == set(main[8]["open"])
    assert [s["points"] for s in examples["open_spinner"]] == [10, 10, 0, 5]
    assert examples["late_spinner"][1]["sum"] == 15
    assert examples["open_double"][0]["open"] == ["2-2:line_a", "2-2:line_b"]
    assert examples["open_zero"][0]["sum"] == 0


# ------------------------------------------------------------------ the protocol
def _play_to_the_end(seed: int, bots: list[str | None]) -> tuple[Session, list[Any]]:
    """A whole game through the session's replies, as the page sees it (events in batches)."""
    session = Session()
    snap = session.new_game(seed=seed, bots=bots)
    seen: list[Any] = list(snap["events"])
    while not snap["over"]:
        since = snap["events_total"]
        if snap["human_turn"]:
            snap = session.play(_a_move(snap), since=since)
        else:
            snap = session.step(since=since)
        seen.extend(snap["events"])
    return session, seen


def test_the_moves_a_snapshot_offers_are_exactly_the_legal_ones_as_text() -> None:
    session = Session()
    snap = session.new_game(seed=4, bots=[None, "greedy", "greedy", "greedy"])
    checked = 0
    while not snap["over"] and checked < 6:
        if snap["human_turn"]:
            game = session.game
            assert game is not None
            offered = sorted(t for per in snap["moves"].values() for t in per.values())
            legal = sorted(str(m) for m in game.legal_moves() if m.tile is not None)
            assert offered == legal
            assert {t: sorted(p) for t, p in snap["legal"].items()} == {
                t: sorted(per) for t, per in snap["moves"].items()
            }
            assert (snap["pass_move"] == "pass") == snap["must_pass"]
            snap = session.play(_a_move(snap), since=snap["events_total"])
            checked += 1
        else:
            snap = session.step(since=snap["events_total"])
    assert checked


def test_events_carry_the_running_scores_the_page_shows() -> None:
    session, events = _play_to_the_end(21, ["greedy", "random", "greedy", "random"])
    game = session.game
    assert game is not None
    assert events == encode_events(game.events)  # batches add up to the whole history
    scores = [0, 0]
    net = [0, 0]
    for event in events:
        if event["type"] == "round_started":
            net = [0, 0]
            assert event["scores"] == scores and event["round_net"] == [0, 0]
        elif event["type"] == "placed":
            assert event["team"] == event["seat"] % 2
            net[event["team"]] += event["points"]
            scores[event["team"]] += event["points"]
        elif event["type"] == "round_settled":
            for seat in range(4):
                assert event["teams"][seat] == seat % 2
            for team in (0, 1):
                lost = event["deductions"][team] + event["deductions"][team + 2]
                assert event["team_deductions"][team] == lost
                net[team] -= lost
                scores[team] -= lost
        assert event["scores"] == scores, event
        assert event["round_net"] == net, event
    assert scores == list(game.scores)


def test_who_dominoed_comes_with_the_settlement() -> None:
    dominoes = blocks = 0
    for seed in range(8):
        session, events = _play_to_the_end(seed, ["greedy"] * 4)
        game = session.game
        assert game is not None
        settled = [e for e in events if e["type"] == "round_settled"]
        for event, rnd in zip(settled, game.rounds, strict=False):
            last = rnd.turns[-1]
            if event["end"] == "domino":
                dominoes += 1
                assert event["seat"] == last.seat and not event["hands"][last.seat]
            else:
                blocks += 1
                assert event["seat"] is None
    assert dominoes and blocks


def test_gains_are_each_teams_change_since_the_pages_last_snapshot() -> None:
    session = Session()
    snap = session.new_game(seed=6, bots=["greedy"] * 4)
    assert snap["gains"] == [0, 0]
    changed = False
    while snap["round"] == 1:
        before = snap["scores"]
        snap = session.step(since=snap["events_total"])
        assert snap["gains"] == [snap["scores"][t] - before[t] for t in (0, 1)]
        changed = changed or snap["gains"] != [0, 0]
    assert changed
    assert session.snapshot(since=snap["events_total"])["gains"] == [0, 0]


def test_a_story_gives_every_positions_hands_and_scores() -> None:
    session, events = _play_to_the_end(13, ["greedy", "random", "greedy", "random"])
    game = session.game
    assert game is not None
    story = replayed(to_record(game))
    # A record does not keep the dice of the draws; everything else is the same.
    assert [{**e, "draw": []} if e["type"] == "round_started" else e for e in events] == [
        {**e, "draw": []} if e["type"] == "round_started" else e for e in story.events
    ]
    for number, (rnd, told) in enumerate(zip(game.rounds, story.rounds, strict=True), 1):
        assert len(told["hands"]) == len(told["scores"]) == len(rnd.turns) + 1
        assert told["hands"][0] == [[str(t) for t in hand] for hand in rnd.deal]
        held = [list(hand) for hand in told["hands"][0]]
        for k, turn in enumerate(rnd.turns, start=1):
            assert told["turns"][k - 1]["tile"] == (str(turn.move.tile) if turn.move.tile else None)
            if turn.move.tile is not None:
                held[turn.seat].remove(str(turn.move.tile))
            assert told["hands"][k] == held
        ends = [e for e in events if e["round"] == number and e["type"] != "round_started"]
        assert told["scores"][-1] == ends[-1]["scores"]
        started = next(e for e in events if e["round"] == number)
        assert told["scores"][0] == started["scores"]
        if rnd.turns and told["tables"]:
            last = next((t for t in reversed(rnd.turns) if t.move.tile is not None), None)
            assert told["tables"][-1]["last_tile"] == (last and str(last.move.tile))


def test_requests_parse_into_a_method_and_its_parameters() -> None:
    assert Request.parse('{"method": "play", "params": {"move": "pass"}}') == Request(
        "play", {"move": "pass"}
    )
    assert Request.parse('{"method": "info"}').params == {}
    for bad in ('"info"', '{"method": 3}', '{"method": "x", "params": [1]}', "{"):
        with pytest.raises(RequestError):
            Request.parse(bad)


def test_each_dispatcher_has_its_own_game() -> None:
    one, two = Dispatcher(Session()), Dispatcher(Session())
    request = {"method": "new_game", "params": {"seed": 3, "bots": [None, None, None, None]}}
    one.handle(json.dumps(request))
    assert json.loads(one.handle('{"method": "state"}'))["seed"] == 3
    assert "error" in json.loads(two.handle('{"method": "state"}'))
