"""The app's small frozen values (cards, messages, findings) pickle as their fields and are
rebuilt by their constructors: equal after a round trip through the standard pickle and through
the snapshots' restricted unpickler, and a card is checked as it is read."""
from __future__ import annotations

import pickle

import pytest

from referee import pickling
from referee.cards import JOKER, Card, standard_deck
from referee.engine import Finding
from referee.i18n import Joined, _, any_of, language, n_


def values() -> list:
    message = _("{card} is not a bridge: play {values}", card=Card("7", "c"), values=any_of([3, 7, 10]))
    return [*standard_deck(), JOKER, message, n_("{n} card", "{n} cards", 2, n=2),
            Joined((message, _("the stock is empty"))), Finding("CURDLE-TURN-2", message, 12, about=9),
            Finding("PONTIS-SUM-2", "said in words", 4)]


@pytest.mark.parametrize("round_trip", [lambda v: pickle.loads(pickle.dumps(v)),
                                        lambda v: pickling.loads(pickling.dumps(v)),
                                        lambda v: pickling.unpack(pickling.pack(v))],
                         ids=["pickle", "snapshot", "packed"])
def test_every_value_reads_back_equal_and_says_the_same(round_trip):
    for value in values():
        again = round_trip(value)
        assert again == value and type(again) is type(value)
        with language("de"):
            assert str(again) == str(value)


def test_a_pickled_card_is_rebuilt_by_the_constructor_so_it_is_checked():
    assert Card("7", "c").__reduce__() == (Card, ("7", "c"))
    forged = pickle.dumps(Card("7", "c")).replace(b"\x8c\x017", b"\x8c\x01Z")  # rank "Z"
    with pytest.raises(ValueError):
        pickle.loads(forged)
