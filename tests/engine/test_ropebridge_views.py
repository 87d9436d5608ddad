"""Ropebridge as the phone and the timeline read it: the cards no field can take now
(``unavailable``), the match chart (``running_totals``), how things stand (``leaders``,
``outcome``, ``match_result``), every entry in words (``describe``) in English and German, and
the house rules named in words."""
from __future__ import annotations

import re

import pytest

from referee import i18n
from referee.actions import Action
from referee.games.ropebridge.engine import GAME, Settings
from referee.rulebook import book
from tests.engine.test_ropebridge import Table, dealt, kings_buried, pass_stalemate
from tests.web.test_api_ropebridge import DUG_OUT, SETTINGS
from tests.web.test_api_ropebridge import GAME as WON_GAME

# API names of house rules, their values and fields; "harder" is also an English word, so the
# values count only where they stand as a value would ("combo: harder", "= harder").
IDENTIFIERS = ("row_length", "exposed", "jokers:", "combo", "ace_eleven", "courts_ten", "one_step",
               "target_wins", "row_index", "end_turn", "stalemate {", "= standard", "= harder",
               "= simpler", "standard =", "harder =", "simpler =")


def reasons(table: Table) -> dict[str, str]:
    return {card: str(why) for card, why in GAME.unavailable(table.state).items()}


def played(players, settings, actions) -> Table:
    table = Table(settings, players=players)
    for action in actions:
        table.do(action["type"], **{k: v for k, v in action.items() if k != "type"})
    return table


# --- unavailable ---------------------------------------------------------------------------------

def test_unavailable_before_a_deal_and_after_a_game_nothing_a_fresh_pack_is_dealt():
    table = Table()
    assert GAME.unavailable(table.state) == {}
    table = dealt(row=["Kc", "Kd", "Kh", "Ks"])           # unbeatable: over at once
    assert table.view["phase"] == "over" and GAME.unavailable(table.state) == {}
    quick = Table(mode="quick")
    quick.do("quick", winner="Ann")
    assert GAME.unavailable(quick.state) == {}


def test_unavailable_in_play_the_row_the_piles_and_the_other_hand():
    table = dealt(row=["9c", "8h", "JK", "Jd"], discard="3s")   # Ben opens
    # Before the draw, the discard top can still be taken (the draw may name it).
    assert reasons(table) == {"9c": "in the row (row card 1)", "8h": "in the row (row card 2)",
                              "Jd": "in the row (row card 4)"}
    table.draw("discard")                                       # Ben takes 3♠: known in his hand
    assert "3s" not in reasons(table)                           # he may match or discard it
    table.do("discard", card="5h")
    # Ann's turn: 3♠ is in Ben's hand, 5♥ on top of the pile and can be taken.
    assert reasons(table)["3s"] == "in Ben's hand (the table saw it go there)"
    assert "5h" not in reasons(table)
    table.draw("stock", "7d")
    # Ann has drawn: 5♥ can no longer be taken, 7♦ is hers to play.
    assert reasons(table)["5h"] == "on top of the discard pile" and "7d" not in reasons(table)
    table.do("match", cards=["9s"])
    assert reasons(table)["9s"] == "matched by Ann on row card 1"
    # One joker lies in the row, the other is unseen: the joker key stays on.
    assert "JK" not in reasons(table)


def test_unavailable_while_a_row_card_waits_every_seen_card():
    table = dealt(row=["9c", "8h", "5d", "Jd"], discard="3s")
    table.draw("discard")                                        # Ben holds 3♠ (seen)
    table.do("match", cards=["9s"])                              # row card 5 waits
    assert table.view["phase"] == "reveal"
    assert reasons(table) == {
        "9c": "in the row (row card 1)", "8h": "in the row (row card 2)", "5d": "in the row (row card 3)",
        "Jd": "in the row (row card 4)", "9s": "matched by Ben on row card 1",
        "3s": "in Ben's hand (the table saw it go there)"}


def test_unavailable_the_joker_only_when_both_are_out_of_reach():
    table = dealt(row=["JK", "8h", "5d", "Jd"], discard="JK")   # both jokers seen
    assert "JK" not in reasons(table)                            # the top may be drawn now
    table.draw("stock")
    assert reasons(table)["JK"] == ("both jokers are already seen: in the row (row card 1) and on top of the "
                                    "discard pile")
    table.do("discard", card="2c")
    table.draw("stock")
    assert reasons(table)["JK"].startswith("both jokers are already seen")
    with i18n.language("de"):
        assert str(GAME.unavailable(table.state)["JK"]).startswith("beide Joker sind schon im Spiel")


# --- running totals, leaders, outcome, match result -----------------------------------------------

def test_running_totals_leaders_and_the_match_result():
    table = Table({"target_wins": 2}, mode="quick")
    assert GAME.running_totals(table.state) == () and table.view["leaders"] == []
    assert table.view["outcome"] is None and table.view["match_result"] is None
    table.do("quick", tie="stalemate")
    assert table.view["leaders"] == []                               # a tie scores nothing
    table.do("quick", winner="Ben")
    table.do("quick", winner="Ann")
    assert table.view["leaders"] == ["Ann", "Ben"] and table.view["match_result"] is None
    table.do("quick", winner="Ben")
    assert GAME.running_totals(table.state) == (
        {"Ann": 0, "Ben": 0}, {"Ann": 0, "Ben": 1}, {"Ann": 1, "Ben": 1}, {"Ann": 1, "Ben": 2})
    v = table.view
    assert v["leaders"] == ["Ben"]
    assert v["match_result"] == {"winners": ["Ben"], "headline": "Ben wins the match 2 to 1, with 1 tied game"}
    assert v["outcome"] == {
        "unit": "game", "number": 4, "winners": ["Ben"], "headline": "Ben wins game 4",
        "breakdown": {"columns": ["Result", "Wins"], "rows": [
            {"who": "Ann", "cells": ["lost", 1]}, {"who": "Ben", "cells": ["won", 2]}]}}
    with i18n.language("de"):
        v = table.view
    assert v["match_result"]["headline"] == "Ben gewinnt die Partie 2 zu 1, bei 1 Unentschieden"
    assert v["outcome"]["breakdown"]["columns"] == ["Ergebnis", "Siege"]


def test_outcome_of_a_won_game_who_crossed_and_where_each_player_got():
    table = played(("Ann", "Ben"), SETTINGS, [a for a, status in WON_GAME if status == 200])
    outcome = table.view["outcome"]
    assert outcome["unit"] == "game" and outcome["number"] == 1 and outcome["winners"] == ["Ann"]
    assert outcome["headline"] == "Ann crossed the bridge first and wins game 1, in 4 turns"
    assert outcome["breakdown"] == {
        "columns": ["Reached", "Row cards matched", "Cards laid down", "Wins"],
        "rows": [{"who": "Ann", "cells": ["across", "7 of 7", 8, 1]},
                 {"who": "Ben", "cells": ["row card 5, 6♣", "4 of 7", 4, 0]}]}
    assert GAME.running_totals(table.state) == ({"Ann": 1, "Ben": 0},)
    assert table.view["leaders"] == ["Ann"] and table.view["match_result"] is None


def test_ROPE_SETUP_2_row_cards_matched_count_out_of_the_row_length():
    # The players declare a stalemate with six of the ten row cards face up.
    table = played(("Dee", "Non"), {}, DUG_OUT + [{"type": "stalemate"}])
    outcome = table.view["outcome"]
    assert outcome["headline"] == "Game 1 is a tie — Dee and Non declared a stalemate"
    assert outcome["winners"] == []
    assert [row["cells"] for row in outcome["breakdown"]["rows"]] == [
        ["row card 3, K♠", "2 of 10", 2, 0], ["row card 3, K♠", "2 of 10", 2, 0]]


def test_outcome_of_an_unbeatable_row_says_why():
    table = dealt(row=["Kc", "Kd", "Kh", "Ks"])
    assert table.view["outcome"]["headline"] == (
        "Game 1 is a tie — unbeatable row: 4 kings in the row need 4 matching cards and no other king "
        "is left, so 4 jokers would be needed, but only 2 jokers are left outside the row and the "
        "matched piles")
    with i18n.language("de"):
        headline = table.view["outcome"]["headline"]
    assert headline.startswith("Spiel 1 ist unentschieden — unschlagbare Reihe: 4 Könige in der Reihe")


@pytest.mark.parametrize("tie", ["unbeatable", "passes", "stuck", "declared"])
def test_a_tie_headline_reads_at_a_glance_with_one_colon_at_most(tie):
    # The reason has a colon of its own ("unbeatable row: …"), and a stalemate by passes has
    # brackets of its own: the headline adds neither, in either language.
    if tie == "unbeatable":
        table = dealt(row=["Kc", "Kd", "Kh", "Ks"])
    elif tie == "passes":
        table = pass_stalemate()
        table.do("end_turn")
        table.do("end_turn")
    elif tie == "stuck":
        table = kings_buried()
    else:
        table = played(("Dee", "Non"), {}, DUG_OUT + [{"type": "stalemate"}])
    for language, start in (("en", "Game 1 is a tie — "), ("de", "Spiel 1 ist unentschieden — ")):
        with i18n.language(language):
            headline = table.view["outcome"]["headline"]
        assert headline.startswith(start), headline
        assert headline.count(":") <= 1 and "((" not in headline and "))" not in headline, headline


# --- describe ------------------------------------------------------------------------------------

def timeline(players, settings, actions, mode="play") -> list[tuple[str, str, str]]:
    """(type, English, German) for each entry, as the timeline shows it."""
    table = Table(settings, mode=mode, players=players)
    out = []
    for action in actions:
        before = table.state
        table.do(action["type"], **{k: v for k, v in action.items() if k != "type"})
        words = {}
        for language in ("en", "de"):
            with i18n.language(language):
                words[language] = GAME.describe(before, Action(action), table.state)
        out.append((action["type"], words["en"], words["de"]))
    return out


ALL_KINDS = [a for a, status in WON_GAME if status == 200] + [
    {"type": "deal", "row": ["Ac", "Kh"], "discard": "7s"},
    {"type": "draw", "from": "stock", "card": "7d"},
    {"type": "match", "cards": ["Ad"]},
    {"type": "reveal", "card": "4s"},
    {"type": "end_turn"},
    {"type": "stalemate"},
]


def test_describe_every_action_in_words_in_english_and_german():
    entries = timeline(("Ann", "Ben"), SETTINGS, ALL_KINDS)
    entries += timeline(("Ann", "Ben"), {}, [{"type": "quick", "winner": "Ben"},
                                             {"type": "quick", "tie": "unbeatable"}], mode="quick")
    english = [en for _, en, _ in entries]
    assert english[:12] == [
        "Ann deals game 1: 8♥ 5♣ face up in the row, 3♠ turned up on the discard pile",
        "Ben draws a card from the stock (31 cards left there)",
        "Ben discards K♦ and ends the turn holding 7 cards",
        "Ann takes K♦ from the discard pile",
        "Ann matches row card 1, 8♥, with the pair 5♠ and 3♥",
        "Row card 3 is turned up: Q♦",
        "Ann matches row card 2, 5♣, with 5♦",
        "Row card 4 is turned up: 2♠",
        "Ann ends the turn holding 5 cards",
        "Ben matches row card 1, 8♥, with 8♣",
        "Ben matches row card 2, 5♣, with 5♥",
        "Ben ends the turn holding 5 cards",
    ]
    assert "Ben matches row card 3, Q♦, with Joker" in english
    assert "Ann matches row card 7, 4♦, with 4♣ — Ann is across and wins game 1" in english
    assert english[-8:] == [
        "Ben deals game 2: A♣ K♥ face up in the row, 7♠ turned up on the discard pile",
        "Ann draws 7♦ from the stock and shows it",
        "Ann matches row card 1, A♣, with A♦",
        "Row card 3 is turned up: 4♠",
        "Ann ends the turn holding 7 cards",
        "Ann and Ben declare a stalemate: game 2 is a tie",
        "Ben wins game 1",
        "Game 2 is a tie (unbeatable row)",
    ]
    german = {kind: de for kind, _, de in entries}
    assert german["deal"] == "Ben gibt Spiel 2: A♣ K♥ offen in der Reihe, 7♠ aufgedeckt auf dem Ablagestapel"
    assert german["stalemate"] == "Ann und Ben erklären ein Patt: Spiel 2 ist unentschieden"
    assert german["quick"] == "Spiel 2 ist unentschieden (unschlagbare Reihe)"
    kinds = {kind for kind, _, _ in entries}
    assert kinds == {"deal", "reveal", "draw", "match", "discard", "end_turn", "stalemate", "quick"}
    for kind, en, de in entries:
        assert en != de, kind
        for text in (en, de):
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text          # no snake_case
            for field in ("cards", "row_index", "from", "discard_top", "winner", "tie", "type"):
                assert f"{field}:" not in text and f'"{field}"' not in text, text


def test_describe_a_pass_and_the_tie_it_brings():
    table = pass_stalemate()
    entries = []
    for _ in range(2):
        before = table.state
        table.do("end_turn")
        entries.append(GAME.describe(before, Action({"type": "end_turn"}), table.state))
    assert entries[0] == "Ben passes: both piles are empty"
    assert entries[1] == ("Ann passes: both piles are empty — game 1 is a tie — stalemate: both players "
                          "passed in a row (neither could match and both piles are empty)")


# --- house rules in words ------------------------------------------------------------------------

def test_house_rule_choices_and_help_texts_are_words_in_both_languages():
    infos = {info.name: info for info in Settings.rules()}
    combo = infos["combo"]
    assert [combo.word(c) for c in combo.choices] == [
        "Standard: one red and one black",
        "Harder: same colour adds, red and black subtract",
        "Simpler: any two number cards"]
    with i18n.language("de"):
        german = [combo.word(c) for c in combo.choices]
        helps = [i18n.gettext(info.help) for info in infos.values()]
        labels = [i18n.gettext(info.label) for info in infos.values()]
    assert german[0].startswith("Normal:") and german[1].startswith("Schwerer:")
    assert german[2].startswith("Einfacher:")
    for text in german + helps + labels + [info.help for info in infos.values()]:
        for identifier in IDENTIFIERS:
            assert identifier not in text, (identifier, text)
        assert not re.search(r"\b(standard|harder|simpler)\b", text), text   # lower case: a value


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_rules_page_shows_no_identifier(language):
    rules = book("ropebridge", language)
    texts = [rules.summary] + list(rules.decisions) + [
        r.text for section in rules.sections for r in section.rules] + [
        section.intro for section in rules.sections]
    for text in texts:
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
        for identifier in IDENTIFIERS:
            assert identifier not in text, (identifier, text)


def test_a_settings_refusal_names_no_identifier():
    with pytest.raises(Exception) as caught:
        Settings.from_dict({"row_length": 7, "exposed": 8})
    assert str(caught.value) == ("8 face-up cards are more than the row length (7): at most every row "
                                 "card starts face up")
