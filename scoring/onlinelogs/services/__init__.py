"""Writing a game log into a table's sheet, and a whole round's logs into their tables.

Every check happens before anything is written: the log's shape (``reading``), its players
(``reading.names``: each seat's online name is a player of the event, seated at this table in the
log's seat order), our rules reproducing it hand by hand (``rules.onlinelogs.check_log``) and
the hands already on the sheet being the log's first hands. Then the hands the sheet lacks
are added through ``scoring.sheets.services.add_hand`` in one transaction with the
``LogImport`` record; importing the same log again adds nothing. A log the sheet disagrees
with is refused (``SheetDisagrees``, HTTP 409) naming the first differing hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from rules import get_ruleset
from rules.hands import hand_json, parse_hand
from rules.onlinelogs import LogError, check_log
from rules.onlinelogs.convert import ImportedHand
from scoring.onlinelogs.models import LogImport
from scoring.onlinelogs.reading import GivenLog, ReadLog, log_error, read_log
from scoring.onlinelogs.reading.names import PLATFORM_NAMES, log_players
from scoring.sheets import services as sheets
from tournament import errors
from tournament.access.roles import is_director
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Table
from tournament.rounds.services.seats import create_table, seat_table

WINDS = ("E", "S", "W", "N")
KEY_PLATFORM = {"tenhou": "t", "majsoul": "m"}


class SheetDisagrees(errors.Conflict):
    """The sheet holds hands the log does not (HTTP 409): ``number`` is the first that
    differs, ``stored`` and ``logged`` the two versions (``None`` where one has no such
    hand); or the log is already imported at another table (``number`` None)."""

    def __init__(self, message: str, number: int | None = None, stored=None, logged=None):
        super().__init__(message)
        self.number = number
        self.stored = stored
        self.logged = logged

    def answer(self) -> dict:
        return {
            "detail": self.message,
            "hand": self.number,
            "sheet_hand": self.stored,
            "log_hand": self.logged,
        }


@dataclass
class Imported:
    record: LogImport
    added: int
    created: bool


def check_riichi_sheets(event: Any) -> None:
    if not event.keeps_score_sheets:
        raise ValidationError(_("This event keeps no score sheets."))
    ruleset = get_ruleset(event.ruleset)
    if ruleset.hand_rules is None or ruleset.hand_rules.family != "riichi":
        raise ValidationError(_("Game logs are imported into the score sheets of riichi events."))


def _checked_hands(event: Any, read: ReadLog) -> list[ImportedHand]:
    ruleset = get_ruleset(event.ruleset)
    options = ruleset.options(event.ruleset_options)
    try:
        hands, _sheet = check_log(
            read.log,
            lambda data: ruleset.play_sheet(data, event.ruleset_options),
            options["start_points"],
        )
    except LogError as error:
        raise log_error(error) from None
    return hands


def _name_list(names: list[str]) -> str:
    return ", ".join(names)


def check_seats(table: Table, read: ReadLog, players: list[Player | None]) -> None:
    """The log's four players are the table's, each in the seat the seating gave them."""
    log = read.log
    platform = PLATFORM_NAMES[log.platform]
    unknown = [log.names[i] for i, p in enumerate(players) if p is None]
    if unknown:
        raise ValidationError(
            {
                "log": [
                    _(
                        "No player of this event has the %(platform)s name %(names)s. Set the "
                        "players' online names first."
                    )
                    % {"platform": platform, "names": _name_list(unknown)}
                ]
            },
            code="players",
        )
    seats = {s.wind: s.player_id for s in Seat.objects.filter(table=table)}
    here = set(seats.values())
    strangers = [p for p in players if p.pk not in here]
    if strangers:
        elsewhere = _table_of(table.round, players)
        if elsewhere is not None:
            message = _("This log is the game of table %(other)d, not table %(table)d.") % {
                "other": elsewhere.number,
                "table": table.number,
            }
        else:
            message = _("Not seated at table %(table)d in this round: %(names)s.") % {
                "table": table.number,
                "names": _name_list([p.name for p in strangers]),
            }
        raise ValidationError({"log": [message]}, code="table")
    moved = [
        _("%(name)s is %(log_wind)s in the log, %(seat_wind)s in the seating")
        % {
            "name": p.name,
            "log_wind": _wind_name(i),
            "seat_wind": _wind_name(
                next(WINDS.index(w) for w, pid in seats.items() if pid == p.pk)
            ),
        }
        for i, p in enumerate(players)
        if seats.get(WINDS[i]) != p.pk
    ]
    if moved:
        raise ValidationError(
            {
                "log": [
                    _("The seats differ from the seating: %(moves)s.") % {"moves": "; ".join(moved)}
                ]
            },
            code="seats",
        )


def _wind_name(seat: int) -> str:
    return (_("East"), _("South"), _("West"), _("North"))[seat]


def _table_of(round_: Round, players: list[Player]) -> Table | None:
    """The table of ``round_`` whose players are exactly ``players``."""
    wanted = {p.pk for p in players}
    tables: dict[int, set[int]] = {}
    for seat in Seat.objects.filter(round=round_).select_related("table"):
        tables.setdefault(seat.table_id, set()).add(seat.player_id)
    for table_id, ids in tables.items():
        if ids == wanted:
            return Table.objects.get(pk=table_id)
    return None


def _normal(data: dict) -> dict:
    return hand_json(parse_hand({k: v for k, v in data.items() if k != "tiles"}))


def _compare(stored: list, hands: list[ImportedHand]) -> None:
    for hand, existing in zip(hands, stored, strict=False):
        if _normal(existing.data) != _normal(hand.data):
            raise SheetDisagrees(
                _(
                    "Hand %(number)d on the sheet differs from the log; nothing was imported. "
                    "Correct the sheet or check the log."
                )
                % {"number": hand.number},
                hand.number,
                existing.data,
                hand.data,
            )
    if len(stored) > len(hands):
        number = len(hands) + 1
        raise SheetDisagrees(
            _("The sheet has hand %(number)d, which the log does not; nothing was imported.")
            % {"number": number},
            number,
            stored[number - 1].data,
            None,
        )


def import_table_log(table: Table, given: GivenLog | ReadLog, *, author: sheets.Author) -> Imported:
    """Import the log into the table's sheet (see the module docstring)."""
    event = table.round.event
    sheets.check_author(table, author)
    check_riichi_sheets(event)
    read = given if isinstance(given, ReadLog) else read_log(given)
    players, problems = log_players(event, read.log)
    if problems:
        raise ValidationError({"log": problems}, code="players")
    check_seats(table, read, players)
    hands = _checked_hands(event, read)
    platform, log_id = read.log.platform, read.log_id
    try:
        with transaction.atomic():
            earlier = LogImport.objects.filter(
                event=event, platform=platform, log_id=log_id
            ).first()
            if earlier is not None and earlier.table_id != table.pk:
                raise SheetDisagrees(
                    _("This log is already imported at table %(table)d of round %(round)d.")
                    % {"table": earlier.table.number, "round": earlier.round.number}
                )
            stored = sheets.read_sheet(table).hands
            _compare(stored, hands)
            for hand in hands[len(stored) :]:
                data = {k: v for k, v in hand.data.items() if k != "tiles"}
                sheets.add_hand(
                    table,
                    data,
                    author=author,
                    number=hand.number,
                    idempotency_key=f"log:{KEY_PLATFORM[platform]}:{log_id}:{hand.number}"[:64],
                    same_again=True,
                    recorded_tiles=hand.data.get("tiles"),
                )
            added = len(hands) - len(stored)
            if earlier is not None:
                return Imported(earlier, added, False)
            record = LogImport.objects.create(
                event=event,
                round=table.round,
                table=table,
                platform=platform,
                log_id=log_id,
                digest=read.digest,
                content=read.content.decode("utf-8", "replace"),
                hands=added,
                imported_by=author.user,
                imported_by_player=author.player,
            )
            return Imported(record, added, True)
    except sheets.HandConflict as conflict:
        raise SheetDisagrees(conflict.message) from None
    except IntegrityError:
        raise SheetDisagrees(_("The sheet changed meanwhile. Reload and try again.")) from None


# A whole round ---------------------------------------------------------------------------------


@dataclass
class Proposal:
    """Where one of a round's logs goes: ``table`` (an existing table), or a new table
    ``new_number``; ``reseat`` when the table's players sit at other winds than in the log;
    ``players`` per log seat; ``problem`` why it cannot be imported as it is."""

    read: ReadLog
    players: list[Player | None] = field(default_factory=list)
    table: Table | None = None
    new_number: int | None = None
    reseat: bool = False
    problem: str = ""
    hands: int = 0

    @property
    def ready(self) -> bool:
        return not self.problem


def _check_director(round_: Round, user) -> None:
    if user is None or not is_director(user, round_.event):
        raise PermissionDenied(_("Only the event's director imports a round's logs."))


def propose_round(round_: Round, logs: list[ReadLog], *, user) -> list[Proposal]:
    """Match each log of the round to its table by its players' online names. Nothing is
    written."""
    event = round_.event
    _check_director(round_, user)
    check_riichi_sheets(event)
    seats = list(Seat.objects.filter(round=round_).select_related("table"))
    table_of = {s.player_id: s.table for s in seats}
    next_number = max((s.table.number for s in seats), default=0) + 1
    proposals, seen = [], set()
    for read in logs:
        proposal = Proposal(read)
        proposals.append(proposal)
        players, problems = log_players(event, read.log)
        proposal.players = players
        key = (read.log.platform, read.log_id)
        if key in seen:
            proposal.problem = _("The same log is given twice.")
            continue
        seen.add(key)
        if problems or None in players:
            unknown = [read.log.names[i] for i, p in enumerate(players) if p is None]
            proposal.problem = " ".join(
                problems
                or [
                    _("No player of this event has the %(platform)s name %(names)s.")
                    % {"platform": PLATFORM_NAMES[read.log.platform], "names": _name_list(unknown)}
                ]
            )
            continue
        tables = {table_of.get(p.pk) for p in players}
        if tables == {None}:
            proposal.new_number = next_number
            next_number += 1
        elif len(tables) == 1:
            table = tables.pop()
            proposal.table = table
            winds = {s.player_id: s.wind for s in seats if s.table_id == table.pk}
            proposal.reseat = any(winds.get(p.pk) != WINDS[i] for i, p in enumerate(players))
            if proposal.reseat and sheets.read_sheet(table).hands:
                proposal.problem = _(
                    "Table %(table)d already has hands on its sheet with another seating."
                ) % {"table": table.number}
                continue
        else:
            proposal.problem = _("These players sit at different tables: %(tables)s.") % {
                "tables": ", ".join(str(t.number) for t in tables if t is not None)
            }
            continue
        try:
            proposal.hands = len(_checked_hands(event, read))
        except ValidationError as error:
            proposal.problem = " ".join(error.messages)
    return proposals


def import_round(round_: Round, logs: list[ReadLog], *, user) -> list[Imported]:
    """Import every log of the round as ``propose_round`` matched it, seating a new table or
    re-seating a table as its log says; all or nothing."""
    proposals = propose_round(round_, logs, user=user)
    refused = [p for p in proposals if not p.ready]
    if refused:
        raise ValidationError({"logs": [p.problem for p in refused]}, code="proposal")
    author = sheets.Author(user=user)
    done = []
    with transaction.atomic():
        for proposal in proposals:
            table = proposal.table
            mapping = {WINDS[i]: p.pk for i, p in enumerate(proposal.players)}
            if table is None:
                table = create_table(round_, number=proposal.new_number)
                seat_table(table, mapping)
            elif proposal.reseat:
                seat_table(table, mapping)
            table.round = round_
            done.append(import_table_log(table, proposal.read, author=author))
    return done
