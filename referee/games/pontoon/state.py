"""The value objects of a Pontoon match: the house rules, hands, settled rows, deal records and
the state, and the small readings of them that the engine, the view and the sentences share
(whose hand is in turn, a hand's label, the cards as the table sees them).

All frozen and made of tuples, so a state can be cached, shared and pickled. The engine makes
each new state from the last with ``replace`` (``referee.frozen``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from referee.archive import Archive
from referee.cards import Card
from referee.engine import Finding
from referee.errors import InvalidAction
from referee.games.pontoon import hands as H
from referee.games.pontoon.hands import HandClass, classify
from referee.games.pontoon.ledger import Ledger, kitty
from referee.i18n import N_, Message, _
from referee.settings import Settings as BaseSettings
from referee.settings import house_rule

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


# --- the house rules -------------------------------------------------------------------------

# House-rule choices as people say them (issue 11: no identifier reaches a screen or a sheet).
SPLIT_WORDS = {"any": N_("any pair"), "aces_only": N_("aces only")}
RANKING_WORDS = {
    "equal": N_("all pontoons equal"),
    "picture_beats_ten": N_("ace and picture card beats ace and ten"),
    "ace_ten_is_21": N_("ace and ten is an ordinary 21"),
    "natural": N_("ace with king or queen beats ace with jack or ten"),
}
BURN_WORDS = {0: N_("no burning"), 13: N_("a hard 13"), 14: N_("a hard 14")}
PACKS_WORDS = {1: N_("one pack"), 2: N_("two packs")}
STICK_WORDS = {15: N_("15 or more"), 16: N_("16 or more")}
PAYS_WORDS = {1: N_("single"), 2: N_("double"), 3: N_("triple")}
# Only the 0 has a word: it means no buy-in is counted (balances start at 0), which a bare "0"
# beside "Buy in" does not say. Any other amount is shown as its number.
BUY_IN_WORDS = {0: N_("none")}


@dataclass(frozen=True)
class Settings(BaseSettings):
    # Labels are the ones the form would make from the field names, marked for translation.
    packs: int = house_rule(1, N_("Packs shuffled together (two for eight or more players)"),
                            label=N_("Packs"), choices=(1, 2), words=PACKS_WORDS)
    min_stake: int = house_rule(1, N_("Smallest first stake"), label=N_("Min stake"),
                                minimum=1, maximum=100_000)
    max_stake: int = house_rule(10, N_("Largest first stake"), label=N_("Max stake"),
                                minimum=1, maximum=100_000)
    split: str = house_rule("any", N_("Which pairs may be split"), label=N_("Split"),
                            choices=("any", "aces_only"), words=SPLIT_WORDS)
    stick_min: int = house_rule(15, N_("Lowest total a player may stick on"), label=N_("Stick min"),
                                choices=(15, 16), words=STICK_WORDS)
    banker_doubling: bool = house_rule(False, N_("The banker may double all bets after the first card"),
                                       label=N_("Banker doubling"))
    pontoon_pays: int = house_rule(2, N_("A player's pontoon is paid this many times the stake"),
                                   label=N_("Pontoon pays"), choices=(1, 2, 3), words=PAYS_WORDS)
    banker_pontoon_collects: int = house_rule(
        2, N_("The banker's pontoon collects this many times each stake"),
        label=N_("Banker pontoon collects"), choices=(1, 2), words=PAYS_WORDS)
    four_card_eleven: bool = house_rule(
        False, N_("Four cards totalling 11 or less may only twist the fifth, not buy it"),
        label=N_("Four card eleven"))
    royal_pontoon: bool = house_rule(False, N_("Three sevens beat everything and are paid three times"),
                                     label=N_("Royal pontoon"))
    pontoon_ranking: str = house_rule("equal", N_("How pontoons rank among themselves"),
                                      label=N_("Pontoon ranking"), choices=H.RANKINGS,
                                      words=RANKING_WORDS)
    burn: int = house_rule(0, N_("Two cards making this hard total may be burned (0: no burning)"),
                           label=N_("Burn"), choices=(0, 13, 14), words=BURN_WORDS)
    shoot: bool = house_rule(False, N_("Shoot Pontoon: side bets against the banker's kitty"),
                             label=N_("Shoot"))
    kitty_min: int = house_rule(10, N_("Smallest kitty the banker puts up"), label=N_("Kitty min"),
                                minimum=1, maximum=1_000_000)
    kitty_max: int = house_rule(100, N_("Largest kitty"), label=N_("Kitty max"), minimum=1, maximum=1_000_000)
    buy_in: int = house_rule(0, N_("Chips each player starts with (for the settle-up; 0: none)"),
                             label=N_("Buy in"), minimum=0, maximum=10_000_000, words=BUY_IN_WORDS)

    def validate(self) -> None:
        if self.min_stake > self.max_stake:
            raise InvalidAction(_("the smallest stake ({low}) is above the largest ({high})",
                                  low=self.min_stake, high=self.max_stake), rule="SETTINGS")
        if self.kitty_min > self.kitty_max:
            raise InvalidAction(_("the smallest kitty ({low}) is above the largest ({high})",
                                  low=self.kitty_min, high=self.kitty_max), rule="SETTINGS")


# --- the state -------------------------------------------------------------------------------

@dataclass(frozen=True)
class HandMove:
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
    moves: tuple[HandMove, ...] = ()
    revealed_seq: int | None = None
    checked: bool = False            # the postponed checks have run (TURN-8)
    bust_seq: int | None = None
    stake_settled: bool = False
    shoot_settled: bool = False

    @property
    def known(self) -> bool:
        return all(card is not None for card in self.cards)

    @property
    def entered(self) -> tuple[Card, ...] | None:
        """The hand's cards once every one is known; None while any is face down."""
        return entered(self.cards)

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
    ledger: Ledger = Ledger()
    findings: tuple[Finding, ...] = ()
    history: Archive[DealRecord] = Archive()
    settlement: tuple[Row, ...] = ()
    bank_changes: tuple[BankChange, ...] = ()
    cut: tuple[tuple[str, Card], ...] | None = None


# --- readings shared by the engine, the view and the sentences ------------------------------

def entered(slots: Sequence[Card | None]) -> tuple[Card, ...] | None:
    """The cards once every one has been entered; None while any is still face down."""
    cards = tuple(card for card in slots if card is not None)
    return cards if len(cards) == len(slots) else None


def hand_number(hands: Sequence[Hand], index: int) -> int:
    """A hand's number among its player's hands, from 1, in the order they are played."""
    player = hands[index].player
    return 1 + sum(1 for h in hands[:index] if h.player == player)


def hand_index(hands: Sequence[Hand], player: str, number: int) -> int | None:
    """Where a player's hand ``number`` (from 1) is among the hands; None if there is none."""
    seen = 0
    for i, hand in enumerate(hands):
        if hand.player == player:
            seen += 1
            if seen == number:
                return i
    return None


def hand_label(hands: Sequence[Hand], index: int) -> str | Message:
    """The player's name, or "Ben's hand 2" once the player plays several hands."""
    player = hands[index].player
    if sum(1 for h in hands if h.player == player) == 1:
        return player
    return _("{player}'s hand {n}", player=player, n=hand_number(hands, index))


def card_symbols(slots: Sequence[Card | None]) -> str:
    """Cards as people read them ("A♠ ??"), a card still face down as "??"."""
    return " ".join("??" if c is None else c.symbol for c in slots)


def card_texts(slots: Sequence[Card | None]) -> list[str]:
    """Cards as the API writes them ("As", "??")."""
    return ["??" if c is None else str(c) for c in slots]


def class_of(cards: Sequence[Card], settings: Settings, *, banker: bool = False) -> HandClass:
    """A known hand's class under this table's house rules (HAND-2, VARIANT-6, VARIANT-7)."""
    return classify(cards, ranking=settings.pontoon_ranking, royal=settings.royal_pontoon, banker=banker)


def hidden_ten(hand: Hand) -> bool:
    """A declared pontoon shows its ace; the ten-card stays face down until the deal is settled
    (ruling of 2026-11-23)."""
    return hand.declared and hand.status == STANDING


def public_cards(hand: Hand) -> tuple[Card | None, ...]:
    """The hand as the table sees it: a card dealt face down and not shown is None."""
    if hidden_ten(hand):
        return tuple(c if c is not None and c.rank == "A" else None for c in hand.cards)
    return hand.cards


def buy_range(hand: Hand) -> tuple[int, int]:
    """TURN-3: the third card costs the first stake to twice it; each later one the first
    stake up to what the card before cost."""
    top = hand.buys[-1] if hand.buys else 2 * hand.first_stake
    return hand.first_stake, top


def turn_of(state: State) -> str | None:
    """Whose entry is expected: the hand in turn, the next player to stake, else the banker.
    Shoot bets on the first card are optional, so nobody in particular is expected then."""
    phase = state.phase
    if phase in (MATCH_OVER, SHOOT):
        return None
    if phase == STAKES:
        return next((h.player for h in state.hands if not h.stake), None)
    if phase == PLAYERS and state.current is not None:
        return state.hands[state.current].player
    return state.banker


def shoot_turn(hands: Sequence[Hand]) -> int | None:
    """SHOOT-2 (ruling of 2026-11-23): the first-card shoot bets go round once from the
    banker's left; the index of the hand whose player bets or declines next."""
    return next((i for i, h in enumerate(hands) if not h.shoot_asked), None)


def shoot_room(state: State) -> int:
    """SHOOT-2: what of the kitty the open shoot bets leave free."""
    return kitty(state.ledger) - sum(h.shoot for h in state.hands if not h.shoot_settled)

