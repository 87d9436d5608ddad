"""The value objects of a Pontoon match: hands, settled rows, deal records and the state.

All frozen and made of tuples, so a state can be cached, shared and pickled. The engine works
on a ``Draft`` (a mutable copy) and freezes it at the end of every action.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from referee.cards import Card
from referee.games.pontoon.ledger import Line
from referee.i18n import Message
from referee.rules import Finding, Settings

# Phases: what the table is doing now.
KITTY_PHASE = "kitty"          # Shoot: the banker must put up a kitty before dealing
DEAL = "deal"                  # waiting for the first deal (or the first quick result)
STAKES = "stakes"              # first card dealt, players stake
SHOOT = "shoot"                # Shoot: bets on the first card
SECOND_CARD = "second_card"    # stakes in, waiting for the second card
PLAYERS = "players"            # players' turns
BANKER = "banker"              # the banker's turn
SETTLED = "settled"            # a deal is settled; next deal, sale, kitty top-up or the end
MATCH_OVER = "match_over"
BETWEEN_DEALS = (KITTY_PHASE, DEAL, SETTLED)
IN_DEAL = (STAKES, SHOOT, SECOND_CARD, PLAYERS, BANKER)

# Hand statuses.
WAITING = "waiting"      # not yet in turn
PLAYING = "playing"      # in turn
STANDING = "standing"    # stuck, declared a pontoon, or five cards: waits for the banker
BUST = "bust"            # thrown in and already paid to the banker
WON = "won"
LOST = "lost"


@dataclass(frozen=True)
class Move:
    """A buy, twist, stick or fourth-card shoot, remembered with the number of cards the hand
    held then, so the checks that need face-down cards can run when they are revealed."""

    kind: str
    seq: int
    count: int


@dataclass(frozen=True)
class Burn:
    cards: tuple[Card | None, ...]
    seq: int


@dataclass(frozen=True)
class Hand:
    player: str
    cards: tuple[Card | None, ...]   # None: dealt face down and not entered yet
    stake: int = 0                   # everything staked on the hand, buys included
    first_stake: int = 0
    buys: tuple[int, ...] = ()
    twisted: bool = False
    split: bool = False              # made by or taking part in a split (NEXT-2)
    status: str = WAITING
    declared: bool = False           # pontoon declared at the player's turn (TURN-1)
    shoot: int = 0                   # shoot bets on this hand
    shoot_asked: bool = False        # bet or declined in the first-card round (SHOOT-2)
    shoot_fourth: bool = False       # shot before the fourth card (SHOOT-4)
    split_shoot_open: bool = False   # may take a new shoot bet of its own (SHOOT-5)
    split_shoot: bool = False
    must_take_fourth: bool = False   # shot for a fourth card and has not taken it yet
    burns: tuple[Burn, ...] = ()
    moves: tuple[Move, ...] = ()
    revealed_seq: int | None = None
    checked: bool = False            # the postponed checks have run (TURN-8)
    bust_seq: int | None = None
    stake_settled: bool = False
    shoot_settled: bool = False

    @property
    def known(self) -> bool:
        return all(card is not None for card in self.cards)

    @property
    def fully_known(self) -> bool:
        """Every card, burned ones included, has been entered."""
        return self.known and all(c is not None for b in self.burns for c in b.cards)

    @property
    def finished(self) -> bool:
        return self.status in (STANDING, BUST, WON, LOST)


@dataclass(frozen=True)
class Row:
    """One hand's settlement, for the screen and the score sheet."""

    player: str
    hand: int
    cards: tuple[str, ...]
    cls: str | None
    total: int | None
    stake: int
    shoot: int
    win: bool
    amount: int          # signed, from the player's side
    shoot_amount: int    # signed, from the player's side
    why: Message         # translated when shown

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "hand": self.hand, "cards": list(self.cards),
                "class": self.cls, "total": self.total, "stake": self.stake, "shoot": self.shoot,
                "result": "win" if self.win else "lose", "amount": self.amount,
                "shoot_amount": self.shoot_amount, "why": str(self.why)}


@dataclass(frozen=True)
class DealRecord:
    deal: int
    banker: str
    rows: tuple[Row, ...]
    banker_hand: tuple[str, ...]
    banker_class: str | None
    banker_total: int | None
    doubled: bool
    shuffle: bool
    seq: int


@dataclass(frozen=True)
class BankChange:
    after_deal: int | None   # None: before the first deal
    frm: str
    to: str
    reason: str              # "pontoon" or "sale"
    price: int | None
    seq: int


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    settings: Settings
    mode: str
    banker: str
    phase: str
    deal: int = 0
    started: bool = False
    hands: tuple[Hand, ...] = ()
    current: int | None = None
    banker_cards: tuple[Card | None, ...] = ()
    banker_revealed: bool = False
    doubled: bool = False
    turns_begun: bool = False
    shuffle: bool = True
    ledger: tuple[Line, ...] = ()
    findings: tuple[Finding, ...] = ()
    history: tuple[DealRecord, ...] = ()
    settlement: tuple[Row, ...] = ()
    bank_changes: tuple[BankChange, ...] = ()
    cut: tuple[tuple[str, Card], ...] | None = None


_LIST_FIELDS = ("hands", "ledger", "findings", "history", "settlement", "bank_changes")


class Draft:
    """A private, mutable working copy of a State for one action."""

    def __init__(self, state: State):
        for f in fields(State):
            value = getattr(state, f.name)
            setattr(self, f.name, list(value) if f.name in _LIST_FIELDS else value)
        self.new_findings: list[Finding] = []

    def freeze(self) -> State:
        values = {}
        for f in fields(State):
            value = getattr(self, f.name)
            values[f.name] = tuple(value) if f.name in _LIST_FIELDS else value
        return State(**values)
