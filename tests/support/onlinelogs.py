"""The recorded online games (tests/data/onlinelogs) and their expected figures."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from rules.onlinelogs import MAJSOUL, TENHOU

DATA = Path(__file__).parent.parent / "data" / "onlinelogs"


# file, platform, game length
GAMES = [
    ("usual.xml", TENHOU, "hanchan"),
    ("doubleron.xml", TENHOU, "tonpuusen"),
    ("doubleron_and_honba.xml", TENHOU, "tonpuusen"),
    ("doubleron_and_riichi.xml", TENHOU, "hanchan"),
    ("nagashi.xml", TENHOU, "hanchan"),
    ("pao_ron.xml", TENHOU, "hanchan"),
    ("pao_tsumo.xml", TENHOU, "hanchan"),
    ("tripleyakuman.xml", TENHOU, "hanchan"),
    ("triple_ron_draw.xml", TENHOU, "hanchan"),
    ("four_kan_draw.xml", TENHOU, "hanchan"),
    ("four_riichi_draw.xml", TENHOU, "hanchan"),
    ("four_wind_draw.xml", TENHOU, "hanchan"),
    ("nine_terminal_draw.xml", TENHOU, "hanchan"),
    ("west.xml", TENHOU, "hanchan"),
    ("suuankou_no_dealer_tsumo_no_pao.xml", TENHOU, "hanchan"),
    ("suukantsu_dealer_tsumo_no_pao.xml", TENHOU, "hanchan"),
    ("yakuman_ron_no_pao.xml", TENHOU, "hanchan"),
    ("regress/hanchan.xml", TENHOU, "hanchan"),
    ("regress/hanchan.json", TENHOU, "hanchan"),
    ("format6/usual.json", TENHOU, "hanchan"),
    ("format6/doubleron.json", TENHOU, "tonpuusen"),
    ("format6/doubleron_and_honba.json", TENHOU, "tonpuusen"),
    ("format6/doubleron_and_riichi.json", TENHOU, "tonpuusen"),
    ("format6/nagashi_usual.json", TENHOU, "tonpuusen"),
    ("format6/pao_ron.json", TENHOU, "hanchan"),
    ("format6/pao_tsumo.json", TENHOU, "hanchan"),
    ("format6/tripleyakuman.json", TENHOU, "hanchan"),
    ("format6/triple_ron_draw.json", TENHOU, "hanchan"),
    ("format6/four_kan_draw.json", TENHOU, "hanchan"),
    ("format6/four_riichi_draw.json", TENHOU, "hanchan"),
    ("format6/four_wind_draw.json", TENHOU, "hanchan"),
    ("format6/nine_terminal_draw.json", TENHOU, "hanchan"),
    ("format6/west.json", TENHOU, "hanchan"),
    ("format6/suuankou_no_dealer_tsumo_no_pao.json", TENHOU, "hanchan"),
    ("format6/suukantsu_dealer_tsumo_no_pao.json", TENHOU, "hanchan"),
    ("format6/yakuman_ron_no_pao.json", TENHOU, "hanchan"),
    ("format6/tensoul_usual.json", MAJSOUL, "tonpuusen"),
    ("format6/tensoul_with_same_nicknames.json", MAJSOUL, "tonpuusen"),
]


def log_figures(path: Path) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
    """The scores before each hand and the final scores, as the file itself says."""
    if path.suffix == ".xml":
        root = ET.parse(path).getroot()
        before = [tuple(int(t) * 100 for t in e.get("ten").split(",")) for e in root.iter("INIT")]
        owari = next(e.get("owari") for e in root if e.get("owari"))
        final = tuple(int(v) * 100 for v in owari.split(",")[0::2])
        return before, final
    data = json.loads(path.read_text())
    return [tuple(entry[1]) for entry in data["log"]], tuple(data["sc"][0::2])
