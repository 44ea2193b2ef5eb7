"""The rule book (docs/RULES.md) against the engine, the game's rules text and the repository.

- Every worked example is parsed from the markdown itself and replayed: a placement row's tile,
  attach point, scoring ends, sum and points against what :class:`Round` and its
  :class:`Layout` compute; a deduction row's hand against :meth:`Round.deductions`.  A row or
  an example added to the book is checked without touching this file.
- Every section of the book has the game's own text in both languages (the i18n keys the rules
  dialog, web/js/help/rules.js, shows), by an explicit map; a new section fails until it is mapped.
- Every relative link in README.md and docs/*.md resolves to a file inside the repository.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from seven_rocks import ALL_TILES, Move, Round, Tile
from seven_rocks.app.examples import EXAMPLES

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "docs" / "RULES.md"
RULES_JS = ROOT / "web" / "js" / "help" / "rules.js"
LANGUAGES = ("en", "pt-BR")


# ----------------------------------------------------------------------------- the book
def _sections(text: str) -> dict[str, str]:
    """The book's ``##`` sections by title ("introduction": the text before the first)."""
    out: dict[str, str] = {}
    title = "introduction"
    for line in text.splitlines():
        if line.startswith("## "):
            title = line[3:].strip()
            out[title] = ""
        else:
            out[title] = out.get(title, "") + line + "\n"
    return out


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def _plain(cell: str) -> str:
    return cell.replace("`", "").replace("*", "").strip()


@dataclass(frozen=True)
class Example:
    """One numbered worked example: its header cells and data rows, as written."""

    number: int
    title: str
    header: tuple[str, ...]
    rows: tuple[dict[str, str], ...]

    @property
    def kind(self) -> str:
        return "placements" if "placed on" in self.header else "deductions"

    def __str__(self) -> str:
        return f"Example {self.number} ({self.title})"


def _examples(text: str) -> list[Example]:
    """Each ``### Example N — title`` of the book with the first table under it."""
    found: list[Example] = []
    lines = _sections(text)["Worked examples"].splitlines()
    for i, line in enumerate(lines):
        heading = re.fullmatch(r"### Example (\d+) — (.+)", line.strip())
        if not heading:
            continue
        table: list[str] = []
        for later in lines[i + 1 :]:
            if later.startswith("### "):
                break
            if later.startswith("|"):
                table.append(later)
            elif table:
                break
        header = tuple(_cells(table[0]))
        rows = tuple(dict(zip(header, _cells(row), strict=True)) for row in table[2:])
        found.append(Example(int(heading[1]), heading[2], header, rows))
    return found


BOOK_TEXT = BOOK.read_text(encoding="utf-8")
EXAMPLES_IN_BOOK = _examples(BOOK_TEXT)
PLACEMENTS = [e for e in EXAMPLES_IN_BOOK if e.kind == "placements"]
DEDUCTIONS = [e for e in EXAMPLES_IN_BOOK if e.kind == "deductions"]


def _moves(example: Example) -> list[str]:
    """The example's placements in the records' text form (``3-5@1-1:branch_a``)."""
    out = []
    for row in example.rows:
        tile, at = _plain(row["tile"]), _plain(row["placed on"])
        out.append(tile if at == "opening" else f"{tile}@{at}")
    return out


def _tiles(cell: str) -> list[Tile]:
    return [Tile.parse(name) for name in re.findall(r"`(\d-\d)`", cell)]


def test_the_book_has_its_examples() -> None:
    """The parser finds every numbered example, numbered 1, 2, ... in order."""
    assert [e.number for e in EXAMPLES_IN_BOOK] == list(range(1, len(EXAMPLES_IN_BOOK) + 1))
    assert len(PLACEMENTS) >= 5 and len(DEDUCTIONS) >= 1
    assert all(e.rows for e in EXAMPLES_IN_BOOK)


@pytest.mark.parametrize("example", PLACEMENTS, ids=str)
def test_placement_example_against_the_engine(example: Example) -> None:
    """Each row: the tile on its attach point, played in turn by seats 0, 1, 2, 3, 0, ...

    The seats hold one spare tile each so that nobody dominoes before the example ends.
    """
    moves = [Move.parse(text) for text in _moves(example)]
    used = {m.tile for m in moves}
    spares = [t for t in ALL_TILES if t not in used]
    hands: list[list[Tile]] = [[spares[seat]] for seat in range(4)]
    for i, move in enumerate(moves):
        assert move.tile is not None
        hands[i % 4].append(move.tile)
    rnd = Round(hands, opener=0)
    team_points = [0, 0]
    for i, (row, move) in enumerate(zip(example.rows, moves, strict=True)):
        where = f"{example} step {row['#']} {move}"
        got = rnd.push(move)
        terms = [int(term) for term in _plain(row["scoring ends"]).split("+")]
        assert [end.value for end in rnd.layout.scoring_ends()] == terms, where
        assert rnd.layout.ends_sum == int(_plain(row["sum"])) == sum(terms), where
        assert got == int(_plain(row["points"])), where
        team_points[i % 2] += got
        assert rnd.points == tuple(team_points), where
        if "Open points now" in row["note"]:
            listed = re.findall(r"`(\d-\d:\w+)` \((\d)\)", row["note"])
            assert sorted(p for p, _ in listed) == sorted(map(str, rnd.layout.open_points())), where
            for point, value in listed:
                tile, side = point.split(":")
                number = Tile.parse(tile).low if side == "low" else Tile.parse(tile).high
                assert number == int(value), f"{where}: {point} is a {number}"


@pytest.mark.parametrize("example", DEDUCTIONS, ids=str)
def test_deduction_example_against_the_engine(example: Example) -> None:
    """The seat with no tiles left opens with a tile nobody holds and so dominoes; the
    others' hands are then settled by :class:`Round`."""
    left = {int(row["seat"]): _tiles(row["tiles left"]) for row in example.rows}
    assert sorted(left) == [0, 1, 2, 3], example
    (winner,) = [seat for seat, tiles in left.items() if not tiles]
    held = {t for tiles in left.values() for t in tiles}
    last = next(t for t in ALL_TILES if t not in held)
    hands = [left[seat] or [last] for seat in range(4)]
    rnd = Round(hands, opener=winner)
    rnd.push(Move.parse(str(last)))
    deductions = rnd.deductions()
    assert deductions is not None, f"{example}: the round must be settled"
    lost = [0, 0]
    for row in example.rows:
        seat = int(row["seat"])
        where = f"{example} seat {seat}"
        assert sum(t.pips for t in left[seat]) == int(row["pips"]), where
        assert deductions[seat] == int(row["deducted"]), where
        lost[int(row["team"])] += int(row["deducted"])
    net = rnd.result()
    assert [rnd.points[team] - net[team] for team in (0, 1)] == lost, example


def test_the_games_drawn_examples_are_the_books() -> None:
    """The rules dialog draws seven_rocks/app/examples.py: the same placements, in the same order,
    so a placement example added to the book must be added to the game too."""
    assert [list(moves) for moves in EXAMPLES.values()] == [_moves(e) for e in PLACEMENTS]


# ------------------------------------------------------------------ the in-game rules text
#: Each section of docs/RULES.md -> the i18n keys of the game's rules dialog that say it.
#: A section added to the book fails the test below until it is mapped here (and has text).
SECTION_KEYS: dict[str, tuple[str, ...]] = {
    "introduction": ("rules.title", "rules.intro"),
    "Players, tiles, goal": ("rules.goal.h", "rules.goal.1", "rules.goal.2", "rules.goal.3"),
    "Deal and opening": (
        "rules.deal.h",
        "rules.deal.1",
        "rules.deal.2",
        "rules.deal.3",
        "rules.deal.4",
    ),
    "Placing tiles": ("rules.place.h", "rules.place.1", "rules.place.2", "rules.place.3"),
    "Attach points": ("rules.points.h", "rules.points.1", "rules.points.2", "rules.points.3"),
    "Scoring a placement": (
        "rules.score.h",
        "rules.score.intro",
        "rules.score.1",
        "rules.score.2",
        "rules.score.3",
        "rules.score.4",
    ),
    # The placement examples are drawn from seven_rocks/app/examples.py (checked above to be the
    # book's); these keys caption them.  The deduction example is rules.end.3.
    "Worked examples": (
        "rules.examples.h",
        "rules.examples.intro",
        "rules.examples.legend_end",
        "rules.examples.legend_point",
        "rules.examples.legend_spinner",
        "rules.examples.main",
        "rules.examples.other",
        "rules.step.open",
        "rules.step.on",
        "rules.step.caption",
        "rules.note.main.2",
        "rules.note.main.3",
        "rules.note.main.5",
        "rules.note.main.8",
        "rules.note.late_spinner.2",
        "rules.note.open_double.1",
        "rules.note.open_spinner.3",
        "rules.end.3",
    ),
    "End of a round and deductions": (
        "rules.end.h",
        "rules.end.1",
        "rules.end.2",
        "rules.end.3",
        "rules.end.decided",
    ),
    "Winning": ("rules.win.h", "rules.win.1", "rules.win.decided"),
    "Decided points": ("rules.decided", "rules.end.decided", "rules.win.decided"),
    # The dialog names every attach point in the reader's language (pointName -> point.*).
    "Words in Portuguese and in records": (
        "table.spinner",
        "point.end",
        "point.line",
        "point.branch",
    ),
    "Source": ("rules.source.h", "rules.source.1"),
}


def _catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads(
        (ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8")
    )
    return data


def test_every_section_of_the_book_is_mapped_to_the_games_rules() -> None:
    assert list(SECTION_KEYS) == list(_sections(BOOK_TEXT)), (
        "docs/RULES.md's sections and SECTION_KEYS differ: map each section to its in-game text"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("section", list(SECTION_KEYS))
def test_the_games_rules_say_each_section(section: str, lang: str) -> None:
    """Each mapped key has text in the language, and the rules dialog shows it."""
    catalogue = _catalogue(lang)
    dialog = RULES_JS.read_text(encoding="utf-8")
    keys = SECTION_KEYS[section]
    assert keys, section
    for key in keys:
        assert catalogue.get(key, "").strip(), f"{section}: {key} has no {lang} text"
        shown = f'"{key}"' in dialog or (key.startswith("point.") and "pointName(" in dialog)
        assert shown, f"{section}: web/js/help/rules.js never shows {key}"


# -------------------------------------------------------------------------------- links
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {
        _slug(line.lstrip("#"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }


def _links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return [a or b for a, b in LINK.findall(text)]


DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve_inside_the_repository(document: Path) -> None:
    for link in _links(document):
        if re.match(r"[a-z][a-z0-9+.-]*:", link):  # https:, mailto: ...
            continue
        target, _, anchor = link.partition("#")
        path = (document.parent / target).resolve() if target else document
        assert path.is_relative_to(ROOT), f"{document.name}: {link} leaves the repository"
        assert path.exists(), f"{document.name}: {link} points to nothing"
        if anchor and path.suffix == ".md":
            assert anchor in _anchors(path), f"{document.name}: {link} has no such heading"


def test_the_readme_links_the_rule_book() -> None:
    assert "docs/RULES.md" in _links(ROOT / "README.md")
