"""Every turn of whole games is drawn where the engine put it, as a player sees it.

Four screens (two phones upright, a phone on its side, a laptop), a person at South and
three computer players; the rounds alternate animations on and off (as a player may turn
them in the settings), and at every turn, once nothing moves, the screen is read and held
against the worker's snapshot (see ``drawn.py``): each tile, each counted end's badge on
its own end, each lit place, the banner's sum, no two badges on each other, nothing off the
felt, the move line whole; and at South's turns, everything a person must see at once in
sight and big enough to read and tap (see ``drawn.in_sight``); and at every turn, the felt
and the hand where they were, nothing on the page shifted, the tiles as large as the felt
allows (see ``steady.py``). At a few key moments (the
first turn, the first spinner with four arms, the first round summary, the game's end) the
screen is also held against its reference picture (``screens.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import ARTIFACTS
from .drawn import RECORDER, RELEASE, TARGET_SIZES, Sizes, in_sight, look, wait_still
from .playing import LANGUAGE, POLL_MS, press
from .screens import differs_from_reference
from .steady import SHIFTS, Steady

pytestmark = [pytest.mark.e2e, pytest.mark.long]

PHONES = {"390x844", "360x740", "844x390"}
#: Each screen's language: both are seen upright and on a side.
LANGUAGES = {"390x844": "pt-BR", "360x740": "en", "844x390": "en", "1440x900": "pt-BR"}
#: The phones' floors of the table tiles' long side over a whole game (shortest, median; CSS px).
TILE_FLOOR = {"390x844": (32, 40), "360x740": (30, 36), "844x390": (26, 32)}
GAME = "/?seats=human,greedy,greedy,greedy&seed={seed}&speed=1"


def replies(page: Page, method: str) -> int:
    """How many ``method`` calls the engine has answered so far."""
    return int(page.evaluate(f"window.__drawn.replies['{method}'] ?? 0"))


def after_reply(page: Page, method: str, before: int, timeout: float = 60) -> None:
    """Wait until the engine answered one more ``method`` call than ``before``."""
    try:
        page.wait_for_function(
            "([method, before]) => (window.__drawn.replies[method] ?? 0) > before",
            arg=[method, before],
            polling=POLL_MS,
            timeout=timeout * 1000,
        )
    except PlaywrightTimeout:
        raise AssertionError(f"the engine never answered {method!r}") from None


def four_arms(page: Page) -> bool:
    """Has the round's spinner been played on at both side arms?"""
    return bool(
        page.evaluate(
            """() => { const s = window.__drawn.snap?.table?.spinner;
            const at = window.__drawn.round;
            return Boolean(s) && at.includes(`${s}:branch_a`) && at.includes(`${s}:branch_b`); }"""
        )
    )


def set_motion(page: Page, on: bool) -> None:
    """Animations on or off, as the settings set them."""
    page.evaluate(f"document.documentElement.dataset.motion = '{'on' if on else 'off'}'")


def play_south(page: Page, phone: bool, seen: Callable[..., None], sizes: Sizes) -> None:
    """South plays the first tile with most places, choosing its place on the table."""
    snap = page.evaluate("window.__drawn.snap")
    legal: dict[str, list[str]] = snap["legal"]
    tile = max(legal, key=lambda name: len(legal[name]))
    before = replies(page, "play")
    press(page, f"[data-hand='0'] [data-tile='{tile}']", phone)
    if len(legal[tile]) > 1:
        assert wait_still(page) == "human"
        seen(lit_for=tile)
        sizes.targets += page.evaluate(TARGET_SIZES)
        press(page, f"[data-target='{legal[tile][-1]}']", phone)
    after_reply(page, "play", before)


@pytest.mark.parametrize("viewport", ["390x844", "360x740", "844x390", "1440x900"])
def test_every_turn_of_a_game_is_drawn_where_the_engine_put_it(
    viewport_page: Callable[..., Page], viewport: str
) -> None:
    phone = viewport in PHONES
    lang = LANGUAGES[viewport]
    init = RECORDER + SHIFTS + LANGUAGE.replace("{lang}", lang)
    page = viewport_page(viewport, phone=phone, init=init, visit="returning")
    page.goto(GAME.format(seed=11))
    problems: list[str] = []
    pictures: list[str] = []
    taken: set[str] = set()
    turns = 0
    motions: set[bool] = set()
    sizes = Sizes()
    steady = Steady(upright_phone=viewport == "390x844")

    def picture(moment: str) -> None:
        if moment in taken:
            return
        taken.add(moment)
        fault = differs_from_reference(page, f"game-{viewport}-{lang}-{moment}")
        if fault:
            pictures.append(fault)

    def seen(lit_for: str | None = None) -> None:
        snap = page.evaluate("window.__drawn.snap")
        where = f"round {snap['round']}, turn {turns} ({'on' if motion else 'off'})"
        problems.extend(look(page, where, lit_for))

    motion = True  # the first round with animations, as a player has them
    while True:
        state = wait_still(page)
        motions.add(motion)
        seen()
        where = f"turn {turns} ({state})"
        problems.extend(steady.look(page, where, summary=state in ("summary", "over")))
        turns += 1
        if state == "human":
            problems.extend(f"turn {turns}: {fault}" for fault in in_sight(page, sizes))
            picture("turn")
        if state in ("human", "bot") and four_arms(page):
            picture("spinner")
        if state in ("summary", "over"):
            picture(state)
        if state == "over":
            break
        if state == "summary":
            motion = not motion  # the next round the other way
            set_motion(page, motion)
            press(page, "dialog[data-round-summary] [data-next-round]", phone)
            page.locator("dialog[data-round-summary]").wait_for(state="detached")
        elif state == "bot":
            before = replies(page, "step")
            page.evaluate(RELEASE)
            after_reply(page, "step", before)
        else:
            play_south(page, phone, seen, sizes)
    print(f"{viewport}: {steady.figures()}")
    if problems:
        ARTIFACTS.mkdir(exist_ok=True)
        text = "\n".join([steady.figures(), *problems]) + "\n"
        (ARTIFACTS / f"drawn-{viewport}.txt").write_text(text)
    assert motions == {True, False}, "the game had no round of each kind"
    assert turns > 60, f"only {turns} turns were seen"
    problems.extend(sizes.floors(on_its_side=viewport == "844x390", tiles=TILE_FLOOR.get(viewport)))
    assert not problems, f"{len(problems)} faults on screen:\n" + "\n".join(problems[:12])
    assert taken == {"turn", "spinner", "summary", "over"}, f"the game showed only {taken}"
    assert not pictures, "\n".join(pictures)
