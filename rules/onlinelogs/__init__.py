"""Game logs of the online platforms, read into score-sheet hands (issue 47): pure Python, no
Django, like the rest of the rulebook.

``tenhou_xml`` reads tenhou.net's mjlog XML and ``tenhou6`` the tenhou.net/6 JSON (which is also
what the Mahjong Soul converters write) into one ``GameLog`` (``model``): the four players'
names as the platform shows them, and per hand what the platform recorded (who won, with what,
from whom, who was liable, who declared riichi, who was tenpai, why a hand was aborted) with
the scores before it and its payments. ``melds`` and ``yaku`` decode tenhou's tile, meld and
yaku numbers. ``convert`` makes the sheet's hands of it (``rules.hands``) and plays them with the
event's options, checking after every hand that the four scores are the platform's, and at the
end that the final scores are; what does not match is a ``LogError`` naming the hand.
``presets`` holds the options that make our rules pay what tenhou.net and Mahjong Soul pay, and
``ids`` reads a tenhou.net log id from what a player pastes. Every input problem is a
``LogError`` (a ``RuleError``) with a message for the person who gave the log.
"""

from rules.onlinelogs.convert import ImportedHand, check_log, log_hands
from rules.onlinelogs.ids import log_id_from_text
from rules.onlinelogs.model import MAJSOUL, PLATFORMS, TENHOU, GameLog, LogError, LogHand, LogWin
from rules.onlinelogs.parse import parse_log
from rules.onlinelogs.presets import PRESETS, preset_options

__all__ = [
    "MAJSOUL",
    "PLATFORMS",
    "PRESETS",
    "TENHOU",
    "GameLog",
    "ImportedHand",
    "LogError",
    "LogHand",
    "LogWin",
    "check_log",
    "log_hands",
    "log_id_from_text",
    "parse_log",
    "preset_options",
]
