"""Reading the public pages as a visitor sees them (the standings table's rows)."""

from __future__ import annotations

import re


def standings_rows(html: str) -> list[list[str]]:
    """The cells of the standings table, row by row, as text."""
    body = html.split('<table class="list standings">', 1)[1].split("<tbody>", 1)[1]
    body = body.split("</tbody>", 1)[0]
    rows = []
    for row in body.split("</tr>")[:-1]:
        cells = [re.sub(r"<[^>]+>", "", c.split("</td>")[0]).strip() for c in row.split("<td")[1:]]
        rows.append([c.split(">", 1)[1].strip() if ">" in c else c for c in cells])
    return rows
