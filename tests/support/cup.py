"""The cut cup of the format tests: twelve classical players, a qualifying round and a final
stage of four with a consolation group."""

from __future__ import annotations

import re

from django.test import Client

from scoring.formats.services import confirm_cut, seat_stage_round
from scoring.results.services import enter_result
from scoring.standings.services.reconcile import reconcile_event
from tests.support.playing import close, start

# Round 1 of twelve classical players p0..p11 (tables p0-p3, p4-p7, p8-p11); the ranking after
# it is p0 p4 p8 p1 | p5 p9 p10 p11 p6 p7 p2 p3, and the top four go on to the final.
ROUND_ONE = [[40, 10, -20, -30], [30, 5, -16, -19], [20, 0, -6, -14]]


# Round 2 (the final stage), per player index: the final table p0 p4 p8 p1, and a consolation
# group where p3 (12th at the line) wins big: overall, p3 is 2nd and p0 (4th of the final) 6th.
ROUND_TWO = {0: -50, 4: -20, 8: 10, 1: 60, 5: 50, 9: -12, 10: -13, 11: -25, 3: 90, 6: -30}


def _enter(round_, director, p, scores: dict[int, int]) -> None:
    index = {player.pk: i for i, player in enumerate(p)}
    start(round_)
    for table in round_.tables.order_by("number"):
        winds = dict(table.seats.values_list("wind", "player_id"))
        enter_result(table, director, {w: scores[index[who]] for w, who in winds.items()})


def _played_final(cup, director):
    event, p, final = cup
    confirm_cut(final, director)
    round_two = seat_stage_round(final)
    _enter(round_two, director, p, ROUND_TWO)
    close(round_two)
    reconcile_event(event.pk)
    event.refresh_from_db()
    return event, p


def final_places(client: Client, event) -> dict[int, int]:
    page = client.get(f"/e/{event.slug}/final/").content.decode()
    table = page.split('class="list standings final-ranking"', 1)[1].split("</table>", 1)[0]
    found = re.findall(
        rf'<td class="num">(\d+)</td><td class="name"><a href="/e/{event.slug}/players/(\d+)/"',
        table,
    )
    return {int(pk): int(place) for place, pk in found}
