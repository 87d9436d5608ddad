"""Card notation of docs/api.md, both ways."""
from __future__ import annotations

import dataclasses

import pytest

from referee.cards import JOKER, Card, parse_cards, show, standard_deck
from referee.errors import InvalidAction


@pytest.mark.parametrize("text, canonical", [
    ("10h", "10h"), ("Th", "10h"), ("th", "10h"), ("qS", "Qs"), ("A♠", "As"), ("a♠", "As"),
    ("7♣", "7c"), ("k♦", "Kd"), ("2♥", "2h"), (" 9d ", "9d"), ("JK", "JK"), ("joker", "JK"),
    ("Joker", "JK"), ("**", "JK"), ("jk", "JK"), ("10\u2665\ufe0f", "10h"), ("A\u2660\ufe0e", "As"),
])
def test_parse_accepts_every_spelling_and_prints_the_canonical_form(text, canonical):
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "1h", "11c", "Zs", "7x", "10", "h", "joke", "♣7", "AA", 7, None, ["7c"]])
def test_parse_rejects_anything_else_naming_the_text(text):
    with pytest.raises(InvalidAction) as raised:
        Card.parse(text)
    assert raised.value.rule == "CARD"
    if isinstance(text, str) and text:
        assert text in raised.value.message


def test_round_trip_over_the_whole_deck():
    deck = standard_deck(jokers=2)
    assert len(deck) == 54 and deck.count(JOKER) == 2
    assert parse_cards(str(c) for c in deck) == deck
    assert len(set(standard_deck(packs=2))) == 52 and len(standard_deck(packs=2)) == 104


def test_symbols_colours_and_spoken_names():
    seven = Card.parse("7c")
    assert seven.symbol == "7♣" and seven.colour == "black" and seven.spoken == "seven of clubs"
    assert Card.parse("Qh").is_red and Card.parse("Qh").spoken == "queen of hearts"
    assert JOKER.symbol == "Joker" and JOKER.colour is None and JOKER.is_joker
    assert show(parse_cards(["7c", "10h"])) == "7♣ 10♥"


def test_cards_are_frozen_values():
    assert Card.parse("7c") == Card("7", "c") and hash(Card.parse("Th")) == hash(Card("10", "h"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        Card.parse("7c").rank = "8"
    with pytest.raises(ValueError):
        Card("1", "c")

