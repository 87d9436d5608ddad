"""Reverse Bridge: each partnership bids the number of tricks the opponents will take.

This folder is the whole game (see ``referee/games/__init__.py`` for what each module is); the
line below is its registration record.
"""
from referee.games import Registration, register
from referee.games.reverse_bridge.engine import GAME

REGISTRATION = register(Registration(GAME, __name__))
