"""The event-format tests of tests/formats again on PostgreSQL (``make test-services``):
team standings with sum and best N, a cut with a tie at the line in each ruleset family,
carry-over, by-rank seating, the consolation group, the final ranking and the archive."""

from __future__ import annotations

import os

import pytest
from django.db import connection

from tests.formats.conftest import eager_reconcile, play  # noqa: F401 (fixtures)
from tests.formats.test_format_archive import (  # noqa: F401
    test_archive_round_trips_teams_stages_and_cuts,
    test_verify_finds_stage_and_team_standings_that_differ,
)
from tests.formats.test_stages import (  # noqa: F401
    test_a_tie_at_the_cut_line_goes_to_the_director,
    test_bad_stages_are_refused,
    test_by_rank_final_seating_and_final_ranking,
    test_carry_over,
    test_consolation_group_has_its_own_standings,
    test_the_reconcile_counts_overall_deductions_in_their_stage_as_a_fresh_read_does,
    test_the_ruleset_tiebreak_settles_the_line_without_the_director,
)
from tests.formats.test_teams import (  # noqa: F401
    teamed,
    test_a_team_of_another_event_is_refused,
    test_equal_teams_share_a_place,
    test_file_import_creates_and_reuses_teams,
    test_team_standings_best_n_and_shared_place,
    test_team_standings_sum_every_member,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def on_postgresql():
    if connection.vendor != "postgresql":
        if os.environ.get("REQUIRE_SERVICES"):
            pytest.fail("needs PostgreSQL (DATABASE_URL)")
        pytest.skip("needs PostgreSQL (DATABASE_URL)")
