"""An event with fees (standard, reduced, late) and registrants, built through the services."""

from __future__ import annotations

import pytest

from tests.tournament.registration.conftest import eager_tasks, open_event, person  # noqa: F401
from tournament.fees import services
from tournament.fees.reading import money
from tournament.registration import services as registration


@pytest.fixture
def fee_event(open_event, director):  # noqa: F811
    def make(registrants: int = 6, *, cap: int = 4, slug: str = "fees-open", currency="EUR"):
        event = open_event(cap=cap, slug=slug)
        services.set_currency(event, currency)
        for name, amount in (("Standard", "40"), ("Reduced", "25"), ("Late", "50.50")):
            services.save_fee(event, None, name=name, amount=money.parse(amount, currency))
        for n in range(1, registrants + 1):
            registration.sign_up(event, person(n))
        return event

    return make
