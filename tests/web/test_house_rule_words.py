"""Every game's house rules in players' words, in English and German: the setup screen, the
rules page, a score sheet and the blank pad name each choice in words; no identifier (a name
or value with an underscore, such as ``hands_won``) reaches a person."""
from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from referee import games
from referee.i18n import gettext
from referee.i18n import language as speaking
from tests.web.reading import text_of

PLAYERS = {"reverse-bridge": ["Ann", "Ben", "Cat", "Dan"], "ropebridge": ["Ann", "Ben"]}


def identifiers(game) -> set[str]:
    found = set()
    for rule in game.settings_type.rules():
        found.add(rule.name)
        found.update(str(choice) for choice in rule.choices or () if isinstance(choice, str))
    return {word for word in found if "_" in word}


def choice_words(game, lang: str) -> list[str]:
    with speaking(lang):
        return [gettext(words) for rule in game.settings_type.rules() for words in rule.words.values()]


def pdf_text(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_house_rule_choice_reads_as_words(client, api, name, lang):
    game = games.get(name)
    headers = {"Accept-Language": lang}
    shown = {
        "setup": text_of(client.get(f"/new?game={name}", headers=headers).get_data(as_text=True)),
        "rules page": text_of(client.get(f"/rules/{name}", headers=headers).get_data(as_text=True)),
        "pad": pdf_text(client.get(f"/pads/{name}.pdf", headers=headers).data),
    }
    match = api.create(game=name, players=PLAYERS.get(name, ["Ann", "Ben", "Cat"]))
    shown["sheet"] = pdf_text(client.get(f"/api/matches/{match['id']}/scoresheet.pdf", headers=headers).data)
    for where, text in shown.items():
        left = sorted(word for word in identifiers(game) if re.search(rf"\b{re.escape(word)}\b", text))
        assert left == [], (name, lang, where, left)
    missing = [words for words in choice_words(game, lang) if words not in shown["setup"]]
    assert missing == [], (name, lang, "setup", missing)
