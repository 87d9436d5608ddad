"""Every entry of every game's golden log, told as the timeline tells it, in English and German:
each game writes its own sentences (never the fallback list of fields), no API field name
reaches a person, and the German timeline keeps no English word."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee import games
from referee import replay as replay_module
from referee.actions import Action, describe_fields
from referee.engine import GameRules, new_match
from referee.i18n import language
from referee.store.timeline import _words

GOLDEN = Path(__file__).parent / "golden"
# English words a German sentence must not keep.
ENGLISH = ("the", "and", "with", "plays", "played", "deals", "bids", "wins", "takes", "puts", "into", "draws",
           "passes", "trick", "turns", "stands", "sticks", "twists", "shows", "matches", "breaks", "curdle")


def told(game_file: Path, lang: str) -> list[tuple[str, dict, str]]:
    golden = json.loads(game_file.read_text(encoding="utf-8"))
    game = games.get(golden["engine"])
    lines = []
    for match in golden["matches"]:
        settings, state = new_match(game, match["players"], match["settings"], match["mode"])
        replay = replay_module.Replay(game, settings, match["mode"], state, 0, tuple(match["players"]))
        with language(lang):
            for seq, action in enumerate(match["log"], 1):
                before = replay
                replay, _findings = replay_module.step(replay, action, seq, stored=True)
                lines.append((golden["game"], action, _words(before, action, replay)))
    return lines


def field_names(action: dict) -> set[str]:
    names = set()
    for key, value in action.items():
        names.add(key)
        if isinstance(value, dict):
            names |= field_names(value)
        if isinstance(value, list):
            for item in value:
                if isinstance(item, dict):
                    names |= field_names(item)
    return {name for name in names if "_" in name}


def test_every_game_writes_its_own_sentences():
    for name in games.GAMES:
        assert type(games.get(name)).describe is not GameRules.describe, name


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_file", sorted(GOLDEN.glob("*.json")), ids=lambda path: path.stem)
def test_every_entry_reads_as_words(game_file, lang):
    wrong = []
    for _game, action, words in told(game_file, lang):
        if any(re.search(rf"\b{re.escape(name)}\b", words) for name in field_names(action)):
            wrong.append(("field name", action, words))
        if words == describe_fields(Action(action)):
            wrong.append(("a list of fields", action, words))
        if lang == "de":
            said = words
            for typed in (action.get("note"), action.get("reason")):  # the table's own words
                said = said.replace(typed, "") if isinstance(typed, str) else said
            left = [word for word in ENGLISH if re.search(rf"(?<![\w-]){word}(?![\w-])", said)]
            if left:
                wrong.append((f"English {left}", action, words))
    assert wrong == [], wrong[:8]
