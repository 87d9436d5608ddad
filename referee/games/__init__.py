"""The registry of game engines, by API name, and of the variants a person picks as games of
their own (Shoot Pontoon is Pontoon with its shoot house rule on)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from referee.i18n import N_
from referee.rules import GameRules

GAMES: dict[str, GameRules] = {}


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


def register(game: GameRules) -> GameRules:
    GAMES[game.name] = game
    return game


def get(name: str) -> GameRules | None:
    return GAMES.get(name)


def _load() -> None:
    # Each engine registers itself on import, in the order the new-match form lists them.
    from referee.games import pontis  # noqa: F401, I001
    from referee.games import curdle  # noqa: F401
    from referee.games import ropebridge  # noqa: F401
    from referee.games import pontoon  # noqa: F401
    from referee.games import reverse_bridge  # noqa: F401


_load()
register_variant(Variant("shoot-pontoon", "pontoon", N_("Shoot Pontoon"), {"shoot": True}))
PRODUCT: tuple[str, ...] = tuple(GAMES)  # the games this build referees (tests may register more)
