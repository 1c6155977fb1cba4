"""The director's side of stages: confirming a cut, and seating a round of a stage (by rank,
progressive, or the generator within the stage's players). The live cut line is ``reading``.

These need the standings, so they live in ``scoring`` and write ``tournament`` rows through
its services (the dependency points downwards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import seating
from rules import formats as rf
from rules.errors import RuleError
from scoring.formats.reading import cut_view, previous_stage
from scoring.standings.reading.compute import current_formats as current
from tournament.channels import services as channels
from tournament.events.models import Event
from tournament.formats.models import CutDecision, Stage
from tournament.notify import services as notify
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat
from tournament.rounds.services import create_round
from tournament.rounds.services.seats import seat_round
from tournament.writes import bump_revision


def _names(event: Event, ids: Sequence[int]) -> str:
    names = dict(event.players.filter(pk__in=ids).values_list("pk", "name"))
    return ", ".join(names.get(i, str(i)) for i in ids)


def confirm_cut(stage: Stage, user: AbstractBaseUser, chosen: Sequence[Any] = ()) -> CutDecision:
    """Fix who goes on to ``stage``: the top players of the stage before, and where players
    are still tied at the line, the director's ``chosen`` among them. Records the standing at
    the cut. Refused (nothing written) while a round of the stage before is open, once the
    stage's rounds are seated, or when the choice does not fill the line."""
    event = stage.event
    if hasattr(stage, "cut"):
        raise ValidationError(
            _("The cut of stage %(name)s is already confirmed.") % {"name": stage.name}
        )
    previous = previous_stage(stage)
    if previous is None or not stage.cut_size:
        raise ValidationError(_("This stage does not start with a cut."))
    rounds = list(
        event.rounds.filter(number__gte=previous.first_round, number__lte=previous.last_round)
    )
    open_rounds = [r.number for r in rounds if r.status != Round.Status.CLOSED]
    if not rounds or open_rounds:
        raise ValidationError(
            _("Close every round of stage %(name)s before the cut (open: %(rounds)s).")
            % {
                "name": previous.name,
                "rounds": ", ".join(map(str, open_rounds)) or _("no round played"),
            }
        )
    if Seat.objects.filter(
        round__event=event,
        round__number__gte=stage.first_round,
        round__number__lte=stage.last_round,
    ).exists():
        raise ValidationError(
            _("Rounds of stage %(name)s are already seated; clear them before the cut.")
            % {"name": stage.name}
        )
    try:
        chosen_ids = [int(c) for c in chosen]
    except (TypeError, ValueError):
        raise ValidationError(_("Choose players among those tied at the cut line.")) from None
    view = cut_view(stage)
    if view.line is None:
        raise ValidationError(view.error)
    try:
        qualified = rf.decide_cut(view.line, chosen_ids)
    except RuleError:
        if view.line.needs_decision:
            raise ValidationError(
                ngettext(
                    "%(tied)s are tied at the cut line: choose %(count)d of them to go on.",
                    "%(tied)s are tied at the cut line: choose %(count)d of them to go on.",
                    view.line.open_seats,
                )
                % {"tied": _names(event, list(view.line.tied)), "count": view.line.open_seats}
            ) from None
        raise ValidationError(_("There is no tie at the cut line to decide.")) from None
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        if CutDecision.objects.filter(stage=stage).exists():
            raise ValidationError(
                _("The cut of stage %(name)s is already confirmed.") % {"name": stage.name}
            )
        decision = CutDecision.objects.create(
            stage=stage,
            standing=[[who, place] for place, who, *_values in view.standing],
            tied=list(view.line.tied),
            chosen=chosen_ids,
            qualified=list(qualified),
            revision=Event.objects.values_list("revision", flat=True).get(pk=event.pk),
            decided_by=user,
        )
        bump_revision(event)
        transaction.on_commit(lambda: _tell_players(event, previous, stage, decision), robust=True)
    return decision


def confirm_cut_and_seat(
    stage: Stage, user: AbstractBaseUser, chosen: Sequence[Any] = (), *, seat: bool = False
) -> tuple[CutDecision, Round | None]:
    """Confirm the cut and, with ``seat``, seat the stage's first round, in one transaction:
    a seating refused (a group that is not a multiple of four without byes) leaves the cut
    unconfirmed, and nothing is told to the players."""
    with transaction.atomic():
        decision = confirm_cut(stage, user, chosen)
        round_ = (
            seat_stage_round(Stage.objects.select_related("cut").get(pk=stage.pk)) if seat else None
        )
    return decision, round_


def _tell_players(event: Event, previous: Stage, stage: Stage, decision: CutDecision) -> None:
    """Every player of the previous stage learns whether they go on to ``stage``."""
    qualified = set(decision.qualified)
    base = {"slug": event.slug, "event": event.name, "stage": previous.name, "next": stage.name}
    notify.enqueue_players(
        event,
        "cut",
        f"cut{stage.pk}",
        {who: {**base, "qualified": who in qualified} for who, _place in decision.standing},
    )
    going_on = [who for who, _place in decision.standing if who in qualified]
    going_on += [who for who in decision.qualified if who not in set(going_on)]
    channels.cut_confirmed(event, previous.name, stage.name, going_on, f"cut{stage.pk}")


# Seating a stage ----------------------------------------------------------------------------


def stage_groups(stage: Stage, data: dict[str, Any]) -> list[list[int]]:
    """The stage's players in standings order (best first): the main group, then the
    consolation group if there is one. Before the stage's standings exist: qualification order."""
    key = str(stage.number)
    main = data.get("stages", {}).get(key)
    groups = []
    if main is not None:
        groups.append([who for _p, who, *_v in main])
        if key in data.get("consolation", {}):
            # Who has played in the group, by its standings, then the others not going on in
            # their order at the cut (the group ranks only who plays in it).
            ranked = [who for _p, who, *_v in data["consolation"][key]]
            previous = previous_stage(stage)
            before = data.get("stages", {}).get(str(previous.number)) if previous else None
            taken = set(groups[0]) | set(ranked)
            consolation = ranked + [w for _p, w, *_v in before or [] if w not in taken]
            if consolation:
                groups.append(consolation)
    return groups


def _meetings(event: Event, stage: Stage, before: int) -> set[frozenset[int]]:
    pairs: set[frozenset[int]] = set()
    tables: dict[int, list[int]] = {}
    for table, player in Seat.objects.filter(
        round__event=event, round__number__gte=stage.first_round, round__number__lt=before
    ).values_list("table_id", "player_id"):
        tables.setdefault(table, []).append(player)
    for players in tables.values():
        pairs.update(frozenset((a, b)) for a in players for b in players if a < b)
    return pairs


def by_rank(players: Sequence[int]) -> list[list[int]]:
    """1-4 at table 1, 5-8 at table 2, ... (winds in rank order)."""
    return [list(players[i : i + 4]) for i in range(0, len(players), 4)]


def progressive(players: Sequence[int], met: set[frozenset[int]]) -> list[list[int]]:
    """Swiss-like: the best player left opens a table; each seat goes to the player left who
    has met the fewest of those already at the table in this stage, the closest in rank
    among equals."""
    left = list(players)
    tables = []
    while left:
        table = [left.pop(0)]
        for _seat in range(3):
            if not left:
                break
            meetings = [sum(frozenset((p, q)) in met for q in table) for p in left]
            table.append(left.pop(meetings.index(min(meetings))))
        tables.append(table)
    return tables


def generated(event: Event, stage: Stage, players: Sequence[int], number: int) -> list[list[int]]:
    """The seating generator within ``players``: the stage's earlier rounds as played, one
    new round."""
    played = []
    group = set(players)
    for round_number in range(stage.first_round, number):
        tables: dict[int, list[int]] = {}
        for table, player in (
            Seat.objects.filter(round__event=event, round__number=round_number)
            .order_by("table__number", "pk")
            .values_list("table_id", "player_id")
        ):
            if player in group:
                tables.setdefault(table, []).append(player)
        full = [tuple(t) for t in tables.values() if len(t) == 4]
        if full:
            played.append(full)
    found = event.players.filter(pk__in=players).values_list("pk", "club", "team__name")
    clubs = {pk: club for pk, club, _team in found}
    teams = {pk: team for pk, _club, team in found if team}
    specs = [seating.PlayerSpec(p, club=clubs.get(p) or None) for p in players]
    schedule = seating.generate(
        seating.SeatingRequest(
            specs,
            len(played) + 1,
            teams=teams or None,
            played=played,
            seed=f"{event.pk}:{stage.number}:{number}",
            fill="byes" if len(players) % 4 else "substitutes",
            time_budget=5.0,
        )
    )
    return [[p for p in t if p >= 0] for t in schedule.rounds[-1]]


def seat_stage_round(stage: Stage, number: int | None = None) -> Round:
    """Seat the next (or the given) round of ``stage`` by the stage's seating method: the main
    group's tables first, then the consolation group's."""
    event = stage.event
    if number is None:
        seated = set(
            Seat.objects.filter(
                round__event=event,
                round__number__gte=stage.first_round,
                round__number__lte=stage.last_round,
            ).values_list("round__number", flat=True)
        )
        free = [n for n in range(stage.first_round, stage.last_round + 1) if n not in seated]
        if not free:
            raise ValidationError(
                _("Every round of stage %(name)s is seated.") % {"name": stage.name}
            )
        number = free[0]
    if not stage.holds(number):
        raise ValidationError(
            _("Round %(number)d is not in stage %(name)s.") % {"number": number, "name": stage.name}
        )
    data = current(event)
    groups = stage_groups(stage, data)
    if not groups:
        raise ValidationError(
            _("Confirm the cut before stage %(name)s first.") % {"name": stage.name}
        )
    active = set(event.players.filter(status=Player.Status.ACTIVE).values_list("pk", flat=True))
    met = _meetings(event, stage, number)
    playing = [[p for p in group if p in active] for group in groups]
    if not stage.allow_byes:
        for players in playing:
            if len(players) % 4:
                raise ValidationError(
                    ngettext(
                        "Stage %(stage)s allows no byes, and %(count)d player of a group can "
                        "play round %(round)d, which is not a multiple of four: allow "
                        "substitutes or byes for the stage, or change who plays.",
                        "Stage %(stage)s allows no byes, and %(count)d players of a group can "
                        "play round %(round)d, which is not a multiple of four: allow "
                        "substitutes or byes for the stage, or change who plays.",
                        len(players),
                    )
                    % {"stage": stage.name, "count": len(players), "round": number}
                )
    tables: list[list[int]] = []
    for players in playing:
        if stage.seating == Stage.Seating.RANK:
            tables += by_rank(players)
        elif stage.seating == Stage.Seating.PROGRESSIVE:
            tables += progressive(players, met)
        else:
            if len(players) < 4:
                tables += by_rank(players)
            else:
                tables += generated(event, stage, players, number)
    round_ = event.rounds.filter(number=number).first() or create_round(event, number=number)
    seat_round(round_, tables)
    return round_
