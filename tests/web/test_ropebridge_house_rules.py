"""Ropebridge's house rules in players' words, in English and German: the setup screen, the rules
page, a score sheet and the blank pad name every choice in words, and no house-rule identifier
(``row_length``, ``one_step``, ``ace_eleven`` ...) or choice value reaches a person."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.web.reading import text_of
from tests.web.test_api_ropebridge import PLAYERS

# "exposed" and "jokers" are English words too (and the rules say them as words): left out.
IDENTIFIERS = ("row_length", "combo", "ace_eleven", "courts_ten", "one_step", "target_wins")
# The words each choice is shown with, per language: a value such as "harder" never stands alone.
WORDS = {
    "en": ["Row length", "Face-up cards", "Jokers", "Two-card matches", "Standard: one red and one black",
           "Harder: same colour adds, red and black subtract", "Simpler: any two number cards",
           "Ace is 1 or 11", "Court cards are 10", "One step at a time", "Wins to take the match"],
    "de": ["Länge der Reihe", "Offene Karten", "Joker", "Bedienen mit zwei Karten",
           "Normal: eine rote und eine schwarze",
           "Schwerer: gleichfarbig addiert, rot-schwarz subtrahiert", "Einfacher: zwei beliebige Zahlenkarten",
           "Ass zählt 1 oder 11", "Bildkarten zählen 10", "Schritt für Schritt", "Siege für den Gewinn der Partie"],
}
SETTINGS = {"row_length": 7, "exposed": 2, "combo": "harder", "ace_eleven": True, "courts_ten": True,
            "one_step": True, "target_wins": 3, "jokers": False}


def no_identifier(text: str) -> None:
    found = [word for word in IDENTIFIERS if re.search(rf"\b{word}\b", text)]
    assert not found, found
    # A choice shown by its value ("Two-card matches harder") is the API's word, not a person's.
    assert not re.search(r"(Two-card matches|Bedienen mit zwei Karten):? (standard|harder|simpler)\b", text), text


def pdf_text(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_house_rule_reads_as_words_everywhere(client, api, language):
    headers = {"Accept-Language": language}
    setup = client.get("/new?game=ropebridge", headers=headers)
    assert setup.status_code == 200
    words = text_of(setup.get_data(as_text=True))
    no_identifier(words)
    for word in WORDS[language]:
        assert word in words, word

    rules = text_of(client.get("/rules/ropebridge", headers=headers).get_data(as_text=True))
    no_identifier(rules)

    match = api.create(game="ropebridge", players=list(PLAYERS), settings=SETTINGS, title="Rules night")
    api.act(match, {"type": "deal", "row": ["8h", "5c"], "discard": "3s"})
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=headers)
    assert sheet.status_code == 200
    text = pdf_text(sheet.data)
    no_identifier(text)
    for word in WORDS[language]:
        if word.split(":")[0] not in ("Standard", "Normal", "Simpler", "Einfacher"):
            assert word in text, word                        # the chosen words, not the others

    pad = client.get("/pads/ropebridge.pdf", headers=headers)
    assert pad.status_code == 200
    text = pdf_text(pad.data)
    no_identifier(text)
    for word in WORDS[language]:
        assert word in text, word


def test_the_check_finds_an_identifier():
    for text in ("One step: one_step", "Two-card matches harder", "Bedienen mit zwei Karten: simpler"):
        with pytest.raises(AssertionError):
            no_identifier(text)
    no_identifier("Two-card matches Harder: same colour adds, red and black subtract")
