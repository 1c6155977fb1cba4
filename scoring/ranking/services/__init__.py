"""The director's writes to the ranking: marking a ranking event, publishing its final
ranking, overriding its weight (with a reason, recorded), and the ranking's settings. Each
asks for a recompute once it commits."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import ranking as rk
from rules.errors import RuleError
from scoring.ranking.models import (
    RankingEvent,
    RankingResult,
    RankingSetting,
    WeightOverride,
)
from scoring.ranking.reading.finals import event_days, final_places
from scoring.ranking.services import storing
from scoring.ranking.tasks import request_recompute
from tournament.events.models import Event
from tournament.persons import services as persons
from tournament.persons.services import clean_reason
from tournament.players.models import Player
from tournament.rounds.reading import schedule

MAX_WEIGHT = 100


def ranking_event(event: Event, *, lock: bool = False) -> RankingEvent:
    found, _created = RankingEvent.objects.get_or_create(
        event=event, defaults={"family": rk.family_of(event.ruleset)}
    )
    if lock:
        found = RankingEvent.objects.select_for_update().get(pk=found.pk)
    return found


def _persons_of(entry: RankingEvent) -> set[int]:
    return set(
        Player.objects.filter(event_id=entry.pk, person__isnull=False).values_list(
            "person", flat=True
        )
    )


@transaction.atomic
def mark(event: Event, *, is_ranking: bool, needs_qualification: bool) -> RankingEvent:
    entry = ranking_event(event, lock=True)
    entry.is_ranking = bool(is_ranking)
    entry.needs_qualification = bool(needs_qualification)
    entry.family = rk.family_of(event.ruleset)
    if entry.published_at:
        entry.weight = str(effective_weight(entry))
    entry.save()
    if entry.published_at:
        request_recompute(entry.family, _persons_of(entry))
    return entry


def computed_weight(entry: RankingEvent) -> rk.Weight:
    return rk.event_weight(
        rk.EventFacts(
            days=entry.days,
            players=entry.players,
            countries=entry.countries,
            qualification=entry.needs_qualification,
            substitutes=entry.substitutes,
        )
    )


def effective_weight(entry: RankingEvent) -> Fraction:
    latest = entry.overrides.order_by("-created_at", "-pk").first()
    if latest is not None and latest.weight:
        return Fraction(latest.weight)
    return computed_weight(entry).total


def store_results(entry: RankingEvent, places: list[tuple[int, int]]) -> None:
    """The final places as results, each with how many players share its place and the
    player's person."""
    shared = Counter(place for _pk, place in places)
    person_of = dict(
        Player.objects.filter(pk__in=[pk for pk, _place in places]).values_list("pk", "person")
    )
    RankingResult.objects.bulk_create(
        [
            RankingResult(
                event=entry,
                player_id=pk,
                place=place,
                shared=shared[place],
                person_id=person_of[pk],
            )
            for pk, place in places
        ],
        batch_size=1000,
    )


def store_facts(
    entry: RankingEvent,
    places: list[tuple[int, int]],
    players: dict[int, Player],
    last_day: date,
    days: int,
) -> None:
    entry.last_day = last_day
    entry.days = days
    entry.players = len(places)
    entry.substitutes = sum(1 for pk, _place in places if players[pk].is_substitute)
    entry.countries = len(
        {str(players[pk].country) for pk, _place in places if players[pk].country}
    )
    entry.weight = str(effective_weight(entry))


def check_finished(event: Event, without: Sequence[int] = ()) -> None:
    """The ranking takes only a finished event's final ranking: no round live, and the rounds
    never played given up by the director (``without`` names exactly those)."""
    live, unplayed = schedule.unfinished_rounds(event)
    if live:
        raise ValidationError(
            ngettext(
                "Round %(rounds)s is not closed: the ranking takes only a finished event's "
                "final ranking. Close it first.",
                "Rounds %(rounds)s are not closed: the ranking takes only a finished event's "
                "final ranking. Close them first.",
                len(live),
            )
            % {"rounds": ", ".join(map(str, live))}
        )
    if unplayed and sorted(set(without)) != unplayed:
        raise ValidationError(
            ngettext(
                "Round %(rounds)s was never played: publish without it only once the event "
                "is over.",
                "Rounds %(rounds)s were never played: publish without them only once the "
                "event is over.",
                len(unplayed),
            )
            % {"rounds": ", ".join(map(str, unplayed))}
        )


@transaction.atomic
def publish(event: Event, *, by=None, without: Sequence[int] = ()) -> RankingEvent:
    """Publish the event's final ranking for the ranking: its places as the EMA file shows
    them, each player linked to a person (by EMA number, or a new person), the weight's facts
    frozen. Only from a finished event (``check_finished``: ``without`` names the rounds
    never played that the director gave up). Publishing again (after a correction) replaces
    the places."""
    entry = ranking_event(event, lock=True)
    if not entry.is_ranking:
        raise ValidationError(_("Mark the event as a ranking event first."))
    check_finished(event, without)
    places = final_places(event)
    if len(places) < 2:
        raise ValidationError(_("The final ranking has fewer than 2 players; it cannot count."))
    last_day, days = event_days(event)
    if last_day is None:
        raise ValidationError(_("Give the event its dates (or play a round) first."))
    before = _persons_of(entry)
    players = {p.pk: p for p in Player.objects.filter(event=event)}
    persons.link_event_players(event, [players[pk] for pk, _ in places], by=by)
    entry.results.all().delete()
    store_results(entry, places)
    store_facts(entry, places, players, last_day, days)
    entry.published_at = timezone.now()
    entry.save()
    request_recompute(entry.family, before | _persons_of(entry))
    return entry


def clean_weight(value: object) -> Fraction | None:
    text = str(value if value is not None else "").strip().replace(",", ".")
    if not text:
        return None
    try:
        weight = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValidationError({"weight": [_("Give the weight as a number, e.g. 2.5.")]}) from None
    if not 0 < weight <= MAX_WEIGHT:
        raise ValidationError(
            {"weight": [_("The weight is more than 0 and at most %(max)d.") % {"max": MAX_WEIGHT}]}
        )
    return weight


@transaction.atomic
def override_weight(event: Event, weight: object, reason: object, *, by=None) -> WeightOverride:
    """The director's weight for the event (empty: the computed weight again), with a reason."""
    value = clean_weight(weight)
    reason = clean_reason(reason)
    entry = ranking_event(event, lock=True)
    row = WeightOverride.objects.create(
        event=entry,
        weight="" if value is None else str(value),
        reason=reason,
        created_by=by if by is not None and by.is_authenticated else None,
    )
    entry.weight = str(effective_weight(entry))
    entry.save(update_fields=["weight"])
    if entry.published_at:
        request_recompute(entry.family, _persons_of(entry))
    return row


@transaction.atomic
def set_part_b_count(family: str, count: object) -> RankingSetting:
    if family not in rk.FAMILIES:
        raise ValidationError({"family": [_("Unknown ranking.")]})
    try:
        count = int(str(count).strip())
    except (TypeError, ValueError):
        raise ValidationError({"part_b_count": [_("Give a whole number.")]}) from None
    try:
        rk.Options(part_b_count=count)
    except RuleError as error:
        raise ValidationError({"part_b_count": [_(error.template)]}) from None
    setting, _created = RankingSetting.objects.update_or_create(
        family=family, defaults={"part_b_count": int(count)}
    )
    request_recompute(family)
    return setting


def persons_changed(person_ids: frozenset[int]) -> None:
    """A merge, split, undo or link moved results between persons: their results follow
    their players, and the persons are recomputed in every family they have results in."""
    storing.follow_players(person_ids)
    families = set(
        RankingResult.objects.filter(person__in=person_ids).values_list("event__family", flat=True)
    )
    with transaction.atomic():
        for family in families:
            request_recompute(family, person_ids)
