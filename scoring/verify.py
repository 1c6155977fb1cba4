"""Integrity checks over what is stored: the ledger against itself, and the standings snapshot
against a recomputation from scratch. Used by ``manage.py verify``.

Each check returns human-readable differences; an empty list means the event is consistent.
"""

from __future__ import annotations

from collections import defaultdict

from penalties.models import FoulReport, LedgerEntry, Void
from rules import REVERSIBLE_KINDS, RuleError, get_ruleset
from scoring.results.models import SeatScore, TableResult
from scoring.standings.models import FormatStandings, StandingsSnapshot
from scoring.standings.reading.compute import compute, compute_event
from tournament.events.models import Event
from tournament.events.reading.pricing import reprice, standing_reports
from tournament.rounds.models import Seat


def ledger_differences(event: Event) -> list[str]:
    problems: list[str] = []
    entries = list(LedgerEntry.objects.filter(event=event).order_by("pk"))
    by_pk = {e.pk: e for e in entries}
    reports = {r.pk: r for r in FoulReport.objects.filter(event=event)}
    voided = set(Void.objects.filter(report__event=event).values_list("report_id", flat=True))
    seated = set(Seat.objects.filter(round__event=event).values_list("table_id", "player_id"))
    reversed_once: dict[int, int] = defaultdict(int)
    for e in entries:
        report = reports.get(e.report_id)
        if report is None:
            problems.append(f"entry {e.pk}: its report {e.report_id} is not in this event")
            continue
        if (e.round_id, e.table_id) != (report.round_id, report.table_id):
            problems.append(f"entry {e.pk}: table or round differs from report {report.pk}")
        if e.kind == LedgerEntry.Kind.TRANSFER:
            if e.counterpart_id is None or e.counterpart_id == e.player_id:
                problems.append(f"entry {e.pk}: a transfer needs another player to receive it")
            elif (e.table_id, e.counterpart_id) not in seated:
                problems.append(f"entry {e.pk}: the receiver did not sit at that table")
        if (e.table_id, e.player_id) not in seated:
            problems.append(f"entry {e.pk}: player {e.player_id} did not sit at that table")
        if e.reverses_id is None:
            if e.void_id is not None:
                problems.append(f"entry {e.pk}: written by a void but reverses nothing")
            continue
        original = by_pk.get(e.reverses_id)
        reversed_once[e.reverses_id] += 1
        if original is None:
            problems.append(f"entry {e.pk}: reverses {e.reverses_id}, not in this event")
            continue
        mirrored = (
            original.player_id == e.player_id
            and original.counterpart_id == e.counterpart_id
            and original.kind == e.kind
            and original.scope == e.scope
            and original.points == -e.points
            and original.report_id == e.report_id
        )
        if not mirrored:
            problems.append(f"entry {e.pk}: does not mirror entry {original.pk} it reverses")
        if original.reverses_id is not None:
            problems.append(f"entry {e.pk}: reverses a reversal ({original.pk})")
        if e.report_id not in voided:
            problems.append(f"entry {e.pk}: a reversal for report {e.report_id}, never voided")
    for pk, count in reversed_once.items():
        if count > 1:
            problems.append(f"entry {pk}: reversed {count} times")
    for e in entries:
        if (
            e.report_id in voided
            and e.reverses_id is None
            and e.kind in REVERSIBLE_KINDS
            and reversed_once.get(e.pk, 0) != 1
        ):
            problems.append(
                f"entry {e.pk}: report {e.report_id} is voided but this is not reversed"
            )
    return problems


def pricing_differences(event: Event) -> list[str]:
    """Results and fouls priced under another ruleset than the event's, and every standing
    report priced again under its recorded ruleset version and compared with its entries (a
    raw change of an amount shows here even after a reconcile)."""
    problems: list[str] = []
    for pk, key in (
        TableResult.objects.filter(event=event)
        .exclude(ruleset_key="")
        .exclude(ruleset_key=event.ruleset)
        .values_list("pk", "ruleset_key")
    ):
        problems.append(
            f"result {pk}: entered under the {key} ruleset, the event uses {event.ruleset}"
        )
    for pk, key in (
        LedgerEntry.objects.filter(event=event, reverses__isnull=True, reversed_by__isnull=True)
        .exclude(ruleset_key=event.ruleset)
        .values_list("pk", "ruleset_key")
    ):
        problems.append(
            f"entry {pk}: priced under the {key} ruleset, the event uses {event.ruleset}"
        )
    by_ruleset: dict[str, list] = defaultdict(list)
    for report in standing_reports(event):
        by_ruleset[report.ruleset_key].append(report)
    for key, reports in sorted(by_ruleset.items()):
        try:
            version = get_ruleset(key).version
        except RuleError:
            problems.append(f"reports {[r.pk for r in reports]}: unknown ruleset {key}")
            continue
        current = [r for r in reports if r.ruleset_version == version]
        for r in reports:
            if r.ruleset_version != version:
                problems.append(
                    f"report {r.pk}: priced under {r.ruleset_version}, which this release "
                    f"cannot re-price ({version}); re-price the event"
                )
        for item in reprice(event, key, event.ruleset_options, current):
            if item.lines is None:
                problems.append(f"report {item.report.pk}: cannot be priced again: {item.problem}")
            elif item.differs:
                problems.append(
                    f"report {item.report.pk}: its entries hold {item.stored}, "
                    f"the {item.report.ruleset_version} rules price it {item.lines}"
                )
    return problems


def result_differences(event: Event) -> list[str]:
    """Every result version scores exactly the players seated at its table."""
    seated: dict[int, set[int]] = defaultdict(set)
    for table_id, player_id in Seat.objects.filter(round__event=event).values_list(
        "table_id", "player_id"
    ):
        seated[table_id].add(player_id)
    scored: dict[tuple[int, int], set[int]] = defaultdict(set)
    for result_id, table_id, player_id in SeatScore.objects.filter(result__event=event).values_list(
        "result_id", "result__table_id", "player_id"
    ):
        scored[(result_id, table_id)].add(player_id)
    problems = []
    for (result_id, table_id), players in sorted(scored.items()):
        if players != seated.get(table_id, set()):
            problems.append(
                f"result {result_id}: scores players {sorted(players)}, "
                f"table {table_id} seats {sorted(seated.get(table_id, set()))}"
            )
    return problems


def _ledger_penalties(event: Event) -> dict[int, int]:
    """Per player, the points the ledger says they gained or lost, summed row by row in
    Python: independent of the reconcile's bulk reads. Table-scope points count
    where the player sits in the table's counting result (until a result is entered they
    change no standings); overall deductions always count."""
    counted = set(
        SeatScore.objects.filter(result__event=event, result__counts=True).values_list(
            "result__table_id", "player_id"
        )
    )
    totals: dict[int, int] = defaultdict(int)

    def add(player: int, points: int, table: int, scope: str) -> None:
        if scope == LedgerEntry.Scope.OVERALL or (table, player) in counted:
            totals[player] += points

    for e in LedgerEntry.objects.filter(event=event).only(
        "player_id", "counterpart_id", "table_id", "kind", "scope", "points"
    ):
        if e.kind == LedgerEntry.Kind.TRANSFER:
            add(e.player_id, -e.points, e.table_id, e.scope)
            add(e.counterpart_id, e.points, e.table_id, e.scope)
        elif e.kind == LedgerEntry.Kind.DEDUCT:
            add(e.player_id, e.points, e.table_id, e.scope)
    return totals


def standings_differences(event: Event) -> list[str]:
    problems: list[str] = []
    snapshot = StandingsSnapshot.objects.filter(event=event).first()
    if snapshot is None or snapshot.revision < 0:
        return ["the standings were never computed"]
    if snapshot.revision != event.revision:
        problems.append(
            f"the snapshot is at revision {snapshot.revision}, the event at {event.revision}"
        )
    _revision, _method, rows = compute(event.pk)
    stored = {row["player"]: row for row in snapshot.rows}
    fresh = {row["player"]: row for row in rows}
    if set(stored) != set(fresh):
        problems.append("the snapshot and a recomputation rank different players")
    for player, row in fresh.items():
        old = stored.get(player)
        if old is None:
            continue
        for key in ("place", "total", "table_points", "score", "penalties", "dropped", "rounds"):
            if old.get(key) != row.get(key):
                problems.append(
                    f"player {player} ({row['name']}): stored {key} {old.get(key)!r}, "
                    f"recomputed {row.get(key)!r}"
                )
    ledger = _ledger_penalties(event)
    for player, row in stored.items():
        if ledger.get(player, 0) != row["penalties"]:
            problems.append(
                f"player {player} ({row['name']}): standings show penalties {row['penalties']}, "
                f"the ledger sums to {ledger.get(player, 0)}"
            )
    return problems


def event_differences(event: Event) -> list[str]:
    """Every check of one event. A check that crashes (a row no check foresaw) is reported as
    a difference, so that ``verify`` still goes on to the other checks and events."""
    problems: list[str] = []
    checks = (
        ledger_differences,
        result_differences,
        pricing_differences,
        standings_differences,
        sheet_differences,
        format_differences,
    )
    for check in checks:
        try:
            problems += check(event)
        except Exception as exc:  # noqa: BLE001 - reported, never hidden
            problems.append(f"{check.__name__} failed: {type(exc).__name__}: {exc}")
    return problems


def sheet_differences(event: Event) -> list[str]:
    """Every sheet-derived table result against what its sheet's hands add up to."""
    from scoring.sheets.services import sheet_differences as differences

    return differences(event)


def format_differences(event: Event) -> list[str]:
    """Team and stage standings and the final ranking as stored, against a recomputation from
    scratch (table results and ledger through a fresh snapshot, then the format)."""
    has_teams = event.teams.exists()
    has_stages = event.stages.exists()
    if not (has_teams or has_stages):
        return []
    stored = FormatStandings.objects.filter(event=event).first()
    if stored is None:
        return ["the team and stage standings were never computed"]
    problems: list[str] = []
    revision = Event.objects.values_list("revision", flat=True).get(pk=event.pk)
    if stored.revision != revision:
        problems.append(
            f"the team and stage standings are at revision {stored.revision}, the event at "
            f"{revision}"
        )
    computed = compute_event(event.pk, with_formats=True)
    fresh = computed.formats if computed is not None and computed.formats else {}
    old = stored.data
    if old.get("teams") != fresh.get("teams"):
        problems.append("the team standings differ from a recomputation")
    names = dict(event.stages.values_list("number", "name"))
    for group in ("stages", "consolation"):
        for number in sorted(set(old.get(group, {})) | set(fresh.get(group, {})), key=int):
            if old.get(group, {}).get(number) != fresh.get(group, {}).get(number):
                what = "stage" if group == "stages" else "consolation group of stage"
                problems.append(
                    f"{what} {names.get(int(number), number)}: stored standings differ from a "
                    "recomputation"
                )
    if old.get("final") != fresh.get("final"):
        problems.append("the final ranking differs from a recomputation")
    return problems
