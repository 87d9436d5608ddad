"""The phone's entry form becomes the same action the API takes."""
from __future__ import annotations

import pytest

from referee.errors import InvalidAction
from referee.web.entry import form_action


def test_card_picker_fields_compose_cards_and_numbers_become_numbers():
    assert form_action({"type": "play", "card.rank": "7", "card.suit": "c", "expect": "12", "id": "abc",
                        "csrf_token": "t"}) == {"type": "play", "card": "7c", "expect": 12, "id": "abc"}
    assert form_action({"type": "play", "card.rank": "JK", "as.rank": "10", "as.suit": "h"}) == \
        {"type": "play", "card": "JK", "as": "10h"}


def test_a_pair_names_its_top_card_by_position():
    action = form_action({"type": "pair", "cards.0.rank": "3", "cards.0.suit": "d", "cards.1.rank": "K",
                          "cards.1.suit": "s", "top": "1"})
    assert action == {"type": "pair", "cards": ["3d", "Ks"], "top": "Ks"}


def test_names_stay_text_even_when_they_look_like_numbers():
    assert form_action({"type": "liar", "caller": "007"}) == {"type": "liar", "caller": "007"}


@pytest.mark.parametrize("form, word", [({"card.rank": "7"}, "suit"), ({"card.suit": "h"}, "rank")])
def test_half_a_card_is_answered_with_what_is_missing(form, word):
    with pytest.raises(InvalidAction, match=word):
        form_action({"type": "play", **form})


def test_per_player_numbers_become_a_mapping():
    action = form_action({"type": "quick", "ending": "out", "ended_by": "Ann", "bank_cards[Ann]": "18",
                          "bank_cards[Ben [2]]": "9", "suit_points[Ann]": "", "suit_points[Ben [2]]": "1"})
    assert action == {"type": "quick", "ending": "out", "ended_by": "Ann",
                      "bank_cards": {"Ann": 18, "Ben [2]": 9}, "suit_points": {"Ben [2]": 1}}
    with pytest.raises(InvalidAction, match="bank cards"):
        form_action({"type": "quick", "bank_cards[Ann]": "lots"})


def test_a_list_of_names_keeps_its_order():
    assert form_action({"type": "blind", "bank": "A", "to.1": "Ben", "to.0": "Ann", "to.2": "Ann"}) == \
        {"type": "blind", "bank": "A", "to": ["Ann", "Ben", "Ann"]}


def test_a_list_of_records_keeps_its_order_and_types():
    action = form_action({"type": "quick", "hands.1.player": "Ben", "hands.1.stake": "4", "hands.1.class": "bust",
                          "hands.0.player": "Ann", "hands.0.stake": "6", "hands.0.class": "total",
                          "hands.0.total": "19", "doubled": "false"})
    assert action == {"type": "quick", "doubled": False, "hands": [
        {"player": "Ann", "stake": 6, "class": "total", "total": 19}, {"player": "Ben", "stake": 4, "class": "bust"}]}


def test_only_ascii_digits_make_numbers_and_list_positions():
    """Other scripts' digits are text to the form reader: "٤" is no bid level, and
    "cards.٠.rank" is no card of a list (the engine then says what the entry lacks)."""
    assert form_action({"type": "bid", "level": "٤"}) == {"type": "bid", "level": "٤"}
    assert "cards" not in form_action({"type": "pair", "cards.٠.rank": "7", "cards.٠.suit": "c"})


def test_a_number_with_a_control_character_around_it_is_the_number():
    """str.strip() takes the separators \\x1c-\\x1f that int() refuses: the form reads the number
    it stripped, as it reads " 7 " (the form fuzz found "0\\x1f" answered with a 500)."""
    assert form_action({"type": "bid", "level": "4\x1f", "expect": "\x1c12"}) == {"type": "bid", "level": 4,
                                                                                 "expect": 12}
    assert form_action({"type": "quick", "bank_cards[Ann]": "\x1e18\x1d"})["bank_cards"] == {"Ann": 18}
