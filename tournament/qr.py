"""The QR codes the pages print and show (player cards, table cards, staff invitation links):
one way of drawing them, so that each scales to the box its page's CSS gives it."""

from __future__ import annotations

import segno


def qr_svg(text: str) -> str:
    """``text`` as an inline SVG QR code: never a Micro QR code (phones do not read those),
    error correction M, its four-module quiet zone on white. The SVG has a viewBox and no width
    or height of its own, so the page's CSS sizes it and the whole code scales into that box;
    drawn at a fixed pixel size larger than its box, a code is cropped instead, its finder
    patterns cut off, and no phone reads it."""
    code = segno.make(text, error="m", micro=False)
    return code.svg_inline(omitsize=True, dark="#000", light="#fff")
