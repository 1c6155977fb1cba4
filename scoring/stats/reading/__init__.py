"""Reading the statistics: the games of one player, of an event's players or of a person, read
from the hands that count (``scoring.sheets.services.counted_sheet``, the rule the sheets'
totals use) and figured by ``rules.statistics``.

Each reading costs a constant number of queries, whatever the number of hands (the seats, the
hands with their sheets, the chombo reports), and is kept in Django's cache under the events'
revisions and a marker of the sheets it read (``scoring.sheets.services.sheets_marker`` over
the player's or the person's sheets, ``sheet_marker`` over the event's): a result, a renamed
player, a foul or a changed option moves the revision; a hand, a confirmation, a dispute or its
resolution moves the marker. Nothing is kept per process. Names are sorted in the reader's
language after the cache, so one reading serves every language."""

from __future__ import annotations

import hashlib
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.db.models import F, Q

from penalties.models import FoulReport
from rules import get_ruleset
from rules import statistics as st
from scoring.sheets import services as sheets
from scoring.sheets.entry.reading import with_confirmation
from scoring.sheets.models import ScoreSheet, SheetHand
from scoring.stats.models import AwardPublication
from scoring.stats.reading.names import Shown, shown
from tournament.collation import by_name
from tournament.events.models import Event
from tournament.persons.models import Person
from tournament.players.models import Player
from tournament.rounds.models import Seat

CACHE_SECONDS = 24 * 3600
FORMAT = 1  # moves when what is kept changes shape
CHOMBO = "chombo"
# What reading a sheet's hands that count needs of each version (``latest_hands``, the
# rulebook's play, the tiles).
HAND_FIELDS = (
    "sheet_id", "number", "version", "kind", "data", "entered_by_player_id", "foul_report_id",
)  # fmt: skip


class SeatRow(NamedTuple):
    event: int
    player: int
    name: str
    table_id: int
    wind: str
    round: int
    table: int


@dataclass(frozen=True)
class GameLine:
    """A game as the pages show it: where, the four players (by seat), the player's ``seat``,
    every seat's score at the start and after each hand, and whether the sheet is closed."""

    round: int
    table: int
    seat: int
    names: tuple[str, str, str, str]
    players: tuple[int | None, int | None, int | None, int | None]
    scores: tuple[st.Scores, ...]
    closed: bool


@dataclass(frozen=True)
class PlayerStatistics:
    player: int
    name: str
    family: str
    stats: st.PlayerStats
    games: tuple[GameLine, ...] = ()

    @property
    def shown(self) -> Shown:
        return shown(self.stats)


@dataclass(frozen=True)
class EventStatistics:
    """Every player's figures in an event and its awards, read at ``as_of`` (a timestamp)."""

    family: str
    players: tuple[PlayerStatistics, ...]
    awards: tuple[st.Award, ...]
    as_of: float = 0.0

    @property
    def as_of_time(self) -> datetime:
        return datetime.fromtimestamp(self.as_of, tz=UTC)


@dataclass(frozen=True)
class PersonEvent:
    event: int
    slug: str
    name: str
    player: int
    stats: st.PlayerStats

    @property
    def shown(self) -> Shown:
        return shown(self.stats)


@dataclass(frozen=True)
class PersonFamily:
    """A person's figures over every public event of a ruleset family, and per event."""

    family: str
    stats: st.PlayerStats
    events: tuple[PersonEvent, ...]

    @property
    def shown(self) -> Shown:
        return shown(self.stats)


def family_of(event: Event) -> str:
    rules = get_ruleset(event.ruleset).hand_rules
    return rules.family if rules is not None else st.POINTS


def _seats(condition: Q) -> list[SeatRow]:
    return [
        SeatRow(*row)
        for row in Seat.objects.filter(condition)
        .order_by()
        .values_list(
            "round__event_id",
            "player_id",
            "player__name",
            "table_id",
            "wind",
            "round__number",
            "table__number",
        )
    ]


def _games(
    events: Mapping[int, Event], seats: Iterable[SeatRow], hands: Q, wanted: set[int]
) -> dict[int, list[tuple[st.Game, GameLine]]]:
    """Per player in ``wanted``: their games (in round order) at the tables of ``seats``, read
    from the hand versions that ``hands`` selects. One query."""
    tables: dict[int, dict[int, SeatRow]] = defaultdict(dict)
    for row in seats:
        tables[row.table_id][sheets.WINDS.index(row.wind)] = row
    versions: dict[int, list[SheetHand]] = defaultdict(list)
    # Only what the selection of the hands that count and the figures read: model instances
    # with every field (and their sheets) cost more than playing the sheets out.
    rows = (
        SheetHand.objects.filter(hands)
        .only(*HAND_FIELDS)
        .annotate(
            table_id=F("sheet__table_id"),
            event_id=F("sheet__event_id"),
            closed=Q(sheet__status=ScoreSheet.Status.CLOSED),
        )
    )
    for hand in with_confirmation(rows):
        versions[hand.sheet_id].append(hand)
    found: dict[int, list[tuple[st.Game, GameLine]]] = defaultdict(list)
    for stored in versions.values():
        sheet = stored[0]
        at = tables.get(sheet.table_id)
        if not at or sheet.event_id not in events:
            continue
        counted, played = sheets.counted_sheet(events[sheet.event_id], stored)
        if not counted:
            continue
        data = tuple(hand.data for hand in counted)
        names = tuple(at[s].name if s in at else "" for s in range(4))
        players = tuple(at[s].player if s in at else None for s in range(4))
        scores = st.scores(played)
        for seat, row in at.items():
            if row.player not in wanted:
                continue
            label = (row.event, row.round, row.table)
            line = GameLine(
                row.round,
                row.table,
                seat,
                names,
                players,
                scores,
                bool(sheet.closed),
            )
            found[row.player].append((st.Game(seat, played, data, label), line))
    for games in found.values():
        games.sort(key=lambda pair: pair[0].label)
    return found


def _chombos(condition: Q) -> Counter[int]:
    """Per player: the chombo reports naming them (offender or co-offender) that stand (not
    voided; a re-priced report is voided by its replacement). One query."""
    named: dict[int, set[int]] = defaultdict(set)
    for report, offender, co_offender in (
        FoulReport.objects.filter(condition, code=CHOMBO, void__isnull=True)
        .order_by()
        .values_list("pk", "offender_id", "co_offenders__id")
    ):
        named[report].add(offender)
        if co_offender is not None:
            named[report].add(co_offender)
    return Counter(player for players in named.values() for player in players)


def _kept(key: str, compute):
    found = cache.get(key)
    if found is None:
        found = (compute(),)
        cache.set(key, found, CACHE_SECONDS)
    return found[0]


def player_marker(event: Event, player_id: int) -> str:
    """What the player's statistics move with besides the event's revision: the hands,
    confirmations, disputes and resolutions of the sheets of the player's tables. One query,
    which reads only those sheets."""
    return sheets.sheets_marker(event, table__seats__player_id=player_id)


def player_statistics(
    event: Event, player_id: int, *, marker: str | None = None
) -> PlayerStatistics | None:
    """The player's figures and games in ``event``: ``None`` when the event keeps no sheets or
    the player has no hand on one. Kept in the cache; otherwise three queries (and one for
    ``player_marker``, unless given)."""
    if not event.keeps_score_sheets:
        return None
    if marker is None:
        marker = player_marker(event, player_id)

    def compute() -> PlayerStatistics | None:
        seats = _seats(Q(table__seats__player_id=player_id))
        mine = [row for row in seats if row.player == player_id]
        if not mine:
            return None
        tables = list({row.table_id for row in mine})
        games = _games({event.pk: event}, seats, Q(sheet__table_id__in=tables), {player_id})
        played = games.get(player_id, [])
        if not played:
            return None
        chombo = _chombos(Q(offender_id=player_id) | Q(co_offenders__id=player_id))
        family = family_of(event)
        stats = st.player_stats(family, [g for g, _line in played], chombo[player_id])
        return PlayerStatistics(
            player_id, mine[0].name, family, stats, tuple(line for _g, line in played)
        )

    key = f"stats:{FORMAT}:player:{event.pk}:{event.revision}{marker}:{player_id}"
    return _kept(key, compute)


def event_statistics(event: Event, *, marker: str | None = None) -> EventStatistics | None:
    """Every player's figures in ``event`` (without their games), in the reader's language's
    order of names, and the awards they give. Kept in the cache under the event's revision and
    sheets' marker; while hands come in (the marker moves, the revision does not), the last
    reading serves for ``STATS_EVENT_SECONDS``: reading every hand of a big event costs a
    second or two, and a hand comes in every few seconds during a round. Otherwise three
    queries (and one for the marker, unless given)."""
    if not event.keeps_score_sheets:
        return None
    if marker is None:
        marker = sheets.sheet_marker(event)

    def compute() -> tuple[str, tuple[PlayerStatistics, ...]]:
        seats = _seats(Q(round__event=event))
        wanted = {row.player for row in seats}
        games = _games({event.pk: event}, seats, Q(sheet__event=event), wanted)
        chombo = _chombos(Q(event=event))
        names = {row.player: row.name for row in seats}
        family = family_of(event)
        return family, tuple(
            PlayerStatistics(
                player,
                names[player],
                family,
                st.player_stats(family, [g for g, _line in played], chombo[player]),
            )
            for player, played in games.items()
        )

    key = f"stats:{FORMAT}:event:{event.pk}:{event.revision}{marker}"
    latest_key = f"stats:{FORMAT}:event-latest:{event.pk}"
    found = cache.get(key)
    if found is None:
        latest = cache.get(latest_key)
        fresh = time.time() - settings.STATS_EVENT_SECONDS
        if latest is not None and latest[0] == event.revision and latest[1][2] > fresh:
            found = latest[1]
        else:
            found = (*compute(), time.time())
            cache.set(key, found, CACHE_SECONDS)
            cache.set(latest_key, (event.revision, found), CACHE_SECONDS)
    family, players, as_of = found
    ordered = tuple(by_name(players))
    awards = st.awards({p.player: p.stats for p in ordered})
    return EventStatistics(family, ordered, awards, as_of)


def person_statistics(person: Person) -> list[PersonFamily]:
    """The person's figures per ruleset family over the public events keeping score sheets
    they played, and per event (the latest first). Two queries to know whether the cache
    holds them; otherwise three more."""
    players = list(
        Player.objects.filter(person=person, event__is_public=True, event__keeps_score_sheets=True)
        .select_related("event")
        .order_by("-event__end_date", "-event__start_date", "-event_id")
    )
    if not players:
        return []
    events = {p.event_id: p.event for p in players}
    ids = {p.pk for p in players}
    marker = sheets.sheets_marker(players[0].event, table__seats__player__in=ids)
    fresh = ",".join(f"{p.pk}.{p.event_id}.{p.event.revision}" for p in players) + marker

    def compute() -> list[PersonFamily]:
        seats = _seats(Q(table__seats__player__in=ids))
        tables = list({row.table_id for row in seats if row.player in ids})
        games = _games(events, seats, Q(sheet__table_id__in=tables), ids)
        chombo = _chombos(Q(offender__in=ids) | Q(co_offenders__in=ids))
        families: dict[str, list[tuple[Player, list[st.Game]]]] = defaultdict(list)
        for p in players:
            played = [g for g, _line in games.get(p.pk, [])]
            if played:
                families[family_of(p.event)].append((p, played))
        return [
            PersonFamily(
                family,
                st.player_stats(
                    family,
                    [g for _p, played in rows for g in played],
                    sum(chombo[p.pk] for p, _played in rows),
                ),
                tuple(
                    PersonEvent(
                        p.event_id,
                        p.event.slug,
                        p.event.name,
                        p.pk,
                        st.player_stats(family, played, chombo[p.pk]),
                    )
                    for p, played in rows
                ),
            )
            for family, rows in sorted(families.items())
        ]

    digest = hashlib.sha1(fresh.encode(), usedforsecurity=False).hexdigest()
    return _kept(f"stats:{FORMAT}:person:{person.pk}:{digest}", compute)


def latest_publication(event: Event) -> AwardPublication | None:
    """The director's latest publication of the awards (the one in force). One query."""
    return AwardPublication.objects.filter(event=event).order_by("-pk").first()


def published(found: EventStatistics, publication: AwardPublication | None) -> EventStatistics:
    """``found`` with only the awards ``publication`` made public."""
    kinds = set(publication.awards) if publication is not None else set()
    return replace(found, awards=tuple(a for a in found.awards if a.kind in kinds))
