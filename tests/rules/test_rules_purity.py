"""The rulebook stays framework-free and exact (docs/architecture.md#the-rulebook)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
SOURCES = sorted(RULES_DIR.rglob("*.py"))
FORBIDDEN_TOP_LEVEL = {"django", "rest_framework", "tournament", "penalties", "scoring", "config"}
# numpy runs the standings maths on integer arrays (exact, no I/O, no framework).
ALLOWED_LIBRARIES = {"numpy"}
# The tile adapter (rules/tiles) alone reads hands with the two scoring libraries.
TILE_LIBRARIES = {"mahjong", "MahjongGB"}
# The game logs' reader (rules/onlinelogs) parses untrusted XML, never with the bare stdlib.
LOG_LIBRARIES = {"defusedxml"}


def imported_modules(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(RULES_DIR)))
def test_standard_library_numpy_only_and_no_floats(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for module in imported_modules(tree):
        top = module.split(".")[0]
        assert top not in FORBIDDEN_TOP_LEVEL, f"{path.name} imports {module}"
        allowed = ALLOWED_LIBRARIES | (TILE_LIBRARIES if path.parent.name == "tiles" else set())
        allowed |= LOG_LIBRARIES if path.parent.name == "onlinelogs" else set()
        assert top == "rules" or top in sys.stdlib_module_names | allowed, (
            f"{path.name} imports {module}"
        )
    for node in ast.walk(tree):
        assert not (isinstance(node, ast.Constant) and isinstance(node.value, float)), path.name
        assert not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)), (
            f"{path.name}:{node.lineno} true division gives floats; use // or Fraction"
        )
        assert not (isinstance(node, ast.Name) and node.id == "float"), path.name


def test_importing_the_rulebook_loads_no_django():
    code = "import sys, rules, rules.registry; sys.exit('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=RULES_DIR.parent, capture_output=True, check=False
    )
    assert result.returncode == 0, result.stderr.decode()
