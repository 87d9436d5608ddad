"""Snapshots of the replay in the database: a cold read (a restarted worker) replays only the
tail of the log. They are a cache: a read with them equals a read without them, a snapshot from
other rules or that does not load is ignored and rebuilt, and nothing else changes."""
from __future__ import annotations

import logging
import pickle

import pytest
from sqlalchemy import delete, text, update

from referee import games, store
from referee.archive import CHUNK as CHUNK_OF_GAMES
from referee.bench import pontis_cycle, pontis_export, rope_export
from referee.pickling import dumps, loads, pack, unpack
from referee.store import snapshots
from referee.store.models import Snapshot

PLAYERS = ["Ann", "Ben", "Cat"]
ROPE = ["Dee", "Non"]


@pytest.fixture(autouse=True)
def at_hundreds(request, monkeypatch):
    """Every match's snapshots at seqs 100, 200, ...: the chains below are laid out by hand
    around those seqs. Each match's own phase has its tests (``staggered``)."""
    if "staggered" not in request.keywords:
        monkeypatch.setattr(snapshots, "phase", lambda match_id: 0)


@pytest.fixture
def engine_calls(monkeypatch):
    """Counts the calls into every engine: how much of the log a read replayed."""
    calls = [0]
    for game in games.GAMES.values():
        def counted(state, action, seq, real=game.apply):
            calls[0] += 1
            return real(state, action, seq)
        monkeypatch.setattr(game, "apply", counted)
    return calls


def pontis_match(api, entries: int) -> dict:
    """A Pontis match of ``entries`` entries, each appended through the API."""
    match = api.create(game="pontis", players=PLAYERS)
    cycle = pontis_cycle(PLAYERS)
    for n in range(entries):
        api.act(match, {**cycle[n % len(cycle)], "id": f"entry-{n + 1}"})
    return match


def rope_match(client, results: int) -> dict:
    """A Ropebridge results-only match of ``results`` entries, imported (no snapshot yet)."""
    response = client.post("/api/matches/import", json=rope_export(results, False))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def everything(client, match) -> dict:
    """Every reading of the match's state: the whole state, the log as marked now, the export."""
    mid = match["id"]
    return {"state": client.get(f"/api/matches/{mid}?history=all").get_json(),
            "window": client.get(f"/api/matches/{mid}").get_json(),
            "log": [{k: v for k, v in e.items() if k != "time"}
                    for e in client.get(f"/api/matches/{mid}/log").get_json()],
            "export": client.get(f"/api/matches/{mid}/export.json").get_json()}


def cold(client, match, engine_calls=None) -> dict:
    """Read the match as a restarted worker does: nothing cached."""
    store.clear_cache()
    if engine_calls is not None:
        engine_calls[0] = 0
    return everything(client, match)


def kept(app, match) -> list[snapshots.Stored]:
    with app.app_context():
        found = snapshots.stored(match["id"])
        store.db.session.remove()
        return found


def run(app, statement, **params) -> None:
    with app.app_context():
        with store.db.engine.begin() as connection:
            connection.execute(statement, params)


def drop_every_snapshot(app) -> None:
    run(app, delete(Snapshot))


def test_a_cold_read_from_snapshots_equals_a_replay_of_the_whole_log(app, client, api, engine_calls):
    match = pontis_match(api, 350)
    # Every 100th append wrote one; the two newest are kept.
    assert [s.seq for s in kept(app, match)] == [200, 300]
    warm = everything(client, match)

    from_snapshot = cold(client, match, engine_calls)
    assert engine_calls[0] <= 50  # the tail after the snapshot at 300, not the whole log
    assert from_snapshot == warm

    drop_every_snapshot(app)
    from_scratch = cold(client, match, engine_calls)
    assert engine_calls[0] >= 350
    assert from_scratch == warm
    # That cold read crossed seq 300, so it wrote the snapshot again; the next one uses it.
    assert [s.seq for s in kept(app, match)] == [300]
    assert cold(client, match, engine_calls) == warm and engine_calls[0] <= 50


def test_a_cold_read_of_an_imported_match_writes_the_newest_snapshot(app, client, engine_calls):
    match = rope_match(client, 250)
    assert kept(app, match) == []  # an import writes none
    first = cold(client, match, engine_calls)
    assert engine_calls[0] >= 250 and [s.seq for s in kept(app, match)] == [200]
    assert cold(client, match, engine_calls) == first and engine_calls[0] <= 50


def test_a_snapshot_from_other_rules_is_ignored_and_rebuilt(app, client, api, engine_calls, monkeypatch):
    match = pontis_match(api, 320)
    game = games.get("pontis")
    warm = everything(client, match)

    # Stored under another rules version (the row says so): ignored, the log replayed, rebuilt.
    run(app, update(Snapshot).values(rules_version=Snapshot.rules_version + 1))
    assert cold(client, match, engine_calls) == warm and engine_calls[0] >= 320
    assert [(s.seq, s.rules_version) for s in kept(app, match)][-1] == (300, game.rules_version)
    assert cold(client, match, engine_calls) == warm and engine_calls[0] <= 20

    # The engine moves on to new rules: every snapshot taken under the old ones is stale.
    monkeypatch.setattr(type(game), "rules_version", game.rules_version + 1)
    assert cold(client, match, engine_calls) == warm and engine_calls[0] >= 320
    assert [(s.seq, s.rules_version) for s in kept(app, match)][-1] == (300, game.rules_version)
    assert cold(client, match, engine_calls) == warm and engine_calls[0] <= 20

    # Written by other code (the engine's or the replay's source changed) or another format.
    for column, value in (("code", "0" * 32), ("format", snapshots.FORMAT + 1)):
        run(app, update(Snapshot).values({column: value}))
        assert cold(client, match, engine_calls) == warm and engine_calls[0] >= 320
        newest = kept(app, match)[-1]
        assert (newest.seq, newest.format, newest.code) == (300, snapshots.FORMAT, snapshots.code_version(game))


def test_a_corrupt_snapshot_is_ignored(app, client, api, engine_calls, caplog):
    match = pontis_match(api, 210)
    warm = everything(client, match)
    mid = match["id"]
    good = snapshot_data(app, match, 200)
    tampered = {
        "a flipped byte": (good[:100] + bytes([good[100] ^ 1]) + good[101:], None),
        "cut short": (good[: len(good) // 2], None),
        # Signed with the app's key, so only decoding can refuse them:
        "signed garbage": (b"not a pickle at all", "sign"),
        "signed, cut short": (good[: len(good) // 2], "sign"),
        "signed, builds a function": (pickle.dumps(print), "sign"),
        "signed, another shape": (pickle.dumps((1, 2, 3)), "sign"),
    }
    bad = {what: (data, signed(app, match, 200, data) if sign else None) for what, (data, sign) in tampered.items()}
    for what, (data, signature) in bad.items():
        values = {"data": data} if signature is None else {"data": data, "signature": signature}
        run(app, update(Snapshot).where(Snapshot.match_id == mid).values(values))
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="referee.store.snapshots"):
            assert cold(client, match, engine_calls) == warm, what
        assert engine_calls[0] >= 210, what  # the whole log replayed
        assert "snapshot 200 of match" in caplog.text and "ignored" in caplog.text, what
        # ... and the snapshot written again, good this time.
        assert cold(client, match, engine_calls) == warm and engine_calls[0] <= 10, what


def test_a_snapshot_made_for_another_match_is_not_used(app, client, api, engine_calls):
    first, second = pontis_match(api, 200), pontis_match(api, 200)
    warm = everything(client, first)
    # Copy the second match's snapshot over the first's: its signature names the second match.
    run(app, text("UPDATE snapshots SET data = (SELECT data FROM snapshots WHERE match_id = :b AND seq = 200), "
                  "signature = (SELECT signature FROM snapshots WHERE match_id = :b AND seq = 200) "
                  "WHERE match_id = :a"), a=first["id"], b=second["id"])
    assert cold(client, first, engine_calls) == warm and engine_calls[0] >= 200


def test_correcting_an_entry_before_the_snapshot_after_a_cold_read(app, client, api, engine_calls):
    # 700 results: the snapshot at 700 keeps the states of the last 256 entries and of entry 1,
    # so corrections of entries 5 and 300 re-judge from the start, of 650 from a nearby state.
    match = rope_match(client, 700)
    cold(client, match)
    assert [s.seq for s in kept(app, match)] == [700]
    steps = [{"type": "correct", "seq": 5, "action": {"type": "quick", "winner": "Dee"}},
             {"type": "quick", "winner": "Non"},
             {"type": "correct", "seq": 300, "action": {"type": "quick", "tie": "stalemate"}},
             {"type": "correct", "seq": 650, "action": {"type": "quick", "winner": "Non"}},
             {"type": "undo"},
             {"type": "dispute", "seq": 12, "note": "who won?"},
             {"type": "correct", "seq": 12, "action": {"type": "quick", "winner": "Non"}}]
    answers = []
    for action in steps:
        store.clear_cache()  # every step after a cold read from the snapshot
        answers.append(api.act(match, action))
    assert [a["seq"] for a in answers] == list(range(701, 708))
    from_snapshots = everything(client, match)
    assert [c["entry"] for c in from_snapshots["state"]["corrections"]] == [5, 300, 12]

    # The same log replayed from scratch, on this server and as an import elsewhere.
    drop_every_snapshot(app)
    assert cold(client, match) == from_snapshots
    other = app.test_client().post("/api/matches/import", json=from_snapshots["export"])
    assert other.status_code == 201, other.get_json()
    assert other.get_json()["state"] == from_snapshots["window"]
    again = everything(client, other.get_json())
    assert again["state"] == from_snapshots["state"] and again["log"] == from_snapshots["log"]

    # Each answer equals the same step taken on a replay that was never snapshotted.
    replayed = rope_match(client, 700)
    store.clear_cache()
    for action, answer in zip(steps, answers):
        assert api.act(replayed, action) == answer


def test_a_correction_before_the_snapshot_in_a_played_match(app, client, api):
    # Pontis with cards revealed: the correction is judged against the states the snapshot kept,
    # and the later entries it no longer allows are dropped with it.
    match = pontis_match(api, 230)
    assert [s.seq for s in kept(app, match)] == [100, 200]
    headers = {"Authorization": f"Bearer {match['scorer_token']}"}

    def send(action):
        store.clear_cache()  # after a cold read from the snapshot at 200
        return client.post(f"/api/matches/{match['id']}/actions", json=action, headers=headers)

    corrected = None
    for card in ("8h", "4h", "6h", "Kh", "Th", "2h"):
        correction = {"type": "correct", "seq": 152, "action": {"type": "reveal", "card": card}}
        answer = send(correction)
        if answer.status_code == 422 and answer.get_json()["error"].get("conflicts"):
            drop = [c["seq"] for c in answer.get_json()["error"]["conflicts"]]
            answer = send({**correction, "drop": drop})
        if answer.status_code == 200:
            corrected = answer.get_json()
            break
    assert corrected is not None and corrected["state"]["corrections"][-1]["entry"] == 152
    assert send({"type": "undo"}).status_code == 200 and send(correction).status_code in (200, 422)
    from_snapshots = everything(client, match)
    drop_every_snapshot(app)
    assert cold(client, match) == from_snapshots
    replayed = client.post("/api/matches/import", json=from_snapshots["export"]).get_json()
    assert replayed["state"] == from_snapshots["window"]


def test_a_retried_action_is_answered_as_before_from_a_snapshot(app, client, api):
    match = pontis_match(api, 320)
    cycle = pontis_cycle(PLAYERS)
    store.clear_cache()
    # Entry 250 was sent with id "entry-250": sent again, it is answered as it was then.
    again = api.act(match, {**cycle[249 % len(cycle)], "id": "entry-250"})
    assert again["seq"] == 250
    drop_every_snapshot(app)
    store.clear_cache()
    assert api.act(match, {**cycle[249 % len(cycle)], "id": "entry-250"}) == again


def test_a_failed_snapshot_write_fails_nothing(app, client, api, monkeypatch, caplog):
    def broken(replay):
        raise RuntimeError("the disk is full")
    monkeypatch.setattr(snapshots, "encode", broken)
    with caplog.at_level(logging.WARNING, logger="referee.store.snapshots"):
        match = pontis_match(api, 101)
    assert "snapshot 100 of match" in caplog.text and "not written" in caplog.text
    assert kept(app, match) == []
    warm = everything(client, match)
    assert cold(client, match) == warm and warm["state"]["seq"] == 101


def test_export_and_import_do_not_carry_snapshots(app, client, api):
    match = pontis_match(api, 230)
    exported = client.get(f"/api/matches/{match['id']}/export.json").get_json()
    drop_every_snapshot(app)
    store.clear_cache()
    assert client.get(f"/api/matches/{match['id']}/export.json").get_json() == exported
    assert "snapshot" not in str(exported.keys())
    imported = client.post("/api/matches/import", json=exported)
    assert imported.status_code == 201
    body = imported.get_json()
    assert kept(app, body) == []
    assert cold(client, body)["state"] == cold(client, match)["state"]
    assert [s.seq for s in kept(app, body)] == [200]
    again = client.get(f"/api/matches/{body['id']}/export.json").get_json()
    assert again["log"] == exported["log"]


def test_deleting_a_match_deletes_its_snapshots(app, api):
    match = pontis_match(api, 100)
    assert [s.seq for s in kept(app, match)] == [100]
    run(app, text("DELETE FROM events WHERE match_id = :m"), m=match["id"])
    run(app, text("DELETE FROM matches WHERE id = :m"), m=match["id"])
    assert kept(app, match) == []


def test_a_long_chain_read_from_a_snapshot_decodes_only_what_a_correction_reaches(app, client, api):
    # 1,300 results: the snapshot at 1,300 holds the newest 276 entries ready to use and the
    # 1,024 before them as four sealed chunks, decoded only when a correction reaches them.
    match = rope_match(client, 1300)
    cold(client, match)
    assert [s.seq for s in kept(app, match)] == [1300]
    store.clear_cache()
    with app.app_context():
        replay = store.load(store.get_match(match["id"]))
        oldest_ready = next(link for link in replay.tip.back() if isinstance(link.prev, snapshots._LaterLinks))
        store.db.session.remove()
    assert oldest_ready.index == 1024 and oldest_ready.prev._link is None  # nothing older decoded yet

    steps = [{"type": "correct", "seq": 1030, "action": {"type": "quick", "winner": "Dee"}},  # from the state at 1,024
             {"type": "correct", "seq": 40, "action": {"type": "quick", "tie": "stalemate"}},  # from the start
             {"type": "correct", "seq": 700, "action": {"type": "quick", "winner": "Non"}},
             {"type": "undo"},
             {"type": "quick", "winner": "Dee"}]
    answers = []
    for action in steps:
        store.clear_cache()  # every step after a cold read from the newest snapshot
        answers.append(api.act(match, action))
    assert [a["seq"] for a in answers] == list(range(1301, 1306))
    from_snapshots = everything(client, match)

    replayed = rope_match(client, 1300)  # never snapshotted: every step on the whole chain in memory
    store.clear_cache()
    for action, answer in zip(steps, answers):
        assert api.act(replayed, action) == answer
    drop_every_snapshot(app)
    assert cold(client, match) == from_snapshots


def test_snapshots_written_from_a_partly_decoded_chain_equal_those_of_a_whole_replay(app, client, api):
    # Read from the snapshot at 1,300 (older chunks never decoded), then 100 more entries: the
    # snapshot at 1,400 reuses the sealed chunks as read, and reads back the same as a replay.
    match = rope_match(client, 1300)
    cold(client, match)
    store.clear_cache()
    for n in range(100):
        api.act(match, {"type": "quick", "winner": ("Dee", "Non")[n % 2]})
    assert [s.seq for s in kept(app, match)] == [1300, 1400]
    warm = everything(client, match)
    assert cold(client, match) == warm  # from the snapshot at 1,400
    data = snapshot_data(app, match, 1_400)
    drop_every_snapshot(app)
    assert cold(client, match) == warm  # the whole log replayed, and the snapshot at 1,400 written again
    assert decoded(snapshot_data(app, match, 1_400)) == decoded(data)


FIELDS = ("format", "seq", "state", "seal", "rows", "newest", "chunks", "seqs", "kept", "in_force", "in_force_below",
          "undone", "corrections", "disputes", "broken", "work", "entry")


def decoded(data) -> dict:
    """A snapshot's data as values (two pickles of equal values may differ in their bytes)."""
    fields = dict(zip(FIELDS, loads(bytes(data)), strict=True))
    return {**fields, "rows": unpack(fields["rows"]), "chunks": [unpack(chunk) for chunk in fields["chunks"]],
            "kept": unpack(fields["kept"]) if fields["kept"] else ()}


def test_undoing_past_the_newest_entries_of_a_snapshot(app, client, api):
    # The undo stack below the newest 256 entries in force is read only when undo reaches it.
    match = rope_match(client, 700)
    cold(client, match)
    for _undo in range(300):
        api.act(match, {"type": "undo"})
    store.clear_cache()
    state = api.act(match, {"type": "undo"})["state"]
    from_snapshots = everything(client, match)
    assert state["seq"] == 1001 and from_snapshots["state"]["seq"] == 1001
    drop_every_snapshot(app)
    assert cold(client, match) == from_snapshots


def test_the_states_kept_before_older_entries_are_read_only_when_a_correction_reaches_them(app, client, api):
    # 2,600 results: the snapshot keeps the states before entries 1, 1,025 and 2,049 as one
    # pickle. A cold read that shows the match builds no entry of the chain and leaves the kept
    # states unread; a correction of entry 1,500 re-judges from the state before 1,025, and the
    # snapshots written after it keep that chain's states, not the old ones.
    match = rope_match(client, 2_600)
    cold(client, match)
    store.clear_cache()
    assert client.get(f"/api/matches/{match['id']}").get_json()["seq"] == 2_600
    with app.app_context():
        tip = store.load(store.get_match(match["id"])).tip
        store.db.session.remove()
    assert isinstance(tip, snapshots._LaterTip) and tip._link is None and (tip.index, tip.seq) == (2_599, 2_600)
    assert tip.sealed.kept and "befores" not in tip.sealed.__dict__

    store.clear_cache()
    api.act(match, {"type": "correct", "seq": 1_500, "action": {"type": "quick", "tie": "stalemate"}})
    for n in range(99):  # up to the next snapshot
        api.act(match, {"type": "quick", "winner": ROPE[n % 2]})
    store.clear_cache()
    from_snapshots = everything(client, match)
    assert from_snapshots["state"]["ties"] == 1 and from_snapshots["state"]["seq"] == 2_700
    after_correction = snapshot_data(app, match, 2_700)
    assert [index for index, _state in decoded(after_correction)["kept"]] == [0, 1024, 2048]
    drop_every_snapshot(app)
    assert cold(client, match) == from_snapshots  # the whole log replayed, the snapshot at 2,700 written again
    again, before = decoded(snapshot_data(app, match, 2_700)), decoded(after_correction)
    # Equal but for the engine calls spent (``work``): from scratch, the correction re-judged
    # from a state kept within 32 entries of it; after the cold read, from the state before 1,025.
    assert again.pop("work") < before.pop("work") and again == before


def snapshot_data(app, match, seq: int) -> bytes:
    with app.app_context():
        data = store.db.session.scalar(text("SELECT data FROM snapshots WHERE match_id = :m AND seq = :s"),
                                       {"m": match["id"], "s": seq})
        store.db.session.remove()
    return bytes(data)


def test_a_prefix_of_the_sealed_entries_reads_only_the_kept_states_below_its_end():
    # A correction of entry 1,600 cuts the chain inside its sealed chunks: the chunks before the
    # cut (to index 1,536) share the kept states' pickle and read only the states below 1,536,
    # whether the pickle was unpacked before the cut or after.
    kept = ((0, "before 1"), (1024, "before 1,025"), (2048, "before 2,049"))

    def sealed() -> snapshots._Sealed:
        return snapshots._Sealed("m", tuple(pack([]) for _ in range(10)), tuple(range(1, 11)), pack(kept))

    unpacked = sealed()
    assert unpacked.befores == dict(kept)
    for whole in (sealed(), unpacked):
        cut = whole.prefix(6)
        assert cut.kept is whole.kept and cut.befores == dict(kept[:2])
        assert unpack(cut.kept_data()) == kept[:2]
    assert unpacked.prefix(6).states == dict(kept[:2])  # carried, not unpacked again
    # Chunks added after the cut keep only their own states; one that keeps a state repacks.
    longer = cut.adding(pack([]), 7, ()).adding(pack([]), 8, ())
    assert longer.befores == dict(kept[:2]) and unpack(longer.kept_data()) == kept[:2]
    renewed = longer.adding(pack([]), 9, ((2048, "before 2,049, corrected"),))
    assert unpack(renewed.kept) == (*kept[:2], (2048, "before 2,049, corrected")) and renewed.below is None


def rewrite_part(app, match, seq: int, part: str, value) -> None:
    """Put ``value`` in place of one field of a stored snapshot, signed with the app's key: a part
    that decodes wrong only when something reaches it, as a bug in this code could leave."""
    fields = dict(zip(FIELDS, loads(snapshot_data(app, match, seq)), strict=True))
    fields[part] = value
    data = dumps(tuple(fields[name] for name in FIELDS))
    run(app, update(Snapshot).where(Snapshot.match_id == match["id"], Snapshot.seq == seq)
        .values(data=data, signature=signed(app, match, seq, data)))


def signed(app, match, seq: int, data: bytes) -> str:
    """The signature this app gives ``data`` as the match's snapshot at ``seq``."""
    game = games.get(match["state"]["game"])
    with app.app_context():
        return snapshots._signature(match["id"], seq, game.rules_version, snapshots.code_version(game), data)


@pytest.mark.parametrize("part", ["rows", "kept", "in_force_below"])
def test_a_snapshot_part_that_fails_when_reached_is_dropped_and_the_log_read_again(app, client, api, caplog, part):
    # 700 results: the snapshot's newest entries, the state kept before entry 1 and the bottom of
    # its undo stack are read only when reached. Broken, the cold read still answers from the snapshot;
    # the first undo or correction that reaches the part is judged from the log instead: the
    # match's snapshots are dropped, and that read of the log writes a good one in its place.
    match = rope_match(client, 700)
    warm = cold(client, match)
    rewrite_part(app, match, 700, part, pack("not what was stored"))
    broken = snapshot_data(app, match, 700)
    assert cold(client, match) == warm  # the part is not reached by reading

    steps = [{"type": "correct", "seq": 5, "action": {"type": "quick", "tie": "stalemate"}}, {"type": "undo"}]
    if part == "in_force_below":  # undone past the newest 256 entries in force
        steps = [{"type": "undo"}] * 257
    with caplog.at_level(logging.ERROR, logger="referee.store.log"):
        answers = [api.act(match, action) for action in steps]
    assert answers[-1]["seq"] == 700 + len(steps)
    assert "its snapshots are dropped and its log is read again" in caplog.text
    now = [s.seq for s in kept(app, match)]
    assert now and all(snapshot_data(app, match, seq) != broken for seq in now)
    decoded(snapshot_data(app, match, now[-1]))  # whole again
    healed = everything(client, match)
    assert cold(client, match) == healed  # the whole log, read again: the same match


def test_a_page_that_reaches_a_broken_snapshot_part_asks_again_and_the_next_read_uses_the_log(app, client, api):
    match = rope_match(client, 700)
    cold(client, match)
    rewrite_part(app, match, 700, "rows", pack("not what was stored"))
    store.clear_cache()
    assert client.get(f"/api/matches/{match['id']}").status_code == 200  # read from the snapshot
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    page = f"/m/{match['id']}/timeline/correct/650"
    asked_again = client.get(page)
    assert asked_again.status_code == 503 and asked_again.headers["Retry-After"] == "1"
    assert kept(app, match) == []
    assert client.get(page).status_code == 200


LONG_MATCHES = {
    # 2,600 entries: 200 finished games.
    "pontis": (lambda: pontis_export(2_600), lambda state: state.results, lambda answer: answer["games_played"]),
    # 1,000 results entered one by one.
    "ropebridge": (lambda: rope_export(1_000, False), lambda state: state.history,
                   lambda answer: sum(answer["wins"].values()) + answer["ties"]),
    # 300 hands entered as results.
    "curdle": (lambda: curdle_export(300), lambda state: state.history, lambda answer: answer["history_count"]),
}


def curdle_export(hands: int) -> dict:
    log = [{"seq": n, "action": {"type": "quick", "winner": ("Ann", "Ben", "Cy")[n % 3]}} for n in range(1, hands + 1)]
    return {"format": "referee-match", "version": 1, "game": "curdle", "title": "", "mode": "quick",
            "players": ["Ann", "Ben", "Cy"], "settings": {"target": 10_000}, "log": log}


@pytest.mark.parametrize("game", LONG_MATCHES)
def test_a_cold_read_of_a_long_match_builds_only_its_newest_games(app, client, game):
    # The snapshot holds all the finished games but the newest few as sealed chunks of the
    # state's games (referee.archive), read back only when reached.
    export, games_of, played = LONG_MATCHES[game]
    imported = client.post("/api/matches/import", json=export())
    assert imported.status_code == 201, imported.get_json()
    match = imported.get_json()
    warm = everything(client, match)
    cold(client, match)  # writes the snapshot at the last hundredth entry
    store.clear_cache()
    answer = client.get(f"/api/matches/{match['id']}").get_json()
    with app.app_context():
        results = games_of(store.load(store.get_match(match["id"])).state)  # the replay the answer used
        store.db.session.remove()
    assert len(results) == played(answer) > 3 * CHUNK_OF_GAMES
    # The answer shows the newest twenty games: at most the two newest chunks were read back.
    assert sum(chunk._records is not None for chunk in results._chunks) <= 2
    assert answer == warm["window"] and everything(client, match) == warm


@pytest.mark.staggered
def test_each_match_has_its_own_phase():
    phases = {snapshots.phase(f"match{n}") for n in range(200)}
    assert len(phases) > 80 and phases <= set(range(snapshots.EVERY))
    # From the id alone, the same in every process (Python's str hash is not).
    assert (snapshots.phase("match1"), snapshots.phase("uak5HRNHMH")) == (69, 27)


@pytest.mark.staggered
@pytest.mark.parametrize("phase", [0, 1, 63, 99])
def test_snapshots_fall_on_the_phase_of_the_match(app, client, api, engine_calls, monkeypatch, phase):
    monkeypatch.setattr(snapshots, "phase", lambda match_id: phase)
    assert [seq for seq in range(1, 1000) if snapshots.is_due("m", seq)] == [n * 100 + phase for n in range(1, 10)]
    assert snapshots.due("m", 0, 99 + phase) is None
    assert snapshots.due("m", 0, 100 + phase) == 100 + phase
    assert snapshots.due("m", 150 + phase, 299 + phase) == 200 + phase
    assert snapshots.due("m", 200 + phase, 299 + phase) is None

    match = pontis_match(api, 350)
    written = [200 + phase, 300 + phase] if phase <= 50 else [100 + phase, 200 + phase]
    assert [s.seq for s in kept(app, match)] == written
    warm = everything(client, match)
    assert cold(client, match, engine_calls) == warm and engine_calls[0] <= 350 - written[-1]
    drop_every_snapshot(app)
    assert cold(client, match, engine_calls) == warm and engine_calls[0] >= 350
    assert [s.seq for s in kept(app, match)] == written[-1:]  # the read crossed it, and wrote it


@pytest.mark.staggered
def test_matches_moving_in_step_write_their_snapshots_at_different_entries(app, client, api):
    matches: list[dict] = []
    while len(matches) < 4:  # four phases apart (two ids share one a hundredth of the time)
        match = api.create(game="pontis", players=PLAYERS)
        if snapshots.phase(match["id"]) not in {snapshots.phase(m["id"]) for m in matches}:
            matches.append(match)
    cycle = pontis_cycle(PLAYERS)
    written_at: dict[str, int] = {}
    for n in range(200):
        for match in matches:
            api.act(match, cycle[n % len(cycle)])
            if match["id"] not in written_at and kept(app, match):
                written_at[match["id"]] = n + 1
    assert written_at == {m["id"]: 100 + snapshots.phase(m["id"]) for m in matches}
    assert len(set(written_at.values())) == 4
