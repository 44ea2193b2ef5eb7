"""The page's style sheets as the browser gets them: one file, breakpoints written out.

The sheets in ``web/css/`` are one a component, linked by ``web/index.html`` in cascade
order, and they name the screen shapes the layout changes at (``@media (--narrow)``)
instead of writing sizes: the sizes are written once, as ``@custom-media`` rules, in
``web/css/breakpoints.css``. Browsers do not read ``@custom-media``, so the build
(:func:`bundle_stylesheets`) writes every name out in full and joins the linked sheets
into one ``style.css``, in the order the page linked them (the same cascade; one request
and one compression context instead of twenty). The scripts get the same queries from
``js/breakpoints.js`` (:func:`breakpoints_js`), so a layout the style sheets change at is
the one the scripts test for.

The sheets of a part loaded on first use (``data-part="review"``: the coach, its replay
viewer and trainer; the rule book) are joined apart, into ``style.<part>.css``
(:func:`part_bundle`), which the page links when it loads the part (``web/js/ui/lazy.js``):
a first visit does not download them. The page links them after the theme, where they
come in the cascade once loaded.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Final

__all__ = [
    "BREAKPOINTS",
    "BUNDLE",
    "StylesheetError",
    "breakpoints_js",
    "bundle_stylesheets",
    "expand_media",
    "linked_sheets",
    "part_bundle",
    "read_breakpoints",
    "sheet_parts",
]

#: Where the breakpoints are defined, relative to ``web/`` (and to the built site).
BREAKPOINTS: Final = "css/breakpoints.css"
#: The one style sheet the built page links.
BUNDLE: Final = "style.css"
_WEB: Final = Path(__file__).resolve().parents[2] / "web"

_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
#: ``@custom-media --name query;`` with the comment just above it, if any (its note).
_DEFINITION = re.compile(
    r"(/\*(?:(?!\*/).)*\*/\s*)?@custom-media\s+(--[\w-]+)\s+([^;]+);", re.DOTALL
)
_CUSTOM_MEDIA = re.compile(r"@custom-media\b")
#: A comment (left as it is) or an ``@media`` rule's opening (its query expanded).
_COMMENT_OR_MEDIA = re.compile(r"(/\*.*?\*/)|@media\s+([^{;]+?)\s*\{", re.DOTALL)
_REFERENCE = re.compile(r"\(\s*(--[\w-]+)\s*\)")
#: A style sheet's link: the sheet, and the lazily loaded part it belongs to, if any.
_LINK = re.compile(r'[ \t]*<link rel="stylesheet" href="\./([^"]+)"(?: data-part="([\w-]+)")?>\n?')


class StylesheetError(ValueError):
    """A style sheet names a breakpoint wrongly; the message names the file and the name."""


def _split_list(query: str) -> list[str]:
    """A media query list's queries (split at the commas outside parentheses)."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(query):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(query[start:index].strip())
            start = index + 1
    parts.append(query[start:].strip())
    return parts


def expand_media(query: str, breakpoints: dict[str, str], where: str) -> str:
    """``query`` with each ``(--name)`` replaced by the query ``breakpoints`` gives it.

    A name standing for a list (``a, b``) must be a whole query of the list: inside
    ``and``/``not`` its comma would change what the query means.
    """
    expanded = []
    for part in _split_list(query):
        alone = _REFERENCE.fullmatch(part)
        if alone:
            expanded.append(_lookup(alone.group(1), breakpoints, where))
            continue

        def replace(match: re.Match[str], part: str = part) -> str:
            name = match.group(1)
            value = _lookup(name, breakpoints, where)
            if len(_split_list(value)) > 1:
                raise StylesheetError(
                    f"{where}: {name} stands for several queries ({value}) and can only "
                    f"stand alone, not in `{part}`"
                )
            if part.startswith("not ") and " and " in value:
                raise StylesheetError(f"{where}: `not` before {name} ({value}) is ambiguous")
            return value

        expanded.append(_REFERENCE.sub(replace, part))
    return ", ".join(expanded)


def _lookup(name: str, breakpoints: dict[str, str], where: str) -> str:
    try:
        return breakpoints[name]
    except KeyError:
        known = ", ".join(breakpoints) or "none"
        raise StylesheetError(
            f"{where}: unknown breakpoint {name} (web/{BREAKPOINTS} defines {known})"
        ) from None


def _definitions(text: str) -> list[tuple[str, str, str]]:
    """``(name, query as written, note)`` of each ``@custom-media`` rule, in order."""
    found = []
    for match in _DEFINITION.finditer(text):
        comment = (match.group(1) or "").strip().removeprefix("/*").removesuffix("*/")
        note = " ".join(comment.split())
        found.append((match.group(2), " ".join(match.group(3).split()), note))
    return found


def read_breakpoints(text: str, where: str = f"web/{BREAKPOINTS}") -> dict[str, str]:
    """The breakpoints ``text`` defines, by name, each written out in full.

    A definition may use the names defined above it; a name defined twice is an error.
    """
    breakpoints: dict[str, str] = {}
    for name, query, _ in _definitions(text):
        if name in breakpoints:
            raise StylesheetError(f"{where}: breakpoint {name} is defined twice")
        breakpoints[name] = expand_media(query, breakpoints, where)
    return breakpoints


def expand_sheet(text: str, breakpoints: dict[str, str], where: str) -> str:
    """A style sheet's text with every ``@media`` query's names written out.

    ``@custom-media`` belongs to the breakpoints file alone: anywhere else it would be a
    second place a size is written.
    """
    if _CUSTOM_MEDIA.search(_COMMENT.sub("", text)):
        raise StylesheetError(f"{where}: @custom-media belongs in web/{BREAKPOINTS} only")

    def media(match: re.Match[str]) -> str:
        if match.group(1):
            return match.group(1)
        return f"@media {expand_media(match.group(2), breakpoints, where)} {{"

    return _COMMENT_OR_MEDIA.sub(media, text)


def linked_sheets(index_html: str) -> list[str]:
    """The style sheets ``index.html`` links, site-relative, in order (the parts' too)."""
    return [match.group(1) for match in _LINK.finditer(index_html)]


def sheet_parts(index_html: str) -> dict[str, list[str]]:
    """The sheets of each lazily loaded part ``index.html`` names (``data-part``), in order.

    >>> sheet_parts('<link rel="stylesheet" href="./css/a.css">\\n'
    ...             '<link rel="stylesheet" href="./css/r.css" data-part="rules">')
    {'rules': ['css/r.css']}
    """
    parts: dict[str, list[str]] = {}
    for match in _LINK.finditer(index_html):
        if match.group(2):
            parts.setdefault(match.group(2), []).append(match.group(1))
    return parts


def part_bundle(part: str) -> str:
    """The file a lazily loaded part's sheets are joined into (site-relative).

    >>> part_bundle("review")
    'style.review.css'
    """
    return f"style.{part}.css"


def _join(site: Path, names: list[str], breakpoints: dict[str, str]) -> str:
    parts = []
    for name in names:
        path = site / name
        if not path.is_file():
            raise StylesheetError(f"web/index.html links web/{name}, which does not exist")
        text = expand_sheet(path.read_text(encoding="utf-8"), breakpoints, f"web/{name}")
        parts.append(f"/* {name} */\n{text}")
    return "\n".join(parts)


def bundle_stylesheets(site: Path) -> Path:
    """Join the sheets ``site/index.html`` links into ``site/style.css``, names expanded,
    and each lazily loaded part's into its own (:func:`part_bundle`).

    The page then links that one file where it linked the first sheet, and no part's; the
    source sheets and the breakpoints file leave the site (the service worker lists what
    is left), and ``site/js/breakpoints.js`` is written from the same definitions. Returns
    the page's bundle.
    """
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    sheets = linked_sheets(html)
    parts = sheet_parts(html)
    eager = [name for name in sheets if not any(name in names for names in parts.values())]
    if not eager:
        raise StylesheetError("web/index.html links no style sheet for the first visit")
    definitions = site / BREAKPOINTS
    if not definitions.is_file():
        raise StylesheetError(f"web/{BREAKPOINTS} is missing: the style sheets' breakpoints")
    source = definitions.read_text(encoding="utf-8")
    breakpoints = read_breakpoints(source)
    bundle = site / BUNDLE
    bundle.write_text(_join(site, eager, breakpoints), encoding="utf-8")
    for part, names in parts.items():
        (site / part_bundle(part)).write_text(_join(site, names, breakpoints), encoding="utf-8")
    first = next(m for m in _LINK.finditer(html) if not m.group(2))
    link = first.group(0).replace(f"./{first.group(1)}", f"./{BUNDLE}")
    before, rest = _LINK.sub("", html[: first.start()]), _LINK.sub("", html[first.end() :])
    index.write_text(before + link + rest, encoding="utf-8")
    for name in {*sheets, BREAKPOINTS} - {BUNDLE}:
        (site / name).unlink(missing_ok=True)
        folder = (site / name).parent
        if folder != site and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    scripts = site / "js"
    scripts.mkdir(exist_ok=True)
    (scripts / "breakpoints.js").write_text(breakpoints_js(source), encoding="utf-8")
    return bundle


def _js_name(name: str) -> str:
    """``--on-its-side`` as a script's constant: ``ON_ITS_SIDE``."""
    return name.removeprefix("--").replace("-", "_").upper()


def breakpoints_js(text: str | None = None) -> str:
    """``breakpoints.js``: each breakpoint as an exported media query string.

    ``text`` is the breakpoints file's text (by default ``web/css/breakpoints.css``); each
    constant carries the note written above its definition.
    """
    if text is None:
        text = (_WEB / BREAKPOINTS).read_text(encoding="utf-8")
    breakpoints = read_breakpoints(text)
    lines = [
        f"// Generated by `python -m seven_rocks.site.generated` from web/{BREAKPOINTS}: "
        "do not edit.\n"
    ]
    for name, _, note in _definitions(text):
        if note:
            lines.append(f"/** {note} */\n")
        lines.append(f"export const {_js_name(name)} = {json.dumps(breakpoints[name])};\n")
    return "".join(lines)
