"""English and German throughout: every message of every domain has a German translation
with the same placeholders, every rules page exists in German with the same rule ids, and a
module that translates with _() never rebinds _ (which would break its messages)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee import games, i18n
from referee.errors import IllegalAction
from referee.i18n_catalogs import ROOT, domains, problems, sources
from referee.rulebook import book


@pytest.mark.parametrize("domain", sorted(domains()))
def test_every_message_has_a_german_translation(domain):
    assert problems("de", domain) == []


@pytest.mark.parametrize("game", games.PRODUCT)
def test_every_rules_page_is_in_german_with_the_same_rule_ids(game):
    english, german = book(game, "en"), book(game, "de")
    assert german is not english, f"no German rules page for {game}"
    assert german.ids() == english.ids()
    assert german.title and german.summary and all(rule.text for s in german.sections for rule in s.rules)


def python_sources():
    return sorted({p for domain in domains() for p in sources(domain) if p.suffix == ".py"})


@pytest.mark.parametrize("path", python_sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_rebinds_the_translation_function(path: Path):
    tree = ast.parse(path.read_text())
    imports_underscore = any(isinstance(node, ast.ImportFrom) and any(a.name == "_" for a in node.names)
                             for node in ast.walk(tree))
    if not imports_underscore:
        return
    rebound = [node.lineno for node in ast.walk(tree)
               if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)]
    rebound += [node.lineno for node in ast.walk(tree) if isinstance(node, ast.arg) and node.arg == "_"]
    assert rebound == [], f"{path.name} assigns to _ on lines {rebound}"


def test_a_message_reads_in_the_language_of_whoever_looks():
    from referee.cards import Card

    message = i18n._("{card} is not a card you can play", card=Card.parse("7c"))
    assert str(message) == "7♣ is not a card you can play"
    violation = IllegalAction(i18n._("it is {expected}'s turn, not {named}'s", expected="Ann", named="Ben"), "TURN")
    with i18n.language("de"):
        assert str(violation) != "it is Ann's turn, not Ben's" and "Ann" in str(violation)
        assert Card.parse("7c").spoken == "Kreuz Sieben"
        assert str(i18n.any_of([3, 7, 10])) == "3, 7 oder 10"
    assert str(violation) == "it is Ann's turn, not Ben's"


def test_the_game_on_screen_keeps_its_own_word_even_when_it_equals_the_english():
    from referee.i18n_catalogs import load

    curdle = {m.id: m.string for m in load("de", "curdle") if m.id}
    pontoon = {m.id: m.string for m in load("de", "pontoon") if m.id}
    shared = [w for w in set(curdle) & set(pontoon)
              if isinstance(w, str) and pontoon[w] == w and curdle[w] not in ("", w)]
    assert shared, "no word to check with"
    word = shared[0]
    with i18n.language("de"):
        i18n.set_game("pontoon")
        try:
            assert i18n.gettext(word) == word
        finally:
            i18n.set_game(None)
        i18n.set_game("curdle")
        try:
            assert i18n.gettext(word) == curdle[word]
        finally:
            i18n.set_game(None)
