"""The registry of game engines, by API name."""
from __future__ import annotations

from referee.rules import GameRules

GAMES: dict[str, GameRules] = {}


def register(game: GameRules) -> GameRules:
    GAMES[game.name] = game
    return game


def get(name: str) -> GameRules | None:
    return GAMES.get(name)


def _load() -> None:
    # Each engine registers itself on import; the list names the games this build referees.
    from referee.games import curdle, pontis, pontoon, reverse_bridge, ropebridge  # noqa: F401


_load()
