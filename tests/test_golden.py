"""Golden logs: stored matches of every game, replayed through today's engines (issue 14 A).

Each file under tests/golden/ holds long matches as the store keeps them (players, house
rules, mode, every entry as the engine read it) and the final state they reached when they
were recorded. Today's engine must read every entry (none set aside as no longer accepted) and
reach the same final state. Pure replay: no app, no database.
"""
from __future__ import annotations

import pytest

from referee import games
from referee import replay as replay_module
from referee.replay import TABLE_ENTRIES
from tests.golden.common import (
    FORMAT,
    GOLDEN_DIR,
    action_types,
    as_json,
    declared_actions,
    differences,
    engine_for,
    final_state,
    game_names,
    golden_files,
    load,
    replay_log,
    start,
)

OUTCOME_CHANGED = ("a rule change altered a stored match's outcome: keep old matches valid, or "
                   "re-record on purpose with the reason in the commit")
RE_RECORD = "(re-record: see tests/golden/README.md)"
# Table entries a clean golden log can hold: "drop" sets aside an entry the rules refuse, and a
# golden log has none, so a correction's "drop" list stands in for it.
TABLE_ENTRIES_COVERED = TABLE_ENTRIES - {"drop"}


def golden(name: str) -> dict:
    path = GOLDEN_DIR / f"{name}.json"
    assert path.exists(), f"{name} has no golden log: record one {RE_RECORD}"
    data = load(path)
    assert data["format"] == FORMAT and data["game"] == name, path
    return data


@pytest.mark.parametrize("name", game_names())
def test_golden_log_replays_to_the_recorded_outcome(name):
    data = golden(name)
    engine, fixed = engine_for(name)
    assert data["engine"] == engine.name
    version = (f"{engine.title} rules version {engine.rules_version} now, "
               f"{data['rules_version']} when recorded")
    for match in data["matches"]:
        assert all(match["settings"].get(k) == v for k, v in fixed.items()), (name, match["name"])
        replay = replay_log(engine, match)
        refused = [f"entry {seq} {match['log'][seq - 1]}: {violation.rule}: {violation.message}"
                   for seq, violation in replay.broken]
        assert not refused, (f"{OUTCOME_CHANGED}. {name}, {match['name']} match ({version}): "
                             f"{len(refused)} stored entries are no longer accepted:\n  " + "\n  ".join(refused))
        now, recorded = final_state(replay), match["final"]
        if now["digest"] == recorded["digest"]:
            continue
        changed = differences(recorded["summary"], now["summary"]) or differences(recorded["view"], now["view"])
        assert not changed, (f"{OUTCOME_CHANGED}. {name}, {match['name']} match ({version}), "
                             f"final state after {len(match['log'])} entries differs:\n  " + "\n  ".join(changed))


@pytest.mark.parametrize("engine_name", list(games.PRODUCT))
def test_golden_logs_use_every_action_type_the_engine_takes(engine_name):
    """A new action type fails here until a golden log uses it."""
    engine = games.get(engine_name)
    files = [load(p) for p in golden_files()]
    used: set[str] = set()
    for data in files:
        if data["engine"] == engine_name:
            for match in data["matches"]:
                used |= action_types(match)
    declared = declared_actions(engine)
    assert {"deal"} <= declared, declared      # the probe found the engine's actions at all
    missing = declared - used
    assert not missing, (f"{engine.title} takes action types no golden log uses: {sorted(missing)}; "
                         f"add them to tests/golden/record.py and re-record {RE_RECORD}")


@pytest.mark.parametrize("name", game_names())
def test_golden_logs_hold_the_table_entries(name):
    data = golden(name)
    play = [m for m in data["matches"] if m["mode"] == "play"]
    assert play, f"{name}: no play-mode match"
    used = set().union(*(action_types(m) for m in play))
    assert TABLE_ENTRIES_COVERED <= used, sorted(TABLE_ENTRIES_COVERED - used)
    assert any(e["type"] == "correct" and e.get("drop") for m in play for e in m["log"]), \
        f"{name}: no correction that drops a later entry"
    decisions = {e["decision"] for m in play for e in m["log"] if e["type"] == "ruling"}
    assert decisions == {"upheld", "overruled", "adjusted"}, decisions
    assert {m["mode"] for m in data["matches"]} == {"play", "quick"}


def test_every_golden_file_is_a_game():
    names = set(game_names())
    strays = [p.name for p in golden_files() if p.stem not in names]
    assert not strays, f"golden files for games that are not registered: {strays}"


@pytest.mark.parametrize("name", game_names())
def test_every_quick_entry_is_shown_as_the_game_it_recorded(name):
    """One convention for every game: a quick entry is a whole game, over once entered, so the
    state shows it as play mode shows a finished game: deal its number, deal_over, deal_scores
    its history row's scores, dealer who dealt it. Pontoon's dealer is the banker, who may have
    changed at the settlement (docs/api-pontoon.md); a thrown-in Reverse Bridge hand records no
    game and shows no scores."""
    engine, _fixed = engine_for(name)
    match = next(m for m in golden(name)["matches"] if m["mode"] == "quick")
    replay, shown = start(engine, match), 0
    for seq, entry in enumerate(match["log"], start=1):
        replay, _findings = replay_module.step(replay, entry, seq, stored=True)
        if entry["type"] != "quick":
            continue
        view = as_json(replay.view())
        assert view["deal_over"], (name, seq)
        if entry.get("passed_out"):
            assert view["deal_scores"] is None, (name, seq)
            continue
        game = view["history"][-1]
        assert (view["deal"], view["deal_scores"]) == (game["deal"], game["scores"]), (name, seq)
        assert view["dealer"] == game["dealer"] or engine.name == "pontoon", (name, seq)
        shown += 1
    assert shown >= 2, name
