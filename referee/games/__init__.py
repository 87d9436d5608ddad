"""The registry of games. A game is one folder, ``referee/games/<folder>/``, whose
``__init__.py`` ends in one registration record; every other part of the referee (the API, the
pages, the score sheets, the blank pads, the rules pages, the catalogs, the tests and the bench)
finds the game through that record and nothing else.

A folder holds, by module name (each is optional but the engine):

- ``engine.py``: the rules (``GameRules``), pure Python;
- ``rulebook.py`` and ``rulebook_de.py``: the rules pages, English and German (``BOOK``);
- ``sheet.py``: the score sheet's sections (``sections``), else the generic sheet's;
- ``pad.py``: the blank score pad (``plan``), else the generic pad;
- ``web.py``: routes of the game's own (a blueprint ``bp``);
- ``de.po``: the game's German words.

Its templates are ``templates/games/<name>/`` and its stylesheet
``static/css/games/<name>.css`` (linked only where it exists), ``<name>`` being the API name.

Also here: the variants a person picks as games of their own (Shoot Pontoon is Pontoon with its
shoot house rule on).
"""
from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Mapping

from referee import i18n
from referee.engine import GameRules
from referee.i18n import N_


@dataclass(frozen=True)
class Registration:
    """One game as the rest of the referee sees it: its engine and its folder."""

    rules: GameRules
    package: str              # the folder as a Python package: "referee.games.reverse_bridge"

    @property
    def name(self) -> str:
        """The one spelling: API name, template folder, stylesheet, catalog domain."""
        return self.rules.name

    @property
    def folder(self) -> Path:
        return Path(sys.modules[self.package].__file__ or "").parent

    def has(self, part: str) -> bool:
        return (self.folder / f"{part}.py").exists()

    def part(self, part: str) -> ModuleType | None:
        """A module of the game's folder ("sheet", "pad", "web", "rulebook" ...), loaded on
        first use (a sheet needs reportlab, a route Flask: the engine alone needs neither)."""
        return importlib.import_module(f"{self.package}.{part}") if self.has(part) else None

    def templates(self, template: str) -> list[str]:
        """Where a template of this game is looked for: its own folder, then the generic one."""
        return [f"games/{self.name}/{template}", f"games/_generic{template}"]


GAMES: dict[str, GameRules] = {}
REGISTRY: dict[str, Registration] = {}


@dataclass(frozen=True)
class Variant:
    """A game as players name it: an engine with some house rules fixed."""

    name: str                     # as the new-match form and the API take it: "shoot-pontoon"
    game: str                     # the engine's API name: "pontoon"
    title: str                    # shown to people, marked for translation
    settings: Mapping[str, Any] = field(default_factory=dict)


VARIANTS: dict[str, Variant] = {}


def register_variant(variant: Variant) -> Variant:
    VARIANTS[variant.name] = variant
    return variant


def title_of(game: str, settings: Mapping[str, Any]) -> str:
    """The name a table knows a match's game by, marked for translation: a variant's where its
    house rules are what it fixes (Pontoon with its shoot rule is Shoot Pontoon), else the game's."""
    for variant in VARIANTS.values():
        if variant.game == game and all(settings.get(key) == value for key, value in variant.settings.items()):
            return variant.title
    return rules_of(game).title


def register(record: Registration) -> Registration:
    REGISTRY[record.name] = record
    GAMES[record.name] = record.rules
    catalog = record.folder / "de.po"
    if catalog.exists():
        i18n.add_catalog(record.name, record.folder)
    return record


def unregister(name: str) -> None:
    REGISTRY.pop(name, None)
    GAMES.pop(name, None)
    i18n.remove_catalog(name)


def get(name: str) -> GameRules | None:
    return GAMES.get(name)


def rules_of(name: str) -> GameRules:
    """The engine of a game the caller knows is registered (a stored match's, a choice already
    resolved by the new-match form); an unknown name there is a bug, not a user's mistake."""
    rules = GAMES.get(name)
    if rules is None:
        raise LookupError(f"no game {name!r} is registered")
    return rules


def registration(name: str) -> Registration | None:
    return REGISTRY.get(name)


def _load() -> None:
    # The registry lines: each folder registers its game on import, in the order the
    # new-match form lists them.
    importlib.import_module("referee.games.pontis")
    importlib.import_module("referee.games.curdle")
    importlib.import_module("referee.games.ropebridge")
    importlib.import_module("referee.games.pontoon")
    importlib.import_module("referee.games.reverse_bridge")


_load()
register_variant(Variant("shoot-pontoon", "pontoon", N_("Shoot Pontoon"), {"shoot": True}))
PRODUCT: tuple[str, ...] = tuple(GAMES)  # the games this build referees (tests may register more)
