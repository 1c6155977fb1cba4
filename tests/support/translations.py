"""The catalogues as the translation tests read them: a small .po reader, the locales and
source folders, the placeholders a translation must keep, and the counted messages."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


LOCALES = ("cs", "fr", "fi", "pl")


SOURCES = (
    "config",
    "integrity",
    "rules",
    "tournament",
    "penalties",
    "scoring",
    "templates",
    "static",
)


PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|\{\w+\}|%[sd]")


def parse(path: Path) -> list[dict]:
    """A small .po reader: entries with msgid, msgid_plural, msgstr(s) and flags."""
    entries, entry, key = [], None, None
    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line:
            if entry:
                entries.append(entry)
            entry, key = None, None
            continue
        if entry is None:
            entry = {"flags": set(), "msgstr": {}}
        if line.startswith("#,"):
            entry["flags"] |= {f.strip() for f in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = bytes(line[1:-1], "utf-8").decode("unicode_escape").encode("latin-1").decode()
            if isinstance(key, tuple):
                entry["msgstr"][key[1]] += value
            else:
                entry[key] += value
        else:
            name, _, rest = line.partition(" ")
            value = bytes(rest[1:-1], "utf-8").decode("unicode_escape").encode("latin-1").decode()
            match = re.fullmatch(r"msgstr\[(\d+)\]", name)
            if match:
                key = ("msgstr", int(match.group(1)))
                entry["msgstr"][key[1]] = value
            elif name == "msgstr":
                key = ("msgstr", 0)
                entry["msgstr"][0] = value
            else:
                key = name
                entry[name] = value
    return [e for e in entries if "msgid" in e]


COUNTED = (
    r"minutes?|seconds?|hours?|days?|players?|rounds?|tables?|characters?|columns?|numbers?|"
    r"hands?|fouls?|tiles?|points|rows?|entries|reports?|members?|teams?|stages?|items?"
)
