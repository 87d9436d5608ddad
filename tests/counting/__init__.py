"""Counting: the smallest game the referee can run, a sixth game built as any game is (a folder
with its engine and rules pages, and one registration record), so the store and the shared
tests do not depend on any real game's rules. Its pages, timeline, score sheet and pad are the
generic ones.

Tests register it only while a test uses it (``counting_game``): the registry lists real games.
"""
from __future__ import annotations

import pytest

from referee import games
from referee.games import Registration
from tests.counting.engine import GAME

REGISTRATION = Registration(GAME, __name__)

# A short match, for the tests every registered game goes through (real games use their golden
# logs): two players, one finding (14), one refusal-free run to the end.
EXAMPLE = {"players": ["Ann", "Ben"], "settings": {"limit": 50}, "mode": "play",
           "log": [{"type": "say", "n": 3}, {"type": "say", "n": 5, "player": "Ben"}, {"type": "say", "n": 14},
                   {"type": "say", "n": 20}, {"type": "say", "n": 50}]}


@pytest.fixture
def counting_game():
    games.register(REGISTRATION)
    yield GAME
    games.unregister(GAME.name)
