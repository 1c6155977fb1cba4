"""Every user-visible string is translated in the four non-English locales.

``makemessages`` runs on a copy of the source tree (so the working tree is left alone); every
entry of the resulting catalogues must have a translation, none may be fuzzy, and each
translation must keep the placeholders of its message.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.translations import LOCALES, PLACEHOLDER, ROOT, SOURCES, parse


@pytest.fixture(scope="module")
def fresh_catalogues(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("src")
    for name in (*SOURCES, "locale"):
        shutil.copytree(ROOT / name, copy / name)
    shutil.copy(ROOT / "manage.py", copy / "manage.py")
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            *(f"-l{code}" for code in LOCALES),
            "--no-location",
            "--no-obsolete",
            "-i",
            "var/*",
        ],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=240,
        env={
            "PATH": "/usr/bin:/bin",
            "VAR_DIR": str(copy / "var"),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "PYTHONPATH": str(copy),
        },
    )
    assert result.returncode == 0, result.stderr
    return copy / "locale"


@pytest.mark.parametrize("code", LOCALES)
def test_catalogue_is_complete(fresh_catalogues, code):
    entries = parse(fresh_catalogues / code / "LC_MESSAGES" / "django.po")
    assert len(entries) > 300
    problems = []
    for entry in entries:
        if not entry["msgid"]:
            assert "fuzzy" not in entry["flags"], "the header is still marked fuzzy"
            continue
        if "fuzzy" in entry["flags"]:
            problems.append(f"fuzzy: {entry['msgid']!r}")
        if not entry["msgstr"] or any(not s for s in entry["msgstr"].values()):
            problems.append(f"untranslated: {entry['msgid']!r}")
            continue
        wanted = sorted(PLACEHOLDER.findall(entry["msgid"] + entry.get("msgid_plural", "")))
        for form in entry["msgstr"].values():
            got = sorted(set(PLACEHOLDER.findall(form)))
            if not set(got) <= set(wanted) or (
                "msgid_plural" not in entry and got != sorted(set(wanted))
            ):
                problems.append(f"placeholders differ: {entry['msgid']!r} -> {form!r}")
    assert not problems, f"{len(problems)} problems in {code}:\n" + "\n".join(problems[:40])
