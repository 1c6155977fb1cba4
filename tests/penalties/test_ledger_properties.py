"""Properties of the stored ledger over random sequences of reports and voids (hypothesis)."""

from __future__ import annotations

import hashlib
from collections import defaultdict

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from hypothesis import HealthCheck, given, settings
from hypothesis import event as event_note
from hypothesis import strategies as st

from penalties import services as penalties
from penalties.models import FoulReport, LedgerEntry
from rules import CATALOGUE, RULESETS
from tests.support.strategies import OPTIONS, PLAYERS, details_strategy
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats

pytestmark = pytest.mark.django_db


@st.composite
def scenarios(draw):
    key = draw(st.sampled_from(sorted(RULESETS)))
    options = draw(OPTIONS[key])
    codes = RULESETS[key].codes
    steps = draw(
        st.lists(
            st.one_of(
                st.tuples(
                    st.just("report"),
                    st.sampled_from(codes).flatmap(
                        lambda c: st.tuples(
                            st.just(c),
                            st.sampled_from(PLAYERS),
                            details_strategy(CATALOGUE[c].fields),
                        )
                    ),
                ),
                st.tuples(st.just("void"), st.integers(0, 50)),
            ),
            min_size=1,
            max_size=12,
        )
    )
    return key, options, steps


def rows_digest(ids) -> str:
    rows = (
        LedgerEntry.objects.filter(pk__in=ids)
        .order_by("pk")
        .values_list(
            "pk",
            "player_id",
            "kind",
            "points",
            "scope",
            "counterpart_id",
            "report_id",
            "reverses_id",
            "void_id",
            "detail",
            "created_at",
        )
    )
    return hashlib.sha256(repr(list(rows)).encode()).hexdigest()


def balances():
    result: dict[tuple[int, str], int] = defaultdict(int)
    for e in LedgerEntry.objects.all():
        if e.kind == "transfer":
            result[(e.player_id, "table")] -= e.points
            result[(e.counterpart_id, "table")] += e.points
        elif e.kind == "deduct":
            result[(e.player_id, e.scope)] += e.points
    return result


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(scenario=scenarios())
def test_reports_and_voids_keep_the_ledger_consistent(director, scenario):
    key, options, steps = scenario
    with transaction.atomic():
        event = (
            event_services.save_event(
                Event(
                    name="Prop",
                    slug="prop",
                    ruleset=key,
                    ruleset_options=options,
                    director=director,
                )
            )
            if _options_ok(key, options)
            else None
        )
        if event is None:
            transaction.set_rollback(True)
            return
        for pk in PLAYERS:
            Player.objects.create(pk=pk, event=event, name=f"P{pk}")
        round_ = round_services.create_round(event, number=1)
        seats.seat_round(round_, [list(PLAYERS)])
        round_services.update_round(round_, status=Round.Status.LIVE)

        for n, step in enumerate(steps):
            if step[0] == "report":
                code, offender, details = step[1]
                try:
                    penalties.record_foul(
                        event,
                        director,
                        penalties.FoulInput(
                            round=1,
                            table=1,
                            offender=offender,
                            code=code,
                            details=details,
                            idempotency_key=f"k{n}",
                        ),
                    )
                except ValidationError:
                    continue
            else:
                reports = list(FoulReport.objects.filter(void__isnull=True).order_by("pk"))
                if reports:
                    penalties.void_report(reports[step[1] % len(reports)], director, "appeal")

        transfers = LedgerEntry.objects.filter(kind="transfer")
        sides = set(transfers.values_list("player_id", flat=True)) | set(
            transfers.values_list("counterpart_id", flat=True)
        )
        assert sides <= set(PLAYERS)  # both sides sit at the table (no counterpart missing)
        assert not transfers.filter(counterpart_id=F("player_id")).exists()
        event_note(LedgerEntry.objects.count())
        ids = list(LedgerEntry.objects.values_list("pk", flat=True))
        digest = rows_digest(ids)
        for report in FoulReport.objects.filter(void__isnull=True):
            penalties.void_report(report, director, "void everything")
        assert all(v == 0 for v in balances().values())
        for row in penalties.discipline(event).values():
            assert (
                row.warnings,
                row.dead_hands,
                row.penalty_tiles,
                row.disqualified,
                row.table_points,
                row.overall_points,
            ) == (0, 0, 0, False, 0, 0)
        assert rows_digest(ids) == digest
        transaction.set_rollback(True)


def _options_ok(key, options) -> bool:
    from rules import RuleError

    try:
        RULESETS[key].options(options)
    except RuleError:
        return False
    return True
