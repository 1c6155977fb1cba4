"""Small events built through the services, for the export tests."""

from __future__ import annotations

import pytest

from tests.support.export_event import Built, build_event
from tests.support.ledger import Ledger
from tournament.players import services as player_services
from tournament.players.models import Player


@pytest.fixture(autouse=True)
def eager_reconcile(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True


MCR_ROSTER = [
    ("Jiří Dvořák", "CZ", "07000001"),
    ("Anna Marie Novak", "CZ", "07000002"),
    ("Pierre Dupont", "FR", "04000003"),
    ("Mika Virtanen", "FI", "02000004"),
    ("Jan Kowalski", "PL", "10000005"),
    ("Sam Sub", "CZ", "07000006"),
    ("Eva Svobodová", "CZ", ""),
    ("Madonna", "", ""),
]
MCR_TABLES = [
    [("Jiří Dvořák", 30), ("Anna Marie Novak", 30), ("Pierre Dupont", -20), ("Mika Virtanen", -40)],
    [("Jan Kowalski", 40), ("Sam Sub", 10), ("Eva Svobodová", -10), ("Madonna", -40)],
]


@pytest.fixture
def mcr_event(director) -> Built:
    """MCR, one round: a tie at table 1 (E and S share 4+2), Sam Sub a substitute, Pierre
    Dupont dropped out with an overall deduction of 5."""
    built = build_event(director, "mcr", "mcr-cup", MCR_ROSTER, MCR_TABLES)
    sub = built.players["Sam Sub"]
    Player.objects.filter(pk=sub.pk).update(is_substitute=True)
    player_services.update_player(built.players["Pierre Dupont"], status=Player.Status.DROPPED)
    table = built.event.rounds.get(number=1).tables.get(number=1)
    Ledger(director).deduct(table, built.players["Pierre Dupont"], -5, "overall")
    return built


RIICHI_ROSTER = [
    ("Aino Laine", "FI", "02000011"),
    ("Bruno Petit", "FR", "04000012"),
    ("Celine Marie Roux", "FR", "04000013"),
    ("Dan Novy", "CZ", "07000014"),
    ("Ewa Nowak", "PL", "10000015"),
    ("Filip Horak", "CZ", "07000016"),
    ("Gerd Muller", "DE", "05000017"),
    ("Hana Kralova", "CZ", "07000018"),
]
RIICHI_TABLES = [
    [
        ("Aino Laine", 45000),
        ("Bruno Petit", 35000),
        ("Celine Marie Roux", 25000),
        ("Dan Novy", 15000),
    ],
    [("Ewa Nowak", 40000), ("Filip Horak", 40000), ("Gerd Muller", 30000), ("Hana Kralova", 10000)],
]


@pytest.fixture
def riichi_event(director) -> Built:
    """Riichi (EMA rules, start 30000, uma 15/5/-5/-15 thousand), one round: a tie at table 2
    (E and S share the uma of places 1 and 2), Celine Marie Roux deducted 20000 overall."""
    built = build_event(director, "riichi_ema", "riichi-cup", RIICHI_ROSTER, RIICHI_TABLES)
    table = built.event.rounds.get(number=1).tables.get(number=1)
    Ledger(director).deduct(table, built.players["Celine Marie Roux"], -20000, "overall")
    return built
