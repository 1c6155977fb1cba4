"""The MCR fans' Chinese names are drawn on every device (issue 43, item 19): a phone or tablet
without a Chinese font showed empty boxes beside "Big Four Winds". The site ships the subset of
Noto Sans CJK SC that holds exactly those names' characters (``make fan-font``), under its
licence, and the page's ``.zh`` falls back on it."""

from __future__ import annotations

import re

from django.contrib.staticfiles import finders
from fontTools.ttLib import TTFont

from rules.tiles.names import MCR_FANS
from tests.support.translations import ROOT

FONT = "fonts/fan-names-sc.woff2"


def characters() -> set[str]:
    return {c for fan in MCR_FANS for c in fan.chinese}


def test_the_font_draws_every_fan_name():
    path = finders.find(FONT)
    assert path, "the font is not among the static files"
    cmap = TTFont(path).getBestCmap()
    missing = sorted(c for c in characters() if ord(c) not in cmap)
    assert not missing, f"run make fan-font: {''.join(missing)} not in {FONT}"
    assert (ROOT / "static" / "fonts" / "OFL.txt").read_text().count("SIL OPEN FONT LICENSE") == 1


def test_chinese_names_fall_back_on_the_font():
    css = (ROOT / "static" / "css" / "site.css").read_text(encoding="utf-8")
    face = re.search(r"@font-face\s*{([^}]*)}", css)
    assert (
        face
        and '"Fan names SC"' in face.group(1)
        and "../fonts/fan-names-sc.woff2" in face.group(1)
    )
    zh = re.search(r"\.zh\s*{\s*font-family:([^;}]*)", css)
    assert zh and '"Fan names SC"' in zh.group(1)
