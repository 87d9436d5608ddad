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
    # Each engine registers itself on import, in the order the new-match form lists them.
    from referee.games import pontis  # noqa: F401, I001
    from referee.games import curdle  # noqa: F401
    from referee.games import ropebridge  # noqa: F401
    from referee.games import pontoon  # noqa: F401
    from referee.games import reverse_bridge  # noqa: F401


_load()
PRODUCT: tuple[str, ...] = tuple(GAMES)  # the games this build referees (tests may register more)
