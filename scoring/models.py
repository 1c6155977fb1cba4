"""The app's models, as Django finds them: each is defined in the capability that owns it
(``results``, ``sheets``, ``standings``, ``ranking``, ``stats``). Code imports them from there,
not from here."""

from scoring.onlinelogs.models import LogImport, OnlineName
from scoring.ranking.models import (
    RankingEntry,
    RankingEvent,
    RankingResult,
    RankingSetting,
    RankingState,
    WeightOverride,
)
from scoring.reseat.models import SeatCorrection
from scoring.results.models import SeatScore, TableResult
from scoring.sheets.models import HandConfirmation, ScoreSheet, SheetHand
from scoring.standings.models import FormatStandings, StandingsSnapshot
from scoring.stats.models import AwardPublication

__all__ = [
    "AwardPublication",
    "FormatStandings",
    "HandConfirmation",
    "LogImport",
    "OnlineName",
    "RankingEntry",
    "RankingEvent",
    "RankingResult",
    "RankingSetting",
    "RankingState",
    "ScoreSheet",
    "SeatCorrection",
    "SeatScore",
    "SheetHand",
    "StandingsSnapshot",
    "TableResult",
    "WeightOverride",
]
