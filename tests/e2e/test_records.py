"""Game records: download one, open it in the replay viewer (file picker and drop), step
through it; an illegal record is refused with the round and move at fault."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from seven_rocks.engine.game import Game
from seven_rocks.engine.record import to_record

from .playing import (
    GAME_OVER,
    HAND,
    HUMAN_TURN,
    NEXT_FRAME,
    SHEET,
    SUMMARY,
    VIEW_FITS,
    call,
    open_page,
    overlap,
    play_first_move,
    wait_for_human_or,
)

pytestmark = pytest.mark.e2e

REPLAY = "dialog[data-replay]"
GAME = "?seed=2&speed=0&seats=human,greedy,greedy,greedy"


def finished_record(seed: int = 11) -> dict[str, Any]:
    game = Game(seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    return to_record(game)


def drop_file(page: Page, text: str, name: str = "game.json") -> None:
    """Drop a file onto the page as a user dragging it from the desktop would."""
    transfer = page.evaluate_handle(
        """([text, name]) => {
            const dt = new DataTransfer();
            dt.items.add(new File([text], name, {type: "application/json"}));
            return dt;
        }""",
        [text, name],
    )
    page.dispatch_event("#board", "dragenter", {"dataTransfer": transfer})
    page.dispatch_event("#board", "dragover", {"dataTransfer": transfer})
    page.dispatch_event("#board", "drop", {"dataTransfer": transfer})


def hand_counts(page: Page) -> list[int]:
    return [
        page.locator(f"{REPLAY} [data-replay-hand='{seat}'] [data-tile]").count()
        for seat in range(4)
    ]


def test_download_the_game_and_replay_it_from_the_file_picker(page: Page, tmp_path: Path) -> None:
    open_page(page, GAME)
    wait_for_human_or(page, GAME_OVER)
    play_first_move(page)
    assert wait_for_human_or(page, GAME_OVER) == "turn"
    hand_before = page.locator(HAND).evaluate_all("els => els.map(e => e.dataset.tile)")
    expected = call(page, "record")

    page.keyboard.press("s")  # the score sheet holds the records' buttons
    sheet = page.locator("dialog[data-sheet]")
    expect(sheet).to_be_visible()
    with page.expect_download() as info:
        sheet.locator("[data-action='download-record']").click()
    download = info.value
    assert download.suggested_filename.startswith("seven-rocks-")
    assert download.suggested_filename.endswith("-deal-2.json")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record == expected
    assert record["format"] == "seven-rocks-record"

    with page.expect_file_chooser() as chooser:
        sheet.locator("[data-action='open-record']").click()
    chooser.value.set_files(path)
    replay = page.locator(REPLAY)
    expect(replay).to_be_visible()
    moves = record["rounds"][0]["moves"]
    position = replay.locator("[data-replay-position]")
    expect(position).to_have_text(f"Round 1 of 1 · move 0 of {len(moves)}")
    # The deal: every hand face up, seven tiles each, the table empty.
    assert hand_counts(page) == [7, 7, 7, 7]
    assert replay.locator("[data-layout] [data-tile]").count() == 0
    # Step forward with the keyboard: the opener's tile leaves its hand for the table.
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"Round 1 of 1 · move 1 of {len(moves)}")
    first = moves[0]
    counts = [7, 7, 7, 7]
    counts[first["seat"]] -= 1
    assert hand_counts(page) == counts
    expect(replay.locator(f"[data-layout] [data-tile='{first['tile']}']")).to_be_visible()
    sum_text = replay.locator("[data-replay-sum]").inner_text()
    assert "=" in sum_text and "→" in sum_text
    if first["points"]:
        assert sum_text.endswith(f"→ +{first['points']}")
    # To the end of the round with the buttons, and back with the keyboard.
    replay.locator("[data-replay-step='end']").click()
    expect(position).to_have_text(f"Round 1 of 1 · move {len(moves)} of {len(moves)}")
    assert sum(hand_counts(page)) == 28 - sum(1 for m in moves if "tile" in m)
    scores = replay.locator("[data-replay-scores]").get_attribute("data-scores")
    assert scores == ",".join(map(str, record["rounds"][0]["scores"]))
    page.keyboard.press("ArrowLeft")
    expect(position).to_have_text(f"Round 1 of 1 · move {len(moves) - 1} of {len(moves)}")

    # Leaving the replay returns to the game in progress, untouched.
    page.keyboard.press("Escape")
    expect(replay).to_have_count(0)
    expect(page.locator(HUMAN_TURN)).to_be_attached()
    assert page.locator(HAND).evaluate_all("els => els.map(e => e.dataset.tile)") == hand_before
    assert call(page, "record") == expected


@pytest.mark.parametrize(
    ("seats", "teams"),
    [
        (["greedy", "expert", "greedy", "expert"], ("South & North", "West & East")),
        (["greedy", "human", "greedy", "expert"], ("South & North", "You & East")),
        (["human:Ana", "expert", "human:Bia", "expert"], ("South & North", "West & East")),
    ],
    ids=["bots-only", "one-person-at-west", "two-people"],
)
def test_a_replay_names_the_teams_by_the_records_own_table(
    page: Page, seats: list[str], teams: tuple[str, str]
) -> None:
    """Replayed during a one-person game at South (where team 0 is "You & North"), a
    record is told with its own table's names."""
    open_page(page, GAME)
    expect(page.locator("[data-team='0'] .team__name")).to_have_text("You & North")
    record = finished_record()
    record["seats"] = seats
    drop_file(page, json.dumps(record))
    replay = page.locator(REPLAY)
    expect(replay).to_be_visible()
    scores = replay.locator("[data-replay-scores]")
    expect(scores).to_have_text(f"{teams[0]} 0 · {teams[1]} 0")
    # The last move of the game: the winner's line names the winning team the same way.
    replay.locator("[data-replay-round]").select_option(str(len(record["rounds"]) - 1))
    replay.locator("[data-replay-step='next']").focus()
    page.keyboard.press("End")
    winner = record["rounds"][-1]["scores"]
    won = teams[0] if winner[0] > winner[1] else teams[1]
    expect(replay.locator("[data-replay-settlement]")).to_have_text(f"{won} win!")
    # The game behind keeps its own names.
    expect(page.locator("[data-team='0'] .team__name")).to_have_text("You & North")


def test_drop_a_record_jump_to_a_round_and_reject_illegal_ones(page: Page) -> None:
    open_page(page, GAME)
    wait_for_human_or(page, GAME_OVER)
    record = finished_record()
    rounds = record["rounds"]
    assert len(rounds) > 1

    drop_file(page, json.dumps(record))
    replay = page.locator(REPLAY)
    expect(replay).to_be_visible()
    expect(replay.locator("[data-replay-name]")).to_have_text("game.json")
    # Jump to the last round from the list, then round by round with the keyboard.
    last = len(rounds)
    replay.locator("[data-replay-round]").select_option(str(last - 1))
    expect(replay).to_have_attribute("data-round", str(last))
    expect(replay).to_have_attribute("data-move", "0")
    assert hand_counts(page) == [7, 7, 7, 7]
    replay.locator("[data-replay-step='next']").focus()
    page.keyboard.press("ArrowUp")
    expect(replay).to_have_attribute("data-round", str(last - 1))
    page.keyboard.press("End")
    settled = rounds[last - 2]
    expect(replay).to_have_attribute("data-move", str(len(settled["moves"])))
    settlement = replay.locator("[data-replay-settlement]").inner_text()
    assert ("dominoed" in settlement) or ("Blocked" in settlement)
    scores = replay.locator("[data-replay-scores]").get_attribute("data-scores")
    assert scores == ",".join(map(str, settled["scores"]))
    replay.locator("[data-action='close-panel']").click()
    expect(replay).to_have_count(0)

    # A record with a move changed: refused, naming the round and move, in the page.
    bad = copy.deepcopy(record)
    hands = bad["rounds"][0]["deal"]
    move = bad["rounds"][0]["moves"][2]
    assert "tile" in move
    other = next(t for s, hand in enumerate(hands) if s != move["seat"] for t in hand)
    move["tile"] = other
    drop_file(page, json.dumps(bad), "edited.json")
    alert = page.locator("[data-notice='error']")
    expect(alert).to_have_count(1)
    text = alert.inner_text()
    assert text.startswith("This game record cannot be replayed: round 1, move 3:"), text
    expect(replay).to_have_count(0)
    # Not JSON at all.
    drop_file(page, "{nope", "broken.json")
    expect(page.locator("[data-notice='error']").last).to_contain_text(
        "broken.json is not a game record"
    )
    expect(page.locator(HUMAN_TURN)).to_be_attached()


@pytest.mark.parametrize("viewport", ["390x844", "844x390"])
def test_the_replays_table_is_fitted_to_the_shape_it_settles_in(
    viewport_page: Callable[..., Page], viewport: str
) -> None:
    """The replay's table was first drawn before the viewer had settled, and its view kept
    that shape (re-fitted only within a window resize): at 390x844 a view of width / height
    0.66 in an area of 0.87, at 844x390 2.28 in 3.26, a band of felt either side."""
    page = viewport_page(viewport)
    open_page(page, GAME)
    drop_file(page, json.dumps(finished_record()))
    expect(page.locator(REPLAY)).to_be_visible()
    page.wait_for_function(VIEW_FITS, arg="[data-replay-table]", timeout=5_000)
    page.locator(f"{REPLAY} [data-replay-step='next']").tap()
    page.wait_for_function(VIEW_FITS, arg="[data-replay-table]", timeout=5_000)


#: The replay's parts that must each be on screen and clear of one another.
REPLAY_PARTS = """() => {
  const parts = [...document.querySelectorAll(
    ".replay__seat, .replay__table, .replay__caption p, .replay__controls, .replay__head")]
    .filter((el) => el.textContent.trim() || el.matches(".replay__table"))
    .map((el) => {
      const r = el.getBoundingClientRect();
      const seat = el.dataset.replaySeat;
      const name = seat != null ? `seat ${seat}` : el.className || Object.keys(el.dataset)[0];
      return { name, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
  return { parts, width: innerWidth, height: innerHeight };
}"""


def test_the_replay_viewer_fits_a_phone_without_overlaps(
    viewport_page: Callable[..., Page],
) -> None:
    """Upright and on its side, every part of the replay viewer (the seats, the table, the
    caption, the controls, the head) is on the screen and clear of the others."""
    page = viewport_page("360x740")
    open_page(page, GAME)
    for _ in range(3):
        if wait_for_human_or(page, f"{SUMMARY}[open]") != "turn":
            break
        play_first_move(page)
    page.locator("#menu-button").tap()
    page.locator("#toolbar [data-action='sheet']").tap()
    page.locator(f"{SHEET} [data-action='replay-game']").tap()
    replay = page.locator("dialog[data-replay]")
    expect(replay).to_be_visible()
    for _ in range(6):  # hands of several sizes, a caption and a sum
        replay.locator("[data-replay-step='next']").tap()
    expect(replay.locator("[data-replay-sum]")).not_to_be_empty()
    for width, height in ((360, 740), (740, 360), (844, 390)):  # upright, then turned
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(NEXT_FRAME)
        found = page.evaluate(REPLAY_PARTS)
        parts = found["parts"]
        assert len(parts) >= 7, parts
        for part in parts:
            assert part["left"] >= 0 and part["top"] >= 0, f"{part['name']} is off: {part}"
            assert part["right"] <= found["width"] and part["bottom"] <= found["height"], part
        clashes = [
            (a["name"], b["name"])
            for i, a in enumerate(parts)
            for b in parts[i + 1 :]
            if overlap(a, b)
        ]
        assert not clashes, f"at {width}x{height} parts of the replay overlap: {clashes}"
