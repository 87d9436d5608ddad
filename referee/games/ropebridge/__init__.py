"""Ropebridge: two players race to match, left to right, every card of a shared row.

This folder is the whole game (see ``referee/games/__init__.py`` for what each module is); the
line below is its registration record.
"""
from referee.games import Registration, register
from referee.games.ropebridge.engine import GAME

REGISTRATION = register(Registration(GAME, __name__))
