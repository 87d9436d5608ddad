"""Settling one hand against the banker (PONTOON-SETTLE, HAND-3, VARIANT-3/4/6, SHOOT-7).

``settle`` is pure: given the player's class, the banker's class and the house rules it says
who wins and how many times the stake moves, with a sentence the table can read.
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.games.pontoon.hands import (
    BUST, FIVE_CARD_TRICK, PONTOON, ROYAL_PONTOON, HandClass,
)

ROYAL_PAYS = 3           # VARIANT-6
FIVE_CARD_TRICK_PAYS = 2  # SETTLE-2, SETTLE-3: twice the stake
BANKER_TRICK_COLLECTS = 2  # SETTLE-4
TIMES = {1: "single", 2: "double", 3: "treble"}


@dataclass(frozen=True)
class Outcome:
    win: bool           # the player (and their shoot bet) beats the banker
    multiplier: int     # how many times the stake moves
    why: str

    @property
    def result(self) -> str:
        return "win" if self.win else "lose"


def ordinary_rate(doubled: bool) -> int:
    """One stake, or two once the banker has doubled (VARIANT-3)."""
    return 2 if doubled else 1


def win_rate(player: HandClass, *, pontoon_pays: int, doubled: bool) -> int:
    """What a winning hand is paid. Doubling never raises a pontoon or five card trick payment
    (VARIANT-3), and we never let a special hand be paid less than an ordinary win."""
    ordinary = ordinary_rate(doubled)
    if player.kind == ROYAL_PONTOON:
        return max(ROYAL_PAYS, ordinary)
    if player.kind == PONTOON:
        return max(pontoon_pays, ordinary)
    if player.kind == FIVE_CARD_TRICK:
        return max(FIVE_CARD_TRICK_PAYS, ordinary)
    return ordinary


def loss_rate(banker: HandClass, *, banker_pontoon_collects: int, doubled: bool) -> int:
    """What a losing hand pays the banker."""
    ordinary = ordinary_rate(doubled)
    if banker.kind == PONTOON:
        return max(banker_pontoon_collects, ordinary)
    if banker.kind == FIVE_CARD_TRICK:
        return max(BANKER_TRICK_COLLECTS, ordinary)
    return ordinary


def _times(n: int) -> str:
    return TIMES.get(n, f"{n}×")


def settle(player: HandClass, banker: HandClass, *, pontoon_pays: int = 2,
           banker_pontoon_collects: int = 2, doubled: bool = False) -> Outcome:
    """One hand against the banker's final hand."""
    if player.kind == BUST:
        rate = ordinary_rate(doubled)
        return Outcome(False, rate, f"{player.describe()}: the stake goes to the banker")
    if banker.kind == BUST:
        rate = win_rate(player, pontoon_pays=pontoon_pays, doubled=doubled)
        return Outcome(True, rate, f"the banker is bust: {player.describe()} paid {_times(rate)}")
    if player.beats(banker):
        rate = win_rate(player, pontoon_pays=pontoon_pays, doubled=doubled)
        return Outcome(True, rate,
                       f"{player.describe()} beats the banker's {banker.describe()}, paid {_times(rate)}")
    rate = loss_rate(banker, banker_pontoon_collects=banker_pontoon_collects, doubled=doubled)
    if player.key == banker.key:
        why = (f"{player.describe()} ties the banker's {banker.describe()}: ties go to the banker, "
               f"pays {_times(rate)}")
    else:
        why = f"{player.describe()} loses to the banker's {banker.describe()}, pays {_times(rate)}"
    return Outcome(False, rate, why)
