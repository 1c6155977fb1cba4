"""The current ranking of an event with stages: the one place every page, the API and the
exports give a player once a stage after the first has begun.

The places are those of the final ranking (``final_ranking``, what ``/final/`` shows): the
current stage's players by their place in it, then the players cut before it by their standing
at the cut. A later stage is "begun" when its cut is confirmed or one of its rounds is live or
closed; before that (and in an event without stages) there is no stage ranking and the pages
show the overall standings as they always did. A consolation group's players keep the place
they had at the line (consolation results do not change the ranking); their place in the group
comes as ``group_place``. Once the last stage's rounds are all closed the ranking is the final
ranking (``complete``).

Read from the stored format standings (``FormatStandings``), never recomputed per request:
``current_ranking`` keeps what it read in Django's cache, keyed by the revisions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache

from scoring.standings.models import FormatStandings
from tournament.events.models import Event
from tournament.formats.models import Stage
from tournament.rounds.models import Round

QUALIFIED, CONSOLATION, CUT = "qualified", "consolation", "cut"


@dataclass(frozen=True)
class Placed:
    """One player's line in the current ranking. ``stage``: the current stage for the
    qualified and the consolation group, the stage whose cut a cut player missed; ``values``:
    exact (total, table points, score) in that group's table (for a cut player, the stage
    before the cut)."""

    player: int
    place: int
    group: str
    stage: int
    stage_name: str
    group_place: int | None
    values: dict[str, str]


@dataclass(frozen=True)
class Group:
    kind: str
    stage: int
    stage_name: str
    rows: list[Placed]


@dataclass
class Ranking:
    method: str
    stage: int
    stage_name: str
    complete: bool
    groups: list[Group] = field(default_factory=list)
    by_player: dict[int, Placed] = field(default_factory=dict)

    @property
    def count(self) -> int:
        """Players with a place (the "of N" of a place)."""
        return len(self.by_player)

    def ordered(self) -> list[Placed]:
        return [row for group in self.groups for row in group.rows]


# (number, name, first round, last round, whether its cut is confirmed)
StageRow = tuple[int, str, int, int, bool]


def _values(line: Sequence[Any]) -> dict[str, str]:
    return {"total": line[2], "table_points": line[3], "score": line[4]}


def ranking_of(
    data: dict[str, Any], stages: Iterable[StageRow], rounds: dict[int, str]
) -> Ranking | None:
    """The ranking of stored format standings, the event's stages and its rounds'
    statuses; None while no stage after the first has begun."""
    stages = sorted(stages)
    tables = data.get("stages") or {}
    if not stages or not tables:
        return None
    playing = (Round.Status.LIVE, Round.Status.CLOSED)
    begun = [
        s
        for s in stages[1:]
        if str(s[0]) in tables
        and (s[4] or any(rounds.get(n) in playing for n in range(s[2], s[3] + 1)))
    ]
    if not begun:
        return None
    number, name, first, last, _cut = begun[-1]
    complete = begun[-1] == stages[-1] and all(
        rounds.get(n) == Round.Status.CLOSED for n in range(first, last + 1)
    )
    ranking = Ranking(data.get("method", ""), number, name, complete)
    names = {s[0]: s[1] for s in stages}

    def add(kind: str, stage: int, rows: list[Placed]) -> None:
        if rows:
            ranking.groups.append(Group(kind, stage, names.get(stage, ""), rows))
            ranking.by_player.update((row.player, row) for row in rows)

    add(
        QUALIFIED,
        number,
        [
            Placed(line[1], line[0], QUALIFIED, number, name, None, _values(line))
            for line in tables[str(number)]
        ],
    )
    final = {who: place for place, who in data.get("final", [])}
    # In the ranking's order, as /final/ lists them; their place in the group comes along.
    consolation = [
        Placed(line[1], final[line[1]], CONSOLATION, number, name, line[0], _values(line))
        for line in (data.get("consolation") or {}).get(str(number), [])
        if line[1] in final
    ]
    add(CONSOLATION, number, sorted(consolation, key=lambda row: (row.place, row.group_place)))
    # The players cut before the current stage, latest cut first, as the final ranking lists
    # them: each under the stage whose cut they missed, with their line in the stage before.
    started = [s[0] for s in stages if str(s[0]) in tables and s[0] <= number]
    for before, stage in reversed(list(zip(started, started[1:], strict=False))):
        going = {line[1] for line in tables[str(stage)]}
        rows = [
            Placed(line[1], final[line[1]], CUT, stage, names.get(stage, ""), None, _values(line))
            for line in tables[str(before)]
            if line[1] not in going and line[1] in final and line[1] not in ranking.by_player
        ]
        add(CUT, stage, sorted(rows, key=lambda row: row.place))
    return ranking


def read_ranking(event_id: int, data: dict[str, Any] | None = None) -> Ranking | None:
    """``ranking_of`` the stored format standings (or ``data``, as ``current`` gives them):
    a query for them, one for the stages, one for the rounds."""
    if data is None:
        stored = FormatStandings.objects.filter(event_id=event_id).only("data").first()
        data = stored.data if stored is not None else {}
    if not data.get("stages"):
        return None
    stages = [
        (number, name, first, last, cut is not None)
        for number, name, first, last, cut in Stage.objects.filter(event_id=event_id).values_list(
            "number", "name", "first_round", "last_round", "cut__id"
        )
    ]
    rounds = dict(Round.objects.filter(event_id=event_id).values_list("number", "status"))
    return ranking_of(data, stages, rounds)


def current_ranking(event: Event, snapshot: Any) -> Ranking | None:
    """The event's current ranking as the pages show it (None: show the overall standings).
    No query for an event without stages; for one with stages, ``read_ranking``'s three once
    per (event revision, snapshot revision) in the cache: the format standings are written with
    the snapshot, and every change of the stages, cuts or rounds moves the event's revision."""
    if not event.has_stages or snapshot is None or snapshot.revision < 0:
        return None
    key = f"standings:ranking:{event.pk}:{event.revision}:{snapshot.revision}"
    return cache.get_or_set(key, lambda: (read_ranking(event.pk),), 3600)[0]
