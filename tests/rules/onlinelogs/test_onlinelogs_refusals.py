"""Logs our rules cannot reproduce are refused with a named reason and the first hand that
differs; malformed files and ids are refused with a message (fuzzed with hypothesis)."""

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import RuleError, get_ruleset
from rules.onlinelogs import LogError, check_log, log_id_from_text, parse_log, preset_options

DATA = Path(__file__).parents[2] / "data" / "onlinelogs"
RIICHI = get_ruleset("riichi_ema")


def refusal(name, options):
    log = parse_log((DATA / name).read_bytes())
    start = RIICHI.options(options)["start_points"]
    with pytest.raises(LogError) as error:
        check_log(log, lambda data: RIICHI.play_sheet(data, options), start)
    return error.value


@pytest.mark.parametrize(
    ("name", "options", "reason", "message"),
    [
        (
            "format6/usual.json",
            {},
            "rules",
            "started at 25000 points each, this event's games at 30000",
        ),
        (
            "nagashi.xml",
            {"start_points": 25000},
            "rules",
            "hand 1 (East 1, counters 0): our rules cannot score it: "
            "this event plays no nagashi mangan",
        ),
        (
            "pao_ron.xml",
            preset_options("tenhou") | {"liability": "none"},
            "rules",
            "hand 3 (East 3, counters 0): our rules cannot score it: "
            "this event has no liability payments",
        ),
        (
            "triple_ron_draw.xml",
            preset_options("majsoul"),
            "rules",
            "hand 11 (South 3, counters 0): our rules cannot score it: "
            "a triple ron is paid to its three winners",
        ),
        (
            "tripleyakuman.xml",
            preset_options("tenhou") | {"multiple_yakuman": False},
            "rules",
            "hand 10 (South 1, counters 4): our rules cannot score it: "
            "multiple yakuman are not counted",
        ),
        (
            "format6/nine_terminal_draw.json",
            preset_options("tenhou") | {"abortive_draws": False},
            "rules",
            "hand 2 (East 1, counters 1): our rules cannot score it: "
            "this event plays no abortive draws",
        ),
        (
            "west.xml",
            preset_options("tenhou") | {"goal_points": None},
            "mismatch",
            "hand 16 (South 4, counters 1): our rules end the game after this hand, "
            "the log goes on",
        ),
        (
            "doubleron.xml",
            preset_options("tenhou") | {"bust_end": False},
            "mismatch",
            "hand 4 (East 4, counters 0): the log ends the game after this hand, our rules go on",
        ),
        (
            "format6/usual.json",
            preset_options("tenhou", "tonpuusen"),
            "mismatch",
            "hand 5 (East 4, counters 1): our rules end the game after this hand",
        ),
        (
            "pao_tsumo.xml",
            preset_options("tenhou") | {"counted_yakuman": False, "kiriage": True},
            "mismatch",
            "hand 1 (East 1, counters 0): after it our rules give the scores "
            "37000 / 21000 / 21000 / 21000, the log 36700 / 21100 / 21100 / 21100",
        ),
    ],
)
def test_a_log_our_rules_do_not_reproduce_is_refused_naming_the_hand(
    name, options, reason, message
):
    error = refusal(name, options)
    assert error.reason == reason
    assert message in error.message


def test_kiriage_would_pay_a_4_han_30_fu_tsumo_as_mangan():
    """pao_tsumo.xml opens with the dealer's 4 han 30 fu tsumo, 3900 all on tenhou.net."""
    error = refusal("pao_tsumo.xml", preset_options("tenhou") | {"kiriage": True})
    assert "hand 1 " in error.message and "37000 / 21000" in error.message


def test_a_three_player_game_is_refused():
    xml = (DATA / "usual.xml").read_bytes().replace(b'type="169"', b'type="185"')
    with pytest.raises(LogError, match="three-player"):
        parse_log(xml)
    data = json.loads((DATA / "format6/usual.json").read_text())
    data["name"] = data["name"][:3]
    with pytest.raises(LogError, match="three-player"):
        parse_log(json.dumps(data).encode())


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"hello",
        b"<mjloggm ver='2.3'></mjloggm>",
        b"<html><body>404</body></html>",
        b'<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><mjloggm>&b;</mjloggm>',
        b"{}",
        b'{"ref": "2023101214gm-00a9-0000-8cb902d4", "name": ["a","b","c","d"], "log": []}',
        b"[1, 2, 3]",
        b"{" * 100000,
        b"<" + b"a" * (2_000_001),
    ],
)
def test_malformed_files_are_refused(content):
    with pytest.raises(LogError) as error:
        parse_log(content)
    assert error.value.reason in ("malformed", "too_large")


def test_a_log_cut_short_is_refused():
    xml = (DATA / "usual.xml").read_bytes()
    cut = xml[: xml.rindex(b"<AGARI")] + b"</mjloggm>"
    with pytest.raises(LogError, match="a hand without its end|game's end"):
        parse_log(cut)
    data = json.loads((DATA / "format6/usual.json").read_text())
    del data["sc"]
    with pytest.raises(LogError, match="sc"):
        parse_log(json.dumps(data).encode())


SAMPLES = [(DATA / n).read_bytes() for n in ("usual.xml", "format6/usual.json", "nagashi.xml")]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sample=st.sampled_from(SAMPLES),
    cut=st.integers(min_value=0, max_value=40000),
    flips=st.lists(
        st.tuples(st.integers(min_value=0, max_value=40000), st.binary(min_size=0, max_size=3)),
        max_size=4,
    ),
)
def test_fuzzed_logs_are_read_or_refused_with_a_log_error(sample, cut, flips):
    """Truncated and mutated XML and JSON: a GameLog or a LogError, never another exception;
    a log that is read then plays or is refused with a LogError too."""
    content = bytearray(sample[: max(1, len(sample) - cut % len(sample))])
    for at, replacement in flips:
        at %= len(content)
        content[at : at + len(replacement)] = replacement
    try:
        log = parse_log(bytes(content))
    except LogError:
        return
    options = preset_options(log.platform)
    with contextlib.suppress(LogError):
        check_log(log, lambda data: RIICHI.play_sheet(data, options), 25000)


@given(st.text(max_size=300))
def test_any_text_is_a_log_id_or_a_log_error(text):
    try:
        log_id = log_id_from_text(text)
    except LogError:
        return
    assert "gm-" in log_id


@pytest.mark.parametrize(
    ("text", "log_id"),
    [
        ("2023101214gm-00a9-0000-8cb902d4", "2023101214gm-00a9-0000-8cb902d4"),
        (
            "https://tenhou.net/0/?log=2023101214gm-00a9-0000-8cb902d4&tw=2",
            "2023101214gm-00a9-0000-8cb902d4",
        ),
        (
            "http://tenhou.net/3/?log=2023101214gm-00a9-0000-8cb902d4",
            "2023101214gm-00a9-0000-8cb902d4",
        ),
        ("tenhou.net/0/log/?2023101214gm-00a9-0000-8cb902d4", "2023101214gm-00a9-0000-8cb902d4"),
    ],
)
def test_log_ids_from_links(text, log_id):
    assert log_id_from_text(text) == log_id


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "id"),
        ("https://example.org/0/?log=2023101214gm-00a9-0000-8cb902d4", "host"),
        ("http://192.168.1.10/0/?log=2023101214gm-00a9-0000-8cb902d4", "host"),
        ("http://127.0.0.1:8000/log?2023101214gm-00a9-0000-8cb902d4", "host"),
        ("https://tenhou.net/0/?log=2023101214gm-00a9-0000-x8cb902d4ffff", "id"),
        ("https://tenhou.net/0/", "id"),
    ],
)
def test_links_that_name_no_tenhou_log_are_refused(text, reason):
    with pytest.raises(LogError) as error:
        log_id_from_text(text)
    assert error.value.reason == reason
    assert isinstance(error.value, RuleError)
