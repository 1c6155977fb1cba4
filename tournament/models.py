"""Events, players, rounds, tables, seats and referee assignments.

Structural invariants live in the database as constraints so that no code path (API, form,
admin, shell) can break them: a player sits at most once per round, a table has each wind once,
round numbers are unique per event and table numbers unique per round. Seats of a closed round
are frozen by a trigger (see migration 0002).
"""

from tournament.channels.models import EventChannel
from tournament.contacts.models import Contact
from tournament.events.models import (
    FORMAT_FIELDS,
    MAX_NUMBER,
    RULESET_CHOICES,
    Announcement,
    Event,
    default_time_zone,
    time_zone_names,
)
from tournament.fees.models import Fee, FeeChoice, FeeSettings, Payment
from tournament.formats.models import CutDecision, Stage
from tournament.notify.models import (
    Delivery,
    Message,
    NotifySettings,
    PushSubscription,
    Recipient,
)
from tournament.persons.models import Person, PersonChange
from tournament.players.models import (
    EMA_NUMBER_REGEX,
    PLAYER_CLUB_MAX,
    PLAYER_NAME_KEY_MAX,
    PLAYER_NAME_MAX,
    Player,
    PlayerImport,
    PlayerQuerySet,
    Team,
    player_name_key,
)
from tournament.registration.models import (
    Attendance,
    Registration,
    RegistrationLog,
    RegistrationMail,
    RegistrationMailSent,
    RegistrationSettings,
)
from tournament.rounds.models import (
    WIND_ORDER,
    Round,
    RoundStatusChange,
    Seat,
    SeatingDraft,
    Table,
    TableExtension,
    Wind,
)
from tournament.staff.models import RefereeAssignment, StaffInvitation

__all__ = [
    "EMA_NUMBER_REGEX",
    "FORMAT_FIELDS",
    "MAX_NUMBER",
    "PLAYER_CLUB_MAX",
    "PLAYER_NAME_KEY_MAX",
    "PLAYER_NAME_MAX",
    "RULESET_CHOICES",
    "WIND_ORDER",
    "Announcement",
    "Attendance",
    "Contact",
    "CutDecision",
    "Delivery",
    "Event",
    "EventChannel",
    "Fee",
    "FeeChoice",
    "FeeSettings",
    "Message",
    "NotifySettings",
    "Payment",
    "Player",
    "PlayerImport",
    "Person",
    "PersonChange",
    "PlayerQuerySet",
    "PushSubscription",
    "Recipient",
    "RefereeAssignment",
    "Registration",
    "RegistrationLog",
    "RegistrationMail",
    "RegistrationMailSent",
    "RegistrationSettings",
    "Round",
    "RoundStatusChange",
    "Seat",
    "SeatingDraft",
    "Stage",
    "StaffInvitation",
    "Table",
    "TableExtension",
    "Team",
    "Wind",
    "default_time_zone",
    "player_name_key",
    "time_zone_names",
]
