"""Team and stage standings and the final ranking, computed from the stored standings rows.

A team is a sum over its members' rows; a stage is a filter of the rows' round lines (its
rounds) plus the carry-over from the stage before; nothing is recomputed from table results
(DESIGN.md: "a stage is a filter and a carry-over, a team a sum"). The reconcile computes them
right after the snapshot (``prepare_computed``) and stores them in ``FormatStandings`` at the same
revision; pages read that. The reconcile hands over the snapshot's rows before packing and
what it loaded for them (teams, overall deductions with their rounds, the stages), so that
the format costs it one query, for the stages, and no parse of the packed snapshot.

Values are integers counted in twelfths, as in the snapshot, or exact ``Fraction``s where a
carry-over halves them; stored as exact strings. Overall-scope penalties count in the stage
whose rounds hold the round they were given in (docs/rules-decisions.md, section 5).
"""

from __future__ import annotations

from scoring.standings.formats.inputs import inputs_of, load_inputs, load_stages
from scoring.standings.formats.ranking import (
    CONSOLATION,
    CUT,
    QUALIFIED,
    Placed,
    Ranking,
    current_ranking,
    ranking_of,
    read_ranking,
)
from scoring.standings.formats.rows import VALUES, Rows, key_indices, primary
from scoring.standings.formats.stages import (
    CutInput,
    StageInput,
    StageLike,
    StagePlan,
    StageTable,
    final_ranking,
    scale_of,
    stage_standings,
)
from scoring.standings.formats.stored import PACK_FORMAT, compute, display, pack, readable, unpack
from scoring.standings.formats.teams import team_arrays
from scoring.standings.formats.writing import current, prepare, prepare_computed, refresh, store

__all__ = [
    "CONSOLATION",
    "CUT",
    "QUALIFIED",
    "Placed",
    "Ranking",
    "current_ranking",
    "ranking_of",
    "read_ranking",
    "CutInput",
    "PACK_FORMAT",
    "Rows",
    "StageInput",
    "StageLike",
    "StagePlan",
    "StageTable",
    "VALUES",
    "compute",
    "current",
    "display",
    "final_ranking",
    "inputs_of",
    "key_indices",
    "load_inputs",
    "load_stages",
    "pack",
    "prepare",
    "prepare_computed",
    "primary",
    "readable",
    "refresh",
    "scale_of",
    "stage_standings",
    "store",
    "team_arrays",
    "unpack",
]
