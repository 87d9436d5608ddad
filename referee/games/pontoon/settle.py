"""Settling one hand against the banker (PONTOON-SETTLE, HAND-3, VARIANT-3/4/6, SHOOT-7).

``settle`` is pure: given the player's class, the banker's class and the house rules it says
who wins and how many times the stake moves, with a sentence the table can read (a Message,
shown in the language of whoever reads it).
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.games.pontoon.hands import BUST, FIVE_CARD_TRICK, PONTOON, ROYAL_PONTOON, HandClass
from referee.i18n import N_, Message, _

ROYAL_PAYS = 3           # VARIANT-6
FIVE_CARD_TRICK_PAYS = 2  # SETTLE-2, SETTLE-3: twice the stake
BANKER_TRICK_COLLECTS = 2  # SETTLE-4
TIMES = {1: N_("single"), 2: N_("double"), 3: N_("treble")}


@dataclass(frozen=True)
class Outcome:
    win: bool           # the player (and their shoot bet) beats the banker
    multiplier: int     # how many times the stake moves
    why: Message

    @property
    def result(self) -> str:
        return "win" if self.win else "lose"


def ordinary_rate(doubled: bool) -> int:
    """One stake, or two once the banker has doubled (VARIANT-3)."""
    return 2 if doubled else 1


# PONTOON-VARIANT-4: win_rate pays a player's pontoon pontoon_pays (1, 2 or 3) times the stake;
# loss_rate lets a banker's pontoon collect banker_pontoon_collects (1 or 2) times.
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


def _times(n: int) -> Message:
    return _(TIMES[n]) if n in TIMES else _("{n}×", n=n)


def settle(player: HandClass, banker: HandClass, *, pontoon_pays: int = 2,
           banker_pontoon_collects: int = 2, doubled: bool = False) -> Outcome:
    """One hand against the banker's final hand."""
    if player.kind == BUST:
        rate = ordinary_rate(doubled)
        return Outcome(False, rate, _("{hand}: the stake goes to the banker", hand=player.describe()))
    if banker.kind == BUST:
        rate = win_rate(player, pontoon_pays=pontoon_pays, doubled=doubled)
        return Outcome(True, rate, _("the banker is bust: {hand} paid {times}", hand=player.describe(),
                                     times=_times(rate)))
    if player.beats(banker):
        rate = win_rate(player, pontoon_pays=pontoon_pays, doubled=doubled)
        return Outcome(True, rate, _("{hand} beats the banker's {bank}, paid {times}", hand=player.describe(),
                                     bank=banker.describe(), times=_times(rate)))
    rate = loss_rate(banker, banker_pontoon_collects=banker_pontoon_collects, doubled=doubled)
    if player.key == banker.key:
        why = _("{hand} ties the banker's {bank}: ties go to the banker, pays {times}",
                hand=player.describe(), bank=banker.describe(), times=_times(rate))
    else:
        why = _("{hand} loses to the banker's {bank}, pays {times}", hand=player.describe(),
                bank=banker.describe(), times=_times(rate))
    return Outcome(False, rate, why)
