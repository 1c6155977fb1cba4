"""The rules live in the repository (docs/rules/): each worked example is on one page, every
page, section and example number that code cites as docs/rules/<page> exists there, and the
code cites no specification kept outside the repository."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES_DOCS = ROOT / "docs" / "rules"
# Where citations of the rules pages are looked for: the code, its tests, scripts and pages.
CITING = (
    "rules",
    "seating",
    "tournament",
    "penalties",
    "scoring",
    "config",
    "tests",
    "bench",
    "tools",
)
CITING += ("static", "templates", "docs", "README.md")
SUFFIXES = {".py", ".js", ".html", ".md", ".txt", ".toml", ".css"}

EXAMPLE_HEADING = re.compile(r"^#{2,6} Example (\d+)\b", re.M)
HEADING = re.compile(r"^#{1,6} (.+?)\s*$", re.M)
EXPLICIT_ID = re.compile(r"\{#([\w-]+)\}\s*$")
# "docs/rules/standings.md", "docs/rules/standings.md#tie-breaks",
# "docs/rules/standings.md, example 2", "docs/rules/hands.md, examples 9-12 and 14"; the words
# may be broken across lines, also inside a comment.
CITATION = re.compile(
    r"docs/rules/(?P<page>[\w-]+\.md)(?:#(?P<anchor>[\w-]+))?"
    r"(?:,?[\s#*]+examples?[\s#*]+(?P<numbers>\d+(?:\s*(?:-|–|,|and|to)\s*\d+)*))?"
)
# Built from pieces so that this module does not match itself.
OUTSIDE = re.compile(
    "|".join(re.escape(s) for s in ("shared" + "/", "RULES" + ".md", "DESIGN" + ".md"))
)


def slug(title: str) -> str:
    """The anchor MkDocs gives a heading without an explicit ``{#id}`` (Python-Markdown's toc)."""
    text = re.sub(r"[`*_]", "", title)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(markdown: str) -> set[str]:
    found = set()
    for title in HEADING.findall(markdown):
        explicit = EXPLICIT_ID.search(title)
        found.add(explicit.group(1) if explicit else slug(title))
    return found


def examples(markdown: str) -> list[int]:
    return [int(n) for n in EXAMPLE_HEADING.findall(markdown)]


def numbers(text: str) -> set[int]:
    """ "1-4 and 8" -> {1, 2, 3, 4, 8}."""
    found: set[int] = set()
    for part in re.split(r"\s*(?:,|and)\s*", text):
        ends = [int(n) for n in re.split(r"\s*(?:-|–|to)\s*", part) if n]
        found.update(range(ends[0], ends[-1] + 1))
    return found


def text_files(names: Iterable[str]) -> Iterator[Path]:
    for name in names:
        path = ROOT / name
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in candidates:
            if file.suffix in SUFFIXES and "__pycache__" not in file.parts and file.is_file():
                yield file


def citation_problems(text: str, where: str) -> list[str]:
    """What ``text`` cites of docs/rules/ that is not there."""
    problems = []
    for match in CITATION.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        page = RULES_DOCS / match["page"]
        cited = f"{where}:{line}: docs/rules/{match['page']}"
        if not page.is_file():
            problems.append(f"{cited}: no such page")
            continue
        markdown = page.read_text()
        if match["anchor"] and match["anchor"] not in anchors(markdown):
            problems.append(f"{cited}#{match['anchor']}: no such section")
        if match["numbers"]:
            missing = numbers(match["numbers"]) - set(examples(markdown))
            if missing:
                problems.append(f"{cited}: no example {sorted(missing)} on that page")
    return problems


def test_each_worked_example_is_on_exactly_one_page_and_none_is_missing():
    seen: dict[int, list[str]] = {}
    for page in sorted(RULES_DOCS.glob("*.md")):
        for number in examples(page.read_text()):
            seen.setdefault(number, []).append(page.name)
    assert seen, "no worked example under docs/rules/"
    assert sorted(seen) == list(range(1, max(seen) + 1)), sorted(seen)
    assert {n: pages for n, pages in seen.items() if len(pages) > 1} == {}


def test_every_rules_page_is_in_the_site_navigation():
    nav = (ROOT / "mkdocs.yml").read_text()
    for page in sorted(RULES_DOCS.glob("*.md")):
        assert f"rules/{page.name}" in nav, page.name


def test_every_cited_page_section_and_example_exists():
    problems, cited = [], 0
    for file in text_files(CITING):
        if file.is_relative_to(RULES_DOCS) or file == Path(__file__):
            continue  # the pages link each other (the strict site build checks those links)
        text = file.read_text(errors="replace")
        cited += len(CITATION.findall(text))
        problems += citation_problems(text, str(file.relative_to(ROOT)))
    assert cited > 20, "the code should cite the rules pages"
    assert problems == []


def test_the_check_finds_a_page_section_or_example_that_is_not_there():
    text = (
        "docs/rules/standings.md, example 2 is there;\n"
        "docs/rules/standings.md,\n    # examples 1-4 and 9 are not all there;\n"
        "docs/rules/hands.md#nowhere; docs/rules/hands.md#riichi-options;\n"
        "docs/rules/nothing.md, example 1.\n"
    )
    assert citation_problems(text, "x") == [
        "x:2: docs/rules/standings.md: no example [9] on that page",
        "x:4: docs/rules/hands.md#nowhere: no such section",
        "x:5: docs/rules/nothing.md: no such page",
    ]


def outside_references(names: Iterable[str]) -> list[str]:
    found = []
    for file in text_files(names):
        for number, line in enumerate(file.read_text(errors="replace").splitlines(), start=1):
            if OUTSIDE.search(line):
                found.append(f"{file.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_the_rulebook_and_the_docs_cite_no_specification_outside_the_repository():
    assert outside_references(("rules", "docs", "README.md", "static", "templates")) == []


def test_no_package_cites_a_specification_outside_the_repository():
    names = (
        "rules",
        "seating",
        "tournament",
        "penalties",
        "scoring",
        "config",
        "tests",
        "bench",
        "tools",
    )
    assert outside_references(names) == []
