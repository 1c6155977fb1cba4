"""Render docs/glossary/<lang>.md from docs/glossary/glossary.toml.

Usage: python docs/glossary/render.py   (writes cs.md, fr.md, fi.md, pl.md and en.md)
tests/site/i18n/test_glossary.py checks that the files are up to date and that the catalogues
follow the glossary.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGUAGES = {"en": "English", "cs": "Čeština", "fr": "Français", "fi": "Suomi", "pl": "Polski"}
TITLES = {
    "en": ("Glossary", "English", "Note"),
    "cs": ("Slovník pojmů", "Česky", "Nepoužívat"),
    "fr": ("Glossaire", "Français", "À ne pas employer"),
    "fi": ("Sanasto", "Suomeksi", "Ei käytetä"),
    "pl": ("Słowniczek", "Po polsku", "Nie używać"),
}


def load() -> list[dict]:
    with open(HERE / "glossary.toml", "rb") as f:
        return tomllib.load(f)["term"]


def _forbidden(patterns: list[str]) -> str:
    words = [p.replace("\\b", "").replace("\\w*", "…").replace("|", "\\|") for p in patterns]
    return ", ".join(f"`{w}`" for w in words) or "–"


def markdown(terms: list[dict], language: str) -> str:
    title, column, avoid = TITLES[language]
    lines = [
        f"# {title} ({LANGUAGES[language]})",
        "",
        "<!-- Rendered from glossary.toml by render.py; edit that file, then run "
        "`python docs/glossary/render.py`. -->",
        "",
    ]
    if language == "en":
        lines += ["| English | Meaning |", "|---|---|"]
        lines += [f"| {t['en']} | {t.get('note', '')} |" for t in terms]
    else:
        lines += [f"| English | {column} | {avoid} |", "|---|---|---|"]
        lines += [
            f"| {t['en']} | {t[language]['use']} | {_forbidden(t[language]['forbidden'])} |"
            for t in terms
        ]
    return "\n".join(lines) + "\n"


def main() -> None:
    terms = load()
    for language in LANGUAGES:
        (HERE / f"{language}.md").write_text(markdown(terms, language), encoding="utf-8")


if __name__ == "__main__":
    main()
