"""Pontoon's timeline: every entry in words (``describe``), in English and German, with what it
led to (a bust thrown in, a deal settled, the bank passing on), and never a field name."""
from __future__ import annotations

import re

from referee.actions import Action
from referee.games.pontoon.engine import GAME
from referee.i18n import language
from tests.engine.table import Table as SharedTable
from tests.web.test_api_pontoon import SHOOT, SHOOT_SESSION

# Every field name of every Pontoon action (and the values that are identifiers).
FIELDS = ("type", "amount", "player", "hand", "cards", "card", "burned", "banker", "shuffled", "to", "price",
          "beaten_by", "banker_class", "banker_total", "banker_ten_card", "ten_card", "doubled", "hands",
          "class", "total", "shoot", "stake")
KINDS = {"cut", "kitty", "deal", "stake", "shoot", "double", "second_card", "banker_pontoon", "pontoon",
         "split", "burn", "buy", "twist", "stick", "bust", "reveal", "banker_reveal", "banker_draw",
         "banker_stick", "sell_bank", "end_session", "quick"}


class Table(SharedTable):
    """The shared driver, keeping what each entry says in English and German."""

    def __init__(self, players=("Ann", "Ben", "Cy", "Dee"), settings=None, mode="play"):
        super().__init__(GAME, players, settings, mode)
        self.said: list[tuple[str, str, str]] = []

    def do(self, kind: str | dict | None = None, **fields) -> tuple[str, str, str]:
        """Enter one action (its type and fields, or a whole action as a dict); return its type
        and its words in English and German."""
        action = {**({"type": kind} if isinstance(kind, str) else kind or {}), **fields}
        before = self.state
        super().do(action)
        words = {}
        for code in ("en", "de"):
            with language(code):
                words[code] = GAME.describe(before, Action(action), self.state)
        self.said.append((action["type"], words["en"], words["de"]))
        return self.said[-1]

    def enter(self, action: dict) -> tuple[str, str, str]:
        return self.do(action)


def every_kind() -> list[tuple[str, str, str]]:
    session = Table(settings=SHOOT)
    for deal in SHOOT_SESSION:
        for action in deal:
            session.enter(action)
    session.do("end_session")
    said = list(session.said)
    cut = Table(players=("Ann", "Ben", "Cy"))
    said.append(cut.do("cut", cards=["7c", "Kd", "3h"]))
    said.append(cut.do("sell_bank", to="Cy", price=5))
    said.append(cut.do("sell_bank", to="Ann", price=0))
    bank = Table(players=("Ann", "Ben", "Cy"), settings={"banker_doubling": True})
    for action in ({"type": "deal"}, {"type": "stake", "player": "Ben", "amount": 2},
                   {"type": "stake", "player": "Cy", "amount": 3}):
        bank.enter(action)
    said.append(bank.do("double"))
    said.append(bank.do("second_card"))
    said.append(bank.do("banker_pontoon", cards=["As", "Kd"]))
    burn = Table(players=("Ann", "Ben"), settings={"burn": 13})
    for action in ({"type": "deal"}, {"type": "stake", "player": "Ben", "amount": 2}, {"type": "second_card"}):
        burn.enter(action)
    said.append(burn.do("burn", cards=["8c", "5d"]))
    said.append(burn.do("burn"))
    quick = Table(players=("Ann", "Ben", "Cy"), mode="quick")
    said.append(quick.do("quick", banker_class="total", banker_total=18, hands=[
        {"player": "Ben", "stake": 4, "class": "total", "total": 19},
        {"player": "Cy", "stake": 2, "class": "bust"}]))
    said.append(quick.do("quick", banker_class="total", banker_total=17, hands=[
        {"player": "Ben", "stake": 3, "class": "pontoon"},
        {"player": "Cy", "stake": 5, "class": "five_card_trick"}]))
    return said


def test_every_action_type_has_a_sentence_in_both_languages_without_field_names():
    said = every_kind()
    assert {kind for kind, _en, _de in said} == KINDS
    for kind, en, de in said:
        assert en and de and en != de, (kind, en)
        for text in (en, de):
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text        # no banker_stick, five_card_trick
            assert ":" not in text.split(" ", 1)[0], text                     # not "Ann: kitty — amount 50"
            for field in FIELDS:   # the default wording was "Ann: kitty — amount 50"
                assert f"— {field}" not in text and f", {field} " not in text, text
                assert f'"{field}"' not in text and f"{field}:" not in text, text


def test_the_session_reads_as_the_table_said_it():
    english = {en for _kind, en, _de in every_kind()}
    for sentence in (
            "Ann puts 40 into the kitty",
            "Deal 1: Ann deals everyone a first card",
            "Ben shoots 5 on the first card",
            "Ben declines to shoot on the first card",
            "Ben splits the pair 8♣ 8♦ into two hands",
            "Ben's hand 2 takes a shoot bet of 2 of its own",
            "Ben's hand 2 buys a card for 6, face down",
            "Cy is bust with K♥ 4♠ 6♥ Q♠ and throws in: 2 goes to Ann",
            "Dee shows 2♠ 3♠ 2♥ 3♥ 4♦: five card trick",
            "Ann stands on 18; deal 1 is settled: the bank takes 2",
            "Ben declares a pontoon: the ace shown, the ten-card face down",
            "Ann stands on 17; deal 2 is settled: the bank pays out 1; Ben takes the bank with a pontoon",
            "The bank draws 10♦: bust with 25",
            "Ben ends the session after 3 deals; 21 comes back from the kitty; time to settle up",
            "The cut for the bank: Ann 7♣, Ben K♦ and Cy 3♥; Ben holds the bank",
            "Ben sells the bank to Cy for 5",
            "Cy gives the bank to Ann for nothing",
            "Ann doubles every bet for the bank",
            "Ben burns 8♣ 5♦ and is dealt two new cards",
            "Ben burns the first two cards, face down, and is dealt two new cards",
            "Deal 1, Ann's bank has 18: Ben wins 4 with 19 and Cy is bust and loses 2",
            "Deal 2, Ann's bank has 17: Ben wins 6 with pontoon and Cy wins 10 with five card trick; "
            "Ben takes the bank with a pontoon"):
        assert sentence in english, sentence
    german = {en: de for _kind, en, de in every_kind()}
    assert german["Ann puts 40 into the kitty"] == "Ann legt 40 in die Kitty"
    assert german["Ben splits the pair 8♣ 8♦ into two hands"] == "Ben teilt das Paar 8♣ 8♦ in zwei Hände"
    assert german["Ben declines to shoot on the first card"] == (
        "Ben verzichtet auf eine Shoot-Wette auf die erste Karte")


def test_plurals_come_from_the_catalog():
    table = Table(players=("Ann", "Ben"))
    table.do("deal")
    table.do("stake", player="Ben", amount=2)
    table.do("second_card")
    table.do("twist", card="5c")
    _kind, en, de = table.do("stick")
    assert en == "Ben sticks with 3 cards" and de == "Ben bleibt mit 3 Karten stehen"
    table = Table(players=("Ann", "Ben"))
    table.do("end_session")
    _kind, en, de = table.said[-1]
    assert en == "Ann ends the session after 0 deals; time to settle up"
    assert de == "Ann beendet die Sitzung nach 0 Runden; jetzt wird abgerechnet"
