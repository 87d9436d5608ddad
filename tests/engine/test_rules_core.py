"""The rules core: the action reader, house-rule validation, new-match checks."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from referee.actions import Action
from referee.engine import new_match
from referee.errors import IllegalAction, InvalidAction
from referee.settings import Settings, house_rule
from tests.counting.engine import GAME


@dataclass(frozen=True)
class Rules(Settings):
    jokers: int = house_rule(2, "Jokers in the deck", choices=(2, 3, 4))
    target: int = house_rule(100, "Points to win", minimum=10, maximum=500)
    scoring: str = house_rule("team", "Who scores a shared bank", choices=("team", "individual"))
    quick: bool = house_rule(False, "Results only")


def test_house_rules_take_defaults_and_validate_each_value():
    assert Rules.from_dict({}).as_dict() == {"jokers": 2, "target": 100, "scoring": "team", "quick": False}
    assert Rules.from_dict({"jokers": 4, "quick": True}).jokers == 4
    for bad in ({"jokers": 5}, {"target": 5}, {"target": "100"}, {"scoring": "teams"}, {"quick": 1},
                {"colour": "red"}, {"target": True}):
        with pytest.raises(InvalidAction) as raised:
            Rules.from_dict(bad)
        assert raised.value.rule == "SETTINGS"
        assert next(iter(bad)) in raised.value.message


def test_house_rules_describe_themselves_for_the_form():
    infos = {info.name: info for info in Rules.rules()}
    assert infos["jokers"].choices == (2, 3, 4) and infos["jokers"].help == "Jokers in the deck"
    assert infos["target"].minimum == 10 and infos["quick"].kind is bool


def test_action_reader_names_the_bad_field():
    action = Action({"type": "buy", "amount": "6", "cards": ["7c", "xx"], "bank": "C", "id": "x1"})
    with pytest.raises(InvalidAction, match="amount"):
        action.integer("amount")
    with pytest.raises(InvalidAction, match="xx"):
        action.cards("cards")
    with pytest.raises(InvalidAction, match="bank"):
        action.choice("bank", ("A", "B"))
    with pytest.raises(InvalidAction, match="card"):
        action.card("card")
    assert action.card("card", optional=True) is None
    assert action.as_dict() == {"type": "buy", "amount": "6", "cards": ["7c", "xx"], "bank": "C"}
    for bad in (None, [], {"type": ""}, {"type": 3}):
        with pytest.raises(InvalidAction):
            Action(bad)


def test_a_number_out_of_range_is_told_its_range_or_its_one_value():
    action = Action({"type": "buy", "hand": 3})
    with pytest.raises(InvalidAction, match="between 1 and 2"):
        action.integer("hand", minimum=1, maximum=2)
    with pytest.raises(InvalidAction, match="\"hand\" must be 1$"):
        action.integer("hand", minimum=1, maximum=1)
    assert Action({"type": "buy", "hand": 1}).integer("hand", minimum=1, maximum=1) == 1


def test_new_match_checks_players_and_mode():
    settings, state = new_match(GAME, ["Ann", "Ben"], {}, "play")
    assert GAME.view(state)["players"] == ["Ann", "Ben"]
    for players, mode in ((["Ann", "ann"], "play"), (["Ann", ""], "play"), ("Ann", "play"),
                          (["A"] * 5, "play"), (["x" * 41], "play"), (["Ann"], "fast")):
        with pytest.raises(InvalidAction):
            new_match(GAME, players, {}, mode)


def test_an_action_naming_another_player_is_out_of_turn():
    from referee.engine import apply

    _, state = new_match(GAME, ["Ann", "Ben"], {}, "play")
    with pytest.raises(IllegalAction) as raised:
        apply(GAME, state, {"type": "say", "n": 1, "player": "Ben"}, 1)
    assert raised.value.rule == "TURN" and "Ann" in raised.value.message
    state, _ = apply(GAME, state, {"type": "say", "n": 1, "player": "Ann"}, 1)
    assert GAME.view(state)["turn"] == "Ben"
