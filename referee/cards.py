"""Playing cards: the value object, the notation of the action API both ways, and decks.

Notation (docs/api.md, "Cards"): a rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` for 10) and a
suit ``c d h s`` (or ``♣ ♦ ♥ ♠``), case-insensitive; a joker is ``JK``, ``joker`` or ``**``.
Canonical form: ``10h``, ``Qs``, ``As``, ``JK``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from referee.errors import InvalidAction
from referee.frozen import pickled_by_fields
from referee.i18n import N_, _, gettext

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("c", "d", "h", "s")
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES = {"c": N_("clubs"), "d": N_("diamonds"), "h": N_("hearts"), "s": N_("spades")}
RANK_NAMES = {
    "A": N_("ace"), "2": N_("two"), "3": N_("three"), "4": N_("four"), "5": N_("five"), "6": N_("six"),
    "7": N_("seven"), "8": N_("eight"), "9": N_("nine"), "10": N_("ten"), "J": N_("jack"), "Q": N_("queen"),
    "K": N_("king"),
}
RED_SUITS = frozenset("dh")
JOKER_RANK = "JK"

_SYMBOL_TO_SUIT = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_JOKER_SPELLINGS = {"jk", "joker", "**"}


# Variation selectors: the emoji and the text form of a symbol such as ♥.
EMOJI_FORM, TEXT_FORM = "\ufe0f", "\ufe0e"


def _cleaned(text: str) -> str:
    """The text without its surrounding spaces and its variation selectors: a phone's emoji
    keyboard sends ♥ as "♥\ufe0f", the emoji form of the same suit."""
    return text.strip().replace(EMOJI_FORM, "").replace(TEXT_FORM, "")


def read_suit(text: str) -> str | None:
    """A suit as a card's is written (c d h s or ♣ ♦ ♥ ♠, any case, emoji form too) as its
    letter; None for anything else."""
    cleaned = _cleaned(text)
    suit = _SYMBOL_TO_SUIT.get(cleaned, cleaned.lower())
    return suit if suit in SUITS else None


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. A joker has rank ``JK`` and no suit."""

    rank: str
    suit: str | None

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit is not None:
                raise ValueError("a joker has no suit")
        elif self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"no such card: {self.rank!r} {self.suit!r}")

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card in API notation; a bad text raises InvalidAction naming it."""
        if not isinstance(text, str):
            raise InvalidAction(_("{text} is not a card: write it like 7c, 10h, Qs or JK", text=repr(text)[:20]),
                                rule="CARD")
        cleaned = _cleaned(text)
        if cleaned.lower() in _JOKER_SPELLINGS:
            return JOKER
        if len(cleaned) >= 2:
            rank, suit = cleaned[:-1].upper(), read_suit(cleaned[-1])
            if rank == "T":
                rank = "10"
            if rank in RANKS and suit is not None:
                return cls(rank, suit)
        shown = cleaned[:20] + ("…" if len(cleaned) > 20 else "")
        raise InvalidAction(
            _("“{text}” is not a card: write a rank (A 2–10 J Q K) then a suit (c d h s), "
              "like 7c, 10h, Qs, or JK for a joker", text=shown),
            rule="CARD",
        )

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def colour(self) -> str | None:
        if self.suit is None:
            return None
        return "red" if self.is_red else "black"

    @property
    def symbol(self) -> str:
        """How the card is shown on screen and paper: ``7♣``, ``10♥``, ``Joker``."""
        if self.is_joker or self.suit is None:  # only a joker has no suit
            return gettext("Joker")
        return f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    @property
    def spoken(self) -> str:
        """The accessible name, in the current language: ``seven of clubs``."""
        if self.is_joker or self.suit is None:  # only a joker has no suit
            return gettext("joker")
        return str(_("{rank} of {suit}", rank=gettext(RANK_NAMES[self.rank]), suit=gettext(SUIT_NAMES[self.suit])))

    def __str__(self) -> str:
        return self.rank if self.suit is None else self.rank + self.suit  # only a joker has no suit


JOKER = Card(JOKER_RANK, None)


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


def standard_deck(jokers: int = 0, packs: int = 1) -> tuple[Card, ...]:
    """``packs`` packs of 52 cards (each card ``packs`` times) and ``jokers`` jokers."""
    pack = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
    return pack * packs + (JOKER,) * jokers


def suit_cards(suit: str) -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for rank in RANKS)


def rank_label(rank: str) -> str:
    """A rank as a key or a card shows it, in the current language. German screens keep
    J, Q, K and A: the international packs German tables play these games with print those
    indices, and keys, messages, score sheets and the API then all name a card the same way
    (B/D for Bube and Dame would put a different letter on the key than on the card)."""
    return rank


def show(cards: Iterable[Card]) -> str:
    """Cards for a message to a person: ``7♣ 10♥``."""
    return " ".join(card.symbol for card in cards)

