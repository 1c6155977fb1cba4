"""Tables and seats of a round."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, ProtectedError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.events.models import MAX_NUMBER, Event
from tournament.notify.services import producers as notify
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, Table
from tournament.rounds.services import check_round_open
from tournament.writes import WINDS, bump_revision, integrity_error


def lock_table(table: Table) -> None:
    """Serialise writers of this table (its seats, its result); a no-op on SQLite, whose
    writers are serial.

    The table's row only: with the model's ordering (round, then the round's event) the query
    would join the round and the event, and ``FOR UPDATE`` would lock their rows too, so that
    every write anywhere in the event (a score sheet closing, say) waited for the others, and
    so did every insert naming the event or the round."""
    list(Table.objects.select_for_update().filter(pk=table.pk).order_by().values_list("pk"))


def create_table(round_: Round, *, number: int | None = None, label: str = "") -> Table:
    check_round_open(round_)
    with transaction.atomic():
        if number is None:
            number = (round_.tables.aggregate(m=Max("number"))["m"] or 0) + 1
        if not 1 <= number <= MAX_NUMBER:
            raise ValidationError(
                {"number": [_("Table numbers run from 1 to %(max)d.") % {"max": MAX_NUMBER}]}
            )
        if round_.tables.filter(number=number).exists():
            raise ValidationError(
                {
                    "number": [
                        _("Table %(number)d already exists in this round.") % {"number": number}
                    ]
                }
            )
        return Table.objects.create(round=round_, number=number, label=label)


def _player_name(event: Event, pid: int) -> str:
    """A player's name for a message (never an id): one query, only when there is a problem."""
    name = event.players.filter(pk=pid).values_list("name", flat=True).first()
    return name or _("A player who is not registered in this event")


def _players_by_id(event: Event, ids: Iterable[int]) -> dict[int, Player]:
    wanted = set(ids)
    found = {p.pk: p for p in event.players.filter(pk__in=wanted)}
    missing = wanted - set(found)
    if missing:
        raise ValidationError(
            {
                "seats": [
                    ngettext(
                        "A chosen player is not registered in this event (any more); reload "
                        "the page and choose again.",
                        "%(count)d chosen players are not registered in this event (any more); "
                        "reload the page and choose again.",
                        len(missing),
                    )
                    % {"count": len(missing)}
                ]
            }
        )
    return found


def seat_table(table: Table, seats: Mapping[str, int | None]) -> list[Seat]:
    """Replace the seating of one table: ``seats`` maps wind (E/S/W/N) to a player id."""
    round_ = table.round
    check_round_open(round_)
    errors: list[str] = []
    unknown = [w for w in seats if w not in WINDS]
    if unknown:
        errors.append(
            _("Unknown wind(s) %(winds)s; use E, S, W, N.")
            % {"winds": ", ".join(map(str, unknown))}
        )
    wanted = {w: p for w, p in seats.items() if p is not None and w in WINDS}
    ids = list(wanted.values())
    if len(ids) != len(set(ids)):
        errors.append(_("A player can take only one seat at a table."))
    if errors:
        raise ValidationError({"seats": errors})
    players = _players_by_id(round_.event, ids)
    elsewhere = list(
        Seat.objects.filter(round=round_, player_id__in=ids)
        .exclude(table=table)
        .select_related("table", "player")
    )
    if elsewhere:
        raise ValidationError(
            {
                "seats": [
                    _("%(player)s already sits at table %(table)d in this round.")
                    % {"player": s.player.name, "table": s.table.number}
                    for s in elsewhere
                ]
            }
        )
    try:
        with transaction.atomic():
            lock_table(table)
            current = dict(table.seats.values_list("wind", "player_id"))
            if current != wanted and (table.results.exists() or table.foul_reports.exists()):
                # A result or a foul names the players of this seating: moving them would
                # leave records of people who did not sit here (and a counting result
                # crediting them).
                raise ValidationError(
                    {
                        "seats": [
                            _(
                                "Table %(table)d already has a result or fouls recorded for the "
                                "players seated there; its seating cannot change any more."
                            )
                            % {"table": table.number}
                        ]
                    }
                )
            table.seats.all().delete()
            created = Seat.objects.bulk_create(
                [
                    Seat(table=table, round=round_, wind=w, player=players[p])
                    for w, p in wanted.items()
                ]
            )
            bump_revision(round_.event)
            notify.after_seating(round_)
    except IntegrityError as exc:
        raise integrity_error(exc) from exc
    return created


def move_seats(table: Table, after: Mapping[str, int]) -> None:
    """Inside the caller's transaction, with the table locked: the same four players at the
    winds ``after`` gives. For a correction after play (``scoring.reseat``), which re-attributes
    what was recorded at the table itself; ``seat_table`` refuses to move seated players once a
    result or a foul names them."""
    check_round_open(table.round)
    try:
        with transaction.atomic():
            table.seats.all().delete()
            Seat.objects.bulk_create(
                [
                    Seat(table=table, round_id=table.round_id, wind=wind, player_id=after[wind])
                    for wind in WINDS
                ]
            )
    except IntegrityError as exc:
        raise integrity_error(exc) from exc


def seat_round(round_: Round, tables: Sequence[Sequence[int | None]]) -> list[Table]:
    """Replace the whole seating of a round. ``tables[i]`` lists the player ids of table i+1 in
    wind order E, S, W, N (``None`` for an empty seat)."""
    check_round_open(round_)
    errors: list[str] = []
    seen: dict[int, int] = {}
    for number, players in enumerate(tables, start=1):
        if len(players) > 4:
            errors.append(
                ngettext(
                    "Table %(table)d has %(count)d player; a table seats four.",
                    "Table %(table)d has %(count)d players; a table seats four.",
                    len(players),
                )
                % {"table": number, "count": len(players)}
            )
        for pid in players:
            if pid is None:
                continue
            if pid in seen:
                errors.append(
                    _("%(player)s is seated at table %(first)d and table %(second)d.")
                    % {
                        "player": _player_name(round_.event, pid),
                        "first": seen[pid],
                        "second": number,
                    }
                )
            seen[pid] = number
    if errors:
        raise ValidationError({"seats": errors})
    players = _players_by_id(round_.event, seen)
    try:
        with transaction.atomic():
            Seat.objects.filter(round=round_).delete()
            round_.tables.all().delete()
            created_tables = Table.objects.bulk_create(
                [Table(round=round_, number=n) for n in range(1, len(tables) + 1)]
            )
            Seat.objects.bulk_create(
                [
                    Seat(table=table, round=round_, wind=WINDS[i], player=players[pid])
                    for table, ids in zip(created_tables, tables, strict=True)
                    for i, pid in enumerate(ids)
                    if pid is not None
                ]
            )
            if round_.status == Round.Status.PLANNED and seen:
                round_.status = Round.Status.SEATED
                round_.save(update_fields=["status"])
            bump_revision(round_.event)
            notify.after_seating(round_)
    except ProtectedError as exc:
        raise ValidationError(
            {
                "seats": [
                    _(
                        "Results or fouls are already recorded for this round's tables; "
                        "change the seating of single tables instead."
                    )
                ]
            }
        ) from exc
    except IntegrityError as exc:
        raise integrity_error(exc) from exc
    return created_tables
