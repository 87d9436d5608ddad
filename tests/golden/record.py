"""Record the golden logs again: ``python -m tests.golden.record [game ...]``.

Only on purpose: a golden file is the promise that a stored match keeps its outcome. Record
from a clean checkout of the commit whose rules you mean to keep (see README.md).

Each game's long match is played by the seeded table simulators of the engine playthrough
tests (real shuffled cards, legal entries, some dishonest ones the referee must prove). The
first seed from ``SEED`` on whose match uses every action type of its mode is kept. Into the
middle of the play-mode log the recorder splices the table's own entries (dispute, undo, a
correction that drops a later entry, rulings, an undone correction), each leaving the game
where it was, so the rest of the log still holds. A short quick-mode match covers ``quick``.
Every entry is stored as the store keeps it: as the engine read it (``Replay.entry``).
"""
from __future__ import annotations

import json
import random
import sys
from typing import Any, Callable

from referee import replay as replay_module
from tests.golden.common import (
    FORMAT,
    GOLDEN_DIR,
    action_types,
    declared_actions,
    engine_for,
    final_state,
    game_names,
    replay_log,
)

SEED = 14_000
MAX_SEEDS = 200


# --- one match -------------------------------------------------------------------------------

def table_entries(log: list[dict], at: int) -> list[dict]:
    """The log with table entries spliced in after game entry ``at`` (0-based, at >= 1).

    Seqs are the 1-based positions in the final log. After the splice the game stands where it
    stood after entry ``at``, so the entries after it still hold."""
    head, tail = log[:at + 1], log[at + 1:]
    before, last = head[-2], head[-1]
    out = list(head)

    def seq_of_next() -> int:
        return len(out) + 1

    p, q = len(out) - 1, len(out)                    # seqs of `before` and `last`
    disputed = seq_of_next()
    out.append({"type": "dispute", "seq": q, "note": "Ben says this entry was misread"})
    out.append({"type": "undo"})                      # retracts entry q
    again = seq_of_next()
    out.append(dict(last))
    correction = seq_of_next()
    out.append({"type": "correct", "seq": p, "action": dict(before), "drop": [again]})
    final = seq_of_next()
    out.append(dict(last))
    out.append({"type": "ruling", "dispute": disputed, "decision": "adjusted",
                "reason": "entered again after checking the cards", "carried_out_by": correction})
    out.append({"type": "correct", "seq": final, "action": dict(last)})
    out.append({"type": "undo"})                      # retracts that correction
    second = seq_of_next()
    out.append({"type": "dispute", "seq": p, "note": "Cy doubts this one too"})
    out.append({"type": "ruling", "dispute": second, "decision": "overruled", "reason": "the table agreed"})
    third = seq_of_next()
    out.append({"type": "dispute", "seq": final, "note": "recheck"})
    out.append({"type": "ruling", "dispute": third, "decision": "upheld", "reason": "it stands as entered"})
    shift = len(out) - len(head)

    def moved(seq: int) -> int:  # where an entry of the simulated log stands in the spliced one
        return seq if seq < q else final if seq == q else seq + shift

    # Entries that name an earlier entry (a liar call names the miss it targets) follow it.
    tail = [{**entry, "missed_at": moved(entry["missed_at"])} if isinstance(entry.get("missed_at"), int) else entry
            for entry in tail]
    return out + tail


def record_match(game: str, name: str, players: list[str], settings: dict, mode: str,
                 actions: list[dict], *, splice: bool, seed: int | None) -> dict[str, Any]:
    """Enter the actions as new entries (refused ones raise), keep each as the log keeps it."""
    engine, fixed = engine_for(game)
    from referee.engine import new_match

    parsed, _state = new_match(engine, list(players), {**settings, **fixed}, mode)
    entries = table_entries(actions, len(actions) * 2 // 5) if splice else list(actions)
    replay = replay_module.start(engine, parsed, mode, tuple(players))
    stored = []
    for seq, entry in enumerate(entries, start=1):
        replay, _findings = replay_module.step(replay, entry, seq)
        stored.append(replay.entry)
    match = {"name": name, "mode": mode, "players": list(players), "settings": parsed.as_dict(),
             "seed": seed, "log": stored}
    again = replay_log(engine, match)                 # read back as the store reads it
    assert not again.broken, again.broken
    match["final"] = final_state(again)
    assert match["final"] == final_state(replay)
    return match


def first_covering(build: Callable[[int], tuple], wanted: set[str]) -> tuple:
    """The first seed from SEED on whose match uses every wanted action type."""
    missing: set[str] = set()
    for seed in range(SEED, SEED + MAX_SEEDS):
        built = build(seed)
        used = {a["type"] for a in built[-1]}
        missing = wanted - used
        if not missing:
            return (seed, *built)
    raise SystemExit(f"no seed in {MAX_SEEDS} used every action type; still missing {sorted(missing)}")


def play_types(game: str, exclude: set[str] = frozenset()) -> set[str]:
    engine, _fixed = engine_for(game)
    return declared_actions(engine) - {"quick"} - set(exclude)


# --- the games -------------------------------------------------------------------------------

def pontis() -> list[dict]:
    from tests.engine import test_pontis_playthrough as sim

    players, settings, games = 3, {"liar_points": 2, "pair_suit_points": "top"}, 4

    def build(seed):
        table = sim.SimTable(random.Random(seed), players, {**settings, "games": games})
        for _ in range(games):
            table.play_game()
        # A liar call names its miss by the simulator's seq; the golden log counts positions.
        position = {seq: n for n, (seq, _a) in enumerate(table.numbered, start=1)}
        return list(table.names), [{**a, "missed_at": position[a["missed_at"]]} if "missed_at" in a else dict(a)
                                   for _seq, a in table.numbered]

    seed, names, actions = first_covering(build, play_types("pontis"))
    play = record_match("pontis", "play", names, {**settings, "games": games}, "play", actions,
                        splice=True, seed=seed)
    # Quick mode: the results of real simulated games, each entered as one "quick".
    table = sim.SimTable(random.Random(seed + 1), players, {**settings, "games": 3})
    quick_actions = []
    for _ in range(3):
        table.play_game()
        record = table.view["history"][-1]
        rows = {row["player"]: row for row in record["rows"]}
        entry = {"type": "quick", "foundation_suit": record["foundation_suit"], "ending": record["ending"],
                 "bank_cards": {n: rows[n]["bank_cards"] for n in names},
                 "suit_points": {n: rows[n]["suit_points"] for n in names},
                 "liar_calls": {n: rows[n]["liar_points"] // settings["liar_points"] for n in names}}
        if record["ending"] != "complete_curdle":
            entry["ended_by"] = record["ended_by"]
        quick_actions.append(entry)
    quick = record_match("pontis", "quick", names, {**settings, "games": 3}, "quick", quick_actions,
                         splice=False, seed=seed + 1)
    return [play, quick]


def curdle() -> list[dict]:
    import collections

    from tests.engine import test_curdle_playthrough as sim

    settings = {"scoring": "cards_left", "target": 40}

    def build(seed):
        _done, table = sim.play_match(random.Random(seed), 3, settings, 6, collections.Counter())
        return list(table.names), [dict(a) for a in table.log]

    seed, names, actions = first_covering(build, play_types("curdle"))
    play = record_match("curdle", "play", names, settings, "play", actions, splice=True, seed=seed)
    _done, table = sim.play_match(random.Random(seed + 1), 3, settings, 3, collections.Counter())
    quick_actions = []
    for record in table.view["history"]:
        left = {n: c for n, c in record["cards_left"].items() if n != record["winner"]}
        quick_actions.append({"type": "quick", "winner": record["winner"], "cards_left": left})
    quick = record_match("curdle", "quick", names, settings, "quick", quick_actions, splice=False,
                         seed=seed + 1)
    return [play, quick]


def ropebridge() -> list[dict]:
    from tests.engine import test_ropebridge_playthrough as sim

    settings = {"jokers": True, "row_length": 9, "exposed": 5, "one_step": True}

    def build(seed):
        table = sim.Table(random.Random(seed), settings, sim.Stats())
        for game in range(5):
            if game == 2:
                table.play_game(sim.unbeatable_pack(table))     # a tie: the row is unbeatable
            elif game == 4:
                cap, sim.TURN_CAP = sim.TURN_CAP, 12           # the players agree on a stalemate
                try:
                    table.play_game()
                finally:
                    sim.TURN_CAP = cap
            else:
                table.play_game()
        return list(sim.PLAYERS), [dict(a) for _seq, a in table.numbered]

    seed, names, actions = first_covering(build, play_types("ropebridge"))
    play = record_match("ropebridge", "play", names, settings, "play", actions, splice=True, seed=seed)
    quick_actions = [{"type": "quick", "winner": "Ann"}, {"type": "quick", "tie": "unbeatable"},
                     {"type": "quick", "winner": "Ben"}, {"type": "quick", "tie": "stalemate"},
                     {"type": "quick", "winner": "Ben"}]
    quick = record_match("ropebridge", "quick", names, settings, "quick", quick_actions, splice=False,
                         seed=None)
    return [play, quick]


PONTOON_SETTINGS = {
    "packs": 1, "min_stake": 2, "max_stake": 20, "split": "any", "stick_min": 16,
    "banker_doubling": True, "pontoon_pays": 2, "banker_pontoon_collects": 2,
    "four_card_eleven": True, "royal_pontoon": True, "pontoon_ranking": "natural", "burn": 13,
    "kitty_min": 10, "kitty_max": 60, "buy_in": 200,
}


def _pontoon(game: str, shoot: bool) -> list[dict]:
    from tests.engine import test_pontoon_playthrough as sim

    settings = {**PONTOON_SETTINGS, "shoot": shoot}
    names = list(sim.NAMES[:4])
    exclude = set() if shoot else {"shoot", "kitty"}

    def build(seed):
        session = sim.Session(random.Random(seed), tuple(names), settings)
        for _ in range(14):
            session.play_deal()
        session.act("end_session")
        return names, [dict(a) for a in session.log]

    seed, names, actions = first_covering(build, play_types(game, exclude))
    play = record_match(game, "play", names, settings, "play", actions, splice=True, seed=seed)
    # Quick mode: a few deals as the quick playthrough enters them (no banker pontoon), each
    # for the banker of the moment; a kitty whenever the shoot house rule asks for one.
    from referee.engine import apply, new_match

    engine, fixed = engine_for(game)
    rng = random.Random(seed + 1)
    _parsed, state = new_match(engine, names, {**settings, **fixed}, "quick")
    quick_actions: list[dict] = []

    def enter(action: dict) -> dict:
        nonlocal state
        state, _found = apply(engine, state, action, len(quick_actions) + 1)
        quick_actions.append(action)
        return engine.view(state)

    view = engine.view(state)
    for deal in range(5):
        if view["phase"] == "kitty":
            view = enter({"type": "kitty", "amount": 30})
        room = view["kitty"] or 0
        hands = []
        for player in names:
            if player == view["banker"]:
                continue
            kind = ("total", "bust", "five_card_trick", "pontoon")[(deal + names.index(player)) % 4]
            hand = {"player": player, "stake": rng.randint(2, 20), "class": kind}
            if kind == "total":
                hand["total"] = rng.randint(15, 20)
            if kind == "pontoon":
                hand["ten_card"] = rng.choice(["J", "Q", "K"])
            if room >= 5 and kind != "pontoon":
                hand["shoot"] = 5
                room -= 5
            hands.append(hand)
        banker = ("total", "bust", "five_card_trick", "total", "total")[deal]
        action = {"type": "quick", "banker_class": banker, "hands": hands}
        if banker == "total":
            action["banker_total"] = 17 + deal % 3
        view = enter(action)
    quick = record_match(game, "quick", names, settings, "quick", quick_actions, splice=False, seed=seed + 1)
    return [play, quick]


def pontoon() -> list[dict]:
    return _pontoon("pontoon", shoot=False)


def shoot_pontoon() -> list[dict]:
    return _pontoon("shoot-pontoon", shoot=True)


def reverse_bridge() -> list[dict]:
    from tests.engine import test_reverse_bridge_playthrough as sim

    class Recorded(sim.Match):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.log: list[dict] = []

        def do(self, action, expected_turn):
            found = super().do(action, expected_turn)
            self.log.append(dict(action))
            return found

    hands = 8

    def build(seed):
        match = Recorded(random.Random(seed), "standard", hands, 0.04)
        match.run()
        return list(sim.PLAYERS), match.log

    seed, names, actions = first_covering(build, play_types("reverse-bridge"))
    play = record_match("reverse-bridge", "play", names, {"hands": hands}, "play", actions, splice=True,
                        seed=seed)
    quick_actions = [
        {"type": "quick", "bidder": "Ben", "level": 3, "denomination": "S", "tricks": 4},
        {"type": "quick", "passed_out": True},
        {"type": "quick", "bidder": "Cat", "level": 2, "denomination": "D", "tricks": 1},
        {"type": "quick", "bidder": "Ann", "level": 1, "denomination": "NT", "tricks": 5},
        {"type": "quick", "bidder": "Dan", "level": 4, "denomination": "H", "tricks": 4},
    ]
    quick = record_match("reverse-bridge", "quick", names, {"hands": 4}, "quick", quick_actions,
                         splice=False, seed=None)
    return [play, quick]


BUILDERS: dict[str, Callable[[], list[dict]]] = {
    "pontis": pontis, "curdle": curdle, "ropebridge": ropebridge, "pontoon": pontoon,
    "shoot-pontoon": shoot_pontoon, "reverse-bridge": reverse_bridge,
}


def record(game: str) -> dict[str, Any]:
    engine, _fixed = engine_for(game)
    matches = BUILDERS[game]()
    used = set().union(*(action_types(m) for m in matches))
    return {"format": FORMAT, "game": game, "engine": engine.name, "rules_version": engine.rules_version,
            "action_types": sorted(used), "matches": matches}


def main(argv: list[str]) -> int:
    wanted = argv or game_names()
    unknown = [g for g in wanted if g not in BUILDERS]
    if unknown:
        print(f"no recorder for {unknown}; known: {sorted(BUILDERS)}", file=sys.stderr)
        return 2
    for game in wanted:
        golden = record(game)
        path = GOLDEN_DIR / f"{game}.json"
        path.write_text(json.dumps(golden, indent=1, ensure_ascii=False, sort_keys=False) + "\n",
                        encoding="utf-8")
        entries = sum(len(m["log"]) for m in golden["matches"])
        print(f"{path.name}: {entries} entries, {path.stat().st_size // 1024} KiB, "
              f"types {', '.join(golden['action_types'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
