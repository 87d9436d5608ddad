"""Curdle's timeline: every entry in words (``describe``), in English and German, with the
curdles, wins and match ends it led to, and never a raw field dump."""
from __future__ import annotations

import re

from referee.actions import Action
from referee.i18n import language
from tests.engine.test_curdle import DOWN_TO_ONE, GAME, Table, empty_stock_curdle, opened, restart_curdle
from tests.web.test_api_curdle import HAND

FIELDS = ("type", "card", "bank", "as", "to", "restart", "winner", "cards_left", "player")


def said(table: Table, kind: str, **fields) -> tuple[str, str, str]:
    """Enter the action; return (type, English, German) as the timeline shows it."""
    before = table.state
    table.act(kind, **fields)
    words = {}
    for code in ("en", "de"):
        with language(code):
            words[code] = GAME.describe(before, Action({"type": kind, **fields}), table.state)
    return kind, words["en"], words["de"]


def whole_hand() -> list[tuple[str, str, str]]:
    table = Table(("Ann", "Ben"), {"hands": 1})
    return [said(table, action["type"], **{k: v for k, v in action.items() if k != "type"})
            for action, *_ in HAND]


def test_a_whole_hand_in_words():
    english = [en for _, en, _ in whole_hand()]
    assert english == [
        "Ann deals hand 1: K♥ starts bank A",
        "Ben starts bank B with Q♣",
        "Ben plays the starter A♦ on bank B (bridge 1 or 11)",
        "Ben plays Joker on bank A (bridge 1 or 12) — a kingfisher: only a king bridges",
        "Ben ends the run after 2 cards: no bridge left",
        "Ann has no starter, draws K♠, a fluker, and plays it on bank B (bridge 13)",
        "Ann plays Q♦ on bank A (bridge 12)",
        "Ann plays J♥ on bank B (bridge 1 or 11)",
        "Ann plays 9♠ on bank A (bridge 1 or 9)",
        "Ann plays 6♣ on bank A (bridge 2 or 6)",
        "Ann plays 3♦ on bank B (bridge 3 or 5)",
        "Ann plays 3♠ on bank A (bridge 3) — a natural curdle: Ann breaks it",
        "Ann breaks the natural curdle with 9♥ on bank B",
        "Ann ends the run after 8 cards: no bridge left",
        "Ben has no starter, draws a card and keeps it (31 cards left in the stock) — a blind curdle: "
        "nobody could play since Ann's last card",
        "Ann hands out the top of bank A: keeps 3♠, 6♣ to Ben, keeps 9♠, keeps Q♦",
        "Ann plays the starter 8♦ on bank B (bridge 8)",
        "Ann plays 7♥ on bank A (bridge 7)",
        "Ann plays A♣ on bank A (bridge 1) — Ann has played their last card and wins hand 1; "
        "the match is over: Ann wins",
    ]


def every_kind() -> list[tuple[str, str, str]]:
    entries = whole_hand()
    # A curdler holding only the curdled rank draws; a declared value; a break card, then a pass.
    table = opened(players=("Ann", "Ben"))
    for card, bank in DOWN_TO_ONE:
        table.act("play", card=card, bank=bank)
    entries.append(said(table, "draw"))
    table = opened(players=("Ann", "Ben"), a="9h", b="6c")
    entries.append(said(table, "play", card="Jd", bank="A", **{"as": 3}))
    table = empty_stock_curdle()
    entries.append(said(table, "pass"))
    table = restart_curdle()
    entries.append(said(table, "break", card="9s", bank="A"))
    entries.append(said(table, "pass"))
    # A blind curdle from a short bank: make-up cards from the stock and a restart.
    table = opened(players=("Ann", "Ben"), a="Kh", b="Qc")
    table.act("draw")
    table.act("draw")
    entries.append(said(table, "blind", bank="A", to=["Ben", "Ann", "Ben", "Ben"], restart="5d"))
    quick = Table(("Ann", "Ben", "Cy"), {"scoring": "cards_left", "target": 20}, mode="quick")
    entries.append(said(quick, "quick", winner="Ben", cards_left={"Ann": 4, "Cy": 7}))
    entries.append(said(quick, "quick", winner="Ann", cards_left={"Ben": 9, "Cy": 13}))
    return entries


def test_every_action_type_has_a_sentence_in_both_languages_without_field_names():
    entries = every_kind()
    assert {kind for kind, _, _ in entries} == {
        "deal", "open", "play", "end_run", "draw", "fluke", "pass", "break", "blind", "quick"}
    for kind, en, de in entries:
        assert en and de and en != de, kind
        for text in (en, de):
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text          # no end_run, cards_left
            for field in FIELDS:
                assert f"{field}:" not in text and f'"{field}"' not in text, text
    english = [en for _, en, _ in entries[len(HAND):]]
    assert english == [
        "Ben holds only 3s and draws a card to break with (32 cards left in the stock)",
        "Ben plays the starter J♦ as 3 on bank A (bridge 3)",
        "Eve holds only 7s and passes: the stock is empty — a blind curdle: nobody could play since "
        "Eve's last card",
        "Ben breaks the natural curdle with 9♠ on bank A",
        "Ben has no starter and passes: the stock is empty",
        "Ben hands out the top of bank A: keeps K♥, a card from the stock to Ann, keeps a card from "
        "the stock, keeps a card from the stock; 5♦ turned up from the stock restarts bank A",
        "Ben wins hand 1; cards left: Ann 4, Cy 7",
        "Ann wins hand 2; cards left: Ben 9, Cy 13; the match is over: Ann wins",
    ]
    german = {en: de for _, en, de in entries}
    assert german["Ann deals hand 1: K♥ starts bank A"] == "Ann gibt Runde 1: K♥ beginnt Bank A"
    assert german["Ben ends the run after 2 cards: no bridge left"] == (
        "Ben beendet die Serie nach 2 Karten: keine Brücke mehr")
    assert german["Ben has no starter and passes: the stock is empty"] == (
        "Ben hat keinen Starter und passt: Der Stapel ist leer")


def test_a_shared_win_and_a_single_card_read_in_the_plural_forms():
    table = opened(players=("Ann", "Ben"), a="9h", b="5c")
    table.act("play", card="4s", bank="A")
    _, en, de = said(table, "end_run")
    assert en == "Ben ends the run after 1 card: no bridge left"
    assert de == "Ben beendet die Serie nach 1 Karte: keine Brücke mehr"
    quick = Table(("Ann", "Ben", "Cy"), {"scoring": "cards_left", "target": 5}, mode="quick")
    _, en, de = said(quick, "quick", winner="Ben", cards_left={"Ann": 5, "Cy": 5})
    assert en == "Ben wins hand 1; cards left: Ann 5, Cy 5; the match is over: Ben wins"
    quick = Table(("Ann", "Ben", "Cy"), {"scoring": "cards_left", "target": 5}, mode="quick")
    quick.act("quick", winner="Ben", cards_left={"Ann": 4, "Cy": 1})
    _, en, de = said(quick, "quick", winner="Cy", cards_left={"Ann": 2, "Ben": 1})   # 6, 1, 1
    assert en.endswith("the match is over: Ben and Cy share the win")
    assert de.endswith("die Partie ist vorbei: Ben und Cy teilen sich den Sieg")
