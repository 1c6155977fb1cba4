"""The computed format standings, their stored (packed) form, and reading them for people."""

from __future__ import annotations

import json
import zlib
from fractions import Fraction
from typing import Any

import numpy as np

from rules.standings import TABLE_POINTS
from scoring.standings.formats.rows import VALUES, Rows
from scoring.standings.formats.stages import StageLike, final_ranking, scale_of, stage_standings
from scoring.standings.formats.teams import team_arrays
from scoring.standings.snapshot import TWELFTHS, Formatter, narrowest_width

# Stored form --------------------------------------------------------------------------------


def compute(
    method: str,
    packed: bytes | memoryview | None,
    *,
    members: dict[int, int],
    best: int | None,
    stages: list[StageLike],
    overall: dict[tuple[int, int], int] | np.ndarray,
    arrays: bool = False,
    rows: Rows | None = None,
) -> dict[str, Any]:
    """Everything the format pages show: teams, stages, consolation groups, the final ranking,
    as lists (``arrays``: the tables as integer arrays, for ``pack``). Values are integers
    counted in 1/``scale`` (see ``readable``). ``rows``: ``packed``'s rows, when the caller
    has them already."""
    if not arrays:
        return unpack(
            pack(
                compute(
                    method,
                    packed,
                    arrays=True,
                    members=members,
                    best=best,
                    stages=stages,
                    overall=overall,
                    rows=rows,
                )
            )
        )
    if rows is None:
        rows = Rows.of(packed)
    scale = scale_of(stages)
    data: dict[str, Any] = {"method": method, "scale": scale}
    if members:
        data["teams"] = team_arrays(method, rows, members, best, scale)
    if stages:
        plan = stage_standings(method, rows, stages, overall, scale)
        data["stages"] = {str(n): t.as_array(rows) for n, t in plan.results.items()}
        data["consolation"] = {str(n): t.as_array(rows) for n, t in plan.consolation.items()}
        data["pending"] = plan.pending
        data["final"] = final_ranking(rows, plan)
    return data


# The stored form: zlib over the byte length (4 bytes) of a JSON object (method, scale,
# pending, and per array its name, row width, row count and integer size), that JSON, then the
# arrays as little-endian integers of the fewest bytes that hold them, one after the other.
# Encoding thousands of small lists as JSON costs several times more than the rest of the
# computation.
PACK_FORMAT = 1


def pack(data: dict[str, Any]) -> bytes:
    arrays: list[tuple[str, np.ndarray]] = []
    if "teams" in data:
        teams = data["teams"]
        if isinstance(teams, tuple):  # ``team_arrays``
            table, member_ids = teams
        else:
            table = np.array(
                [
                    [
                        t["place"],
                        t["team"],
                        *(t[v] for v in VALUES),
                        t["counted"],
                        len(t["members"]),
                    ]
                    for t in teams
                ],
                dtype=np.int64,
            ).reshape(-1, 7)
            member_ids = np.array([m for t in teams for m in t["members"]], dtype=np.int64)
        arrays.append(("teams", table))
        arrays.append(("members", member_ids))
    for group in ("stages", "consolation"):
        for number, lines in data.get(group, {}).items():
            arrays.append((f"{group}:{number}", np.array(lines, dtype=np.int64).reshape(-1, 5)))
    if "final" in data:
        arrays.append(("final", np.array(data["final"], dtype=np.int64).reshape(-1, 2)))
    head = {
        "format": PACK_FORMAT,
        "method": data.get("method", ""),
        "scale": data.get("scale", TWELFTHS),
        "pending": data.get("pending"),
        "has_stages": "stages" in data,
        "arrays": [],
    }
    parts = []
    for name, a in arrays:
        narrow = narrowest_width(a.reshape(-1))
        head["arrays"].append([name, a.shape[1] if a.ndim == 2 else 1, len(a), narrow.itemsize])
        parts.append(narrow.tobytes())
    text = json.dumps(head, separators=(",", ":")).encode()
    body = b"".join(parts)
    # Level 0: a zlib stream stored as is. The narrow arrays are a few tens of kilobytes for
    # a thousand players, which compression would cut by a third for a tenth of the reconcile's
    # format work (PostgreSQL compresses large values itself).
    return zlib.compress(len(text).to_bytes(4, "little") + text + body, 0)


def unpack(packed: bytes | memoryview | None) -> dict[str, Any]:
    """The dict ``compute`` made, from ``pack``'s bytes."""
    if not packed:
        return {}
    raw = zlib.decompress(bytes(packed))
    size = int.from_bytes(raw[:4], "little")
    head = json.loads(raw[4 : 4 + size])
    offset = 4 + size
    arrays: dict[str, np.ndarray] = {}
    for name, width, count, size in head["arrays"]:
        values = np.frombuffer(raw, dtype=f"<i{size}", count=width * count, offset=offset)
        values = values.astype(np.int64)
        arrays[name] = values.reshape(count, width) if width > 1 or name != "members" else values
        offset += size * width * count
    data: dict[str, Any] = {"method": head["method"], "scale": head["scale"]}
    if "teams" in arrays:
        members = arrays["members"].reshape(-1).tolist()
        teams, start = [], 0
        for place, team, total, points, score, counted, size in arrays["teams"].tolist():
            teams.append(
                {
                    "place": place,
                    "team": team,
                    "total": total,
                    "table_points": points,
                    "score": score,
                    "members": members[start : start + size],
                    "counted": counted,
                }
            )
            start += size
        data["teams"] = teams
    if head["has_stages"]:
        for group in ("stages", "consolation"):
            data[group] = {
                name.split(":", 1)[1]: a.tolist()
                for name, a in arrays.items()
                if name.startswith(group + ":")
            }
        data["pending"] = head["pending"]
        data["final"] = arrays["final"].tolist() if "final" in arrays else []
    return data


def readable(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with every value as an exact string in the ruleset's unit ("7/3", "-12")."""
    scale = data.get("scale", TWELFTHS)
    cache: dict[int, str] = {}

    def exact(value: int) -> str:
        text = cache.get(value)
        if text is None:
            text = cache[value] = str(Fraction(value, scale))
        return text

    out = dict(data)
    if "teams" in data:
        out["teams"] = [{**t, **{v: exact(t[v]) for v in VALUES}} for t in data["teams"]]
    for group in ("stages", "consolation"):
        if group in data:
            out[group] = {
                n: [[p, who, *(exact(v) for v in values)] for p, who, *values in lines]
                for n, lines in data[group].items()
            }
    return out


# Reading ------------------------------------------------------------------------------------


def display(method: str, exact: str, what: str) -> str:
    """A stored exact value (in the ruleset's unit) as the standings pages show it."""
    fmt = Formatter(TABLE_POINTS if what == "table_points" else method)
    return fmt(int(Fraction(exact) * TWELFTHS))[1]
