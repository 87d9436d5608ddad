"""Curdle's keys and ends for the phone: the cards that cannot be entered now, each with its reason
(TURN-5), and the running totals the match chart is drawn from."""
from __future__ import annotations

from referee.games.curdle.engine import GAME
from tests.engine.test_curdle import Table


def unavailable(table: Table) -> dict[str, str]:
    return {card: str(reason) for card, reason in GAME.unavailable(table.state).items()}


def test_TURN_5_cards_on_a_bank_are_greyed_out_with_where_they_lie():
    table = Table(("Ann", "Ben"))
    assert unavailable(table) == {}                  # a new deal starts from the whole pack
    table.act("deal", card="Kh")
    assert unavailable(table) == {"Kh": "on bank A, its top card"}
    table.act("open", card="Qc")
    table.act("play", card="Ad", bank="B")
    assert unavailable(table) == {"Kh": "on bank A, its top card", "Qc": "on bank B, 2nd from the top",
                                  "Ad": "on bank B, its top card"}
    # Every key it lists is refused by the engine too.
    for card in unavailable(table):
        table.reject("CURDLE-TURN-5", "play", card=card, bank="A")


def test_a_joker_is_greyed_out_only_when_both_are_on_the_banks():
    table = Table(("Ann", "Ben"))
    table.act("deal", card="JK")
    table.act("open", card="2c")                       # bridge 1: the other joker bridges
    assert "JK" not in unavailable(table)
    table.act("play", card="JK", bank="B")             # joker on joker: a natural curdle
    assert unavailable(table)["JK"] == ("both jokers are accounted for: on bank A, its top card and "
                                        "on bank B, its top card")
    table.reject("CURDLE-CURDLE-2", "break", card="JK", bank="A")


def test_a_card_handed_to_another_player_is_greyed_out_for_the_player_in_turn():
    table = Table(("Ann", "Ben"))
    for kind, fields in (("deal", {"card": "Kh"}), ("open", {"card": "Qc"}), ("play", {"card": "Ad", "bank": "B"}),
                         ("end_run", {}), ("draw", {})):
        table.act(kind, **fields)
    # Ben played last; Ann drew and kept: a blind curdle for Ben, who gives A♦ to Ann.
    assert table.view["phase"] == "blind"
    assert "Ad" in unavailable(table)                 # still on bank B while Ben chooses
    table.act("blind", bank="B", to=["Ann", "Ben", "Ben", "Ben"], restart="9s")
    keys = unavailable(table)
    assert table.view["turn"] == "Ben"
    assert keys["Ad"] == "handed to Ann in the blind curdle at entry 6"
    assert "Qc" not in keys                           # Ben kept it: his to play
    table.reject("CURDLE-TURN-5", "play", card="Ad", bank="A")


def test_running_totals_follow_the_scores_hand_by_hand():
    table = Table(("Ann", "Ben", "Cy"), settings={"scoring": "cards_left", "target": 50}, mode="quick")
    table.act("quick", winner="Ben", cards_left={"Ann": 4, "Cy": 7})
    table.act("quick", winner="Cy", cards_left={"Ann": 2, "Ben": 9})
    assert GAME.running_totals(table.state) == ({"Ann": 4, "Ben": 0, "Cy": 7}, {"Ann": 6, "Ben": 9, "Cy": 7})
    assert table.view["leaders"] == ["Ann"]
