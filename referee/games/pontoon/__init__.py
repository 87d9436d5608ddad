"""Pontoon and Shoot Pontoon: British twenty-one against a banker, with a money ledger.

The engine is split by job: ``state.py`` (the house rules, the frozen state and the readings of
it the other modules share), ``engine.py`` (the actions, declared as data, and their rules),
``hands.py`` (classing and ranking hands), ``settle.py`` and ``ledger.py`` (money),
``view.py`` (the JSON view) and ``words.py`` (the timeline's sentences).

This folder is the whole game (see ``referee/games/__init__.py`` for what each module is); the
line below is its registration record.
"""
from referee.games import Registration, register
from referee.games.pontoon.engine import GAME

REGISTRATION = register(Registration(GAME, __name__))
