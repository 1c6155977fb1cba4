"""deploy/backup, which cron runs: `make backup`, then the rotation (every backup of the last
KEEP_DAYS days, never fewer than the KEEP_LAST newest). Run here on SQLite, whose backup goes
through the same command."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DAY = 86400


def test_a_backup_is_made_and_old_ones_rotate_out(tmp_path):
    var = tmp_path / "var"
    backups = var / "backups"
    backups.mkdir(parents=True)
    with sqlite3.connect(var / "db.sqlite3") as db:
        db.execute("CREATE TABLE t (x)")
        db.execute("INSERT INTO t VALUES (1)")
    now = time.time()
    old = [backups / f"2026010{i % 10}-0000{i:02d}.sqlite3" for i in range(30)]
    recent = [backups / f"recent-{i}.sqlite3" for i in range(5)]
    for n, path in enumerate(old):
        path.write_bytes(b"x")
        os.utime(path, (now - 20 * DAY - n, now - 20 * DAY - n))
    for n, path in enumerate(recent):
        path.write_bytes(b"x")
        os.utime(path, (now - DAY - n, now - DAY - n))
    (backups / "notes.txt").write_text("not a backup")
    env_file = tmp_path / "mahjong.env"
    env_file.write_text(f"VAR_DIR={var}\nDEBUG=1\n")
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "VAR_DIR"}}
    done = subprocess.run(
        ["deploy/backup"],
        cwd=ROOT,
        env={**env, "APP": str(ROOT), "ENV_FILE": str(env_file), "KEEP_LAST": "24"},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    left = {p.name for p in backups.iterdir()}
    made = left - {p.name for p in old + recent} - {"notes.txt"}
    assert len(made) == 1 and (backups / made.pop()).stat().st_size > 0
    assert {p.name for p in recent} <= left and "notes.txt" in left
    # The 24 newest stay: the new one, the 5 recent and the 18 newest of the old ones.
    assert {p.name for p in old if p.exists()} == {p.name for p in old[:18]}
