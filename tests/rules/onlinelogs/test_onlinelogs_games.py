"""Every real game of tests/data/onlinelogs (see its SOURCE.md) imports under the platform's
preset: after every hand our sheet's four scores are the ones the log shows before the next
hand, and the final scores are the log's (mjlog ``owari``, tenhou.net/6 ``sc``). The log's own
figures are read here with the standard library, apart from the module under test."""

import pytest

from rules import get_ruleset
from rules.onlinelogs import TENHOU, check_log, parse_log, preset_options
from tests.support.onlinelogs import DATA, GAMES, log_figures


def test_every_file_is_listed():
    listed = {name for name, _platform, _length in GAMES}
    on_disk = {str(p.relative_to(DATA)) for p in DATA.rglob("*") if p.suffix in (".xml", ".json")}
    assert listed == on_disk


@pytest.mark.parametrize(("name", "platform", "length"), GAMES)
def test_game_imports_with_the_logs_scores_after_every_hand(name, platform, length):
    path = DATA / name
    log = parse_log(path.read_bytes())
    assert log.platform == platform
    options = preset_options(platform, length)
    ruleset = get_ruleset("riichi_wrc")
    hands, sheet = check_log(
        log, lambda data: ruleset.play_sheet(data, options), options["start_points"]
    )
    before, final = log_figures(path)
    assert len(sheet.lines) == len(before) == len(hands)
    for line, scores in zip(sheet.lines, before[1:], strict=False):
        assert tuple(line.totals) == scores, f"hand {line.number}"
    assert sheet.state.finished
    assert tuple(sheet.final) == final
    assert sum(final) == 4 * options["start_points"]


def test_the_same_game_in_both_formats_gives_the_same_hands():
    xml = parse_log((DATA / "regress/hanchan.xml").read_bytes())
    six = parse_log((DATA / "regress/hanchan.json").read_bytes())
    xml_hands = [h.data for h in check_log(xml, _play, 25000)[0]]
    six_hands = [h.data for h in check_log(six, _play, 25000)[0]]
    assert [{k: v for k, v in h.items() if k != "tiles"} for h in xml_hands] == six_hands
    assert xml.final == six.final


def _play(data):
    return get_ruleset("riichi_ema").play_sheet(data, preset_options(TENHOU))


def test_what_the_hands_record():
    """A few hands read whole: a double ron with counters, a liable player, a nagashi mangan,
    an abortive draw, three yakuman, and a win's tiles and yaku."""
    honba = parse_log((DATA / "doubleron_and_honba.xml").read_bytes())
    assert check_log(honba, _tonpuusen, 25000)[0][5].data == {
        "kind": "win",
        "wins": [{"winner": 3, "han": 2, "fu": 30}, {"winner": 0, "han": 1, "fu": 30}],
        "discarder": 2,
    }
    pao = check_log(parse_log((DATA / "pao_ron.xml").read_bytes()), _play, 25000)[0]
    assert pao[2].data["wins"] == [{"winner": 1, "limit": "yakuman", "pao": 3, "pao_yakuman": 1}]
    nagashi = check_log(parse_log((DATA / "nagashi.xml").read_bytes()), _play, 25000)[0]
    assert nagashi[0].data == {
        "kind": "draw",
        "nagashi": [3],
        "tenpai": [0, 1, 2],
        "riichi": [0, 2],
    }
    four = check_log(parse_log((DATA / "four_riichi_draw.xml").read_bytes()), _play, 25000)[0]
    assert four[6].data == {"kind": "draw", "abortive": "four_riichi", "riichi": [0, 1, 2, 3]}
    triple = check_log(parse_log((DATA / "tripleyakuman.xml").read_bytes()), _play, 25000)[0]
    assert triple[-1].data["wins"] == [{"winner": 0, "limit": "yakuman", "yakuman": 3}]
    first = check_log(parse_log((DATA / "usual.xml").read_bytes()), _play, 25000)[0][0]
    assert first.data["wins"] == [{"winner": 2, "han": 4, "fu": 30}]
    assert first.data["riichi"] == [0]
    tiles = first.data["tiles"]
    assert [line["key"] for line in tiles["result"]["lines"]] == ["hatsu", "dora", "aka_dora"]
    assert tiles["notation"].endswith(" " + tiles["notation"].split()[-1])


def _tonpuusen(data):
    return get_ruleset("riichi_ema").play_sheet(data, preset_options(TENHOU, "tonpuusen"))
