"""House rules whose 0 means "none" or "off" print a word for it, on the score sheet and the
blank pad, in English and German; any other value prints as its number, and the new-match form
still takes any number for them."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from referee import games
from referee.engine import new_match
from referee.i18n import speaking
from referee.pdf import _house_rules

# game, house rule, the word for 0 in English and German, another value to set.
SENTINELS = [
    ("pontoon", "buy_in", "none", "keins", 250),
    ("pontis", "liar_points", "off", "aus", 2),
    ("pontis", "banks", "one per player", "eine pro Spieler", 3),
    ("pontis", "games", "no limit", "keine Grenze", 5),
    ("curdle", "hands", "no limit", "keine Grenze", 3),
    ("ropebridge", "target_wins", "no target", "kein Ziel", 2),
]
PLAYERS = {"pontoon": ["Ann", "Ben", "Cat"], "pontis": ["Ann", "Ben", "Cat"], "curdle": ["Ann", "Ben", "Cat"],
           "ropebridge": ["Ann", "Ben"]}


def printed(game: str, settings: dict, language: str = "en") -> dict[str, str]:
    """Each house rule's setting as the score sheet prints it, by the rule's name."""
    rules = games.rules_of(game)
    _parsed, state = new_match(rules, PLAYERS[game], settings, "play")
    view = rules.view(state)
    with speaking(language, game):
        rows = _house_rules(view)
    return {name: value for name, (_label, value) in zip(view["settings"], rows)}


@pytest.mark.parametrize("game, name, english, german, other", SENTINELS)
def test_the_sheet_prints_a_word_for_0_and_the_number_otherwise(game, name, english, german, other):
    assert printed(game, {name: 0})[name] == english
    assert printed(game, {name: 0}, "de")[name] == german
    assert printed(game, {name: other})[name] == printed(game, {name: other}, "de")[name] == str(other)


def sheet_text(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


def test_a_pontoon_sheet_says_no_buy_in_is_counted_and_the_form_still_takes_any_number(api, client):
    plain = api.create(game="pontoon", players=("Ann", "Ben", "Cy"))
    url = f"/api/matches/{plain['id']}/scoresheet.pdf"
    text = sheet_text(client.get(url).data)
    assert "Buy in none" in text and "Buy in 0" not in text
    german = sheet_text(client.get(url, headers={"Accept-Language": "de"}).data)
    assert "Startkapital keins" in german
    odd = api.create(game="pontoon", players=("Ann", "Ben", "Cy"), settings={"buy_in": 37})
    assert "Buy in 37" in sheet_text(client.get(f"/api/matches/{odd['id']}/scoresheet.pdf").data)
    # The word is for showing a setting only: the form asks for the buy-in as a number.
    page = client.get("/new?game=pontoon", headers={"HX-Request": "true"}).get_data(as_text=True)
    field = re.search(r"<input[^>]*name=\"rule-buy_in\"[^>]*>", page)
    assert field is not None and '<select id="rule-buy_in"' not in page
    assert 'type="number"' in field.group(0) and 'value="0"' in field.group(0)


def test_the_blank_pads_name_the_default_in_words(client):
    pontoon = sheet_text(client.get("/pads/pontoon.pdf").data)
    assert "default none" in pontoon
    ropebridge = sheet_text(client.get("/pads/ropebridge.pdf").data)
    assert "default no target" in ropebridge
