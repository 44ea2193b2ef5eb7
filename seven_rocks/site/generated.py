"""The page's generated JavaScript, made from the one place each fact is written.

``python -m seven_rocks.site.generated OUTDIR`` writes:

* ``breakpoints.js``: the screen shapes the layout changes at, as media query strings
  (``seven_rocks.site.stylesheets``, from ``web/css/breakpoints.css``).

The site's build writes the same files into its ``js/``; ``make`` writes them into ``web/js/``
(where they are ignored by git) for the Node tests and the type check.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final

from seven_rocks.site.stylesheets import breakpoints_js

#: Every generated file: its name and the function that writes its text.
OUTPUTS: Final[dict[str, Callable[[], str]]] = {
    "breakpoints.js": breakpoints_js,
}


def write(out: Path, names: Iterable[str] = OUTPUTS) -> list[Path]:
    """Write the generated files into ``out`` (made if missing); a file whose text is
    unchanged is left alone, so its timestamp keeps ``make`` from redoing what depends on
    it."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names:
        path = out / name
        text = OUTPUTS[name]()
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m seven_rocks.site.generated OUTDIR", file=sys.stderr)
        return 2
    for path in write(Path(argv[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
