"""Who is whom across events: linking an event's players to persons, suggestions, merge, split
and undo.

Every change writes one ``PersonChange`` row (append-only) in the same transaction, with who,
when and why; merges and splits are reversed by an undo that names them. The persons a change
touches are locked first (in id order) and every check runs again under the lock. A merge of
two persons who played the same event, an EMA number held by another person, a split that
would leave results without a person: refused with a message, nothing changed.

``persons_changed`` tells the layers above (the ranking) which persons moved, inside the
change's transaction (the receiver queues its work for after the commit).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.dispatch import Signal
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.events.models import Event
from tournament.persons.models import Person, PersonChange, person_match_key
from tournament.players.models import Player
from tournament.text import as_text
from tournament.writes import bump_revision

REASON_MAX = 500
# sent inside the change's transaction with ``person_ids``: the persons whose results moved
persons_changed = Signal()


def _changed(person_ids: Iterable[int]) -> None:
    persons_changed.send(sender=Person, person_ids=frozenset(person_ids))


def _players_moved(player_ids: Iterable[int]) -> None:
    """A player's public page links their person, and those pages are kept per event revision:
    moving players to another person moves their events' revisions."""
    events = Player.objects.filter(pk__in=list(player_ids)).values_list("event_id", flat=True)
    for event_id in sorted(set(events)):
        bump_revision(Event(pk=event_id))


def clean_reason(reason: object) -> str:
    text = " ".join(as_text(reason).split())
    if "\x00" in text:
        raise ValidationError({"reason": [_("The reason contains a NUL character.")]})
    if not text:
        raise ValidationError({"reason": [_("Say why (the reason is recorded).")]})
    if len(text) > REASON_MAX:
        raise ValidationError(
            {
                "reason": [
                    ngettext(
                        "A reason has at most %(max)d character.",
                        "A reason has at most %(max)d characters.",
                        REASON_MAX,
                    )
                    % {"max": REASON_MAX}
                ]
            }
        )
    return text


def _user(user: AbstractBaseUser | None):
    return user if user is not None and user.is_authenticated else None


def _lock(ids: Iterable[int]) -> dict[int, Person]:
    return {p.pk: p for p in Person.objects.select_for_update().filter(pk__in=sorted(set(ids)))}


def _live(person: Person) -> None:
    if person.merged_into_id is not None:
        raise ValidationError(
            {"person": [_("%(name)s was merged into another person.") % {"name": person.name}]}
        )


# --- linking an event's players -----------------------------------------------------------


def link_event_players(
    event: Event, players: Sequence[Player] | None = None, *, by=None, choices=None
) -> dict[int, int]:
    """Give each of the event's players (or ``players``) without a person one: the person
    holding their EMA number, the one ``choices`` names for that player (a director's decision
    in an import preview), or a new person. Returns {player id: person id} of the players
    linked. Call inside the caller's transaction."""
    if players is None:
        players = list(Player.objects.filter(event=event, person__isnull=True))
    players = [p for p in players if p.person_id is None]
    if not players:
        return {}
    choices = choices or {}
    numbers = {p.ema_number for p in players if p.ema_number}
    by_number = {
        person.ema_number: person
        for person in Person.objects.filter(ema_number__in=numbers, merged_into__isnull=True)
    }
    links: dict[int, int] = {}
    for player in players:
        person = by_number.get(player.ema_number) if player.ema_number else None
        if person is None and choices.get(player.pk):
            person = Person.objects.filter(pk=choices[player.pk], merged_into__isnull=True).first()
            if person is None:
                raise ValidationError(
                    {"decisions": [_("A chosen person was merged or is unknown; choose again.")]}
                )
        if person is None:
            person = Person.objects.create(
                name=player.name, country=player.country, ema_number=player.ema_number
            )
            if player.ema_number:
                by_number[player.ema_number] = person
        elif player.ema_number and not person.ema_number:
            _set_ema(person, player.ema_number)
        links[player.pk] = person.pk
    taken = set(
        Player.objects.filter(event=event, person__in=set(links.values()))
        .exclude(pk__in=links)
        .values_list("person", flat=True)
    )
    if taken or len(set(links.values())) != len(links):
        raise ValidationError(_("A person plays at most once in an event."))
    for player in players:
        player.person_id = links[player.pk]
    Player.objects.bulk_update(players, ["person"], batch_size=500)
    bump_revision(event)
    PersonChange.objects.create(
        kind=PersonChange.Kind.LINK,
        person_id=next(iter(links.values())),
        players=sorted([player, person] for player, person in links.items()),
        reason=_("Linked the players of %(event)s.") % {"event": event.name},
        created_by=_user(by),
    )
    _changed(links.values())
    return links


def _set_ema(person: Person, number: str) -> None:
    if Person.objects.filter(ema_number=number).exclude(pk=person.pk).exists():
        raise ValidationError(
            {
                "ema_number": [
                    _("The EMA number %(number)s is already held by another person.")
                    % {"number": number}
                ]
            }
        )
    person.ema_number = number
    person.save(update_fields=["ema_number"])


@transaction.atomic
def set_ema_number(person: Person, number: object, *, by=None) -> Person:
    number = as_text(number).strip()
    person = _lock([person.pk])[person.pk]
    _live(person)
    if number and (len(number) != 8 or not number.isdigit()):
        raise ValidationError({"ema_number": [_("An EMA number has 8 digits.")]})
    if number:
        _set_ema(person, number)
    else:
        person.ema_number = ""
        person.save(update_fields=["ema_number"])
    return person


# --- suggestions --------------------------------------------------------------------------


def suggestions(limit: int = 100) -> list[list[Person]]:
    """Groups of persons that may be one: the same name as names are matched (case, accents and
    Unicode forms aside: ``tournament.collation.match_key``) and the same country. Groups whose
    persons all played one same event are left out (they cannot be merged)."""
    keys = list(
        Person.objects.filter(merged_into__isnull=True)
        .values("match_key", "country")
        .annotate(count=Count("pk"))
        .filter(count__gt=1)
        .order_by("match_key", "country")[:limit]
    )
    if not keys:
        return []
    condition = Q()
    for key in keys:
        condition |= Q(match_key=key["match_key"], country=key["country"])
    groups: dict[tuple[str, str], list[Person]] = {}
    for person in Person.objects.filter(condition, merged_into__isnull=True).annotate(
        events=Count("players")
    ):
        groups.setdefault((person.match_key, str(person.country)), []).append(person)
    return [group for group in groups.values() if len(group) > 1]


def matches(name: str, country: str) -> list[Person]:
    """Persons a name and country may be: the same name as names are matched and the same
    country (any country if none)."""
    found = Person.objects.filter(match_key=person_match_key(name), merged_into__isnull=True)
    if country:
        found = found.filter(Q(country=country) | Q(country=""))
    return list(found[:10])


# --- merge, split, undo -------------------------------------------------------------------


def _shared_events(ids: Sequence[int]) -> list[str]:
    return list(
        Event.objects.filter(players__person__in=ids)
        .annotate(count=Count("players"))
        .filter(count__gt=1)
        .values_list("name", flat=True)
    )


def check_merge(source: Person, target: Person) -> None:
    """Raise unless ``source`` may be merged into ``target`` (asked before the director
    confirms, and again under the lock): two living persons who never played one same event
    and hold no two different EMA numbers."""
    if source.pk == target.pk:
        raise ValidationError({"person": [_("A person cannot be merged with itself.")]})
    _live(source)
    _live(target)
    shared = _shared_events([source.pk, target.pk])
    if shared:
        raise ValidationError(
            {
                "person": [
                    _("Both persons played %(events)s: they are two people.")
                    % {"events": ", ".join(shared)}
                ]
            }
        )
    if source.ema_number and target.ema_number and source.ema_number != target.ema_number:
        raise ValidationError(
            {
                "person": [
                    _("The two persons hold different EMA numbers (%(a)s, %(b)s).")
                    % {"a": source.ema_number, "b": target.ema_number}
                ]
            }
        )


def _absorb(source: Person, target: Person) -> tuple[list[int], bool]:
    """``source``'s players become ``target``'s, and its EMA number too (``target`` has none,
    or the same): a merged person holds none. ``source`` is marked merged into ``target``.
    Both are locked; refused as ``check_merge`` says. Returns the players moved and whether
    the number moved."""
    check_merge(source, target)
    moved = list(Player.objects.filter(person=source).values_list("pk", flat=True))
    ema_moved = bool(source.ema_number and not target.ema_number)
    number = source.ema_number
    source.merged_into = target
    source.ema_number = ""
    source.save(update_fields=["merged_into", "ema_number"])
    if ema_moved:
        target.ema_number = number
        target.save(update_fields=["ema_number"])
    Player.objects.filter(pk__in=moved).update(person=target)
    _players_moved(moved)
    return moved, ema_moved


@transaction.atomic
def merge(source: Person, target: Person, reason: object, *, by=None) -> PersonChange:
    """``source``'s players become ``target``'s; ``source`` is marked merged into it."""
    reason = clean_reason(reason)
    if source.pk == target.pk:
        check_merge(source, target)  # refused before locking one row twice
    locked = _lock([source.pk, target.pk])
    source, target = locked[source.pk], locked[target.pk]
    moved, ema_moved = _absorb(source, target)
    _changed([source.pk, target.pk])
    return PersonChange.objects.create(
        kind=PersonChange.Kind.MERGE,
        person=target,
        other=source,
        players=sorted(moved),
        ema_moved=ema_moved,
        reason=reason,
        created_by=_user(by),
    )


@transaction.atomic
def split(
    person: Person, player_ids: Iterable[object], reason: object, *, into: str = "new", by=None
) -> PersonChange:
    """The chosen players leave ``person`` for a new person named after the first of them.
    ``into="none"`` (players left without a person) is refused: their results would count for
    nobody."""
    reason = clean_reason(reason)
    try:
        ids = sorted({int(pk) for pk in player_ids})
    except (TypeError, ValueError):
        raise ValidationError({"players": [_("Choose players by their ids.")]}) from None
    if into != "new":
        raise ValidationError(
            {
                "players": [
                    _(
                        "A split would leave results without a person: the players of a "
                        "split always go to a new person."
                    )
                ]
            }
        )
    person = _lock([person.pk])[person.pk]
    _live(person)
    if not ids:
        raise ValidationError({"players": [_("Choose the players to split off.")]})
    own = {p.pk: p for p in Player.objects.filter(person=person).order_by("pk")}
    strangers = [pk for pk in ids if pk not in own]
    if strangers:
        raise ValidationError({"players": [_("Some chosen players are not this person's.")]})
    if len(ids) == len(own):
        raise ValidationError(
            {"players": [_("A split must leave the person at least one of their players.")]}
        )
    first = own[ids[0]]
    new = Person.objects.create(name=first.name, country=first.country)
    Player.objects.filter(pk__in=ids).update(person=new)
    _players_moved(ids)
    _changed([person.pk, new.pk])
    return PersonChange.objects.create(
        kind=PersonChange.Kind.SPLIT,
        person=person,
        other=new,
        players=ids,
        reason=reason,
        created_by=_user(by),
    )


@transaction.atomic
def undo(change: PersonChange, reason: object, *, by=None) -> PersonChange:
    """Reverse a merge or a split: its players go back, the absorbed person lives again (a
    merge) or the split-off person is merged back (a split: with every player and the EMA
    number it has by then, so that no merged person keeps a number or results)."""
    reason = clean_reason(reason)
    if change.kind not in (PersonChange.Kind.MERGE, PersonChange.Kind.SPLIT):
        raise ValidationError({"change": [_("Only a merge or a split can be undone.")]})
    locked = _lock([change.person_id, change.other_id])
    if PersonChange.objects.filter(undoes=change).exists():
        raise ValidationError({"change": [_("This change was undone already.")]})
    kept, other = locked[change.person_id], locked[change.other_id]
    holder, back_to = (kept, other) if change.kind == PersonChange.Kind.MERGE else (other, kept)
    here = set(
        Player.objects.filter(pk__in=change.players, person=holder).values_list("pk", flat=True)
    )
    if here != set(change.players):
        raise ValidationError(
            {"change": [_("Later changes moved these players; undo those first.")]}
        )
    players, ema_moved = list(change.players), False
    if change.kind == PersonChange.Kind.MERGE:
        if change.ema_moved:
            number = kept.ema_number
            kept.ema_number = ""
            kept.save(update_fields=["ema_number"])
            other.ema_number = number
        other.merged_into = None
        other.save(update_fields=["merged_into", "ema_number"])
        Player.objects.filter(pk__in=change.players).update(person=back_to)
        _players_moved(change.players)
    else:
        players, ema_moved = _absorb(other, kept)
    _changed([kept.pk, other.pk])
    try:
        with transaction.atomic():
            return PersonChange.objects.create(
                kind=PersonChange.Kind.UNDO,
                person=kept,
                other=other,
                players=sorted(players),
                ema_moved=ema_moved,
                reason=reason,
                created_by=_user(by),
                undoes=change,
            )
    except IntegrityError:
        raise ValidationError({"change": [_("This change was undone already.")]}) from None


def person_changes(person: Person) -> list[PersonChange]:
    return list(
        PersonChange.objects.filter(Q(person=person) | Q(other=person))
        .exclude(kind=PersonChange.Kind.LINK)
        .select_related("created_by", "person", "other", "undone_by")
    )
