"""Reference screenshots: what a key state looks like, kept in the repository and compared
with what the page draws now, within a tolerance (pixelmatch, which allows for
anti-aliasing), so that a change nobody meant to make to the picture fails a test.

``make screenshots`` accepts a deliberate change: it runs the tests that take them with
``SEVEN_ROCKS_ACCEPT_SCREENS=1``, which writes the references instead of comparing. A
failing comparison leaves the page's picture and the difference (mismatched pixels in red)
in ``test-artifacts/screens/``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops
from pixelmatch.contrib.PIL import pixelmatch
from playwright.sync_api import Page

from .conftest import ARTIFACTS

REFERENCES = Path(__file__).resolve().parent / "screens"
ACCEPT = os.environ.get("SEVEN_ROCKS_ACCEPT_SCREENS") == "1"
#: pixelmatch's per-pixel colour threshold (0..1), and the share of the picture that may
#: differ: fonts rasterise a hair differently from one machine to another, a moved tile or
#: a missing badge is far more.
THRESHOLD = 0.1
TOLERANCE = 0.004


def differs_from_reference(page: Page, name: str) -> str | None:
    """Compare the page (in CSS pixels) with the reference ``name``; a sentence if it differs."""
    shot = page.screenshot(scale="css", animations="disabled", caret="hide")
    image = Image.open(io.BytesIO(shot)).convert("RGBA")
    path = REFERENCES / f"{name}.png"
    if ACCEPT:
        REFERENCES.mkdir(exist_ok=True)
        image.save(path, optimize=True)
        return None
    out = ARTIFACTS / "screens"
    if not path.is_file():
        out.mkdir(parents=True, exist_ok=True)
        image.save(out / f"{name}.png")
        return f"{name}: no reference picture (run `make screenshots` to accept this one)"
    reference = Image.open(path).convert("RGBA")
    if reference.size != image.size:
        out.mkdir(parents=True, exist_ok=True)
        image.save(out / f"{name}.png")
        return f"{name}: the page is {image.size}, its reference {reference.size}"
    if changed_pixels(reference, image) <= TOLERANCE * image.size[0] * image.size[1]:
        return None  # pixelmatch counts only changed pixels: it could not find more
    diff = Image.new("RGBA", image.size)
    bad = pixelmatch(reference, image, diff, threshold=THRESHOLD)
    share = bad / (image.size[0] * image.size[1])
    if share <= TOLERANCE:
        return None
    out.mkdir(parents=True, exist_ok=True)
    image.save(out / f"{name}.png")
    diff.save(out / f"{name}-diff.png")
    return f"{name}: {share:.2%} of the picture differs from its reference (see {out})"


def changed_pixels(reference: Image.Image, image: Image.Image) -> int:
    """How many pixels differ at all between two pictures of one size (in Pillow's C code,
    where pixelmatch, in Python, takes seconds over a large screen)."""
    bands = ImageChops.difference(reference, image).split()
    changed = bands[0]
    for band in bands[1:]:
        changed = ImageChops.lighter(changed, band)
    return changed.size[0] * changed.size[1] - changed.histogram()[0]
