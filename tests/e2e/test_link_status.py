"""Every status line of a host's and a guest's page is the current one, at every turn of a
whole round played together on two phones: the host's page in Portuguese, the guest's in
English.

A watcher in each page (``WATCH``) looks at the page after every change it makes, and keeps
what it finds out of date: "waiting for the host's table" with the table there, a seat
"thinking" that is not the one to play or that a person holds (the host and the friend are
"to play", never "thinking": neither page can see the other person think), a seat marked to
play that is not, the seat to play not marked, a seat thinking after the host left. At each
person's turn the test also waits until both pages mark that seat to play, the friend's seat
on the host's page named as the friend typed it. The pages run in Chromium inside the private
network of ``webrtc_fixtures``; the bots play at speed fast, so their thinking shows.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import BOOT_TIMEOUT_MS
from tests.e2e.playing import HUMAN_TURN, LANGUAGE, PLAYABLE, play_first_move, wait_for_state
from tests.e2e.test_host_seats import join_named
from tests.e2e.test_play_together import CONNECT_MS, host_gone

if TYPE_CHECKING:  # the module itself is loaded as a plugin (below), once
    from tests.e2e.webrtc_fixtures import ContextFactory

pytestmark = pytest.mark.e2e
pytest_plugins = ["tests.e2e.webrtc_fixtures"]

#: South is the host, North the friend; West and East are bots.
SEATS = "human,bot,remote,bot"
FRIEND = 2
PERSONS = (0, FRIEND)
NAME = "Bia"
ROUND_OVER = "dialog[data-round-summary][open]"
FRIEND_TURN = f"{HUMAN_TURN} [data-hand='{FRIEND}'] .hand-tile--playable"
#: A person's seat to play, as the other person's page reads it (the guest's page is in
#: English, the host's in Portuguese).
TO_PLAY = {0: "to play", FRIEND: "na vez"}
#: The round's end, however long its turns take on two busy cores.
ROUND_S = 120

#: The watcher: at the frame after each change of the page (as the player sees it: the
#: page draws in animation frames, and a change that comes with a redraw is looked at once
#: the redraw is done), what is out of date is kept in ``window.__stale`` (each finding
#: once, with the moment's turn), and each seat seen to play in ``window.__turns``.
WATCH = """((persons) => {
  window.__stale = [];
  window.__turns = [];
  const found = new Set();
  const look = () => {
    const board = document.querySelector("#board");
    if (!board || board.hidden || document.body.dataset.game !== "ready") return;
    const turn = board.dataset.turn ?? "";
    const problems = [];
    if (document.querySelector("[data-i18n='guest.waiting']")) {
      problems.push("waiting for the host's table, with the table there");
    }
    const thinking = board.dataset.thinking;
    if (thinking !== undefined && thinking !== turn) problems.push(`${thinking} thinks`);
    const left = ["host-left", "lost"].includes(document.body.dataset.tableEnded ?? "");
    for (const el of board.querySelectorAll(".seat[data-seat]")) {
      const seat = el.dataset.seat;
      const kind = el.querySelector(".seat__status")?.dataset.kind ?? "";
      const thinks = el.classList.contains("seat--thinking") || kind === "thinking";
      if (thinks && seat !== turn) problems.push(`seat ${seat} thinking`);
      if (thinks && persons.includes(Number(seat))) problems.push(`person ${seat} thinking`);
      if (thinks && left) problems.push(`seat ${seat} thinking after the host left`);
      const marked = el.classList.contains("seat--turn") || kind === "turn";
      if (marked && seat !== turn) problems.push(`seat ${seat} marked to play`);
    }
    const shown = document.querySelector("dialog[data-round-summary]");
    const mark = board.querySelector(`.seat--turn[data-seat="${turn}"]`);
    if (turn !== "" && !shown && !left && !mark) problems.push("the seat to play not marked");
    for (const problem of problems) {
      const finding = `${problem} (seat ${turn} to play)`;
      if (!found.has(finding)) window.__stale.push(finding);
      found.add(finding);
    }
    if (turn !== "" && window.__turns.at(-1) !== turn) window.__turns.push(turn);
  };
  let frame = 0;
  const soon = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      look();
    });
  };
  addEventListener("DOMContentLoaded", () => {
    new MutationObserver(soon).observe(document.body,
      { subtree: true, childList: true, attributes: true, characterData: true });
  });
})(PERSONS)""".replace("PERSONS", str(list(PERSONS)))


def seat(page: Page, number: int) -> str:
    return f'#board .seat[data-seat="{number}"]'


def both_mark(host: Page, guest: Page, turn: int) -> None:
    """Both pages mark ``turn`` to play: "to play" on the other person's page (never
    "thinking"), and the friend's seat on the host's page carries the friend's name and no
    word of a friend away or not joined."""
    for page in (host, guest):
        status = page.locator(f"{seat(page, turn)}.seat--turn .seat__status")
        expect(status).to_have_attribute("data-kind", "turn", timeout=CONNECT_MS)
    other = guest if turn == 0 else host
    expect(other.locator(f"{seat(other, turn)} .seat__status")).to_have_text(TO_PLAY[turn])
    friend = host.locator(seat(host, FRIEND))
    expect(friend.locator(".seat__name")).to_contain_text(NAME)
    expect(friend.locator(".seat__name[data-away]")).to_have_count(0)
    expect(friend.locator("[data-guest-mark] .seat__guest-words")).to_have_text("")


@pytest.mark.long
def test_every_status_line_is_the_current_one_at_every_turn(
    webrtc_context: ContextFactory,
) -> None:
    host_phone = webrtc_context()
    host_phone.add_init_script(LANGUAGE.replace("{lang}", "pt-BR"))
    host_phone.add_init_script(WATCH)
    host = host_phone.new_page()
    host.goto(f"/?seats={SEATS}&seed=21&speed=fast")
    host.wait_for_selector("body[data-game='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    friend_phone = webrtc_context()
    friend_phone.add_init_script(WATCH)
    guest = join_named(host, friend_phone, FRIEND, NAME)
    expect(host.locator("dialog[open]")).to_have_count(0, timeout=CONNECT_MS)

    deadline = time.monotonic() + ROUND_S
    moves = {0: 0, FRIEND: 0}
    while True:
        assert time.monotonic() < deadline, f"the round did not end: {moves}"
        on_host = wait_for_state(
            host, ROUND_OVER, (HUMAN_TURN, PLAYABLE), f"#board[data-turn='{FRIEND}']"
        )
        if on_host == 1:
            both_mark(host, guest, 0)
            play_first_move(host)
            moves[0] += 1
            continue
        on_guest = wait_for_state(guest, ROUND_OVER, FRIEND_TURN, "#board[data-turn='0']")
        if on_guest == 1:
            both_mark(host, guest, FRIEND)
            play_first_move(guest, f"[data-hand='{FRIEND}']")
            moves[FRIEND] += 1
        elif on_host == on_guest == 0:
            break
    assert moves[0] and moves[FRIEND], moves
    expect(guest.locator(ROUND_OVER)).to_be_visible()
    watched(host, "host")

    # The friend closes the round's summary and waits for the next round; the host leaves.
    guest.locator(f"{ROUND_OVER} [data-next-round]").click()
    host.close()
    host_gone(guest)
    expect(guest.locator(".seat--thinking")).to_have_count(0)
    expect(guest.locator("#board")).not_to_have_attribute("data-thinking", re.compile(r"."))
    watched(guest, "guest")


def watched(page: Page, name: str) -> None:
    """The page's watcher saw every seat play and found nothing out of date."""
    assert page.evaluate("() => window.__stale") == [], name
    assert set(page.evaluate("() => window.__turns")) == {"0", "1", "2", "3"}, name
