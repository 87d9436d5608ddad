"""Curdle: two central banks, and every player sheds bridges onto either of them.

This folder is the whole game (see ``referee/games/__init__.py`` for what each module is); the
line below is its registration record.
"""
from referee.games import Registration, register
from referee.games.curdle.engine import GAME

REGISTRATION = register(Registration(GAME, __name__))
