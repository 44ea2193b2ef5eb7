"""The app's icons, drawn in code: an SVG and PNGs rasterised here, never downloaded.

The picture is a single domino (three pips over four: seven rocks) on the table's green felt.
It is described once, as a handful of shapes in a unit square, and rendered twice: as SVG
text and as RGBA pixels, each pixel's coverage computed from the shape's signed distance (a
cheap, exact-enough anti-aliasing). PNGs are written with ``zlib`` and ``struct`` only, so
the output is byte-for-byte reproducible.

Two variants: ``any`` (a rounded felt square, transparent corners) and ``maskable`` (full
bleed felt, the domino kept inside the central safe circle of radius 0.4 that launchers
may crop to).
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass
from typing import Literal

__all__ = ["FELT", "Variant", "png_icon", "read_png_header", "svg_icon"]

#: The table's felt (``--felt`` in ``web/css/theme.css``): theme colour and icon background.
FELT = "#1f5e3b"
_IVORY = "#fdfbf5"
_INK = "#1d1d1b"

Variant = Literal["any", "maskable"]

_RGB = tuple[int, int, int]


def _rgb(colour: str) -> _RGB:
    value = int(colour.removeprefix("#"), 16)
    return (value >> 16) & 255, (value >> 8) & 255, value & 255


@dataclass(frozen=True)
class _RoundRect:
    x: float
    y: float
    w: float
    h: float
    r: float
    colour: str

    def distance(self, px: float, py: float) -> float:
        """Signed distance from (px, py) to the edge (negative inside)."""
        cx, cy = self.x + self.w / 2, self.y + self.h / 2
        qx = abs(px - cx) - (self.w / 2 - self.r)
        qy = abs(py - cy) - (self.h / 2 - self.r)
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - self.r

    def bounds(self) -> tuple[float, float, float, float]:
        return self.x, self.y, self.x + self.w, self.y + self.h

    def svg(self) -> str:
        return (
            f'<rect x="{self.x:g}" y="{self.y:g}" width="{self.w:g}" height="{self.h:g}" '
            f'rx="{self.r:g}" fill="{self.colour}"/>'
        )


@dataclass(frozen=True)
class _Circle:
    cx: float
    cy: float
    r: float
    colour: str

    def distance(self, px: float, py: float) -> float:
        return math.hypot(px - self.cx, py - self.cy) - self.r

    def bounds(self) -> tuple[float, float, float, float]:
        return self.cx - self.r, self.cy - self.r, self.cx + self.r, self.cy + self.r

    def svg(self) -> str:
        return f'<circle cx="{self.cx:g}" cy="{self.cy:g}" r="{self.r:g}" fill="{self.colour}"/>'


_Shape = _RoundRect | _Circle


def _shapes(variant: Variant) -> list[_Shape]:
    """The picture in a 100x100 square, back to front."""
    if variant == "maskable":
        shapes: list[_Shape] = [_RoundRect(0, 0, 100, 100, 0, FELT)]
        scale, (ox, oy) = 0.62, (50.0, 50.0)  # inside the 40-unit safe circle
    else:
        shapes = [_RoundRect(2, 2, 96, 96, 20, FELT)]
        scale, (ox, oy) = 0.86, (50.0, 50.0)

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + (x - 50) * scale, oy + (y - 50) * scale

    def tile(x: float, y: float, w: float, h: float, r: float, colour: str) -> _RoundRect:
        tx, ty = at(x, y)
        return _RoundRect(tx, ty, w * scale, h * scale, r * scale, colour)

    # The domino: an ink outline, the ivory face, a divider, 3 pips above and 4 below.
    shapes += [
        tile(24, 4, 52, 92, 9, _INK),
        tile(27, 7, 46, 86, 6.5, _IVORY),
        tile(31, 48.75, 38, 2.5, 1.25, _INK),
    ]
    pip = 5.2 * scale
    for x, y in ((36, 15), (50, 27.5), (64, 40), (36, 60), (64, 60), (36, 83), (64, 83)):
        cx, cy = at(x, y)
        shapes.append(_Circle(cx, cy, pip, _INK))
    return shapes


def svg_icon(variant: Variant = "any") -> str:
    """The icon as a standalone SVG document (scales to any size)."""
    body = "\n  ".join(shape.svg() for shape in _shapes(variant))
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n  {body}\n</svg>\n'


def _rasterise(size: int, variant: Variant) -> bytearray:
    """RGBA pixels, premultiplied-free, straight alpha, row after row."""
    scale = 100.0 / size
    # Linear colour and coverage per pixel; composited "over", back to front.
    red = [0.0] * (size * size)
    green = [0.0] * (size * size)
    blue = [0.0] * (size * size)
    alpha = [0.0] * (size * size)
    for shape in _shapes(variant):
        sr, sg, sb = (c / 255 for c in _rgb(shape.colour))
        x0, y0, x1, y1 = shape.bounds()
        cols = range(max(0, int(x0 / scale) - 1), min(size, int(x1 / scale) + 2))
        for row in range(max(0, int(y0 / scale) - 1), min(size, int(y1 / scale) + 2)):
            py = (row + 0.5) * scale
            base = row * size
            for col in cols:
                # Coverage: one pixel wide ramp across the edge.
                cover = 0.5 - shape.distance((col + 0.5) * scale, py) / scale
                if cover <= 0.0:
                    continue
                a = 1.0 if cover >= 1.0 else cover
                i = base + col
                keep = 1.0 - a
                out = a + alpha[i] * keep
                red[i] = (sr * a + red[i] * alpha[i] * keep) / out
                green[i] = (sg * a + green[i] * alpha[i] * keep) / out
                blue[i] = (sb * a + blue[i] * alpha[i] * keep) / out
                alpha[i] = out
    pixels = bytearray(size * size * 4)
    for i in range(size * size):
        pixels[4 * i : 4 * i + 4] = bytes(
            (
                round(red[i] * 255),
                round(green[i] * 255),
                round(blue[i] * 255),
                round(alpha[i] * 255),
            )
        )
    return pixels


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def png_icon(size: int, variant: Variant = "any") -> bytes:
    """The icon as a ``size`` x ``size`` RGBA PNG."""
    if size < 1:
        raise ValueError(f"icon size must be positive, not {size}")
    pixels = _rasterise(size, variant)
    stride = size * 4
    raw = b"".join(b"\x00" + bytes(pixels[r * stride : (r + 1) * stride]) for r in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw, 9))
        + _chunk(b"IEND", b"")
    )


def read_png_header(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, checking its signature and every chunk's CRC.

    >>> read_png_header(png_icon(8))
    (8, 8)
    """
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ValueError("not a PNG")
    offset, size = 8, None
    while offset < len(data):
        if offset + 12 > len(data):
            raise ValueError(f"PNG cut short at byte {offset}")
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        if offset + 12 + length > len(data):
            raise ValueError(f"PNG cut short in {data[offset + 4 : offset + 8]!r}")
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length : offset + 12 + length])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise ValueError(f"bad CRC in {kind!r}")
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        offset += 12 + length
        if kind == b"IEND":
            break
    if size is None:
        raise ValueError("PNG without IHDR")
    return size[0], size[1]
