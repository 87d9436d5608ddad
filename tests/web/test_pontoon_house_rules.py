"""Pontoon's house rules in players' words, in English and German (issue 11 item 8): the setup
screens of Pontoon and Shoot Pontoon, the rules page, a score sheet and the blank pad name every
choice in words, and no house-rule identifier (``aces_only``, ``picture_beats_ten``,
``ace_ten_is_21``, ``kitty_max`` ...) reaches a person."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from referee.games.pontoon.engine import Settings
from tests.web.reading import text_of

# Every house rule's name and every choice value that is not also a plain word.
IDENTIFIERS = tuple(info.name for info in Settings.rules() if "_" in info.name) + (
    "aces_only", "picture_beats_ten", "ace_ten_is_21")
WORDS = {
    "en": ["any pair", "aces only", "all pontoons equal", "ace and picture card beats ace and ten",
           "ace and ten is an ordinary 21", "ace with king or queen beats ace with jack or ten", "no burning",
           "a hard 13", "one pack", "two packs", "16 or more"],
    "de": ["jedes Paar", "nur Asse", "alle Pontoons gleich", "Ass mit Bildkarte schlägt Ass mit Zehn",
           "Ass und Zehn sind eine gewöhnliche 21", "Ass mit König oder Dame schlägt Ass mit Bube oder Zehn",
           "kein Verbrennen", "eine harte 13", "ein Spiel", "zwei Spiele", "16 oder mehr"],
}
CHOSEN = {"en": ["aces only", "ace and picture card beats ace and ten", "a hard 14"],
          "de": ["nur Asse", "Ass mit Bildkarte schlägt Ass mit Zehn", "eine harte 14"]}
SETTINGS = {"split": "aces_only", "pontoon_ranking": "picture_beats_ten", "burn": 14, "shoot": True}


def no_identifier(text: str) -> None:
    found = [word for word in IDENTIFIERS if re.search(rf"\b{word}\b", text)]
    assert not found, found


def pdf_text(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_house_rule_reads_as_words_everywhere(client, api, language):
    headers = {"Accept-Language": language}
    for game in ("pontoon", "shoot-pontoon"):
        setup = client.get(f"/new?game={game}", headers=headers)
        assert setup.status_code == 200
        words = text_of(setup.get_data(as_text=True))
        no_identifier(words)
        for word in WORDS[language]:
            assert word in words, (game, word)

    rules = text_of(client.get("/rules/pontoon", headers=headers).get_data(as_text=True))
    no_identifier(rules)

    match = api.create(game="pontoon", players=["Ann", "Ben", "Cy"], settings=SETTINGS, title="Rules night")
    api.act(match, {"type": "kitty", "amount": 20})
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=headers)
    assert sheet.status_code == 200
    text = pdf_text(sheet.data)
    no_identifier(text)
    for word in CHOSEN[language]:
        assert word in text, word

    pad = client.get("/pads/pontoon.pdf", headers=headers)
    assert pad.status_code == 200
    text = pdf_text(pad.data)
    no_identifier(text)


def test_the_check_finds_an_identifier():
    for text in ("Split aces_only", "Pontoon ranking: picture_beats_ten", "kitty_max 100"):
        with pytest.raises(AssertionError):
            no_identifier(text)
    no_identifier("Pontoon ranking ace and picture card beats ace and ten")


def test_shoot_pontoon_s_pad_is_pontoon_s(client):
    # Shoot Pontoon is a game name everywhere else: its pad is Pontoon's, which ticks its rules.
    response = client.get("/pads/shoot-pontoon.pdf?size=letter")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/pads/pontoon.pdf?size=letter")
    assert client.get(response.headers["Location"]).status_code == 200
