"""The coach says one thing in one unit: over whole reviewed games, no mark contradicts the
figures a player reads beside it.

A move's mark comes from the drop in the team's chance to win (docs/coach.md); the words the
page writes for it (``web/js/coach/review-text.js``, run here in Node over the engine's own
review JSON) must speak of that same chance: the search's reason names the move's chance and
the best move's, whose difference is the mark's drop, and a round's or a game's line gives the
mean drop in points of %. Expected points, which near a game's end stop meaning anything a
player can read (a move marked "good, -0.2%" explained as "-191 for the team"), appear nowhere.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from seven_rocks.app.review import Mark
from seven_rocks.app.review.job import review_record
from seven_rocks.app.review.model import BLUNDER_LOSS, MISTAKE_LOSS
from seven_rocks.app.runner import play_game
from seven_rocks.bots import BOTS
from seven_rocks.engine.record import to_record

ROOT = Path(__file__).resolve().parents[1]
#: Games played by the greedy and expert bots, each reviewed for one seat at the quick level.
GAMES = [(seed, seed % 4) for seed in (3, 8, 21)]

#: Runs in Node: the page's words for every move of a review, and each round's line.
WORDS = """
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
const read = (url) => JSON.parse(readFileSync(fileURLToPath(url), "utf8"));
globalThis.fetch = async (url) => ({ ok: true, json: async () => read(url) });
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
const { setLanguage } = await import("./web/js/util/i18n.js");
const { reasonTexts, summaryText } = await import("./web/js/coach/review-text.js");
await setLanguage("en", { remember: false });
let input = ""; for await (const chunk of process.stdin) input += chunk;
const review = JSON.parse(input);
const moves = review.rounds.flatMap((r) => r.moves);
process.stdout.write(JSON.stringify({
  moves: moves.map((m) => reasonTexts(m)),
  rounds: review.rounds.map((r) => summaryText(r, r.moves)),
  game: summaryText(review, moves),
}));
"""


def _words(review: dict[str, Any]) -> dict[str, Any]:
    node = shutil.which("node")
    assert node is not None, "Node runs the page's words"
    done = subprocess.run(
        [node, "--input-type=module", "-e", WORDS],
        input=json.dumps(review),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    words: dict[str, Any] = json.loads(done.stdout)
    return words


def _percents(text: str) -> list[float]:
    return [float(found) for found in re.findall(r"(\d+(?:\.\d+)?)%", text)]


@pytest.fixture(scope="module", params=GAMES, ids=lambda game: f"seed{game[0]}-seat{game[1]}")
def reviewed(request: pytest.FixtureRequest) -> tuple[dict[str, Any], dict[str, Any]]:
    seed, seat = request.param
    bots = [BOTS[name](seed=seed * 4 + i) for i, name in enumerate(["greedy", "expert"] * 2)]
    review, _ = review_record(to_record(play_game(bots, seed=seed)), seat=seat, level="quick")
    data: dict[str, Any] = json.loads(json.dumps(review.to_json()))
    return data, _words(data)


def test_every_mark_agrees_with_its_drop_in_the_chance_to_win(
    reviewed: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    review, _ = reviewed
    moves = [m for r in review["rounds"] for m in r["moves"]]
    assert len(moves) >= 10
    for move in moves:
        if move["mark"] == Mark.FORCED.value:
            continue
        drop = move["best_chance"] - move["chance"]
        assert abs(drop - move["win_loss"]) <= 0.0011, move
        expected = (
            "blunder" if drop >= BLUNDER_LOSS else "mistake" if drop >= MISTAKE_LOSS else None
        )
        if expected is not None or move["sure"]:
            assert move["mark"] == (expected or move["mark"]), move
        if move["mark"] in ("best", "good"):
            assert move["win_loss"] < MISTAKE_LOSS, move


def test_the_words_beside_a_mark_speak_of_the_same_chance(
    reviewed: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    review, words = reviewed
    moves = [m for r in review["rounds"] for m in r["moves"]]
    for move, texts in zip(moves, words["moves"], strict=True):
        text = " ".join(texts)
        spoken = re.sub(r"\d[\u2011-]\d", "", text)  # tiles' numbers are no figures
        said = {float(n) for n in re.findall(r"(?<![\d.])(\d+(?:\.\d+)?)(?![\d.%])", spoken)}
        allowed = {
            float(value)
            for reason in move["reasons"]
            for key, value in reason.items()
            if key not in ("value", "best_value") and isinstance(value, int | float)
        }
        for figure in (move["loss"], move["value"], move["best_value"]):
            shown = None if figure is None else round(abs(figure), 1)
            # A whole number up to 6 is also a tile's end ("on the 1 of 0-1"): not told apart.
            if shown is not None and (shown > 6 or not shown.is_integer()) and shown >= 1:
                assert shown not in said - allowed, (move, text)
        told = any(r["code"] not in ("search", "later", "forced") for r in move["reasons"])
        searched = any(r["code"] == "search" for r in move["reasons"])
        expected = searched and not told and move["mark"] not in ("best", "forced")
        # The search's chances are the reason where no fact on the table explains the loss.
        assert ("hidden tiles" in text) == (expected and move["chance"] is not None), (move, text)
        if "hidden tiles" in text:
            assert move["mark"] not in ("best", "forced"), (move, text)
            chance, best = _percents(text.split("hidden tiles", 1)[1])[:2]
            assert abs(chance - 100 * move["chance"]) <= 0.051, (move, text)
            assert abs(best - 100 * move["best_chance"]) <= 0.051, (move, text)
            assert best >= chance, (move, text)


def test_each_summary_gives_the_mean_drop_in_points_of_percent(
    reviewed: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    review, words = reviewed
    scopes = [*zip(review["rounds"], words["rounds"], strict=True), (review, words["game"])]
    for scope, line in scopes:
        moves = (
            scope["moves"] if "moves" in scope else [m for r in scope["rounds"] for m in r["moves"]]
        )
        chosen = [m["win_loss"] for m in moves if m["mark"] != Mark.FORCED.value]
        if not chosen:
            continue
        found = re.search(r"(\d+(?:\.\d+)?)% of the chance to win given away a move", line)
        assert found, line
        assert abs(float(found.group(1)) - 100 * sum(chosen) / len(chosen)) <= 0.051, line
        assert "point" not in line, line
