"""The house's layout holds: the import-linter contracts (pyproject.toml) pass, each of them
fails when an import breaks it, no module imports itself in a circle, and no module takes a
private name (``_name``) of another.

The failing cases run ``lint-imports`` and the cycle search on a copy of the project's
packages with one wrong import added, so the real tree is never touched."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("config", "scoring", "penalties", "tournament", "rules", "seating")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

CYCLES = """
import sys

import grimp

sys.setrecursionlimit(10_000)
graph = grimp.build_graph(*sys.argv[1:], cache_dir=None)
index, low, stack, on_stack, cycles = {}, {}, [], set(), []


def visit(module):
    index[module] = low[module] = len(index)
    stack.append(module)
    on_stack.add(module)
    for imported in graph.find_modules_directly_imported_by(module):
        if imported not in graph.modules:
            continue
        if imported not in index:
            visit(imported)
            low[module] = min(low[module], low[imported])
        elif imported in on_stack:
            low[module] = min(low[module], index[imported])
    if low[module] == index[module]:
        component = []
        while True:
            member = stack.pop()
            on_stack.discard(member)
            component.append(member)
            if member == module:
                break
        if len(component) > 1:
            cycles.append(sorted(component))


for module in sorted(graph.modules):
    if module not in index:
        visit(module)
for cycle in cycles:
    print(" <-> ".join(cycle))
"""


def copy_of_the_project(tmp_path: Path) -> Path:
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package,
            tmp_path / package,
            ignore=shutil.ignore_patterns("__pycache__", "*.json", "*.c", "*.mo", "*.po"),
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def add_import(tree: Path, module_file: str, line: str) -> None:
    path = tree / module_file
    path.write_text(path.read_text() + f"\n{line}\n")


def lint_imports(tree: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=tree,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        timeout=300,
    )


def import_cycles(tree: Path) -> list[str]:
    answer = subprocess.run(
        [sys.executable, "-c", CYCLES, *PACKAGES],
        cwd=tree,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        timeout=300,
        check=True,
    )
    return answer.stdout.splitlines()


def test_the_contracts_hold():
    answer = lint_imports(ROOT)
    assert answer.returncode == 0, answer.stdout + answer.stderr
    assert "Contracts: 7 kept, 0 broken." in answer.stdout


@pytest.mark.parametrize(
    ("module_file", "line", "contract"),
    [
        (
            "tournament/rounds/clock.py",
            "import scoring.files",
            "Layers: rules and seating < tournament < penalties < scoring < config",
        ),
        (
            "seating/types.py",
            "import tournament",
            "Layers: rules and seating < tournament < penalties < scoring < config",
        ),
        ("seating/types.py", "import django.db", "rules and seating import no framework"),
        ("rules/errors.py", "import rest_framework", "rules and seating import no framework"),
        (
            "scoring/sheets/services.py",
            "import mahjong",
            "Only rules.tiles imports the tile libraries",
        ),
        (
            "rules/hands/mcr.py",
            "import MahjongGB",
            "Only rules.tiles imports the tile libraries",
        ),
        (
            "scoring/results/services.py",
            "import scoring.public.common",
            "scoring's capabilities stand in layers",
        ),
        (
            "scoring/standings/reconcile.py",
            "import scoring.formats.cuts",
            "scoring's capabilities stand in layers",
        ),
        (
            "scoring/demo.py",
            "import scoring.models",
            "scoring's capabilities import models from the capability that owns them",
        ),
        (
            "tournament/players/models.py",
            "import tournament.players.views",
            "Models import no services, forms, views or API",
        ),
        (
            "penalties/services/voiding.py",
            "import penalties.api.serializers",
            "Services import no forms, views or API",
        ),
    ],
)
def test_a_wrong_import_breaks_its_contract(tmp_path, module_file, line, contract):
    tree = copy_of_the_project(tmp_path)
    assert lint_imports(tree).returncode == 0
    add_import(tree, module_file, line)
    answer = lint_imports(tree)
    assert answer.returncode == 1
    assert f"{contract}" in answer.stdout
    broken = [row.split(" (")[0] for row in answer.stdout.splitlines() if " BROKEN" in row]
    assert f"{contract} BROKEN" in broken, answer.stdout


def test_no_module_imports_itself_in_a_circle():
    assert import_cycles(ROOT) == []


def test_the_cycle_search_finds_a_circle(tmp_path):
    tree = copy_of_the_project(tmp_path)
    add_import(tree, "scoring/files.py", "import scoring.exports.tables")
    assert import_cycles(tree) == [
        "scoring.exports.tables <-> scoring.files",
    ]


def is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def private_names_taken(packages: tuple[str, ...] = PACKAGES) -> list[str]:
    """``from a.b import _x`` or ``m._x`` where ``a.b`` or ``m`` is one of our modules and ``_x``
    is not a dunder: a private name used outside the module that defines it."""
    found = []
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            where = path.relative_to(ROOT)
            tree = ast.parse(path.read_text(), str(where))
            aliases = {}
            here = list(where.with_suffix("").parts)
            if here[-1] == "__init__":
                here = here[:-1] + [""]
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and (node.module or node.level):
                    base = here[: len(here) - node.level] if node.level else []
                    module = ".".join([*base, *([node.module] if node.module else [])])
                    node.module = module
                    ours = module.split(".")[0] in PACKAGES
                    for name in node.names:
                        private = name.name.startswith("_") and not name.name.startswith("__")
                        if ours and private:
                            found.append(f"{where}:{node.lineno} {node.module}.{name.name}")
                        elif ours and is_module(f"{node.module}.{name.name}"):
                            aliases[name.asname or name.name] = f"{node.module}.{name.name}"
                elif isinstance(node, ast.Import):
                    for name in node.names:
                        if name.name.split(".")[0] in PACKAGES:
                            aliases[name.asname or name.name] = name.name
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id in aliases
                    and node.attr.startswith("_")
                    and not node.attr.startswith("__")
                ):
                    found.append(f"{where}:{node.lineno} {aliases[node.value.id]}.{node.attr}")
    return found


def test_no_module_takes_another_modules_private_names():
    assert private_names_taken() == []
