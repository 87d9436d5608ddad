"""Every rule id a rules page lists is written out in full under referee/games/, so
`grep -rn <id> referee/games/` finds where it is raised (or, for a rule the engine computes
rather than refuses, the comment naming it); and both languages list the same ids."""
from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

import referee.games
from referee import games
from referee.games import GAMES

GAMES_DIR = Path(referee.games.__file__).parent


def without_declared_ids(text: str) -> str:
    """A module's source without its ``rule_ids = (...)`` list, which names every id without
    being where any is raised."""
    lines = text.split("\n")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "rule_ids" for t in node.targets):
            for number in range(node.lineno - 1, node.end_lineno or node.lineno):
                lines[number] = ""
    return "\n".join(lines)


@cache
def source() -> str:
    """Every module under referee/games/ but the rules pages, which list the ids and so are not
    where one is raised. Read when first asked for (parsing them all costs most of a second,
    which every test process would otherwise pay while collecting)."""
    return "\n".join(without_declared_ids(path.read_text(encoding="utf-8"))
                     for path in sorted(GAMES_DIR.rglob("*.py")) if not path.name.startswith("rulebook"))


def rulebook_ids(game: str, language: str | None) -> tuple[str, ...]:
    part = f"rulebook_{language}" if language else "rulebook"
    return games.registration(game).part(part).BOOK.ids()


def written_out(rule_id: str) -> bool:
    # The whole id: PONTIS-SUM-1 must not be found inside PONTIS-SUM-12.
    return re.search(rf"(?<![\w-]){re.escape(rule_id)}(?![\w-])", source()) is not None


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("language", [None, "de"], ids=["en", "de"])
def test_every_rulebook_id_is_written_out_under_referee_games(game, language):
    ids = rulebook_ids(game, language)
    assert ids, f"the {language or 'en'} rulebook of {game} lists no rule ids"
    missing = [rule_id for rule_id in ids if not written_out(rule_id)]
    assert not missing, f"{game}: not found in full under {GAMES_DIR}: {', '.join(missing)}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_english_and_german_rulebooks_list_the_same_ids(game):
    english, german = rulebook_ids(game, None), rulebook_ids(game, "de")
    only_english = [i for i in english if i not in german]
    only_german = [i for i in german if i not in english]
    assert not only_english and not only_german, (
        f"{game}: only in English: {', '.join(only_english) or '-'}; "
        f"only in German: {', '.join(only_german) or '-'}")
    assert len(english) == len(set(english)), f"{game}: an id is listed twice in English"
    assert len(german) == len(set(german)), f"{game}: an id is listed twice in German"
