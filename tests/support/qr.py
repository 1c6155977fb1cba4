"""Reading the QR codes a page shows or prints, with a real decoder (zxing-cpp): from a chromium
screenshot, and from the page printed to PDF by chromium and rendered back to an image
(pypdfium2), as a phone's camera would see the screen or the paper."""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
import pypdfium2
import zxingcpp
from PIL import Image

PRINT_DPI = 200


@dataclass(frozen=True)
class Code:
    """One decoded code: its text and where it sits in the image (pixels)."""

    text: str
    left: int
    top: int
    right: int
    bottom: int


def codes_in(image: Image.Image | np.ndarray) -> list[Code]:
    """Every QR code zxing-cpp reads in ``image``, top to bottom."""
    found = []
    for barcode in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode):
        corners = barcode.position
        xs = [corners.top_left.x, corners.top_right.x, corners.bottom_left.x]
        xs.append(corners.bottom_right.x)
        ys = [corners.top_left.y, corners.top_right.y, corners.bottom_left.y]
        ys.append(corners.bottom_right.y)
        found.append(Code(barcode.text, min(xs), min(ys), max(xs), max(ys)))
    return sorted(found, key=lambda code: (code.top, code.left))


def screenshot_codes(page) -> list[Code]:
    """The codes in a full-page chromium screenshot of ``page``."""
    return codes_in(Image.open(io.BytesIO(page.screenshot(full_page=True))).convert("L"))


def printed_pages(page, dpi: int = PRINT_DPI) -> list[Image.Image]:
    """``page`` printed by chromium (its own @page size and margins), each sheet rendered back
    to a greyscale image at ``dpi``."""
    pdf = pypdfium2.PdfDocument(page.pdf(prefer_css_page_size=True, print_background=True))
    try:
        return [sheet.render(scale=dpi / 72).to_pil().convert("L") for sheet in pdf]
    finally:
        pdf.close()


def printed_codes(page, dpi: int = PRINT_DPI) -> list[list[Code]]:
    """The codes on each printed sheet of ``page``."""
    return [codes_in(image) for image in printed_pages(page, dpi)]


def y4m_of(image: Image.Image, code: Code, path, frames: int = 30) -> None:
    """A short grey video (YUV 4:2:0, 640x480) of ``code`` as it sits in ``image`` (its quiet
    zone and some of the card around it), for chromium's fake camera
    (``--use-file-for-fake-video-capture``)."""
    width, height = 640, 480
    margin = (code.right - code.left) // 3
    crop = image.convert("L").crop(
        (code.left - margin, code.top - margin, code.right + margin, code.bottom + margin)
    )
    crop.thumbnail((height - 40, height - 40))
    frame = Image.new("L", (width, height), 255)
    frame.paste(crop, ((width - crop.width) // 2, (height - crop.height) // 2))
    luma = np.asarray(frame, dtype=np.uint8)
    luma = (16 + luma.astype(np.uint16) * 219 // 255).astype(np.uint8).tobytes()  # video range
    chroma = np.full((height // 2) * (width // 2), 128, dtype=np.uint8).tobytes()
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + luma + chroma + chroma)
