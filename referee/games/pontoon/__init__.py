"""Pontoon and Shoot Pontoon: British twenty-one against a banker, with a money ledger.

Importing this package registers the engine (``GAME``).
"""
from __future__ import annotations

from referee.games import register
from referee.games.pontoon.engine import PontoonGame, Settings
from referee.games.pontoon.state import State

GAME = register(PontoonGame())

__all__ = ["GAME", "PontoonGame", "Settings", "State"]
