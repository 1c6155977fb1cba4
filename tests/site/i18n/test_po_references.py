"""The translations name where each message is used (issue 43, item 33): every message of
every language's .po file carries its ``#:`` source references, and each reference names a
file of the project as it is now (translators open them; a moved module must not leave them
pointing nowhere)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CATALOGUES = sorted(ROOT.glob("locale/*/LC_MESSAGES/django.po"))


def entries(text: str) -> list[tuple[list[str], str]]:
    """(references, msgid) of each message, the header left out."""
    found = []
    for block in text.split("\n\n"):
        msgid = re.search(r'^msgid "(.*)"$', block, re.M)
        if msgid is None or (msgid[1] == "" and "Project-Id-Version" in block):
            continue
        if block.lstrip().startswith("#~"):
            continue  # obsolete
        refs = [ref for line in re.findall(r"^#: (.*)$", block, re.M) for ref in line.split()]
        found.append((refs, msgid[1]))
    return found


@pytest.mark.parametrize("catalogue", CATALOGUES, ids=lambda p: p.parts[-3])
def test_every_message_names_where_it_is_used_and_the_files_exist(catalogue):
    messages = entries(catalogue.read_text(encoding="utf-8"))
    assert len(messages) > 1000
    unplaced = [msgid for refs, msgid in messages if not refs]
    assert unplaced == []
    stale = sorted(
        {
            ref.rsplit(":", 1)[0]
            for refs, _msgid in messages
            for ref in refs
            if not (ROOT / ref.rsplit(":", 1)[0]).is_file()
        }
    )
    assert stale == []


def test_the_check_finds_a_reference_to_a_moved_file(tmp_path):
    po = 'msgid ""\nmsgstr "Project-Id-Version: x"\n\n#: scoring/gone.py:3\nmsgid "A"\nmsgstr "B"\n'
    ((refs, msgid),) = entries(po)
    assert msgid == "A" and not (ROOT / refs[0].rsplit(":", 1)[0]).is_file()
