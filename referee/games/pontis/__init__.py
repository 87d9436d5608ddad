"""Pontis: every bank plays the card that bridges its own top card and its affecter's.

This folder is the whole game (see ``referee/games/__init__.py`` for what each module is); the
line below is its registration record.
"""
from referee.games import Registration, register
from referee.games.pontis.engine import GAME

REGISTRATION = register(Registration(GAME, __name__))
