"""Reading and replaying golden logs, and what "the final state" of one means.

Pure: the engines and ``referee.replay`` only (no Flask app, no database). The replay reads
each entry as the store does (``stored=True``), so an entry today's rules refuse is set aside
and listed instead of raised, and the test can name every one of them.
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from referee import games
from referee import replay as replay_module
from referee.engine import GameRules
from referee.rendered import Rows

GOLDEN_DIR = Path(__file__).parent
FORMAT = 1
PROSE = "<text>"
# Fields of the view that sum up a match's outcome, where a game has them. The failure message
# shows these first; the whole (prose-free) view is compared as well.
# Left out of the recorded view: the house rules as stored (a new house rule with a default
# must not count as a changed outcome).
NOT_COMPARED = frozenset({"settings"})
SUMMARY_KEYS = ("phase", "turn", "scores", "balances", "kitty", "wins", "ties", "hands_played",
                "match_over", "match_winners", "winner", "ending", "settle_up")


def golden_files() -> list[Path]:
    return sorted(GOLDEN_DIR.glob("*.json"))


def engine_for(name: str) -> tuple[GameRules, dict[str, Any]]:
    """The engine behind a game name as players pick it, and the house rules the name fixes."""
    variant = games.VARIANTS.get(name)
    if variant is not None:
        return games.get(variant.game), dict(variant.settings)
    engine = games.get(name)
    if engine is None:
        raise KeyError(f"no game or variant named {name!r} is registered")
    return engine, {}


def game_names() -> list[str]:
    """Every game a person can start: the registered engines and the named variants."""
    return [*games.PRODUCT, *games.VARIANTS]


# --- replay ----------------------------------------------------------------------------------

def start(engine: GameRules, match: dict[str, Any]) -> replay_module.Replay:
    """A new match as the store rebuilds one from its row (``store.log.fresh_replay``)."""
    settings = engine.settings_type.from_dict(match["settings"])
    players = tuple(match["players"])
    return replay_module.start(engine, settings, match["mode"], players)


def replay_log(engine: GameRules, match: dict[str, Any]) -> replay_module.Replay:
    """The stored log folded as the store reads it: refused entries are set aside, not raised."""
    replay = start(engine, match)
    for seq, entry in enumerate(match["log"], start=1):
        replay, _findings = replay_module.step(replay, entry, seq, stored=True)
    return replay


# --- the final state -------------------------------------------------------------------------

def as_json(value: Any) -> Any:
    """JSON as the API would send it (tuples and rows as lists, messages as text)."""
    return json.loads(json.dumps(value, default=_json, sort_keys=True))


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, Rows) else str(value)


def without_prose(value: Any) -> Any:
    """The value with every sentence blanked: a reworded message is not a changed outcome,
    and the text depends on the language. Cards, names, phases, rule ids, numbers stay."""
    if isinstance(value, dict):
        return {k: without_prose(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_prose(v) for v in value]
    if isinstance(value, str) and re.search(r"\s", value):
        return PROSE
    return value


def final_state(replay: replay_module.Replay) -> dict[str, Any]:
    """What a golden file records after its log: a digest and summary of the full view (as the
    API returns it, sentences blanked), and that view itself so a change can be shown."""
    view = {k: v for k, v in without_prose(as_json(replay.view())).items() if k not in NOT_COMPARED}
    summary = {key: view[key] for key in SUMMARY_KEYS if key in view}
    summary["findings"] = [[f.get("rule"), f.get("seq"), f.get("about")] for f in view.get("findings") or ()
                           if isinstance(f, dict)]
    summary["games_recorded"] = len(view.get("history") or ())
    summary["corrections"] = len(view.get("corrections") or ())
    summary["disputes"] = len(view.get("disputes") or ())
    summary["no_longer_accepted"] = view.get("no_longer_accepted") or []
    canonical = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return {"digest": hashlib.sha256(canonical.encode()).hexdigest(), "summary": summary, "view": view}


def differences(recorded: Any, now: Any, path: str = "", limit: int = 12) -> list[str]:
    """Where ``now`` differs from ``recorded``: every recorded value must be there, unchanged.
    Keys the view has gained since are not differences (a new view field is not a new outcome)."""
    found: list[str] = []
    if isinstance(recorded, dict) and isinstance(now, dict):
        for key, value in recorded.items():
            if key not in now:
                found.append(f"{path}.{key}: gone (was {_short(value)})")
            else:
                found += differences(value, now[key], f"{path}.{key}", limit - len(found))
            if len(found) >= limit:
                break
    elif isinstance(recorded, list) and isinstance(now, list) and len(recorded) == len(now):
        for index, (a, b) in enumerate(zip(recorded, now)):
            found += differences(a, b, f"{path}[{index}]", limit - len(found))
            if len(found) >= limit:
                break
    elif recorded != now:
        found.append(f"{path or '.'}: was {_short(recorded)}, now {_short(now)}")
    return found[:limit]


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 160 else text[:157] + "..."


def action_types(match: dict[str, Any]) -> set[str]:
    """The entry types a log uses, game actions and table entries alike (corrected ones too)."""
    kinds = set()
    for entry in match["log"]:
        kinds.add(entry["type"])
        if entry["type"] == "correct" and isinstance(entry.get("action"), dict):
            kinds.add(entry["action"]["type"])
    return kinds


# --- what an engine declares, and an example of each game -------------------------------------

def declared_actions(engine: GameRules) -> set[str]:
    """Every action type the engine takes: its moves, declared as data."""
    return set(engine.moves)


def example(name: str) -> dict[str, Any]:
    """A game's first recorded match in play mode (players, house rules, log): what a test that
    needs "a real match of every game" starts from, so a new game is never left out."""
    data = load(GOLDEN_DIR / f"{name}.json")
    return next(match for match in data["matches"] if match["mode"] == "play")


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))
