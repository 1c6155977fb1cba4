"""The app's models, as Django finds them: each is defined in the capability that owns it
(``results``, ``sheets``, ``standings``). Code imports them from there, not from here."""

from scoring.ranking.models import (
    RankingEntry,
    RankingEvent,
    RankingResult,
    RankingSetting,
    RankingState,
    WeightOverride,
)
from scoring.results.models import SeatScore, TableResult
from scoring.sheets.models import HandConfirmation, ScoreSheet, SheetHand
from scoring.standings.models import FormatStandings, StandingsSnapshot

__all__ = [
    "FormatStandings",
    "HandConfirmation",
    "RankingEntry",
    "RankingEvent",
    "RankingResult",
    "RankingSetting",
    "RankingState",
    "ScoreSheet",
    "SeatScore",
    "SheetHand",
    "StandingsSnapshot",
    "TableResult",
    "WeightOverride",
]
