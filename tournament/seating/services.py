"""Seating an event with the generator (``seating``): drafts that the director
generates, inspects, adjusts by swapping two players, and publishes as the rounds' seating.

Substitute players are mapped to the generator's negative ids and back: the n-th substitute of
the event (by id) is -n. Publishing creates the substitutes a draft needs.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import seating
from tournament.collation import names_sorted
from tournament.events.models import MAX_NUMBER, Event
from tournament.formats.models import Stage
from tournament.players.models import Player
from tournament.rounds.models import Round, Seat, SeatingDraft
from tournament.rounds.services import create_round
from tournament.rounds.services.seats import seat_round

METHODS = ("balanced", "swiss")
# players x rounds the generator seats within its time budget (10 000 players x 3 rounds
# take about 3 s and 50 MiB; 5 000 x 20 about 9 s): larger drafts are refused
MAX_PLAYER_ROUNDS = 60_000
FILLS = ("substitutes", "byes")


def substitute_ids(event: Event) -> dict[int, int]:
    """Player pk -> generator id (-1, -2, ...) for the event's substitutes."""
    subs = event.players.filter(is_substitute=True).order_by("pk").values_list("pk", flat=True)
    return {pk: -(n + 1) for n, pk in enumerate(subs)}


def _seatings(event: Event, **round_filter) -> dict[int, list[tuple[int, ...]]]:
    """Round number -> its full tables in table-number order, as the generator sees them
    (wind order E, S, W, N; substitutes as negative ids)."""
    subs = substitute_ids(event)
    tables: dict[tuple[int, int], dict[str, int]] = {}
    for round_number, table_number, wind, player_id in Seat.objects.filter(
        round__event=event, **round_filter
    ).values_list("round__number", "table__number", "wind", "player_id"):
        tables.setdefault((round_number, table_number), {})[wind] = subs.get(player_id, player_id)
    rounds: dict[int, list[tuple[int, ...]]] = {}
    for (round_number, _table), seats in sorted(tables.items()):
        if len(seats) == 4:
            rounds.setdefault(round_number, []).append(tuple(seats[w] for w in "ESWN"))
    return rounds


def played_rounds(event: Event, before: int) -> list[list[tuple[int, ...]]]:
    """The seating of rounds ``1 .. before-1`` as the generator sees it (full tables only)."""
    rounds = _seatings(event, round__number__lt=before)
    return [rounds[n] for n in sorted(rounds)]


def published_plan(event: Event, first: int, count: int) -> list[list[tuple[int, ...]]]:
    """The published seating of rounds ``first .. first+count-1`` (empty: not published)."""
    rounds = _seatings(event, round__number__gte=first, round__number__lt=first + count)
    return [rounds.get(first + j, []) for j in range(count)]


def _standings_order(event: Event) -> list[int] | None:
    snapshot = getattr(event, "standings_snapshot", None)  # None: never reconciled
    return [row["player"] for row in snapshot.rows] if snapshot and snapshot.rows else None


def _clean_options(options: dict) -> dict:
    errors: dict[str, list[str]] = {}
    method = options.get("method", "balanced")
    fill = options.get("fill", "substitutes")
    if method not in METHODS:
        errors["method"] = [_("Choose balanced or swiss.")]
    if fill not in FILLS:
        errors["fill"] = [_("Choose substitutes or byes.")]
    weights: dict[str, float | None] = {}
    for name, default in (
        ("avoid_club_weight", seating.DEFAULT_GROUP_WEIGHT),
        ("avoid_country_weight", 0.0),
        ("avoid_team_weight", seating.DEFAULT_GROUP_WEIGHT),
    ):
        value = options.get(name)
        try:
            weights[name] = default if value in (None, "") else float(value)
        except (TypeError, ValueError):
            errors[name] = [_("A number is expected.")]
            continue
        if not 0 <= weights[name] <= 10:  # type: ignore[operator]
            errors[name] = [_("Between 0 and 10.")]
    seed = options.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int | str) or len(str(seed)) > 40:
        errors["seed"] = [_("A seed is a short number or word.")]
    if errors:
        raise ValidationError(errors)
    return {"method": method, "fill": fill, "seed": seed, **weights}


def stage_of_round(event: Event, number: int) -> Stage | None:
    return next(
        (
            s
            for s in event.stages.order_by("first_round")
            if s.first_round <= number <= s.last_round
        ),
        None,
    )


def _check_within_one_stage(event: Event, first: int, last: int) -> None:
    """The generator seats every active player: a stage that starts with a cut is seated from
    the Stages page, within its qualified players, and a draft never reaches into the next
    stage."""
    stage = stage_of_round(event, first)
    if stage is None:
        return
    if stage.cut_size:
        raise ValidationError(
            {
                "first_round": [
                    _(
                        "Round %(round)d belongs to stage %(stage)s, which starts with a cut: "
                        "seat it from the Stages page, within the players who go on."
                    )
                    % {"round": first, "stage": stage.name}
                ]
            }
        )
    if last > stage.last_round:
        raise ValidationError(
            {
                "rounds": [
                    ngettext(
                        "Stage %(stage)s ends with round %(last)d: generate at most %(count)d "
                        "round from round %(first)d; the next stage is seated from the Stages "
                        "page.",
                        "Stage %(stage)s ends with round %(last)d: generate at most %(count)d "
                        "rounds from round %(first)d; the next stage is seated from the Stages "
                        "page.",
                        stage.last_round - first + 1,
                    )
                    % {
                        "stage": stage.name,
                        "last": stage.last_round,
                        "count": stage.last_round - first + 1,
                        "first": first,
                    }
                ]
            }
        )


def start_draft(
    event: Event, user: AbstractBaseUser, *, first_round: int, rounds: int, **options
) -> SeatingDraft:
    """Validate and store a draft to be generated (by ``run_draft``, through a task)."""
    errors: dict[str, list[str]] = {}
    if not isinstance(first_round, int) or not 1 <= first_round <= MAX_NUMBER:
        errors["first_round"] = [_("Round numbers run from 1 to %(max)d.") % {"max": MAX_NUMBER}]
    if not isinstance(rounds, int) or not 1 <= rounds <= 40:
        errors["rounds"] = [_("Generate 1 to 40 rounds at a time.")]
    if errors:
        raise ValidationError(errors)
    clean = _clean_options(options)
    last = first_round + rounds - 1
    _check_within_one_stage(event, first_round, last)
    blocked = (
        event.rounds.filter(number__gte=first_round, number__lte=last)
        .exclude(status=Round.Status.PLANNED)
        .exclude(status=Round.Status.SEATED)
    )
    if blocked.exists():
        raise ValidationError(
            {"first_round": [_("Rounds already live or closed cannot be seated again.")]}
        )
    active = event.players.filter(status=Player.Status.ACTIVE, is_substitute=False).count()
    if active < 4:
        raise ValidationError({"rounds": [_("At least four active players are needed.")]})
    total = first_round - 1 + rounds
    if active * total > MAX_PLAYER_ROUNDS:
        raise ValidationError(
            {
                "rounds": [
                    _(
                        "Players times rounds: %(players)d × %(rounds)d, more than the generator "
                        "can seat in its time (at most %(max)d). Generate fewer rounds at a time."
                    )
                    % {"players": active, "rounds": total, "max": MAX_PLAYER_ROUNDS}
                ]
            }
        )
    return SeatingDraft.objects.create(
        event=event,
        first_round=first_round,
        round_count=rounds,
        options=clean,
        created_by=user,
    )


def _player_specs(event: Event) -> list[seating.PlayerSpec]:
    """The players a draft seats, with the club and country the generator keeps apart."""
    return [
        seating.PlayerSpec(p.pk, p.club or None, str(p.country) or None)
        for p in event.players.filter(status=Player.Status.ACTIVE, is_substitute=False)
    ]


def _teams(event: Event) -> dict[int, str] | None:
    """Player id -> team, for the generator to keep teammates apart (None: no teams)."""
    if not event.has_teams:
        return None
    rows = event.players.filter(team__isnull=False).values_list("pk", "team_id")
    return {pk: str(team) for pk, team in rows} or None


def _seating_request(
    draft: SeatingDraft,
    players: list[seating.PlayerSpec],
    played: list[list[tuple[int, ...]]],
    plan: list[list[tuple[int, ...]]],
    time_budget: float | None,
) -> seating.SeatingRequest:
    """What the generator seats for this draft: its options, the event's teams and
    standings, and the published rounds it would replace."""
    event, options = draft.event, draft.options
    return seating.SeatingRequest(
        players,
        len(played) + draft.round_count,
        seed=options.get("seed", 0),
        played=played,
        # drafts stored before clubs were kept apart by default have an explicit 0
        avoid_club_weight=options.get("avoid_club_weight", seating.DEFAULT_GROUP_WEIGHT),
        avoid_country_weight=options.get("avoid_country_weight", 0),
        teams=_teams(event),
        avoid_team_weight=options.get("avoid_team_weight", seating.DEFAULT_GROUP_WEIGHT),
        method=options.get("method", "balanced"),
        standings_order=_standings_order(event),
        fill=options.get("fill", "substitutes"),
        time_budget=time_budget or settings.SEATING_TIME_BUDGET,
        # re-drafting published rounds starts from them and changes few seats
        planned=[*played, *plan] if any(plan) else (),
    )


def run_draft(draft: SeatingDraft, time_budget: float | None = None) -> SeatingDraft:
    """Generate the draft's rounds (given the rounds before it) and store schedule and
    quality."""
    event = draft.event
    players = _player_specs(event)
    played = played_rounds(event, draft.first_round)
    plan = published_plan(event, draft.first_round, draft.round_count)
    started = time.monotonic()
    request = _seating_request(draft, players, played, plan, time_budget)
    try:
        schedule = seating.generate(request)
    except ValueError as exc:
        draft.status = SeatingDraft.Status.FAILED
        draft.error = str(exc)
        draft.save(update_fields=["status", "error"])
        return draft
    draft.schedule = [[list(t) for t in r] for r in schedule.rounds[len(played) :]]
    draft.quality = asdict(schedule.quality) | {
        "construction": schedule.construction,
        "replans": sum(1 for r in plan if r),  # published rounds this draft would replace
        "moved": schedule.moved,
    }
    draft.status = SeatingDraft.Status.READY
    draft.seconds = round(time.monotonic() - started, 3)
    draft.save(update_fields=["schedule", "quality", "status", "seconds"])
    return draft


def _full_schedule(draft: SeatingDraft) -> tuple[list, int]:
    played = played_rounds(draft.event, draft.first_round)
    return played + [[tuple(t) for t in r] for r in draft.schedule], len(played)


def swap(draft: SeatingDraft, round_number: int, a: int, b: int) -> SeatingDraft:
    """Exchange the seats of players ``a`` and ``b`` in one round of the draft."""
    if draft.status != SeatingDraft.Status.READY:
        raise ValidationError({"draft": [_("Only a ready, unpublished draft can change.")]})
    index = round_number - draft.first_round
    if not 0 <= index < len(draft.schedule):
        raise ValidationError({"round": [_("That round is not in this draft.")]})
    if a == b:
        raise ValidationError({"b": [_("Choose two different players.")]})
    seated = {p for table in draft.schedule[index] for p in table}
    specs = _player_specs(draft.event)
    known = seated | {spec.id for spec in specs}
    for field, player in (("a", a), ("b", b)):
        if player not in known:
            message = _("Not players of this event: %(ids)s.") % {"ids": player}
            raise ValidationError({field: [message]})
    if a not in seated and b not in seated:
        raise ValidationError({"a": [_("Neither player sits in that round.")]})
    for table in draft.schedule[index]:
        for i, p in enumerate(table):
            if p == a:
                table[i] = b
            elif p == b:
                table[i] = a
    rounds, _played = _full_schedule(draft)
    plan = published_plan(draft.event, draft.first_round, draft.round_count)
    draft.quality = asdict(seating.quality(rounds, specs, teams=_teams(draft.event))) | {
        "construction": draft.quality.get("construction", ""),
        "replans": draft.quality.get("replans", 0),
        "moved": sum(
            seating.seats_changed(before, after)
            for before, after in zip(plan, draft.schedule, strict=True)
            if before
        ),
        "swapped": True,
    }
    draft.save(update_fields=["schedule", "quality"])
    return draft


@transaction.atomic
def publish(draft: SeatingDraft) -> list[Round]:
    """Seat the draft's rounds (creating rounds and substitute players as needed)."""
    if draft.status != SeatingDraft.Status.READY:
        raise ValidationError({"draft": [_("Only a ready draft can be published.")]})
    event = draft.event
    subs = {gen_id: pk for pk, gen_id in substitute_ids(event).items()}
    needed = sorted({p for r in draft.schedule for t in r for p in t if p < 0}, reverse=True)
    for gen_id in needed:
        if gen_id not in subs:
            player = Player.objects.create(
                event=event, name=_("Substitute %(n)d") % {"n": -gen_id}, is_substitute=True
            )
            subs[gen_id] = player.pk
    published = []
    for offset, tables in enumerate(draft.schedule):
        number = draft.first_round + offset
        round_ = event.rounds.filter(number=number).first() or create_round(event, number=number)
        seat_round(round_, [[subs.get(p, p) for p in table] for table in tables])
        published.append(round_)
    draft.status = SeatingDraft.Status.PUBLISHED
    draft.save(update_fields=["status"])
    return published


def opponents(draft: SeatingDraft) -> dict[int, dict[int, int]]:
    """Player -> {opponent: meetings} over the played rounds and the draft."""
    rounds, _played = _full_schedule(draft)
    met: dict[int, dict[int, int]] = {}
    for tables in rounds:
        for table in tables:
            for p in table:
                for q in table:
                    if p != q:
                        met.setdefault(p, {}).setdefault(q, 0)
                        met[p][q] += 1
    return met


@dataclass(frozen=True)
class AffectedRound:
    """A published round that no longer matches the players: it seats players who dropped,
    or leaves out active players who are seated in no round (they arrived late)."""

    number: int
    status: str
    dropped: tuple[str, ...]
    missing: tuple[str, ...]

    @property
    def can_redraft(self) -> bool:
        return self.status == Round.Status.SEATED


def affected_rounds(event: Event) -> list[AffectedRound]:
    """Published rounds not yet closed that seat dropped players or miss late ones (two
    queries)."""
    seats = Seat.objects.filter(
        round__event=event, round__status__in=[Round.Status.SEATED, Round.Status.LIVE]
    ).values_list("round__number", "round__status", "player__status", "player__name")
    seated_anywhere = set(
        Seat.objects.filter(round__event=event).values_list("player_id", flat=True).distinct()
    )
    rounds: dict[int, tuple[str, list[str]]] = {}
    for number, status, player_status, name in seats:
        entry = rounds.setdefault(number, (status, []))
        if player_status == Player.Status.DROPPED:
            entry[1].append(name)
    if not rounds:
        return []
    missing = tuple(
        names_sorted(
            name
            for pk, name in event.players.filter(
                status=Player.Status.ACTIVE, is_substitute=False
            ).values_list("pk", "name")
            if pk not in seated_anywhere
        )
    )
    return [
        AffectedRound(number, status, tuple(names_sorted(dropped)), missing)
        for number, (status, dropped) in sorted(rounds.items())
        if dropped or missing
    ]


def start_redraft(event: Event, user: AbstractBaseUser) -> SeatingDraft:
    """One step for the director after a drop or a late arrival: a draft of the published
    rounds not yet live, from the first affected one on, starting from the published seating
    (few seats change) with the options of the last draft."""
    affected = [r for r in affected_rounds(event) if r.can_redraft]
    if not affected:
        raise ValidationError(
            {"first_round": [_("No published round that is not yet live needs a new seating.")]}
        )
    first = affected[0].number
    last = (
        event.rounds.filter(status=Round.Status.SEATED, number__gte=first)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    last_draft = event.seating_drafts.first()
    options = dict(last_draft.options) if last_draft else {}
    return start_draft(event, user, first_round=first, rounds=last - first + 1, **options)


def alert_context(event: Event) -> dict:
    """Template context of ``director/_seating_alerts.html``."""
    alerts = affected_rounds(event)
    return {"seating_alerts": alerts, "seating_redraft": any(r.can_redraft for r in alerts)}
