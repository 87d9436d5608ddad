"""Corrections re-judge every later entry; disputes and rulings are logged entries too."""
from __future__ import annotations

import pytest

from referee import store
from referee.errors import IllegalAction, InvalidAction
from referee.replay import CorrectionConflict


@pytest.fixture
def match(app, counting_game):
    with app.app_context():
        m, _, _ = store.create_match("counting", ["Ann", "Ben"], {}, "play")
        for n in (3, 5, 9, 12):
            store.append(m, {"type": "say", "n": n})
        yield m


def numbers(match):
    return store.load(match).view()["numbers"]


def test_a_correction_that_keeps_every_later_entry_is_applied_and_logged(match):
    store.append(match, {"type": "correct", "seq": 2, "action": {"type": "say", "n": 4}})
    assert numbers(match) == [3, 4, 9, 12]
    log = {e.seq: e for e in store.log(match)}
    assert log[2].action == {"type": "say", "n": 5} and log[2].corrected_by == 5
    store.clear_cache()
    assert numbers(match) == [3, 4, 9, 12]


def test_a_correction_that_breaks_later_entries_changes_nothing_until_the_scorer_drops_them(match):
    with pytest.raises(CorrectionConflict) as raised:
        store.append(match, {"type": "correct", "seq": 2, "action": {"type": "say", "n": 10}})
    assert [seq for seq, _ in raised.value.conflicts] == [3]
    assert "entry 3" in raised.value.message and raised.value.rule == "CORRECT"
    assert numbers(match) == [3, 5, 9, 12] and len(store.log(match)) == 4
    store.append(match, {"type": "correct", "seq": 2, "action": {"type": "say", "n": 10}, "drop": [3]})
    assert numbers(match) == [3, 10, 12]
    assert {e.seq: e.dropped_by for e in store.log(match)}[3] == 5
    store.append(match, {"type": "undo"})
    assert numbers(match) == [3, 5, 9, 12]


def test_a_correction_must_itself_hold_and_name_a_game_entry(match):
    with pytest.raises(IllegalAction) as raised:
        store.append(match, {"type": "correct", "seq": 2, "action": {"type": "say", "n": 2}})
    assert raised.value.rule == "COUNT-1"
    with pytest.raises(InvalidAction):
        store.append(match, {"type": "correct", "seq": 2, "action": {"type": "undo"}})
    with pytest.raises(IllegalAction):
        store.append(match, {"type": "correct", "seq": 2, "action": {"type": "say", "n": 4}, "drop": [1]})
    store.append(match, {"type": "undo"})
    with pytest.raises(IllegalAction):
        store.append(match, {"type": "correct", "seq": 4, "action": {"type": "say", "n": 13}})


def test_correcting_twice_and_undoing_the_second_restores_the_first(match):
    store.append(match, {"type": "correct", "seq": 2, "action": {"type": "say", "n": 4}})
    store.append(match, {"type": "correct", "seq": 2, "action": {"type": "say", "n": 6}})
    assert numbers(match) == [3, 6, 9, 12]
    store.append(match, {"type": "undo"})
    assert numbers(match) == [3, 4, 9, 12]


def test_disputes_and_rulings(match):
    store.append(match, {"type": "dispute", "seq": 3, "note": "Ben said eight, not nine"})
    replay = store.append(match, {"type": "ruling", "dispute": 5, "decision": "overruled",
                                  "reason": "everyone heard nine"}).replay
    (dispute,) = replay.disputes
    assert dispute.target == 3 and dispute.ruling.decision == "overruled"
    with pytest.raises(IllegalAction):
        store.append(match, {"type": "ruling", "dispute": 5, "decision": "upheld", "reason": "again"})
    with pytest.raises(IllegalAction):
        store.append(match, {"type": "ruling", "dispute": 2, "decision": "upheld", "reason": "not one"})
    with pytest.raises(InvalidAction):
        store.append(match, {"type": "dispute", "seq": 3, "note": ""})
    with pytest.raises(InvalidAction):
        store.append(match, {"type": "ruling", "dispute": 5, "decision": "maybe", "reason": "x"})
    assert numbers(match) == [3, 5, 9, 12]
    store.clear_cache()
    assert store.load(match).disputes == replay.disputes
