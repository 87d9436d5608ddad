"""What every registered game must do, checked the same way for each, the counting test game
included (a sixth game registered by the same record as the five).

Matches to walk: a real game's golden logs (tests/golden/, its variants' included), the
counting game's ``EXAMPLE``. Pure engines, no app: the web side of a registered game is in
tests/web/test_sixth_game.py.
"""
from __future__ import annotations

import io
import json
import pickle
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from pypdf import PdfReader

from referee import games, i18n
from referee import replay as replay_module
from referee.actions import Action
from referee.engine import GameRules, Move, new_match
from referee.errors import RuleViolation
from referee.replay import TABLE_ENTRIES
from tests import counting
from tests.engine.test_rule_ids import without_declared_ids

GOLDEN = Path(__file__).parent / "golden"
NAMES = [*games.PRODUCT, counting.GAME.name]
# The state keys of every game (the API's "State (every game)"); the store adds "seq".
COMMON_KEYS = {"game", "mode", "players", "deal", "phase", "turn", "dealer", "deal_over", "match_over", "scores",
               "deal_scores", "findings", "settings", "legal"}
EVERY = 15  # a mid-game state is checked every this many entries (and the fresh one, and the last)


@pytest.fixture(params=NAMES)
def game(request) -> Iterator[GameRules]:
    if request.param == counting.GAME.name:
        games.register(counting.REGISTRATION)
        yield counting.GAME
        games.unregister(counting.GAME.name)
    else:
        yield games.get(request.param)


def matches(game: GameRules) -> list[dict[str, Any]]:
    if game.name == counting.GAME.name:
        return [counting.EXAMPLE]
    found = []
    for path in sorted(GOLDEN.glob("*.json")):  # the game's own, and its variants' (Shoot Pontoon)
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["engine"] == game.name:
            found += data["matches"]
    return found


def walk(game: GameRules) -> Iterator[tuple[Any, dict | None, int]]:
    """Each game state along the example matches, with the entry that follows it (None after the
    last) and its number: the engine's own entries only, as a table makes them. A match whose
    log holds corrections is walked up to its first one."""
    for match in matches(game):
        _settings, state = new_match(game, list(match["players"]), match["settings"], match["mode"])
        for seq, entry in enumerate(match["log"], 1):
            if entry["type"] in TABLE_ENTRIES:
                break
            yield state, entry, seq
            state, _found = game.apply(state, Action(entry), seq)
        else:
            yield state, None, len(match["log"]) + 1


def sampled(game: GameRules) -> list[tuple[Any, dict | None, int]]:
    steps = list(walk(game))
    return [step for i, step in enumerate(steps) if i % EVERY == 0 or step[1] is None]


def test_every_game_of_the_product_is_registered_by_a_folder_record():
    for name in games.PRODUCT:
        record = games.registration(name)
        assert record is not None and record.rules is games.get(name)
        assert record.folder.name == record.package.rsplit(".", 1)[1]
        assert record.has("engine") and record.has("rulebook") and record.has("rulebook_de"), name


def test_the_view_has_the_keys_every_game_shares(game):
    for state, _entry, _seq in sampled(game):
        view = game.view(state)
        assert COMMON_KEYS <= set(view), sorted(COMMON_KEYS - set(view))
        assert view["game"] == game.name and view["legal"] == game.legal(state)


def test_every_action_type_is_declared_as_data(game):
    assert game.moves and all(isinstance(move, Move) for move in game.moves.values())
    for kind, move in game.moves.items():
        assert callable(getattr(game, move.handler)), (kind, move.handler)
        assert move.modes and move.modes <= {"play", "quick"}, kind
    assert type(game).apply is GameRules.apply, "the base dispatches: an engine declares moves instead"
    assert type(game).check_actor is GameRules.check_actor, "who may act is said by Move.actor"


def test_legal_agrees_with_apply(game):
    """Every entry the table made was legal just before it, and every type legal() leaves out is
    refused then, whatever its fields."""
    for state, entry, seq in walk(game):
        legal = game.legal(state)
        if entry is not None:
            assert entry["type"] in legal, (seq, entry, legal)
    for state, entry, seq in sampled(game):
        legal = game.legal(state)
        for kind in set(game.moves) - set(legal):
            with pytest.raises(RuleViolation):
                game.apply(state, Action({**(entry or {}), "type": kind}), seq)


def test_a_refusal_leaves_the_state_as_it_was(game):
    tried = 0
    for state, entry, seq in sampled(game):
        before = pickle.dumps(state)
        for kind in game.moves:
            for fields in ({}, entry or {}, {"card": "not a card", "player": "Nobody"}):
                try:
                    game.apply(state, Action({**fields, "type": kind}), seq)
                except RuleViolation:
                    tried += 1
                assert pickle.dumps(state) == before, (kind, fields)
    assert tried


def test_the_rules_pages_list_the_rule_ids_the_game_declares_in_both_languages(game):
    record = games.registration(game.name)
    english, german = record.part("rulebook").BOOK, record.part("rulebook_de").BOOK
    assert game.rule_ids and english.ids() == german.ids() == game.rule_ids
    assert all(rule_id.startswith(game.rule_prefix + "-") for rule_id in game.rule_ids)


def test_every_rule_id_the_engine_cites_is_declared(game):
    folder = games.registration(game.name).folder
    source = "\n".join(without_declared_ids(path.read_text(encoding="utf-8")) for path in folder.glob("*.py")
                       if not path.name.startswith("rulebook"))
    cited = set(re.findall(rf"(?<![\w-]){game.rule_prefix}-[A-Z]+-\d+(?![\w-])", source))
    assert cited <= set(game.rule_ids), sorted(cited - set(game.rule_ids))


def test_every_action_type_is_told_in_german(game):
    told: dict[str, str] = {}
    with i18n.language("de"):
        for match in matches(game):
            settings, state = new_match(game, list(match["players"]), match["settings"], match["mode"])
            replay = replay_module.Replay(game, settings, match["mode"], state, 0, tuple(match["players"]))
            for seq, action in enumerate(match["log"], 1):
                before = replay
                replay, _found = replay_module.step(replay, action, seq, stored=True)
                if action["type"] in game.moves and replay.state is not before.state:
                    told.setdefault(action["type"], game.describe(before.state, Action(action), replay.state))
    untold = set(game.moves) - set(told)
    assert not untold, f"no German sentence seen for {sorted(untold)}"
    assert all(sentence.strip() for sentence in told.values())


def test_a_blank_pad_and_a_score_sheet_build(game):
    from referee.pdf import pads, scoresheet

    pad = pads.pad(game.name)
    assert PdfReader(io.BytesIO(pad)).pages
    match = matches(game)[0]
    settings, state = new_match(game, list(match["players"]), match["settings"], match["mode"])
    for seq, entry in enumerate(match["log"][:40], 1):
        if entry["type"] in TABLE_ENTRIES:
            break
        state, _found = game.apply(state, Action(entry), seq)

    class Row:  # what the sheet reads of a stored match
        title, created_at, rules_version = "Tuesday", __import__("datetime").datetime(2026, 11, 24, 20, 0), 1

    view = {**game.view(state), "seq": 40}
    sheet = scoresheet(Row(), view, game.title, totals=game.running_totals(state))
    assert "Tuesday" in "".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet)).pages)
