"""The in-app rules pages, written in our own words: one entry per rule id.

Each game has a module here (``referee/rulebook/pontis.py`` ...) with a ``BOOK`` of sections,
and the same in German in ``referee/rulebook/de/``;
the rules page gives every rule an anchor (its id), and a rejection links straight to it.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    id: str        # "PONTIS-SUM-2"
    text: str      # our own words; plain text, may contain ♣♦♥♠


@dataclass(frozen=True)
class Section:
    title: str
    rules: tuple[Rule, ...]
    intro: str = ""


@dataclass(frozen=True)
class Book:
    game: str                       # API name
    title: str
    summary: str
    sections: tuple[Section, ...]
    decisions: tuple[str, ...] = ()  # what we decided where the spec and source are silent

    def rule(self, rule_id: str) -> Rule | None:
        for section in self.sections:
            for rule in section.rules:
                if rule.id == rule_id:
                    return rule
        return None

    def ids(self) -> tuple[str, ...]:
        return tuple(rule.id for section in self.sections for rule in section.rules)


def book(game: str, language: str | None = None) -> Book | None:
    """The rules page of a game in the current language (German pages live in
    ``referee/rulebook/de/``), falling back to English."""
    from referee import games, i18n

    if games.get(game) is None:
        return None  # only a registered game's name ever reaches the importer
    language = language or i18n.current()
    module_name = game.replace("-", "_")
    candidates = ([f"referee.rulebook.{language}.{module_name}"] if language != i18n.DEFAULT else [])
    for name in candidates + [f"referee.rulebook.{module_name}"]:
        try:
            return importlib.import_module(name).BOOK
        except ModuleNotFoundError:
            continue
    return None
