"""The header's team names are read whole on every phone, in both languages.

"Você e Norte" does not fit beside its score on a 320 px phone, nor on a 360 px phone whose
larger system text makes the page bigger (Chrome zooms the page to about 277 px wide, or the
text grows 130%): it was cut to "Você ..." and "Oes...". Where the full name would be cut the
header says "Nós" / "Eles" ("Us" / "Them"), or the seats' initials when nobody is "you".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .playing import LANGUAGE, NEXT_FRAME, names_read, open_page

pytestmark = pytest.mark.e2e


#: One person at the table in Portuguese: the names at each size a phone shows the page.
ONE_PERSON_PT = [
    ("390x844", ["Você e Norte", "Oeste e Leste"]),
    ("320x568", ["Nós", "Eles"]),
    ("569x277", ["Você e Norte", "Oeste e Leste"]),
]


def test_each_team_name_is_read_whole_or_in_its_short_form(
    viewport_page: Callable[..., Page],
) -> None:
    """The full names wherever they fit (a 390 px phone, any phone on its side); the short
    ones on a 320 px phone and a zoomed 360 px one (277 px), never a cut name."""
    first, expected = ONE_PERSON_PT[0]
    page = viewport_page(first, init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0&seats=human,greedy,greedy,greedy")
    names_read(page, expected)
    for size, expected in ONE_PERSON_PT[1:]:
        width, height = map(int, size.split("x"))
        page.set_viewport_size({"width": width, "height": height})
        names_read(page, expected)


@pytest.mark.parametrize(
    ("lang", "seats", "expected"),
    [
        ("en", "human,greedy,greedy,greedy", ["Us", "Them"]),
        ("pt-BR", "human,greedy,human,greedy", ["S e N", "O e L"]),  # a shared device
    ],
)
def test_a_zoomed_small_phone_shows_the_short_names(
    viewport_page: Callable[..., Page], lang: str, seats: str, expected: list[str]
) -> None:
    """A 360 px phone zoomed for larger text (277 px) opens with the short names: "Us" and
    "Them", or the seats' initials when nobody is "you"."""
    page = viewport_page("277x569", init=LANGUAGE.replace("{lang}", lang))
    open_page(page, f"?seed=5&speed=0&seats={seats}")
    names_read(page, expected)


def test_the_names_follow_the_text_size_both_ways(viewport_page: Callable[..., Page]) -> None:
    """Larger text on a 390 px phone (the page's own font at 130%) shortens the names as
    soon as it takes effect, and the full ones come back with the normal size. (At 360 px the
    Portuguese "Oeste e Leste" is already short at the normal size: the score keeps room for
    three digits, so nothing moves when a team passes 99.)"""
    page = viewport_page("390x844", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5&speed=0")
    names_read(page, ["Você e Norte", "Oeste e Leste"])
    page.evaluate("document.documentElement.style.fontSize = '130%'")
    names_read(page, ["Nós", "Eles"])
    page.evaluate("document.documentElement.style.fontSize = ''")
    names_read(page, ["Você e Norte", "Oeste e Leste"])


#: Each item of the open menu: its label and its box, and the menu's.
MENU_ITEMS = """() => {
  const menu = document.getElementById("toolbar");
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  };
  return { menu: box(menu), items: [...menu.children].filter((el) => el.offsetParent !== null)
    .map((el) => ({ label: el.textContent.trim().slice(0, 20), ...box(el) })) };
}"""


def test_every_item_of_the_menu_can_be_reached_on_a_phone(
    viewport_page: Callable[..., Page],
) -> None:
    """On a phone on its side the menu ran past the window's foot: the bots' speed and the
    language could not be reached.  Now it fits under the header (two columns), and on the
    smallest screens what does not fit scrolls inside it; so at each size a phone shows."""
    page = viewport_page("740x360", init=LANGUAGE.replace("{lang}", "pt-BR"))
    open_page(page, "?seed=5")
    for size in ("740x360", "569x277", "360x740"):
        width, height = map(int, size.split("x"))
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#menu-button").tap()
        expect(page.locator("#menu-button")).to_have_attribute("aria-expanded", "true")
        page.evaluate(NEXT_FRAME)
        shown = page.evaluate(MENU_ITEMS)
        assert shown["menu"]["bottom"] <= height, (size, shown["menu"])
        assert len(shown["items"]) == 10, (size, shown["items"])  # every button, both choices
        if size == "740x360":
            for item in shown["items"]:
                assert item["bottom"] <= height, f"{item['label']} is below the window: {item}"
        # The last item (the language) is reached, by a scroll inside the menu where need
        # be, and works.
        language = page.locator("#toolbar select#language")
        language.scroll_into_view_if_needed()
        box = language.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, (size, box)
        other = "en" if page.evaluate("document.documentElement.lang") != "en" else "pt-BR"
        language.select_option(other)
        page.wait_for_function(f"() => document.documentElement.lang === '{other}'")
        page.locator("#menu-button").tap()  # and closed again, as a person leaves it
        expect(page.locator("#menu-button")).to_have_attribute("aria-expanded", "false")
