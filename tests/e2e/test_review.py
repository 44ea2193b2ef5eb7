"""The coach in the browser: a review after a round of a live game and in the replay viewer,
a determinate progress bar, Cancel, the cache that makes a second opening instant, both
languages. Every expectation is checked against the engine's own record of the game."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from seven_rocks.app.review import BLUNDER_LOSS, MISTAKE_LOSS, ReviewJob
from seven_rocks.app.session import REVIEW_LEVEL, Session
from seven_rocks.engine.game import Game
from seven_rocks.engine.moves import Move
from seven_rocks.engine.record import from_record, to_record

from .playing import (
    POLL_MS,
    SAVE_KEY,
    SUMMARY,
    call,
    open_page,
    open_site_file,
    play_first_move,
    played_moves,
    wait_for_human_or,
)
from .test_records import drop_file

pytestmark = pytest.mark.e2e

PANEL = "dialog[data-review-panel]"
REVIEW = f"{PANEL} [data-review]"
MOVES = f"{PANEL} [data-review-move]"
GAME = "?seed=2&speed=0&seats=human,greedy,greedy,greedy"


def play_to_summary(page: Page) -> None:
    """Play South's first playable tile until a round summary shows."""
    while wait_for_human_or(page, SUMMARY, timeout=60) == "turn":
        play_first_move(page)


def wait_state(page: Page, *states: str, timeout: float = 60) -> str:
    try:
        return str(
            page.wait_for_function(
                """([selector, states]) => {
                  const state = document.querySelector(selector)?.dataset.reviewState;
                  return states.includes(state) ? state : false;
                }""",
                arg=[REVIEW, list(states)],
                polling=POLL_MS,
                timeout=timeout * 1000,
            ).json_value()
        )
    except PlaywrightTimeout:
        shown = page.locator(REVIEW).count()
        state = page.get_attribute(REVIEW, "data-review-state") if shown else None
        raise AssertionError(
            f"the review did not reach {states} within {timeout} s (it is {state})"
        ) from None


def seat_turns(record: dict[str, Any], seat: int) -> list[tuple[int, int, str]]:
    """(round, number, move) of every turn of ``seat``, from the engine's own record."""
    game = from_record(record)
    return [
        (r, n, str(turn.move))
        for r, rnd in enumerate(game.rounds, start=1)
        for n, turn in enumerate(rnd.turns, start=1)
        if turn.seat == seat
    ]


def listed(page: Page) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = page.locator(MOVES).evaluate_all(
        "els => els.map(e => ({...e.dataset}))"
    )
    return rows


def check_moves(rows: list[dict[str, str]], record: dict[str, Any], seat: int) -> None:
    """Each listed move is the seat's move in the record, with its losses (expected points,
    and the chance to win that marks it) and a legal best move."""
    turns = seat_turns(record, seat)
    assert [(int(r["round"]), int(r["number"])) for r in rows] == [(r, n) for r, n, _ in turns]
    game = from_record(record)
    replay = Game(
        game.seed,
        target=game.target,
        seats=game.seats,
        deals=[(rnd.deal, rnd.opener) for rnd in game.rounds],
    )
    by_place = {(int(r["round"]), int(r["number"])): r for r in rows}
    for rnd_number, rnd in enumerate(game.rounds, start=1):
        for number, turn in enumerate(rnd.turns, start=1):
            row = by_place.get((rnd_number, number))
            if row is not None:
                legal = replay.legal_moves()
                assert row["seat"] == str(seat)
                assert float(row["loss"]) >= 0
                win_loss = float(row["winLoss"])
                assert 0 <= win_loss <= 1
                assert Move.parse(row["best"]) in legal, f"{row['best']} is not legal"
                assert (win_loss == 0) == (row["best"] == str(turn.move)) or row["mark"] == "forced"
                assert row["mark"] in ("best", "good", "mistake", "blunder", "forced")
                assert (row["mark"] == "forced") == (len(legal) == 1)
                if row["mark"] == "blunder":
                    assert win_loss >= BLUNDER_LOSS
                elif row["mark"] == "mistake":
                    assert MISTAKE_LOSS <= win_loss < BLUNDER_LOSS
            replay.play(turn.move, turn.seat)


def first_costly(page: Page) -> Locator:
    for row in page.locator(MOVES).all():
        if float(row.get_attribute("data-win-loss") or 0) > 0:
            return row
    raise AssertionError("no move cost any chance to win")


@pytest.mark.first_visit
def test_the_coachs_search_is_downloaded_when_a_review_is_first_asked_for(page: Page) -> None:
    """A visit downloads the game without the coach's search (in ``rest.zip``, the
    package's rest): a round is played without it, and the review fetches it, once."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    open_page(page, GAME)
    play_to_summary(page)  # booted, dealt, a round played: everything a game loads, loaded
    assert "rest.zip" not in fetched and "seven_rocks.zip" in fetched
    page.locator(SUMMARY).locator("[data-action='review']").click()
    assert wait_state(page, "done") == "done"
    assert fetched.count("rest.zip") == 1


def test_review_after_a_round_lists_the_moves_and_opens_again_from_the_cache(page: Page) -> None:
    open_page(page, GAME)
    play_to_summary(page)
    summary = page.locator(SUMMARY)
    summary.locator("[data-action='review']").click()
    expect(page.locator(REVIEW)).to_be_visible()
    progress = page.locator(f"{PANEL} [data-review-progress]")
    assert wait_state(page, "running", "done") in ("running", "done")
    assert wait_state(page, "done") == "done"
    bar_max = int(progress.get_attribute("max") or 0)
    record = call(page, "record")
    rows = listed(page)
    assert bar_max == len(rows) == len(seat_turns(record, 0)) > 0
    assert int(progress.get_attribute("value") or 0) == bar_max
    check_moves(rows, record, 0)
    assert int(page.get_attribute(REVIEW, "data-review-requests") or 0) >= 1
    accuracy = page.get_attribute(f"{PANEL} [data-review-summary]", "data-accuracy")
    assert accuracy and 0 <= float(accuracy) <= 100
    # The headline says what a move gave away on average in the marks' own unit (the chance
    # to win), not a sum that reads like a score, nor expected points.
    chosen = [float(r["winLoss"]) for r in rows if r["mark"] != "forced"]
    headline = page.inner_text(f"{PANEL} [data-review-summary]")
    shown = re.search(r"([\d.]+)% of the chance to win given away a move", headline)
    assert shown, headline
    assert abs(float(shown.group(1)) - 100 * sum(chosen) / len(chosen)) <= 0.05, headline
    assert "points" not in headline.split("·")[-1], headline
    # No mark says less than its figures: a move marked best or good lost under 3 points of
    # win%, a mistake 3 to 8, a blunder 8 or more (the coach's lines, docs/coach.md).
    lines = {"best": (0, 0.0), "good": (0, 0.03), "mistake": (0.03, 0.08), "blunder": (0.08, 1)}
    for row in rows:
        if row["mark"] in lines and row["sure"] == "true":
            low, high = lines[row["mark"]]
            assert low <= float(row["winLoss"]) <= high, row

    # A costly move: the board shows the better move on the table, highlighted.
    costly = first_costly(page)
    costly.click()
    best = Move.parse(costly.get_attribute("data-best") or "")
    table = page.locator(f"{PANEL} [data-review-table]")
    expect(table).to_have_attribute("data-showing", "best")
    assert best.tile is not None
    expect(table.locator(f"[data-tile='{best.tile}'].domino--last")).to_have_count(1)
    page.locator(f"{PANEL} [data-review-show='played']").click()
    expect(table).to_have_attribute("data-showing", "played")
    # The tile count is a setting, off by default: the coach shows none either.
    expect(page.locator(f"{PANEL} [data-review-count]")).to_have_count(0)

    # The cache lives with the game (its record and its save) ...
    assert [r["seat"] for r in record["reviews"]] == [0]
    page.locator(f"{PANEL} [data-action='close-panel']").click()
    expect(page.locator(PANEL)).to_have_count(0)
    # ... so opening it again is one request that searches nothing.
    summary.locator("[data-action='review']").click()
    assert wait_state(page, "done") == "done"
    assert page.get_attribute(REVIEW, "data-review-requests") == "1"
    assert page.get_attribute(REVIEW, "data-review-searched") == "0"
    assert listed(page) == rows


def _save_after_rounds(rounds: int, seed: int = 7, target: int = 1000) -> str:
    """A saved game (South a person) some rounds in, at South's turn (a long game, so that
    reviewing it takes long enough to be cancelled half-way on a busy machine)."""
    session = Session()
    snap = session.new_game(seed=seed, bots=[None, "greedy", "greedy", "greedy"], target=target)
    while snap["round"] <= rounds or not snap["human_turn"]:
        if snap["human_turn"]:
            first = next(iter(snap["moves"].values()), None)
            move = snap["pass_move"] if first is None else next(iter(first.values()))
            assert move is not None
            snap = session.play(move)
        else:
            snap = session.step()
        assert not snap["over"]
    return json.dumps(session.save())


def test_cancel_stops_the_review_and_leaves_play_working(page: Page) -> None:
    # Store the save from a page of the site that is not the game (which saves its own
    # game when it is left), then open the game, which resumes it.
    open_site_file(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, _save_after_rounds(7)])
    open_page(page, "?seed=7&speed=0&seats=human,greedy,greedy,greedy")  # resumes the save
    assert (
        page.inner_text("[data-team-score='0']") != "0"
        or page.inner_text("[data-team-score='1']") != "0"
    ), "the saved game was not resumed"
    play_to_summary(page)
    page.locator(f"{SUMMARY} [data-action='review']").click()
    assert wait_state(page, "running") == "running"
    expect(page.locator(f"{PANEL} [data-review-progress]")).to_be_visible()
    page.locator(f"{PANEL} [data-action='review-cancel']").click()
    assert wait_state(page, "cancelled") == "cancelled"
    done = int(page.get_attribute(f"{PANEL} [data-review-progress]", "value") or 0)
    total = int(page.get_attribute(f"{PANEL} [data-review-progress]", "max") or 0)
    assert done < total
    page.locator(f"{PANEL} [data-action='close-panel']").click()
    page.locator(f"{SUMMARY} [data-next-round]").click()
    assert wait_for_human_or(page, SUMMARY) == "turn"  # the bots played on
    before = sum(map(len, played_moves(page)))
    play_first_move(page)
    assert sum(map(len, played_moves(page))) > before


def _short_record(seed: int = 5, target: int = 60) -> dict[str, Any]:
    game = Game(seed=seed, target=target, seats=["human", "greedy", "greedy", "greedy"])
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return to_record(game)


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_review_another_seat_in_the_replay_viewer_in_both_languages(page: Page, lang: str) -> None:
    open_page(page, GAME)
    page.evaluate("(lang) => localStorage.setItem('seven-rocks:lang', lang)", lang)
    open_page(page, GAME)
    record = _short_record()
    drop_file(page, json.dumps(record))
    replay = page.locator("dialog[data-replay]")
    expect(replay).to_be_visible()
    replay.locator("[data-review-seat-select]").select_option("1")  # West
    replay.locator("[data-action='review']").click()
    assert wait_state(page, "done") == "done"
    rows = listed(page)
    check_moves(rows, record, 1)
    searched = int(page.get_attribute(REVIEW, "data-review-searched") or 0)
    assert searched > 0
    title = page.inner_text(f"{PANEL} [data-review-title]")
    reasons = page.locator(f"{PANEL} [data-review-reasons] li").all_inner_texts()
    assert reasons and all(text.strip() for text in reasons)
    english = {"West", "Review", "The best move", "Scores", "Lets", "The only legal"}
    if lang == "en":
        assert "West" in title
    else:
        assert "Oeste" in title and "Análise" in title
        assert not any(text.startswith(tuple(english)) for text in reasons)
        assert all("review." not in text for text in reasons)
    # The head names West's costliest move (West is not the reader) in the page's language,
    # or says there was none.
    headline = page.inner_text(f"{PANEL} [data-review-headline]")
    costly = [r for r in rows if r["mark"] in ("mistake", "blunder")]
    said = {
        ("en", True): "West's costliest move:",
        ("en", False): "No costly move: each of West's choices",
        ("pt-BR", True): "Jogada mais cara de Oeste:",
        ("pt-BR", False): "Nenhuma jogada cara: cada escolha de Oeste",
    }[(lang, bool(costly))]
    assert headline.startswith(said), headline
    # Opened again in the same viewer: the record now carries its review.
    page.locator(f"{PANEL} [data-action='close-panel']").click()
    replay.locator("[data-action='review']").click()
    assert wait_state(page, "done") == "done"
    assert page.get_attribute(REVIEW, "data-review-requests") == "1"
    assert page.get_attribute(REVIEW, "data-review-searched") == "0"
    assert listed(page) == rows


def test_a_forged_review_in_a_record_is_checked_and_the_coach_says_so(page: Page) -> None:
    """A record's saved review is anyone's writing: the coach analyses again, shows its own
    verdicts, and says that the saved ones did not match."""
    record = _short_record()
    honest = ReviewJob(from_record(record), 1, REVIEW_LEVEL).run()
    forged = honest.to_json()
    for rnd in forged["rounds"]:
        for move in rnd["moves"]:
            if move["mark"] != "forced":
                move.update({"loss": 80.0, "mark": "blunder", "accuracy": 0.1, "best": "pass"})
    open_page(page, GAME)
    drop_file(page, json.dumps({**record, "reviews": [forged]}))
    replay = page.locator("dialog[data-replay]")
    expect(replay).to_be_visible()
    replay.locator("[data-review-seat-select]").select_option("1")  # West
    replay.locator("[data-action='review']").click()
    assert wait_state(page, "done") == "done"
    note = page.locator(f"{PANEL} [data-review-cache-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text(f"did not match the analysis of {honest.summary.analysed} moves")
    accuracy = page.get_attribute(f"{PANEL} [data-review-summary]", "data-accuracy")
    assert accuracy is not None and float(accuracy) == honest.summary.accuracy


POINTS = f"{PANEL} [data-review-point]"

#: Each column of the chart as drawn: its box (the chart's full height) and, where shown,
#: its dot and its drop, on the screen.
DRAWN = """els => els.map((e) => {
  const box = (s) => {
    const el = e.querySelector(s);
    if (!el || getComputedStyle(el).display === "none") return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left };
  };
  return { hit: box(".chance-point__hit"), dot: box(".chance-point__dot"),
           drop: box(".chance-point__drop"), tick: box(".chance-point__tick") };
})"""

#: The swings the head names, as the page drew them.
SWINGS = f"{PANEL} [data-review-swing]"


@pytest.mark.parametrize("viewport", ["390x844", "844x390"])
def test_the_chart_draws_the_chance_to_win_and_the_head_names_the_costliest_move(
    viewport_page: Callable[..., Page], viewport: str
) -> None:
    """The chart heads the list: a column per reviewed move, the team's chance to win after
    each analysed move at its height (0% at the foot, 100% at the top), a mistake or a
    blunder dropping by as much of the chart as its drop in the list, a forced move a tick,
    rounds apart; a tap on a column goes to that move. The head names the costliest move and
    a tap on it goes there too."""
    page = viewport_page(viewport)
    open_page(page, GAME)
    record = _short_record(target=100)
    drop_file(page, json.dumps(record))
    replay = page.locator("dialog[data-replay]")
    replay.locator("[data-action='review']").tap()
    assert wait_state(page, "done") == "done"
    rows = listed(page)
    check_moves(rows, record, 0)
    assert len({r["round"] for r in rows}) > 1, "the record should span rounds"

    # A column per listed move, in the list's order ...
    points = page.locator(POINTS)
    expect(points).to_have_count(len(rows))
    order = points.evaluate_all("els => els.map(e => [e.dataset.round, e.dataset.number])")
    assert order == [[r["round"], r["number"]] for r in rows]
    chances = points.evaluate_all("els => els.map(e => e.dataset.chance)")
    drawn = points.evaluate_all(DRAWN)
    for row, chance, box in zip(rows, chances, drawn, strict=True):
        hit = box["hit"]
        height = hit["bottom"] - hit["top"]
        if row["mark"] == "forced":  # no chance measured: a tick at the foot
            assert chance == "" and box["tick"] and box["dot"] is None, (row, box)
            continue
        assert 0 <= float(chance) <= 1, row
        if row["mark"] in ("mistake", "blunder"):
            # ... its dot at the chance left, its drop as long as the list's drop says.
            dot, drop = box["dot"], box["drop"]
            assert dot and drop, (row, box)
            assert abs(dot["top"] - (hit["top"] + (1 - float(chance)) * height)) <= 1.5, (row, box)
            shown = drop["bottom"] - drop["top"]
            assert abs(shown - float(row["winLoss"]) * height) <= 1.5, (row, box)
        else:
            assert box["drop"] is None, (row, box)
    # Rounds stand apart: the gap before a round's first column is wider than between moves.
    lefts = [box["hit"]["left"] for box in drawn]
    steps = [b - a for a, b in itertools.pairwise(lefts)]
    new_round = [rows[i + 1]["round"] != rows[i]["round"] for i in range(len(steps))]
    within = [d for d, new in zip(steps, new_round, strict=True) if not new]
    across = [d for d, new in zip(steps, new_round, strict=True) if new]
    assert min(across) > max(within) + 1, (within, across)
    expect(page.locator(f"{PANEL} .loss-chart__axis")).to_have_text("100%50%0%")

    # The costliest move is named in the chart's label; a tap on its column shows it.
    worst = max(range(len(rows)), key=lambda i: (float(rows[i]["winLoss"]), -i))
    costly = rows[worst]
    label = page.get_attribute(f"{PANEL} [data-review-chart] svg", "aria-label") or ""
    assert f"round {costly['round']}, move {costly['number']}" in label, label
    target = points.nth(worst)
    target.tap()
    board = page.locator(f"{PANEL} [data-review-board]")
    expect(board).to_have_attribute("data-round", costly["round"])
    expect(board).to_have_attribute("data-number", costly["number"])
    expect(page.locator(f"{MOVES}[data-index='{worst}']")).to_have_attribute("aria-current", "true")
    expect(target).to_have_class(re.compile(r"\bchance-point--current\b"))
    expect(page.locator(f"{PANEL} .chance-point--current")).to_have_count(1)
    caption = page.inner_text(f"{PANEL} [data-review-caption]")
    assert f"Round {costly['round']}, move {costly['number']}:" in caption, caption
    # Upright, the chart stays at the top as the list scrolls, the board scrolled away
    # above it: a tap on a column brings the board back.
    if viewport == "390x844":
        page.locator(f"{PANEL} .review__main").evaluate("(e) => { e.scrollTop = e.scrollHeight; }")
        first = points.nth(0)
        expect(first).to_be_in_viewport()
        first.tap()
        expect(board).to_have_attribute("data-round", rows[0]["round"])
        expect(board).to_have_attribute("data-number", rows[0]["number"])
        expect(page.locator(f"{PANEL} [data-review-table]")).to_be_in_viewport(ratio=0.9)
        points.nth(worst).tap()
    # Next from there moves the chart's mark along.
    if worst + 1 < len(rows):
        page.locator(f"{PANEL} [data-review-step='next']").tap()
        expect(points.nth(worst + 1)).to_have_class(re.compile(r"\bchance-point--current\b"))

    # The head names the costliest mistake or blunder (the reader's own: South played this
    # record as "human"), with the chance before and after it; a tap on it goes there.
    assert costly["mark"] in ("mistake", "blunder"), "the record should hold a mistake"
    swing = page.locator(SWINGS).first
    expect(swing).to_be_visible()
    expect(swing).to_have_attribute("data-round", costly["round"])
    expect(swing).to_have_attribute("data-number", costly["number"])
    said = re.search(
        r"^Your costliest move: .+ \(round (\d+)\) took your chance to win "
        r"from (?:about )?(\d+)% to (?:about )?(\d+)%\.$",
        swing.inner_text(),
    )
    assert said and said.group(1) == costly["round"], swing.inner_text()
    before, after = int(said.group(2)), int(said.group(3))
    assert abs((before - after) - float(costly["winLoss"]) * 100) <= 1, (said.group(0), costly)
    page.locator(f"{MOVES}[data-index='{0 if worst else 1}']").tap()  # away, then back to it
    listed_worst = page.locator(f"{MOVES}[data-index='{worst}']")
    expect(listed_worst).not_to_have_attribute("aria-current", "true")
    swing.tap()
    expect(board).to_have_attribute("data-round", costly["round"])
    expect(board).to_have_attribute("data-number", costly["number"])
    expect(page.locator(f"{MOVES}[data-index='{worst}']")).to_have_attribute("aria-current", "true")
    expect(page.locator(f"{PANEL} [data-review-table]")).to_be_in_viewport(ratio=0.9)


def test_a_finished_review_opens_at_the_first_mistake(page: Page) -> None:
    """A review shows its first analysed move while it runs; once finished it goes to the
    first mistake or blunder, the move worth a look (unless the reader chose one meanwhile).
    It stayed on the first move, which here was a good one."""
    open_page(page, GAME)
    drop_file(page, json.dumps(_short_record(seed=6, target=100)))  # South's 6th move: a mistake
    page.locator("dialog[data-replay] [data-action='review']").click()
    assert wait_state(page, "done") == "done"
    rows = listed(page)
    first = next(i for i, r in enumerate(rows) if r["mark"] in ("mistake", "blunder"))
    assert first > 0, "the record should open on a move that was not a mistake"
    expect(page.locator(f"{MOVES}[aria-current='true']")).to_have_attribute(
        "data-index", str(first)
    )
    board = page.locator(f"{PANEL} [data-review-board]")
    expect(board).to_have_attribute("data-number", rows[first]["number"])


#: Counts the writes to the move's caption and reasons from now on (one record per write).
WATCH_WRITES = """() => {
  const writes = { caption: 0, reasons: 0 };
  const watch = (selector, key) => new MutationObserver((records) => {
    writes[key] += records.length;
  }).observe(document.querySelector(selector), { childList: true });
  watch('[data-review-caption]', 'caption');
  watch('[data-review-reasons]', 'reasons');
  window.__reviewWrites = writes;
}"""


def test_a_moves_caption_and_reasons_are_written_once_as_its_board_arrives(page: Page) -> None:
    """Stepping to a move wrote its caption and reasons, and wrote them again when its board
    came back from the worker (and at every re-fit of the board): the same words in new
    nodes, under a reader's eyes (a selection or a screen reader's place in them lost; a CI
    run's test found a reason detached as it scrolled to it). Now each is written once."""
    open_page(page, GAME)
    play_to_summary(page)
    page.locator(f"{SUMMARY} [data-action='review']").click()
    assert wait_state(page, "done") == "done"
    board = page.locator(f"{PANEL} [data-review-board]")
    for _ in range(3):
        current = page.locator(f"{MOVES}[aria-current='true']")
        index = int(current.get_attribute("data-index") or 0)
        step = "next" if index + 1 < page.locator(MOVES).count() else "prev"
        page.evaluate(WATCH_WRITES)
        page.locator(f"{PANEL} [data-review-step='{step}']").click()
        moved = page.locator(MOVES).nth(index + 1 if step == "next" else index - 1)
        expect(moved).to_have_attribute("aria-current", "true")
        drawn = f"{moved.get_attribute('data-round')}-{moved.get_attribute('data-number')}"
        expect(board).to_have_attribute("data-drawn", drawn)
        writes = page.evaluate("window.__reviewWrites")
        assert writes["caption"] <= 1 and writes["reasons"] <= 1, writes
