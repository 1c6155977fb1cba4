"""Who owes what: one line per person of the event, and the totals.

A person is a contact: a player (with or without a registration) or a registrant. The fee
applies to those who play or hold a place: an active player, a player who has sat at a table
(dropped later: the fee stays due), a registrant whose place is accepted or offered. Everyone
else (on the waitlist, withdrawn, marked absent, a substitute) owes nothing, so what they paid
shows as money to give back. The fee is the one last chosen for the person, else the event's
default; its amount is the schedule's (amounts are fixed once a payment is recorded,
``services.save_fee``).

Every figure is in the currency's minor units. A constant number of queries, whatever the
number of persons or payments (``tests/tournament/fees/test_reading.py``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Sum
from django.utils.translation import gettext as _

from tournament.collation import by_name
from tournament.events.models import Event
from tournament.fees.models import DEFAULT_CURRENCY, Fee, FeeChoice, FeeSettings, Payment
from tournament.players.models import Player
from tournament.registration.models import Registration
from tournament.rounds.models import Seat

Status = Registration.Status
METHODS = tuple(Payment.Method)


@dataclass(frozen=True)
class Schedule:
    currency: str
    fees: tuple[Fee, ...]

    @property
    def default(self) -> Fee | None:
        return next((f for f in self.fees if f.is_default), None)

    def fee(self, pk: int | None) -> Fee | None:
        return next((f for f in self.fees if f.pk == pk), None)


def schedule(event: Event) -> Schedule:
    """The event's currency and fees (two queries)."""
    found = FeeSettings.objects.filter(event=event).first()
    currency = found.currency if found is not None else DEFAULT_CURRENCY
    return Schedule(currency, tuple(Fee.objects.filter(event=event).order_by("pk")))


@dataclass(frozen=True)
class Line:
    """One person: ``key`` names them in addresses ("c<contact id>", or "p<player id>" for a
    player who has no contact yet)."""

    key: str
    contact_id: int | None
    player_id: int | None
    registration_id: int | None
    name: str
    club: str
    state: str
    owes: bool
    fee: Fee | None
    chosen: bool
    due: int
    paid: int
    refunded: int
    checked_in: bool

    @property
    def balance(self) -> int:
        """Positive: to pay; negative: to give back."""
        return self.due - self.paid + self.refunded

    @property
    def kept(self) -> int:
        """What the person paid and was not given back."""
        return self.paid - self.refunded

    @property
    def to_pay(self) -> int:
        return max(self.balance, 0)

    @property
    def to_give_back(self) -> int:
        return max(-self.balance, 0)

    @property
    def state_label(self) -> str:
        return state_label(self.state)


def state_label(state: str) -> str:
    """Where a person stands, in words: a registration's status, or the player's."""
    if state == "player":
        return str(Player.Status.ACTIVE.label)
    if state == "dropped":
        return str(Player.Status.DROPPED.label)
    if state == "substitute":
        return _("Substitute")
    return str(Status(state).label) if state in Status.values else state


@dataclass
class _Person:
    contact_id: int | None = None
    player_id: int | None = None
    registration_id: int | None = None
    name: str = ""
    club: str = ""
    state: str = ""
    owes: bool = False
    checked_in: bool = False
    sums: dict = field(default_factory=dict)


def lines(
    event: Event,
    plan: Schedule | None = None,
    *,
    contact_ids: Iterable[int] | None = None,
    player_ids: Iterable[int] | None = None,
) -> list[Line]:
    """Every person of the event (or only those of ``contact_ids`` and ``player_ids``), by
    name. Five queries after the schedule."""
    plan = plan or schedule(event)
    narrow = contact_ids is not None or player_ids is not None
    contact_ids, player_ids = set(contact_ids or ()), set(player_ids or ())
    players = event.players.all()
    registrations = event.registrations.all()
    if narrow:
        players = players.filter(pk__in=player_ids) | players.filter(contact__pk__in=contact_ids)
        registrations = registrations.filter(contact_id__in=contact_ids) | registrations.filter(
            player_id__in=player_ids
        )
    people = _players(event, players, narrow=narrow)
    _registrations(people, registrations)
    by_contact = {p.contact_id: p for p in people.values() if p.contact_id is not None}
    payments = Payment.objects.filter(event=event)
    choices = FeeChoice.objects.filter(event=event)
    if narrow:
        payments = payments.filter(contact_id__in=set(by_contact))
        choices = choices.filter(contact_id__in=set(by_contact))
    for contact_id, kind, total in (
        payments.values("contact_id", "kind")
        .annotate(total=Sum("amount"))
        .order_by()
        .values_list("contact_id", "kind", "total")
    ):
        if contact_id in by_contact:
            by_contact[contact_id].sums[kind] = total or 0
    chosen: dict[int, int | None] = {}
    for contact_id, fee_id in choices.order_by("pk").values_list("contact_id", "fee_id"):
        chosen[contact_id] = fee_id
    return by_name(_line(key, p, plan, chosen) for key, p in people.items())


def _players(event: Event, players, *, narrow: bool) -> dict[str, _Person]:
    """The players (two queries: them, and which of them sat at a table), by key."""
    rows = list(
        players.values(
            "pk",
            "name",
            "club",
            "status",
            "is_substitute",
            "contact__pk",
            "attendance__checked_in_at",
        )
    )
    seats = Seat.objects.filter(round__event=event)
    if narrow:
        seats = seats.filter(player_id__in=[row["pk"] for row in rows])
    seated = set(seats.values_list("player_id", flat=True).distinct())
    people: dict[str, _Person] = {}
    for row in rows:
        person = _Person(
            contact_id=row["contact__pk"],
            player_id=row["pk"],
            name=row["name"],
            club=row["club"],
            checked_in=row["attendance__checked_in_at"] is not None,
        )
        if row["is_substitute"]:
            person.state = "substitute"
        else:
            person.state = "player" if row["status"] == Player.Status.ACTIVE else "dropped"
            person.owes = row["status"] == Player.Status.ACTIVE or row["pk"] in seated
        key = f"c{person.contact_id}" if person.contact_id is not None else f"p{person.player_id}"
        people[key] = person
    return people


def _registrations(people: dict[str, _Person], registrations) -> None:
    """The registrants who are not players yet join ``people``; a player's registration says
    why a player who never sat at a table left (one query)."""
    by_player = {p.player_id: p for p in people.values()}
    by_contact = {p.contact_id: p for p in people.values() if p.contact_id is not None}
    for row in registrations.order_by("pk").values(
        "pk", "name", "club", "status", "contact_id", "player_id"
    ):
        person = by_player.get(row["player_id"]) or by_contact.get(row["contact_id"])
        if person is not None and person.player_id is not None:
            if row["player_id"] == person.player_id or row["status"] in Registration.LIVE:
                person.registration_id = row["pk"]
                if person.state == "dropped" and not person.owes:
                    person.state = row["status"]  # absent, withdrawn
            continue
        person = by_contact.setdefault(row["contact_id"], _Person(contact_id=row["contact_id"]))
        people[f"c{row['contact_id']}"] = person
        # the latest registration of the contact says where the person stands
        person.registration_id = row["pk"]
        person.name, person.club, person.state = row["name"], row["club"], row["status"]
        person.owes = row["status"] in Registration.HOLDING


def _line(key: str, person: _Person, plan: Schedule, chosen: dict[int, int | None]) -> Line:
    is_chosen = person.contact_id in chosen
    fee = plan.fee(chosen[person.contact_id]) if is_chosen else plan.default
    return Line(
        key=key,
        contact_id=person.contact_id,
        player_id=person.player_id,
        registration_id=person.registration_id,
        name=person.name,
        club=person.club,
        state=person.state,
        owes=person.owes,
        fee=fee,
        chosen=is_chosen,
        due=fee.amount if (fee is not None and person.owes) else 0,
        paid=person.sums.get(Payment.Kind.PAYMENT, 0),
        refunded=person.sums.get(Payment.Kind.REFUND, 0),
        checked_in=person.checked_in,
    )


def parse_key(key: str) -> tuple[str, int] | None:
    """("c", 12) for "c12", ("p", 3) for "p3"; None for anything else."""
    if len(key) < 2 or key[0] not in "cp" or not key[1:].isdigit() or len(key) > 20:
        return None
    return key[0], int(key[1:])


def line_of(event: Event, key: str, plan: Schedule | None = None) -> Line | None:
    """The person ``key`` names, or None. A player's "p" key finds them after they got a
    contact too."""
    parsed = parse_key(key)
    if parsed is None:
        return None
    kind, pk = parsed
    found = lines(
        event, plan, contact_ids=[pk] if kind == "c" else [], player_ids=[pk] if kind == "p" else []
    )
    wanted = [
        line for line in found if (line.contact_id == pk if kind == "c" else line.player_id == pk)
    ]
    return wanted[0] if wanted else None


@dataclass(frozen=True)
class MethodTotal:
    method: str
    label: str
    received: int
    refunded: int

    @property
    def net(self) -> int:
        return self.received - self.refunded


@dataclass(frozen=True)
class Totals:
    methods: tuple[MethodTotal, ...]
    due: int
    to_pay: int
    to_give_back: int
    unpaid: int  # persons with something to pay
    paid_up: int  # persons who owe a fee and paid it all

    @property
    def received(self) -> int:
        return sum(m.received for m in self.methods)

    @property
    def refunded(self) -> int:
        return sum(m.refunded for m in self.methods)

    @property
    def net(self) -> int:
        return self.received - self.refunded


def totals(event: Event, everyone: list[Line]) -> Totals:
    """The money by method, read from the payments themselves (one query), and what the
    persons' lines add up to."""
    sums: dict[tuple[str, str], int] = defaultdict(int)
    for kind, method, total in (
        Payment.objects.filter(event=event)
        .values("kind", "method")
        .annotate(total=Sum("amount"))
        .order_by()
        .values_list("kind", "method", "total")
    ):
        sums[kind, method] = total or 0
    methods = tuple(
        MethodTotal(
            method.value,
            method.label,
            sums[Payment.Kind.PAYMENT, method.value],
            sums[Payment.Kind.REFUND, method.value],
        )
        for method in METHODS
    )
    return Totals(
        methods=methods,
        due=sum(line.due for line in everyone),
        to_pay=sum(line.to_pay for line in everyone),
        to_give_back=sum(line.to_give_back for line in everyone),
        unpaid=sum(1 for line in everyone if line.to_pay),
        paid_up=sum(1 for line in everyone if line.due and not line.to_pay),
    )


def history(event: Event, contact_id: int) -> list[Payment]:
    """A person's payments, refunds and reversals in order, with who recorded them and what
    reversed them (one query)."""
    return list(
        Payment.objects.filter(event=event, contact_id=contact_id)
        .select_related("by", "reversed_by")
        .order_by("pk")
    )


def choices_of(event: Event, contact_id: int) -> list[FeeChoice]:
    return list(
        FeeChoice.objects.filter(event=event, contact_id=contact_id)
        .select_related("by", "fee")
        .order_by("pk")
    )


def payments(event: Event) -> list[Payment]:
    """Every payment row of the event in order (the export)."""
    return list(Payment.objects.filter(event=event).select_related("by").order_by("pk"))
