"""The reference pictures' comparison: a picture passes at once only when so few pixels
changed at all that pixelmatch (which counts a subset of them) could not fail it."""

from __future__ import annotations

from PIL import Image

from tests.e2e.screens import TOLERANCE, changed_pixels


def _picture() -> Image.Image:
    image = Image.new("RGBA", (40, 30), (20, 90, 40, 255))
    for x in range(10, 30):
        image.putpixel((x, 15), (240, 240, 240, 255))
    return image


def test_changed_pixels_counts_every_pixel_that_differs_in_any_band() -> None:
    reference = _picture()
    image = reference.copy()
    assert changed_pixels(reference, image) == 0
    image.putpixel((0, 0), (21, 90, 40, 255))  # red by one
    image.putpixel((5, 5), (20, 90, 40, 254))  # alpha by one
    image.putpixel((39, 29), (0, 0, 0, 255))
    assert changed_pixels(reference, image) == 3


def test_a_moved_line_is_more_than_the_tolerance_lets_through() -> None:
    reference = _picture()
    moved = Image.new("RGBA", reference.size, (20, 90, 40, 255))
    for x in range(10, 30):
        moved.putpixel((x, 3), (240, 240, 240, 255))
    assert changed_pixels(reference, moved) == 40
    assert changed_pixels(reference, moved) > TOLERANCE * 40 * 30
