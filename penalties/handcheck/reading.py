"""What the table's game stands at, for "check a hand": the dealer, the prevailing wind, the
counters and the riichi sticks. The score sheet knows them, and it lives a layer above (in
``scoring``), which registers its reader here when the apps are ready, as it registers the
tablet's panels (``penalties.tablet.reading``). Without a sheet, the table's seats are the seat
winds and the prevailing wind is East."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tournament.rounds.models import Table


@dataclass(frozen=True)
class TableState:
    dealer: int  # the seat (0 E, 1 S, 2 W, 3 N as seated at the table) that is East now
    prevailing: int  # 0 East .. 3 North
    counters: int = 0
    sticks: int = 0


Reader = Callable[[Table], TableState | None]
_READERS: list[Reader] = []


def register(reader: Reader) -> None:
    if reader not in _READERS:
        _READERS.append(reader)


def table_state(table: Table) -> TableState | None:
    """The game's state as a registered reader knows it, or None."""
    for reader in _READERS:
        found = reader(table)
        if found is not None:
            return found
    return None


def seat_wind(seat: int, state: TableState | None) -> int:
    """The seat wind now of the player seated at ``seat`` (0 E .. 3 N on the table card)."""
    return (seat - (state.dealer if state else 0)) % 4
