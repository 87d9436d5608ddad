"""Pontoon and Shoot Pontoon: British twenty-one against a banker, with a money ledger.

The engine is split by job: ``state.py`` (the frozen state), ``engine.py`` (the actions),
``hands.py`` (classing and ranking hands), ``settle.py`` and ``ledger.py`` (money),
``view.py`` (the JSON view) and ``words.py`` (the timeline's sentences).

This folder is the whole game (see ``referee/games/__init__.py`` for what each module is); the
line below is its registration record.
"""
from referee.games import Registration, register
from referee.games.pontoon.engine import GAME

REGISTRATION = register(Registration(GAME, __name__))
