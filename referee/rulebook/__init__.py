"""The in-app rules pages, written in our own words: one entry per rule id.

Each game's folder holds its book (``referee/games/pontis/rulebook.py`` ...), a ``BOOK`` of
sections, and the same in German (``rulebook_de.py``); this module is what they are made of.
The rules page gives every rule an anchor (its id), and a rejection links straight to it.
"""
from __future__ import annotations

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
    """The rules page of a game in the current language, falling back to English."""
    from referee import games, i18n

    record = games.registration(game)
    if record is None:
        return None
    language = language or i18n.current()
    parts = ([f"rulebook_{language}"] if language != i18n.DEFAULT else []) + ["rulebook"]
    for part in parts:
        module = record.part(part)
        if module is not None:
            return module.BOOK
    return None
