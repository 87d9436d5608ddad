"""Card values, hand classes and the ranking of Pontoon hands (PONTOON-HAND, VARIANT-6..8).

Everything here is a pure function of cards and house rules, so the settlement table and the
tests can use it without a match.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from referee.cards import Card
from referee.i18n import Message, _

TEN_CARDS = frozenset({"10", "J", "Q", "K"})
PICTURES = frozenset({"J", "Q", "K"})
# Under the "natural" ranking a pontoon with a king or queen outranks one with a jack or ten.
NATURAL_PARTNERS = frozenset({"K", "Q"})
RANKINGS = ("equal", "picture_beats_ten", "ace_ten_is_21", "natural")
FIVE_CARDS = 5

# Hand kinds, lowest first. The banker never holds a royal pontoon (VARIANT-6).
BUST = "bust"
TOTAL = "total"
TWENTY_ONE = "twenty_one"
FIVE_CARD_TRICK = "five_card_trick"
PONTOON = "pontoon"
ROYAL_PONTOON = "royal_pontoon"
# PONTOON-HAND-4: by this order (then HandClass.key) A♠ J♥ beats 7-3-4-2-2, which beats 9-8-4,
# which beats 9-A (20).
KIND_ORDER = {BUST: 0, TOTAL: 1, TWENTY_ONE: 1, FIVE_CARD_TRICK: 2, PONTOON: 3, ROYAL_PONTOON: 4}
KINDS = (ROYAL_PONTOON, PONTOON, FIVE_CARD_TRICK, TWENTY_ONE, TOTAL, BUST)


def card_value(card: Card) -> int:
    """The low value of a card: an ace counts 1 here, ``best_total`` may count it 11."""
    if card.rank == "A":
        return 1
    if card.rank in TEN_CARDS:
        return 10
    return int(card.rank)


def low_total(cards: Iterable[Card]) -> int:
    """Every ace counted 1: the total the buy, twist and bust rules look at."""
    return sum(card_value(card) for card in cards)


def best_total(cards: Sequence[Card]) -> int:
    """The holder's best count (HAND-1): one ace may count 11 if that does not bust."""
    low = low_total(cards)
    if any(card.rank == "A" for card in cards) and low + 10 <= 21:
        return low + 10
    return low


def is_hard(cards: Sequence[Card]) -> bool:
    """A hard total has no ace, so it can only be counted one way (VARIANT-8)."""
    return not any(card.rank == "A" for card in cards)


def is_ace_and_ten(cards: Sequence[Card]) -> bool:
    return (len(cards) == 2 and any(c.rank == "A" for c in cards)
            and any(c.rank in TEN_CARDS for c in cards))


def is_pontoon(cards: Sequence[Card], ranking: str) -> bool:
    """An ace and a ten-card in two cards; under ``ace_ten_is_21`` the ten itself does not do."""
    if not is_ace_and_ten(cards):
        return False
    if ranking == "ace_ten_is_21":
        return any(c.rank in PICTURES for c in cards)
    return True


def pontoon_tier(partner_rank: str, ranking: str) -> int:
    """How a pontoon ranks among pontoons (VARIANT-7), from the rank beside the ace."""
    if ranking == "picture_beats_ten":
        return 1 if partner_rank in PICTURES else 0
    if ranking == "natural":
        return 1 if partner_rank in NATURAL_PARTNERS else 0
    return 0


def partner_rank(cards: Sequence[Card]) -> str:
    return next(c.rank for c in cards if c.rank != "A") if any(c.rank != "A" for c in cards) else "A"


def is_royal(cards: Sequence[Card]) -> bool:
    return len(cards) == 3 and all(c.rank == "7" for c in cards)


def can_burn(cards: Sequence[Card], burn: int) -> bool:
    """Two cards making a hard 13 or 14, whichever the table plays (VARIANT-8)."""
    return burn != 0 and len(cards) == 2 and is_hard(cards) and low_total(cards) == burn


@dataclass(frozen=True)
class HandClass:
    """A hand's place in HAND-2. ``total`` is the best count; ``tier`` orders pontoons."""

    kind: str
    total: int = 0
    tier: int = 0

    @property
    def key(self) -> tuple[int, int]:
        """Compare two classes: the higher key is the better hand. Totals (and 21 in three or
        four cards) compare by count; five card tricks are all equal to each other."""
        order = KIND_ORDER[self.kind]
        if self.kind in (TOTAL, TWENTY_ONE):
            return (order, self.total)
        if self.kind == PONTOON:
            return (order, self.tier)
        return (order, 0)

    def beats(self, other: HandClass) -> bool:
        return self.key > other.key

    @property
    def special(self) -> bool:
        """Paid at a multiple of the stake rather than one to one."""
        return self.kind in (PONTOON, ROYAL_PONTOON, FIVE_CARD_TRICK)

    def describe(self) -> Message | str:
        """The class in words, translated when shown: "five card trick", "bust (24)", "19"."""
        if self.kind == ROYAL_PONTOON:
            return _("royal pontoon")
        if self.kind == PONTOON:
            return _("pontoon")
        if self.kind == FIVE_CARD_TRICK:
            return _("five card trick")
        if self.kind == BUST:
            return _("bust ({total})", total=self.total) if self.total else _("bust")
        return str(self.total)


def classify(cards: Sequence[Card], *, ranking: str = "equal", royal: bool = False,
             banker: bool = False) -> HandClass:
    """The class of a fully known hand (HAND-2, VARIANT-6, VARIANT-7)."""
    low = low_total(cards)
    if low > 21:
        return HandClass(BUST, low)
    if royal and not banker and is_royal(cards):
        return HandClass(ROYAL_PONTOON, 21)
    if is_pontoon(cards, ranking):
        return HandClass(PONTOON, 21, pontoon_tier(partner_rank(cards), ranking))
    if len(cards) >= FIVE_CARDS:
        return HandClass(FIVE_CARD_TRICK, best_total(cards))
    total = best_total(cards)
    return HandClass(TWENTY_ONE if total == 21 else TOTAL, total)


def minimum_total(slots: Sequence[Card | None]) -> int:
    """The lowest the hand can count with unknown cards at 1 each: if even this is 21 or more
    the hand is certainly not under 21, and over 21 it is certainly bust."""
    return sum(1 if card is None else card_value(card) for card in slots)
