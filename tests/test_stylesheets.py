"""The style sheets as the build ships them: breakpoints named in the sources, written out
in full in one ``style.css`` (and one for each part loaded on first use), and given to the
scripts as the same strings."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from seven_rocks.site import generated
from seven_rocks.site.build import BuildError, build
from seven_rocks.site.catalogues import LAZY_PARTS
from seven_rocks.site.minify import minify_site
from seven_rocks.site.stylesheets import (
    BREAKPOINTS,
    BUNDLE,
    StylesheetError,
    breakpoints_js,
    bundle_stylesheets,
    expand_media,
    expand_sheet,
    linked_sheets,
    part_bundle,
    read_breakpoints,
    sheet_parts,
)

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"

DEFINITIONS = """
/* The file's own note. */

/* Upright. */
@custom-media --narrow (max-width: 40rem);
@custom-media --short (max-height: 30rem);
/* On its side:
   short and wide. */
@custom-media --side (--short) and (orientation: landscape);
@custom-media --small (--narrow), (--short);
"""


@pytest.fixture
def breakpoints() -> dict[str, str]:
    return read_breakpoints(DEFINITIONS)


def test_a_breakpoint_may_use_the_names_above_it(breakpoints: dict[str, str]) -> None:
    assert breakpoints == {
        "--narrow": "(max-width: 40rem)",
        "--short": "(max-height: 30rem)",
        "--side": "(max-height: 30rem) and (orientation: landscape)",
        "--small": "(max-width: 40rem), (max-height: 30rem)",
    }


def test_a_breakpoint_is_defined_once() -> None:
    with pytest.raises(StylesheetError, match="--a is defined twice"):
        read_breakpoints(
            "@custom-media --a (max-width: 1rem);\n@custom-media --a (min-width: 2rem);"
        )


def test_media_queries_are_written_out_in_full(breakpoints: dict[str, str]) -> None:
    assert expand_media("(--narrow)", breakpoints, "x.css") == "(max-width: 40rem)"
    assert expand_media("(--narrow), (--side)", breakpoints, "x.css") == (
        "(max-width: 40rem), (max-height: 30rem) and (orientation: landscape)"
    )
    assert expand_media("(--small)", breakpoints, "x.css") == (
        "(max-width: 40rem), (max-height: 30rem)"
    )
    assert expand_media("( --narrow ) and (orientation: portrait)", breakpoints, "x.css") == (
        "(max-width: 40rem) and (orientation: portrait)"
    )
    # What names no breakpoint is left as written.
    assert expand_media("(prefers-reduced-motion: reduce)", breakpoints, "x.css") == (
        "(prefers-reduced-motion: reduce)"
    )


def test_an_unknown_name_is_an_error_naming_the_file_and_the_name(
    breakpoints: dict[str, str],
) -> None:
    with pytest.raises(StylesheetError) as error:
        expand_media("(--narow)", breakpoints, "web/css/table.css")
    message = str(error.value)
    assert "web/css/table.css" in message and "--narow" in message
    assert "--narrow" in message  # the names there are, to pick the right one from


def test_a_list_of_queries_can_only_stand_alone(breakpoints: dict[str, str]) -> None:
    # `(a), (b) and (c)` is not `((a), (b)) and (c)`: written out, its meaning would change.
    with pytest.raises(StylesheetError, match=r"--small .*can only stand alone"):
        expand_media("(--small) and (orientation: portrait)", breakpoints, "x.css")
    with pytest.raises(StylesheetError, match="`not` before --side"):
        expand_media("not (--side)", breakpoints, "x.css")


def test_a_sheet_expands_every_media_rule_and_defines_none(breakpoints: dict[str, str]) -> None:
    sheet = (
        "/* @media (--commented) { */\n"
        ".a { color: red; }\n"
        "@media (--narrow) {\n  .a { color: blue; }\n}\n"
        "@container (max-width: 18rem) {\n  .b { display: grid; }\n}\n"
    )
    expanded = expand_sheet(sheet, breakpoints, "x.css")
    assert "@media (max-width: 40rem) {\n  .a { color: blue; }" in expanded
    assert "@container (max-width: 18rem) {" in expanded  # a container's size is its own
    with pytest.raises(StylesheetError, match=r"x\.css: @custom-media belongs in"):
        expand_sheet("@custom-media --b (max-width: 1rem);\n", breakpoints, "x.css")


def _site(tmp_path: Path, sheets: dict[str, str], definitions: str = DEFINITIONS) -> Path:
    site = tmp_path / "site"
    (site / "css").mkdir(parents=True)
    (site / BREAKPOINTS).write_text(definitions, encoding="utf-8")
    links = "".join(f'    <link rel="stylesheet" href="./{name}">\n' for name in sheets)
    (site / "index.html").write_text(
        f"<html>\n  <head>\n{links}    <script src='./app.js'></script>\n  </head>\n</html>\n",
        encoding="utf-8",
    )
    for name, text in sheets.items():
        (site / name).write_text(text, encoding="utf-8")
    return site


def test_the_bundle_joins_the_linked_sheets_in_order_and_replaces_their_links(
    tmp_path: Path,
) -> None:
    site = _site(
        tmp_path,
        {
            "css/b.css": ".b { color: red; }\n@media (--side) { .b { color: blue; } }\n",
            "css/a.css": ".a { color: green; }\n",
        },
    )
    (site / "css" / "unlinked.css").write_text(".u { color: red; }\n", encoding="utf-8")
    bundle = bundle_stylesheets(site)
    assert bundle == site / BUNDLE
    text = bundle.read_text(encoding="utf-8")
    assert text.index(".b {") < text.index(".a {")  # the page's order, not the alphabet's
    assert "@media (max-height: 30rem) and (orientation: landscape) {" in text
    assert "--side" not in text
    assert ".u" not in text
    html = (site / "index.html").read_text(encoding="utf-8")
    assert linked_sheets(html) == [BUNDLE]
    assert html.index(BUNDLE) < html.index("app.js")  # where the first sheet was linked
    assert not (site / "css" / "a.css").exists() and not (site / BREAKPOINTS).exists()
    assert (site / "css" / "unlinked.css").exists()  # not the bundle's to remove
    scripts = (site / "js" / "breakpoints.js").read_text(encoding="utf-8")
    assert 'export const SIDE = "(max-height: 30rem) and (orientation: landscape)";' in scripts


def test_a_lazily_loaded_parts_sheets_are_joined_apart_and_not_linked(tmp_path: Path) -> None:
    site = _site(tmp_path, {"css/a.css": ".a { color: green; }\n"})
    index = site / "index.html"
    parts = {
        "css/r.css": ("review", "@media (--side) { .r { color: blue; } }\n"),
        "css/s.css": ("review", ".s { color: red; }\n"),
        "css/u.css": ("rules", ".u { color: red; }\n"),
    }
    links = "".join(
        f'    <link rel="stylesheet" href="./{name}" data-part="{part}">\n'
        for name, (part, _) in parts.items()
    )
    index.write_text(
        index.read_text(encoding="utf-8").replace("    <script", links + "    <script"),
        encoding="utf-8",
    )
    for name, (_, text) in parts.items():
        (site / name).write_text(text, encoding="utf-8")
    assert sheet_parts(index.read_text(encoding="utf-8")) == {
        "review": ["css/r.css", "css/s.css"],
        "rules": ["css/u.css"],
    }
    bundle = bundle_stylesheets(site).read_text(encoding="utf-8")
    assert ".a {" in bundle and ".r {" not in bundle and ".u {" not in bundle
    review = (site / part_bundle("review")).read_text(encoding="utf-8")
    assert review.index(".r {") < review.index(".s {") and ".u {" not in review
    assert "@media (max-height: 30rem) and (orientation: landscape) {" in review
    assert ".u {" in (site / part_bundle("rules")).read_text(encoding="utf-8")
    html = index.read_text(encoding="utf-8")
    assert linked_sheets(html) == [BUNDLE] and "data-part" not in html
    assert not [name for name in parts if (site / name).exists()]


def test_the_bundle_refuses_an_unknown_name_or_a_missing_sheet(tmp_path: Path) -> None:
    site = _site(tmp_path / "one", {"css/a.css": "@media (--wide) { .a { color: red; } }\n"})
    with pytest.raises(StylesheetError, match=r"web/css/a\.css: unknown breakpoint --wide"):
        bundle_stylesheets(site)
    site = _site(tmp_path / "two", {"css/a.css": ".a { color: red; }\n"})
    (site / "css" / "a.css").unlink()
    with pytest.raises(StylesheetError, match=r"links web/css/a\.css, which does not exist"):
        bundle_stylesheets(site)


def test_the_build_stops_on_an_unknown_breakpoint_naming_the_sheet(tmp_path: Path) -> None:
    root = tmp_path / "checkout"
    root.mkdir()
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    (root / "seven_rocks").symlink_to(ROOT / "seven_rocks")
    shutil.copytree(WEB, root / "web")
    table = root / "web" / "css" / "table.css"
    table.write_text(
        table.read_text(encoding="utf-8") + "\n@media (--tablet) { .board { gap: 0; } }\n",
        encoding="utf-8",
    )
    # Before any slow step: the sheets are bundled as the page's files are copied.
    with pytest.raises(BuildError, match=r"web/css/table\.css: unknown breakpoint --tablet"):
        build(tmp_path / "out", root=root, compress=False, snapshot=False, minify=False)
    assert not (tmp_path / "out").exists()


def test_the_breakpoints_module_gives_each_breakpoint_its_note() -> None:
    text = breakpoints_js(DEFINITIONS)
    assert text.startswith("// Generated by `python -m seven_rocks.site.generated`")
    assert '/** Upright. */\nexport const NARROW = "(max-width: 40rem)";\n' in text
    assert '/** On its side: short and wide. */\nexport const SIDE = "(max-height: 30rem)' in text
    assert 'export const SHORT = "(max-height: 30rem)";' in text
    assert "The file's own note" not in text


def test_the_generator_writes_the_breakpoints_module(tmp_path: Path) -> None:
    assert generated.main([str(tmp_path)]) == 0
    written = (tmp_path / "breakpoints.js").read_text(encoding="utf-8")
    assert written == breakpoints_js()
    assert generated.main([]) == 2


# The page's own sheets.

PAGE_HTML = (WEB / "index.html").read_text(encoding="utf-8")
PAGE_SHEETS = linked_sheets(PAGE_HTML)
PAGE_PARTS = sheet_parts(PAGE_HTML)
FIRST_VISIT_SHEETS = [n for n in PAGE_SHEETS if not any(n in p for p in PAGE_PARTS.values())]
SIZE = re.compile(r"\b(?:min-|max-)?(?:width|height)\b")
MEDIA = re.compile(r"@media([^{;]*)\{")
#: A style rule's opening line, at any depth (a sheet of phone layouts is all @media).
RULE_OPENING = re.compile(r"^[ \t]*[^\s@/}][^{;]*\{", re.M)


def _source(name: str) -> str:
    return re.sub(r"/\*.*?\*/", "", (WEB / name).read_text(encoding="utf-8"), flags=re.S)


def test_the_page_links_its_component_sheets_with_the_theme_last() -> None:
    assert len(FIRST_VISIT_SHEETS) > 10
    assert all(name.startswith("css/") for name in PAGE_SHEETS)
    assert FIRST_VISIT_SHEETS[-1] == "css/theme.css"  # its variants win over the components
    # The lazily loaded parts' sheets come after the theme in the source, as they do in
    # the built page once a part has loaded them: the same cascade before and after.
    assert PAGE_SHEETS[: len(FIRST_VISIT_SHEETS)] == FIRST_VISIT_SHEETS
    assert BREAKPOINTS not in PAGE_SHEETS  # definitions only, written out by the build
    on_disk = {f"css/{path.name}" for path in (WEB / "css").glob("*.css")}
    assert on_disk == {*PAGE_SHEETS, BREAKPOINTS}, "a sheet the page does not link"


def test_no_page_sheet_writes_a_size_in_a_media_rule() -> None:
    written = [
        (name, query.strip())
        for name in PAGE_SHEETS
        for query in MEDIA.findall(_source(name))
        if SIZE.search(query)
    ]
    assert written == []


def test_every_media_rule_of_the_page_uses_a_defined_breakpoint() -> None:
    breakpoints = read_breakpoints((WEB / BREAKPOINTS).read_text(encoding="utf-8"))
    named: set[str] = set()
    for name in PAGE_SHEETS:
        text = _source(name)
        named.update(re.findall(r"\((--[\w-]+)\)", "".join(MEDIA.findall(text))))
        expand_sheet(text, breakpoints, f"web/{name}")  # raises on an unknown name
    # Each breakpoint is used: by a sheet, by another breakpoint, or by a script.
    scripts = "".join(
        path.read_text(encoding="utf-8")
        for path in (WEB / "js").rglob("*.js")
        if path.name != "breakpoints.js"  # generated: it defines them all
    )
    definitions = _source(BREAKPOINTS)
    for name in breakpoints:
        constant = name.removeprefix("--").replace("-", "_").upper()
        used = (
            name in named
            or f"({name})" in definitions
            or re.search(rf"\b{constant}\b", scripts) is not None
        )
        assert used, f"{name} is used nowhere"


def test_the_page_bundle_has_no_name_left_and_every_rule_of_every_sheet(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(WEB, site, ignore=shutil.ignore_patterns("*.py", "i18n", "breakpoints.js"))
    bundle = bundle_stylesheets(site).read_text(encoding="utf-8")
    queries = MEDIA.findall(bundle)
    assert queries and not [query for query in queries if "--" in query]
    breakpoints = read_breakpoints((WEB / BREAKPOINTS).read_text(encoding="utf-8"))
    written = {query.strip() for query in queries if SIZE.search(query)}
    # Every size in the bundle is a breakpoint's query, or a list of them.
    pieces = {piece.strip() for query in written for piece in query.split(",")}
    known = {piece.strip() for value in breakpoints.values() for piece in value.split(",")}
    assert pieces <= known
    # Nothing lost: each bundle is its linked sheets, whole, one after another.
    position = 0
    for name in FIRST_VISIT_SHEETS:
        rules = RULE_OPENING.findall(_source(name))
        assert rules, name
        for rule in rules:
            position = bundle.index(rule, position)
    for part, names in PAGE_PARTS.items():
        joined = (site / part_bundle(part)).read_text(encoding="utf-8")
        assert not [query for query in MEDIA.findall(joined) if "--" in query]
        position = 0
        for name in names:
            assert f"/* {name} */" not in bundle, f"{name} is in the first visit's sheet"
            for rule in RULE_OPENING.findall(_source(name)):
                position = joined.index(rule, position)


def test_each_lazily_loaded_part_brings_its_strings_and_its_style_sheet() -> None:
    """A part the page loads on first use (web/js/ui/lazy.js loadPart) fetches both, by the
    same name: every part has a sheet in the page and a share of the catalogue."""
    assert set(PAGE_PARTS) == set(LAZY_PARTS) == {"review", "rules"}
    assert {"css/coach.css", "css/trainer.css"} <= set(PAGE_PARTS["review"])


# The palettes: every colour in theme.css, each theme's values written once.

THEME = "css/theme.css"
#: A colour written as a value: a hex colour, a colour function, or one of the colour
#: keywords a sheet would most likely reach for. (``transparent``, ``currentColor`` and the
#: system colours of forced-colours mode name no palette colour and stay allowed.)
COLOUR = re.compile(
    r"#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|"
    r"\b(?:white|black|red|green|blue|yellow|orange|gray|grey|silver|gold|purple|pink)\b",
    re.IGNORECASE,
)
#: ``property: value`` inside a rule (a selector's ``a:hover`` has no colour to find).
DECLARATION = re.compile(r"([-\w]+)\s*:\s*([^;{}]+)")
#: A rule: its selector and its body (no rule inside it).
RULE = re.compile(r"([^{};]+)\{([^{}]*)\}")
#: An at-rule holding rules (its prelude, its body), or a rule outside any (selector, body).
OUTER_RULE = re.compile(r"(@[^{;]+)\{((?:[^{}]*\{[^{}]*\})*[^{}]*)\}|([^{};@]+)\{([^{}]*)\}")
#: theme.css's selectors: the root, for a theme or for all but some.
THEMED_ROOT = re.compile(
    r':root(?:\[data-theme="\w+"\]|:not\(\[data-theme="\w+"\](?:, \[data-theme="\w+"\])*\))?'
)
#: The rule giving the dark values while the theme is automatic and the system is dark.
SYSTEM_DARK = (
    '@media (prefers-color-scheme: dark) :root:not([data-theme="light"], [data-theme="contrast"])'
)


def _rules(text: str) -> list[tuple[str, str, str]]:
    """``(at-rule around it or "", selector, body)`` of each innermost rule of ``text``
    (comments removed; whitespace in the preludes made single spaces)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    found = []
    for outer in OUTER_RULE.finditer(text):
        if outer.group(1):
            at = " ".join(outer.group(1).split())
            found += [(at, " ".join(s.split()), b) for s, b in RULE.findall(outer.group(2))]
        else:
            found.append(("", " ".join(outer.group(3).split()), outer.group(4)))
    return found


def _colour(value: str) -> bool:
    """Whether ``value`` writes a colour (the names of custom properties aside)."""
    return COLOUR.search(re.sub(r"--[\w-]+", "--", value)) is not None


def _declarations(body: str) -> dict[str, str]:
    return {name: " ".join(value.split()) for name, value in DECLARATION.findall(body)}


def _scripts() -> str:
    return "".join(path.read_text(encoding="utf-8") for path in sorted((WEB / "js").rglob("*.js")))


def test_the_rule_reader_sees_every_rule_and_the_media_rule_around_it() -> None:
    sheet = "/* x { } */\n.a { color: red; }\n@media (y) {\n  .b, .c { --d: 1; }\n}\n"
    assert _rules(sheet) == [("", ".a", " color: red; "), ("@media (y)", ".b, .c", " --d: 1; ")]


def test_no_sheet_but_the_theme_writes_a_colour() -> None:
    written = [
        f"{name}: {prop}: {value.strip()}"
        for name in PAGE_SHEETS
        if name != THEME
        for _, _, body in _rules((WEB / name).read_text(encoding="utf-8"))
        for prop, value in DECLARATION.findall(body)
        if _colour(value)
    ]
    assert written == [], "name the colour in theme.css and use it: " + "; ".join(written)


def test_the_scripts_write_no_colour_into_a_style() -> None:
    """Styles the scripts set (``style.x = ...``, ``setProperty``, ``style="..."``) take their
    colours from the palette too. A QR code's black on white is the code itself (a scanner
    reads it so in every theme), not a style: its drawing attributes are not looked at."""
    styled = re.compile(r"(?:\.style\b|setProperty|cssText|style=)[^\n;]*", re.IGNORECASE)
    found = [
        f"{path.relative_to(WEB)}: {match.group()}"
        for path in sorted((WEB / "js").rglob("*.js"))
        for match in styled.finditer(path.read_text(encoding="utf-8"))
        if _colour(match.group())
    ]
    assert found == []


def test_the_theme_holds_only_custom_properties_of_the_root() -> None:
    """theme.css sets the palette's names on the page's root, per theme, and nothing else: a
    component's look is its own sheet's, drawn with those names (``color-scheme``, which
    tells the browser which of its own controls' schemes to draw, is the one property)."""
    rules = _rules((WEB / THEME).read_text(encoding="utf-8"))
    assert len(rules) >= 4
    for at, selectors, body in rules:
        assert at in {"", "@media (prefers-color-scheme: dark)"}, at
        listed = re.split(r",(?![^()]*\))", selectors)  # the commas outside :not(...)
        assert all(THEMED_ROOT.fullmatch(s.strip()) for s in listed), selectors
        properties = set(_declarations(body))
        assert properties, selectors
        assert all(p.startswith("--") or p == "color-scheme" for p in properties), selectors


def _theme_rules() -> dict[str, dict[str, str]]:
    """Each rule of theme.css by its selector, with ``@media ... `` before it if in one."""
    return {
        f"{at} {selectors}".strip(): _declarations(body)
        for at, selectors, body in _rules((WEB / THEME).read_text(encoding="utf-8"))
    }


def test_the_dark_palette_is_written_once_and_given_alike_by_both_ways_to_dark() -> None:
    """The system's dark (while the theme is automatic) and the dark theme chosen cannot share
    a selector: each gives the palette's names the same ``--dark-*`` values, written once."""
    rules = _theme_rules()
    by_system = rules[SYSTEM_DARK]
    chosen = {k: v for k, v in rules[':root[data-theme="dark"]'].items() if k != "color-scheme"}
    assert by_system == chosen
    assert all(value == f"var(--dark-{name[2:]})" for name, value in chosen.items())
    # Whatever the light scheme sets, the dark one sets too.
    light = rules[':root, :root[data-theme="light"]']
    assert set(light) == set(chosen)
    values = [rule for prelude, rule in rules.items() if any(k.startswith("--dark-") for k in rule)]
    assert len(values) == 1 and set(values[0]) == {f"--dark-{name[2:]}" for name in light}


def test_every_name_a_sheet_uses_is_defined_and_every_theme_name_is_used() -> None:
    sheets = {name: (WEB / name).read_text(encoding="utf-8") for name in PAGE_SHEETS}
    scripts = _scripts()
    defined = {n for text in sheets.values() for n in re.findall(r"(--[\w-]+)\s*:", text)}
    defined |= set(re.findall(r"setProperty\(\s*[\"'`](--[\w-]+)", scripts))
    used = {n for text in sheets.values() for n in re.findall(r"var\(\s*(--[\w-]+)", text)}
    assert used - defined == set(), "used, never set"
    palette = set(re.findall(r"(--[\w-]+)\s*:", _source(THEME)))
    assert palette - used == set(), "set in theme.css, used nowhere"


# What WebKit (every iPhone's browser, Safari) still reads only with its -webkit- prefix.

#: Properties WebKit reads only prefixed (as of Safari 18), or from a later version than the
#: oldest the sheets are written for (minify.mjs's BROWSERS): without the prefix, on an
#: iPhone a long press on the table selects its text, a blur behind a bar is not drawn...
#: The sources write them unprefixed; the build (esbuild, told those browsers) writes the
#: prefixed form beside each.
WEBKIT_PREFIXED = (
    "user-select",  # unprefixed in no Safari
    "text-size-adjust",  # iOS: prefixed only
    "backdrop-filter",  # unprefixed from Safari 18
    "box-decoration-break",  # prefixed only
    "hyphens",  # unprefixed from Safari 17
    "mask",  # unprefixed from Safari 15.4; its longhands likewise
    "mask-image",
    "mask-size",
    "mask-position",
    "mask-repeat",
)


def _unprefixed(css: str) -> list[str]:
    """Each declaration of a property in WEBKIT_PREFIXED whose -webkit- form, with the same
    value, is not in the same rule."""
    missing = []
    for _, selectors, body in _rules(css):
        declared = [(p.lower(), " ".join(v.split())) for p, v in DECLARATION.findall(body)]
        for prop, value in declared:
            if prop in WEBKIT_PREFIXED and (f"-webkit-{prop}", value) not in declared:
                missing.append(f"{selectors} {{ {prop}: {value} }}")
    return missing


def test_the_prefix_check_finds_a_property_written_without_its_webkit_form() -> None:
    assert _unprefixed(".a { user-select: none; }\n@media (x) { .b { mask: url(m); } }") == [
        ".a { user-select: none }",
        ".b { mask: url(m) }",
    ]
    assert _unprefixed(".a { -webkit-user-select: none; user-select: none; }") == []
    assert _unprefixed(".a { -webkit-user-select: all; user-select: none; }") != []


@pytest.fixture(scope="module")
def shipped_sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The style sheets as the build ships them: bundled, then minified by esbuild."""
    site = tmp_path_factory.mktemp("shipped") / "site"
    shutil.copytree(WEB, site, ignore=shutil.ignore_patterns("*.py", "i18n", "breakpoints.js"))
    bundle_stylesheets(site)
    minify_site(site, ROOT / "node_modules")
    return {path.name: path.read_text(encoding="utf-8") for path in site.glob("style*.css")}


def test_the_shipped_sheets_give_webkit_its_prefixed_properties(
    shipped_sheets: dict[str, str],
) -> None:
    assert set(shipped_sheets) == {BUNDLE, *map(part_bundle, PAGE_PARTS)}
    sources = "".join(_source(name) for name in PAGE_SHEETS)
    # The check has something to check: the table's text is not selectable on a long press.
    assert re.search(r"(?<!-)user-select\s*:", sources)
    assert {name: _unprefixed(css) for name, css in shipped_sheets.items()} == {
        name: [] for name in shipped_sheets
    }
    # The parts' sheets are minified as the first visit's is.
    assert all("\n" not in css.strip() for css in shipped_sheets.values())
