"""No count without plural forms (issue 37, item 4): Czech and Polish have four forms, French
and Finnish two, so "%(minutes)s minutes" read "3 minut" until the code asked for the form.

The check, precisely: a **count** in a message is a placeholder named like a count
(``COUNT_NAMES``: ``%(count)d``, ``{{ minutes }}``, ...) or any placeholder directly followed by a
counted noun (``COUNTED``: "%(n)d characters", "{{ max }} minutes"). Not counts: a number after a
label and its colon ("Reports not sent yet: {count}", the same in every form), a number before
a unit no language declines ("13 han", "+5 min"), and placeholders that name a thing
(``NOT_COUNTS``: "a %(kind)s hand"). Every message with a count
must be a plural construct: ``ngettext``/``npgettext``/``ngettext_lazy`` in Python,
``{% blocktranslate count ... %}`` in templates. The scan reads every gettext call of the
sources with ``ast`` (``_``, ``gettext``, ``gettext_lazy``, ``gettext_noop``, ``pgettext``, ...)
and every ``{% translate %}`` and ``{% blocktranslate %}`` of the templates.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support.translations import COUNTED, ROOT, SOURCES

COUNT_NAMES = {"count", "counter", "minutes", "seconds", "hours", "days"}
# Placeholders that name a thing, not a number ("a %(kind)s hand", "a %(old)s round").
NOT_COUNTS = {"kind", "old", "new", "status"}
# Units every language leaves undeclined after a number: "13 han", "+5 min", "512 KB".
UNDECLINED = re.compile(r"\s*(han|fu|fan|yakuman|min|KB)\b")
PLACEHOLDER = r"%\((?P<a>\w+)\)[sdif]|\{\{\s*(?P<b>\w+)\s*\}\}|\{(?P<c>\w+)\}"
FOLLOWED = re.compile(rf"(?:{PLACEHOLDER})(?P<rest>\s+(?:{COUNTED})\b)?", re.IGNORECASE)
SINGULAR_CALLS = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ugettext",
    "pgettext",
    "pgettext_lazy",
    "_noop",
}


def counts(message: str) -> list[str]:
    """The counts of ``message`` (see the module docstring)."""
    found = []
    for m in FOLLOWED.finditer(message):
        name = m.group("a") or m.group("b") or m.group("c")
        if name in NOT_COUNTS or UNDECLINED.match(message, m.end()):
            continue
        labelled = message[: m.start()].rstrip().endswith(":") and not m.group("rest")
        if (name in COUNT_NAMES and not labelled) or m.group("rest"):
            found.append(m.group(0))
    return found


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def python_messages(path: Path) -> list[tuple[int, str]]:
    """(line, message) of every singular gettext call in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or _name(node.func) not in SINGULAR_CALLS:
            continue
        args = node.args[1:] if _name(node.func).startswith("pgettext") else node.args
        if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
            found.append((node.lineno, args[0].value))
    return found


TRANSLATE = re.compile(r"{%\s*(?:translate|trans)\s+(['\"])(.*?)\1", re.S)
BLOCK = re.compile(r"{%\s*blocktrans(?:late)?\b(?P<tag>.*?)%}(?P<body>.*?){%\s*endblocktrans", re.S)


def template_messages(path: Path) -> list[tuple[int, str]]:
    """(line, message) of every translated template string that is not a plural block."""
    text = path.read_text(encoding="utf-8")
    found = []
    for m in TRANSLATE.finditer(text):
        found.append((text.count("\n", 0, m.start()) + 1, m.group(2)))
    for m in BLOCK.finditer(text):
        if re.search(r"\bcount\b", m.group("tag")):
            continue
        found.append((text.count("\n", 0, m.start()) + 1, m.group("body")))
    return found


def uncounted() -> list[str]:
    problems = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*")):
            if "migrations" in path.parts:
                continue
            if path.suffix == ".py":
                messages = python_messages(path)
            elif path.suffix in (".html", ".txt"):
                messages = template_messages(path)
            else:
                continue
            for line, message in messages:
                if counts(message):
                    where = path.relative_to(ROOT)
                    problems.append(f"{where}:{line}: {message!r} counts {counts(message)}")
    return problems


def test_the_check_knows_a_count():
    assert counts("%(minutes)s minutes")
    assert counts("%(count)d voided")
    assert counts("at most %(n)d characters")
    assert counts("{{ max }} minutes")
    assert not counts("Round %(number)s")
    assert not counts("Table %(n)s")
    assert not counts("Reports not sent yet on this tablet: {count}.")
    assert not counts("at most %(count)s han")
    assert not counts("a %(kind)s hand is not scored")


@pytest.mark.parametrize("kind", ["py", "html"])
def test_no_count_without_plural_forms(kind):
    problems = [p for p in uncounted() if (".py:" in p) == (kind == "py")]
    assert not problems, f"{len(problems)} counts without plural forms:\n" + "\n".join(problems)
