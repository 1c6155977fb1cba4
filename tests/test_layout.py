"""The house's layout holds: the import-linter contracts (pyproject.toml) pass, each of them
fails when an import breaks it, no module imports itself in a circle, no module takes a
private name (``_name``) of another, no views module imports another views module, and no
product function passes 80 lines. The tests mirror the packages (``tests/<package>/<capability>/``)
and no test module imports another.

The failing cases run ``lint-imports`` and the cycle search on a copy of the project's
packages with one wrong import added, so the real tree is never touched."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("config", "scoring", "penalties", "tournament", "integrity", "rules", "seating")
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
            "tournament/rounds/reading/clock.py",
            "import scoring.files",
            "Layers: rules|seating < integrity < tournament < penalties < scoring < config",
        ),
        (
            "seating/types.py",
            "import tournament",
            "Layers: rules|seating < integrity < tournament < penalties < scoring < config",
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
            "import scoring.public.pages",
            "scoring's capabilities stand in layers",
        ),
        (
            "scoring/standings/services/reconcile.py",
            "import scoring.formats.services",
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
    add_import(tree, "scoring/files.py", "import scoring.exports.reading.tables")
    assert import_cycles(tree) == [
        "scoring.exports.reading.tables <-> scoring.files",
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


# One shape (docs/architecture.md, "One shape"): the modules a capability folder may hold.
APPS = ("tournament", "penalties", "scoring")
SHAPE = {
    "models",
    "services",
    "reading",
    "forms",
    "views",
    "api",
    "urls",
    "api_urls",
    "tasks",
    "serializers",
    "admin",
    "apps",
    "templates",
    "templatetags",
    "management",
    "migrations",
}
# A few more names, each justified in docs/architecture.md.
ALLOWED = {"access", "pages", "urls_director", "questions", "notices"}
# Not yet in the shape: to shrink, never to grow (docs/architecture.md says why).
NOT_YET: set[str] = set()
NOT_MODULES = {"__init__.py", "__pycache__", "static", "locale"}


def capability_folders(package: Path):
    """Every package below an app is a capability, unless it is one of the shape's modules
    or an allowed name written as a package (``penalties/services/``, ``scoring/public/views/``,
    ``tournament/access/``), whose modules are free: a capability too big for one folder holds
    sub-capabilities of the same shape."""
    for child in sorted(package.iterdir()):
        if (child / "__init__.py").is_file() and child.name not in SHAPE | ALLOWED:
            yield child
            yield from capability_folders(child)


def modules_outside_the_shape() -> list[str]:
    found = []
    for app in APPS:
        for folder in capability_folders(ROOT / app):
            for child in sorted(folder.iterdir()):
                name = child.name.removesuffix(".py")
                if child.name in NOT_MODULES or not (child.suffix == ".py" or child.is_dir()):
                    continue
                if (child / "__init__.py").is_file() and name not in SHAPE | ALLOWED:
                    continue  # a sub-capability, checked in turn
                where = str(child.relative_to(ROOT))
                waiting = where in NOT_YET or str(folder.relative_to(ROOT)) in NOT_YET
                if name not in SHAPE and name not in ALLOWED and not waiting:
                    found.append(where)
    return found


def test_every_capability_folder_has_the_one_shape():
    assert modules_outside_the_shape() == []


def test_the_shape_and_its_allow_list_are_stated_in_the_architecture():
    stated = (ROOT / "docs" / "architecture.md").read_text()
    missing = [name for name in sorted(SHAPE | ALLOWED) if not re.search(f"`{name}/?`", stated)]
    assert missing == []
    assert [where for where in sorted(NOT_YET) if f"`{where}`" not in stated] == []
    assert [where for where in sorted(NOT_YET) if not (ROOT / where).exists()] == []


def test_a_module_outside_the_shape_is_found(tmp_path, monkeypatch):
    tree = copy_of_the_project(tmp_path)
    (tree / "scoring" / "results" / "helpers.py").write_text("")
    (tree / "scoring" / "results" / "views").mkdir()
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tree)
    assert "scoring/results/helpers.py" in modules_outside_the_shape()


# A function longer than this many lines, from its ``def`` line to its last line, is
# split into named steps (issue 45: short functions).
LONGEST_FUNCTION = 80


def product_files(root: Path = ROOT):
    """Every product module (migrations left out) and its path relative to ``root``."""
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path, path.relative_to(root)


def long_functions(root: Path = ROOT) -> list[str]:
    """``def`` and ``async def`` (methods and nested ones too) over ``LONGEST_FUNCTION``
    lines, counted from the ``def`` line to the function's last line."""
    found = []
    for path, where in product_files(root):
        for node in ast.walk(ast.parse(path.read_text(), str(where))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > LONGEST_FUNCTION:
                    found.append(f"{where}:{node.lineno} {node.name} {lines} lines")
    return found


def test_no_product_function_passes_80_lines():
    assert long_functions() == []


def test_the_length_check_finds_a_long_function(tmp_path):
    (tmp_path / "rules").mkdir()
    body = "".join(f"    x{i} = {i}\n" for i in range(LONGEST_FUNCTION - 1))
    (tmp_path / "rules" / "short.py").write_text(f"def short():\n{body}")
    (tmp_path / "rules" / "long.py").write_text(f"async def long():\n{body}    return x0\n")
    assert long_functions(tmp_path) == [f"rules/long.py:1 long {LONGEST_FUNCTION + 1} lines"]


def is_views_module(dotted: str) -> bool:
    """``views.py`` or a module of a ``views/`` package (the package itself included)."""
    return "views" in dotted.split(".")


def views_importing_views(root: Path = ROOT) -> list[str]:
    """Every import, at the top or inside a function, by which one of our views modules
    takes another views module or a name from one: a helper that two views need lives in
    a module named for what it is (e.g. ``penalties/tablet/access.py``)."""
    found = []
    for path, where in product_files(root):
        here = list(where.with_suffix("").parts)
        if not is_views_module(".".join(here)):
            continue
        package = here[:-1]
        if here[-1] == "__init__":
            here = package
        for node in ast.walk(ast.parse(path.read_text(), str(where))):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                taken = [module] + [f"{module}.{name.name}" for name in node.names]
            elif isinstance(node, ast.Import):
                taken = [name.name for name in node.names]
            else:
                continue
            for dotted in taken:
                ours = dotted.split(".")[0] in PACKAGES
                if ours and is_views_module(dotted) and dotted != ".".join(here):
                    found.append(f"{where}:{node.lineno} {dotted}")
                    break
    return found


def test_no_views_module_imports_another():
    assert views_importing_views() == []


@pytest.mark.parametrize(
    ("module_file", "line"),
    [
        ("scoring/other/views.py", "from scoring.sheets.entry.views import describe"),
        ("scoring/other/views.py", "from scoring.sheets import views"),
        ("scoring/other/views.py", "import scoring.sheets.entry.views"),
        ("scoring/other/views.py", "from ..sheets.views import describe"),
        ("scoring/other/views/page.py", "from . import common"),
        ("scoring/other/views/page.py", "def page():\n    from .common import helper"),
    ],
)
def test_the_views_check_finds_a_views_import(tmp_path, module_file, line):
    views = tmp_path / module_file
    views.parent.mkdir(parents=True)
    views.write_text(f"from django.views.decorators.http import require_GET\n{line}\n")
    (tmp_path / "scoring" / "other" / "forms.py").write_text("from .views import page\n")
    (tmp_path / "scoring" / "other" / "urls.py").write_text("from . import views\n")
    found = views_importing_views(tmp_path)
    assert len(found) == 1
    assert found[0].startswith(f"{module_file}:")


def imported_test_modules(root: Path = ROOT) -> list[str]:
    """Imports, in a module under ``tests/``, of a ``tests`` module other than ``tests.support``'s
    and the ``conftest`` modules: test modules import their helpers from ``tests/support/`` (or
    take them as fixtures), never from another test module, so that moving a test file moves no
    helper another test needs."""
    found = []
    for path in sorted((root / "tests").rglob("*.py")):
        where = path.relative_to(root)
        here = list(where.with_suffix("").parts)
        package = here[:-1]
        tree = ast.parse(path.read_text(), str(where))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [name.name for name in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                targets = [f"{module}.{name.name}" for name in node.names]
                if node.module or not node.level:
                    targets = [module] if module != "tests" else targets
            else:
                continue
            for target in targets:
                parts = target.split(".")
                if parts[0] != "tests" or len(parts) == 1:
                    continue
                if parts[1] == "support" or parts[-1] == "conftest":
                    continue
                found.append(f"{where}:{node.lineno} {target}")
    return found


def test_no_test_module_imports_another_test_module():
    assert imported_test_modules() == []


def test_the_test_import_check_finds_a_test_module_imported(tmp_path):
    tests = tmp_path / "tests"
    (tests / "support").mkdir(parents=True)
    (tests / "a").mkdir()
    (tests / "a" / "test_ok.py").write_text(
        "from tests.support.build import build_event\n"
        "from tests.a.conftest import person\n"
        "from .conftest import other\n"
        "from tests.support import servers\n"
        "import tests.support.push\n"
    )
    assert imported_test_modules(tmp_path) == []
    (tests / "a" / "test_wrong.py").write_text(
        "from tests.b.test_pages import login\n"
        "from .test_ok import person\n"
        "import tests.players\n"
        "from tests import confirming\n"
        "from . import helpers\n"
    )
    assert imported_test_modules(tmp_path) == [
        "tests/a/test_wrong.py:1 tests.b.test_pages",
        "tests/a/test_wrong.py:2 tests.a.test_ok",
        "tests/a/test_wrong.py:3 tests.players",
        "tests/a/test_wrong.py:4 tests.confirming",
        "tests/a/test_wrong.py:5 tests.a.helpers",
    ]


# Test folders that mirror no product package, and why: checks across the whole running site
# (security headers, the API's general behaviour, i18n across pages and catalogues); the suites
# marked by their path (conftest.py there: ``services`` and ``e2e``) and the live-server
# contract; the deployment scripts of deploy/, which are no Python package.
TESTS_ACROSS = {
    "site": "checks across the whole site",
    "integration": "marked services by its path",
    "e2e": "marked e2e by its path",
    "contract": "the live server's schema (make test-contract)",
    "deploy": "the scripts of deploy/",
}
# Checks on the repository itself rather than on a package: its layout and its documentation.
TESTS_AT_THE_TOP = {"test_layout.py", "test_docs_rules.py", "test_docs_site.py"}


def misplaced_test_modules(root: Path = ROOT) -> list[str]:
    """Test modules outside the mirror of the packages: ``tests/<package>/<capability>/`` must
    name a product package folder (``tests/scoring/formats/`` tests ``scoring/formats/``),
    unless its first folder is one of ``TESTS_ACROSS``; only ``TESTS_AT_THE_TOP`` sit in
    ``tests/`` itself; and every folder of test modules is a package (``__init__.py``), since
    the same module name recurs in several folders."""
    found = []
    tests = root / "tests"
    for path in sorted(tests.rglob("test_*.py")):
        where = path.relative_to(root)
        folder = path.parent.relative_to(tests)
        if not folder.parts:
            if path.name not in TESTS_AT_THE_TOP:
                found.append(f"{where} (at the top)")
            continue
        if not (path.parent / "__init__.py").is_file():
            found.append(f"{where} (no __init__.py)")
        if folder.parts[0] in TESTS_ACROSS:
            mirrored = folder.parts[0] != "deploy" or (root / "deploy").is_dir()
        else:
            mirrored = folder.parts[0] in PACKAGES and (root / folder / "__init__.py").is_file()
        if not mirrored:
            found.append(f"{where} (no package {folder.as_posix()})")
    return found


def test_every_test_module_mirrors_a_package():
    assert misplaced_test_modules() == []


def test_the_mirror_check_finds_a_misplaced_test_module(tmp_path):
    for folder in ("scoring/formats", "tests/scoring/formats", "tests/site/i18n", "tests/tablet"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text("")
    for module in (
        "tests/test_layout.py",
        "tests/scoring/formats/test_stages.py",
        "tests/site/i18n/test_dates.py",
    ):
        (tmp_path / module).write_text("")
    assert misplaced_test_modules(tmp_path) == []
    (tmp_path / "tests/scoring/sheets").mkdir()
    for module in ("tests/test_demo.py", "tests/tablet/test_pages.py", "tests/scoring/sheets/t.py"):
        (tmp_path / module).write_text("")
    (tmp_path / "tests/scoring/sheets/test_pages.py").write_text("")
    assert misplaced_test_modules(tmp_path) == [
        "tests/scoring/sheets/test_pages.py (no __init__.py)",
        "tests/scoring/sheets/test_pages.py (no package scoring/sheets)",
        "tests/tablet/test_pages.py (no package tablet)",
        "tests/test_demo.py (at the top)",
    ]
