"""`make bench`: speed and size figures, printed (never asserted: they depend on the machine).

In process (Flask test client, SQLite in a temporary folder):
- server time of one action at log lengths 10, 100, 300 and 1,000 (flat while the replay
  cache works), and once with the cache emptied (a request that must replay the whole log)
- the match page's weight on first load (HTML and every asset, gzip-compressed) and per htmx
  update (one entry's answer)
- the score sheet PDF of a long session of each game
- long matches: import and timeline at 100, 1,000 and 10,000 entries, and a match of 5,000
  results (the size of an answer, the state, the timeline and the score sheet)
- cold read: opening a Pontis match of 100, 1,000 and 10,000 entries on a worker that has never
  seen it, from the newest snapshot (its size printed) and with every snapshot deleted (the
  whole log replayed)

Under load (gunicorn with 2 sync workers on 127.0.0.1, wrk from Debian), on SQLite and, with
BENCH_POSTGRES_URL set (as `make bench` does, in a throwaway cluster), on PostgreSQL:
- action POSTs spread over 50 matches: throughput, p50 and p99 latency, as a ratio to a bare
  Flask endpoint served the same way in the same run (the two measured in turn, five rounds
  each, which of them goes first alternating, and the medians printed);
- the CPU time the gunicorn workers spent per request, for both: on a machine shared with other
  work, throughput and latency move with that work, the CPU a request costs much less. Each
  figure is printed with the range of the load average over its rounds.

The two servers are run alike on purpose: the same gunicorn (2 sync workers, one per core; a
sync worker closes the connection after each answer, so both pay a new connection per request)
and the same wrk settings. Changing the worker class or count changes both.

Taps at the table (Debian's Chromium, a 390x844 touch phone): the browser walks through a game
of each game, counting every tap; the table gives taps per card, per turn or trick, and per
game, hand or deal, as measured.
"""
from __future__ import annotations

import gzip
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from flask import Flask
from flask_migrate import upgrade

from referee import create_app, engine, store
from referee.games import GAMES
from referee.simulate import PontisTable

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
ROOT = Path(__file__).resolve().parents[1]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def _kb(size: int) -> str:
    return f"{size / 1024:.1f} kB"


def pontis_cycle(players: list[str]) -> list[dict]:
    """Entries that are legal forever, in this order: a game of reveals and misses ending
    blocked, once per dealer, after which the cycle starts again with the first dealer."""
    game = GAMES["pontis"]
    state = game.start(tuple(players), game.settings_type.from_dict({}), "play")
    cycle, seq = [], 0
    for _round in players:
        reveals = iter(["5h", "9h", "Qh", "2h", "Kh", "7h", "3h", "Jh"])
        action = {"type": "deal", "foundation_suit": "h"}
        while True:
            seq += 1
            state, _findings = engine.apply(game, state, action, seq)
            cycle.append(action)
            view = game.view(state)
            if view["phase"] == "deal":
                break
            action = {"type": "reveal", "card": next(reveals)} if view["phase"] == "reveal" else {"type": "miss"}
    return cycle


class Table:
    """A Pontis match played by a simulated table through the JSON API."""

    def __init__(self, client, seed: int):
        self.client = client
        body = {"game": "pontis", "players": PLAYERS, "settings": {}, "mode": "play"}
        created = client.post("/api/matches", json=body).get_json()
        self.id, self.token, self.state = created["id"], created["scorer_token"], created["state"]
        self.table = PontisTable(PLAYERS, random.Random(seed))

    def step(self) -> float:
        action = self.table.next_action(self.state)
        started = time.perf_counter()
        response = self.client.post(f"/api/matches/{self.id}/actions", json=action,
                                    headers={"Authorization": f"Bearer {self.token}"})
        elapsed = time.perf_counter() - started
        assert response.status_code == 200, response.get_json()
        before, self.state = self.state, response.get_json()["state"]
        self.table.accepted(action, before)
        return elapsed


def in_process(folder: Path) -> None:
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}", "SECRET_KEY": "bench",
                      "MATCH_CREATION_LIMIT": 10_000})
    with app.app_context():
        upgrade()
    client = app.test_client()

    print("One Pontis action, server time (Flask test client, SQLite):")
    table = Table(client, seed=1)
    for length in (10, 100, 300, 1000):
        while table.state["seq"] < length:
            table.step()
        times = [table.step() for _ in range(60)]
        print(f"  log of {length:>5} events: median {_ms(statistics.median(times))}, "
              f"p95 {_ms(statistics.quantiles(times, n=20)[-1])}")
    cold = []
    for _ in range(10):
        store.clear_cache()
        cold.append(table.step())
    print(f"  after the replay cache is emptied ({table.state['seq']} events replayed): "
          f"median {_ms(statistics.median(cold))}")

    print("Page weight (gzip -6, as a compressing proxy would send it):")
    page = client.get(f"/m/{table.id}/join/{table.token}", follow_redirects=True)
    html = page.get_data()
    assets = re.findall(rb'(?:href|src)="(/static/[^"]+)"', html)
    total = len(gzip.compress(html, 6))
    parts = [f"HTML {_kb(len(gzip.compress(html, 6)))}"]
    for asset in sorted(set(assets)):
        body = client.get(asset.decode()).get_data()
        size = len(gzip.compress(body, 6))
        total += size
        parts.append(f"{asset.decode().rsplit('/', 1)[1]} {_kb(size)}")
    print(f"  match page, first load: {_kb(total)} ({', '.join(parts)})")
    found = re.search(rb'"X-CSRFToken": "([^"]+)"', html)
    if found is None:
        raise RuntimeError("the match page carries no CSRF token")
    token = found.group(1).decode()
    action = table.table.next_action(table.state)
    form = {"type": action["type"], "expect": str(table.state["seq"])}
    if "card" in action:
        form["card.rank"], form["card.suit"] = action["card"][:-1], action["card"][-1]
    update = client.post(f"/m/{table.id}/act", data=form, headers={"X-CSRFToken": token, "HX-Request": "true"})
    print(f"  one entry's htmx answer: {_kb(len(gzip.compress(update.get_data(), 6)))} "
          f"({_kb(len(update.get_data()))} raw, status {update.status_code})")
    current = client.get(f"/api/matches/{table.id}").get_json()["seq"]
    unchanged = client.get(f"/m/{table.id}/board?since={current}&scorer=1")  # as the scorer's page polls
    print(f"  a poll of an unchanged match: status {unchanged.status_code}, {len(unchanged.get_data())} bytes")

    print("Score sheet PDF of a long session (median of 3 builds):")
    sessions = {
        "pontis": (_pontis_games(client, 10), "10 games, cards entered"),
        "curdle": (_quick(client, "curdle", PLAYERS, 60, _curdle_hand), "60 hands"),
        "ropebridge": (_quick(client, "ropebridge", PLAYERS[:2], 60, _ropebridge_game), "60 games"),
        "pontoon": (_quick(client, "pontoon", PLAYERS + ["Eve", "Fay"], 100, _pontoon_deal), "100 deals, 6 players"),
        "reverse-bridge": (_quick(client, "reverse-bridge", PLAYERS, 32, _bridge_hand,
                                  settings={"hands": 32}), "32 hands"),
    }
    for game, (match_id, what) in sessions.items():
        times, size = [], 0
        for _ in range(3):
            started = time.perf_counter()
            response = client.get(f"/api/matches/{match_id}/scoresheet.pdf")
            times.append(time.perf_counter() - started)
            size = len(response.data)
        print(f"  {game:<15} {what:<26} {_ms(statistics.median(times)):>10}  ({_kb(size)})")
    long_matches(client)
    cold_reads(app, client)


def rope_export(results: int, corrections: bool) -> dict:
    """A Ropebridge results-only match: ``results`` results, each followed by a correction of
    it when ``corrections`` (what a table that argues a lot would leave behind)."""
    log: list[dict] = []
    for n in range(results):
        log.append({"type": "quick", "winner": ("Dee", "Non")[n % 2]})
        if corrections:
            log.append({"type": "correct", "seq": len(log),
                        "action": {"type": "quick", "winner": ("Non", "Dee")[n % 2]}})
    return {"format": "referee-match", "version": 1, "game": "ropebridge", "title": "", "mode": "quick",
            "players": ["Dee", "Non"], "settings": {}, "log": [{"seq": i, "action": a} for i, a in enumerate(log, 1)]}


def long_matches(client) -> None:
    print("Long matches: import and timeline (entries + corrections, Ropebridge results only):")
    for entries in (100, 1_000, 10_000):
        started = time.perf_counter()
        imported = client.post("/api/matches/import", json=rope_export(entries // 2, True))
        import_time = time.perf_counter() - started
        match_id = imported.get_json()["id"]
        store.clear_cache()  # a worker that never saw the match
        started = time.perf_counter()
        cold = client.get(f"/m/{match_id}/timeline")
        cold_time = time.perf_counter() - started
        started = time.perf_counter()
        client.get(f"/m/{match_id}/timeline")
        warm_time = time.perf_counter() - started
        print(f"  {entries:>6} entries: import {_ms(import_time):>11} (status {imported.status_code}), "
              f"timeline cold {_ms(cold_time):>10}, warm {_ms(warm_time):>9}, page {_kb(len(cold.data))}")
    print("A match of 5,000 results (4,999 imported, the last one posted):")
    imported = client.post("/api/matches/import", json=rope_export(4_999, False)).get_json()
    match_id, token = imported["id"], imported["scorer_token"]
    started = time.perf_counter()
    answer = client.post(f"/api/matches/{match_id}/actions", json={"type": "quick", "winner": "Dee"},
                         headers={"Authorization": f"Bearer {token}"})
    print(f"  the 5,000th action: {_ms(time.perf_counter() - started)}, answer {_kb(len(answer.data))} "
          f"(budget 64 kB)")
    for what, path in (("state", f"/api/matches/{match_id}"),
                       ("state, whole history", f"/api/matches/{match_id}?history=all"),
                       ("timeline", f"/m/{match_id}/timeline"),
                       ("score sheet PDF", f"/api/matches/{match_id}/scoresheet.pdf")):
        started = time.perf_counter()
        response = client.get(path)
        print(f"  {what:<22} {_ms(time.perf_counter() - started):>11}  {_kb(len(response.data)):>10}"
              f"{'  (budget 2 s)' if what.endswith('PDF') else ''}")


def pontis_export(entries: int) -> dict:
    """A Pontis match of ``entries`` entries played with cards (the cycle that is legal forever)."""
    cycle = pontis_cycle(PLAYERS)
    log = [{"seq": n + 1, "action": cycle[n % len(cycle)]} for n in range(entries)]
    return {"format": "referee-match", "version": 1, "game": "pontis", "title": "", "mode": "play",
            "players": PLAYERS, "settings": {}, "log": log}


def cold_reads(app: Flask, client, runs: int = 7) -> None:
    """The state of a long match read by a worker that never saw it (the replay cache emptied
    before every read): from the newest snapshot and the log's tail, and with every snapshot
    deleted first (the whole log replayed, as before snapshots; that read writes one again)."""
    from sqlalchemy import delete, func, select

    from referee.store import snapshots
    from referee.store.models import Snapshot

    def read(match_id: str, drop: bool) -> float:
        if drop:
            with app.app_context():
                store.db.session.execute(delete(Snapshot).where(Snapshot.match_id == match_id))
                store.db.session.commit()
        store.clear_cache()
        started = time.perf_counter()
        response = client.get(f"/api/matches/{match_id}")
        elapsed = time.perf_counter() - started
        assert response.status_code == 200
        return elapsed

    print(f"Cold read (Pontis, GET /api/matches/<id> with the replay cache emptied; median of {runs}; "
          f"a snapshot every {snapshots.EVERY} entries, at each match's phase; {_load()}):")
    cycle = pontis_cycle(PLAYERS)
    for entries, longest in ((100, False), (1_000, False), (10_000, False), (1_000, True)):
        response = client.post("/api/matches/import", json=pontis_export(entries))
        assert response.status_code == 201, response.get_json()
        match_id, token = response.get_json()["id"], response.get_json()["scorer_token"]
        due = snapshots.due(match_id, 0, entries)
        if longest:  # entries appended up to the one before the next snapshot
            for seq in range(entries + 1, (due or 0) + snapshots.EVERY):
                response = client.post(f"/api/matches/{match_id}/actions", json=cycle[(seq - 1) % len(cycle)],
                                       headers={"Authorization": f"Bearer {token}"})
                assert response.status_code == 200, response.get_json()
            entries = (due or 0) + snapshots.EVERY - 1
        before = statistics.median(read(match_id, drop=True) for _ in range(runs))
        after = statistics.median(read(match_id, drop=False) for _ in range(runs))
        warm = []
        for _ in range(runs):
            started = time.perf_counter()
            client.get(f"/api/matches/{match_id}")
            warm.append(time.perf_counter() - started)
        tail = entries - (due or 0)
        label = f"{entries:,} entries ({'the longest ' if longest else ''}tail: {tail})"
        with app.app_context():
            size = store.db.session.scalar(select(func.length(Snapshot.data)).where(Snapshot.match_id == match_id)
                                           .order_by(Snapshot.seq.desc()).limit(1))
            store.db.session.remove()
        print(f"  cold read, {label}: {_ms(after)} (every snapshot deleted: {_ms(before)}; "
              f"warm: {_ms(statistics.median(warm))}; newest snapshot {_kb(size or 0)})")


def _pontis_games(client, games: int) -> str:
    table = Table(client, seed=2)
    while table.state.get("history_count", len(table.state["history"])) < games:
        table.step()
    return table.id


def _quick(client, game: str, players: list[str], deals: int, result, settings=None) -> str:
    created = client.post("/api/matches", json={"game": game, "players": players, "mode": "quick",
                                                "settings": settings or {}}).get_json()
    rng, state = random.Random(5), created["state"]
    for n in range(deals):
        response = client.post(f"/api/matches/{created['id']}/actions", json=result(players, rng, n, state),
                               headers={"Authorization": f"Bearer {created['scorer_token']}"})
        assert response.status_code == 200, (game, response.get_json())
        state = response.get_json()["state"]
    return created["id"]


def _curdle_hand(players, rng, n, state):
    winner = rng.choice(players)
    return {"type": "quick", "winner": winner}


def _ropebridge_game(players, rng, n, state):
    return {"type": "quick", "winner": rng.choice(players)} if n % 7 else {"type": "quick", "tie": "stalemate"}


def _pontoon_deal(players, rng, n, state):
    hands = []
    for player in (p for p in players if p != state["banker"]):
        kind = rng.choice(["total", "total", "bust", "five_card_trick", "pontoon"])
        hand = {"player": player, "stake": rng.randint(1, 10), "class": kind}
        if kind == "total":
            hand["total"] = rng.randint(15, 21)
        hands.append(hand)
    return {"type": "quick", "banker_class": "total", "banker_total": rng.randint(16, 21), "hands": hands}


def _bridge_hand(players, rng, n, state):
    return {"type": "quick", "bidder": rng.choice(players), "level": rng.randint(1, 8),
            "denomination": rng.choice(["C", "D", "H", "S", "NT"]), "tricks": rng.randint(0, 13)}


def bare_app() -> Flask:
    """The baseline: the smallest Flask endpoint, served the same way."""
    app = Flask("bare")

    @app.post("/")
    def answer():
        return {"ok": True}

    return app


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(target: str, env: dict) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    gunicorn = Path(sys.executable).with_name("gunicorn")
    process = subprocess.Popen([str(gunicorn), "--workers", "2", "--bind", f"127.0.0.1:{port}", target],
                               cwd=ROOT, env=env, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(base + "/healthz" if "referee" in target else base, timeout=1)
            break
        except urllib.error.HTTPError:
            break
        except OSError:
            time.sleep(0.2)
    return process, base


def _post(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    return json.loads(urllib.request.urlopen(request).read())


WRK_ACTIONS = """
-- Each thread walks its own matches round robin, each match through its cycle of entries.
local matches, cycle = {}, {}
local next_match, step = 1, {}
function setup(thread) thread:set("id", setup_count or 0) setup_count = (setup_count or 0) + 1 end
function init(args)
  local threads = tonumber(args[1])
  for line in io.lines(args[2]) do
    local n, path, token = line:match("(%d+) (%S+) (%S+)")
    if (tonumber(n) % threads) == id then table.insert(matches, {path, token}) ; step[#matches] = 0 end
  end
  for line in io.lines(args[3]) do table.insert(cycle, line) end
end
function request()
  local m = next_match
  next_match = next_match % #matches + 1
  local body = cycle[(step[m] % #cycle) + 1]
  step[m] = step[m] + 1
  return wrk.format("POST", matches[m][1], {["Content-Type"] = "application/json",
                    ["Authorization"] = "Bearer " .. matches[m][2]}, body)
end
local reported = 0
function response(status, headers, body)
  if status ~= 200 and reported < 3 then
    reported = reported + 1
    io.write("NOT-OK " .. status .. " " .. string.sub(body, 1, 200) .. "\\n")
  end
end
function done(summary, latency, requests)
  io.write(string.format("RESULT %d %f %f %f\\n", summary.requests, summary.duration / 1e6,
           latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
"""

WRK_BARE = """
wrk.method = "POST"
function done(summary, latency, requests)
  io.write(string.format("RESULT %d %f %f %f\\n", summary.requests, summary.duration / 1e6,
           latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
"""


def _load() -> str:
    """The machine's load average over the last minute, as a figure's context."""
    return f"load {os.getloadavg()[0]:.2f}"


def _worker_cpu(master: subprocess.Popen) -> float:
    """CPU seconds (user and system) spent so far by the worker processes of a gunicorn master
    (Linux /proc; 0 elsewhere)."""
    try:
        children = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
        ticks = 0
        for pid in children:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _wrk(base: str, path: str, script: Path, args: list[str],
         seconds: int = 10) -> tuple[float, float, float, int, int, list[str]]:
    """Requests per second, p50 and p99 in ms, the answers in all, those that were not 2xx, and a
    few of those (as the script wrote them)."""
    output = subprocess.run(["wrk", "-t2", "-c8", f"-d{seconds}s", "--latency", "-s", str(script), base + path,
                             "--", *args], capture_output=True, text=True, check=True).stdout
    result = re.search(r"RESULT (\d+) ([\d.]+) ([\d.]+) ([\d.]+)", output)
    if result is None:
        raise RuntimeError(f"wrk printed no result:\n{output}")
    requests, duration, p50, p99 = result.groups()
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return (int(requests) / float(duration), float(p50), float(p99), int(requests),
            int(non_2xx.group(1)) if non_2xx else 0, re.findall(r"NOT-OK (.*)", output)[:2])


# The bare endpoint and the actions are measured in turn, ROUNDS times each, and each figure is
# the median of its rounds; the ratios are medians of the ratios within a round. On a shared
# machine whose speed drifts by a third within minutes, one run of each, a minute apart, compared
# the machine's two moods as often as the two servers; and with three rounds, one round that
# met a busy minute moved the median by ten points.
ROUNDS = 5
SECONDS = 10
MATCHES = 50


@dataclass(frozen=True)
class Run:
    rps: float
    p50: float
    p99: float
    cpu: float  # worker CPU seconds per request
    load: float  # the machine's load average over the minute before
    answers: int
    refused: int  # answers that were not 2xx
    examples: tuple[str, ...]


def _medians(runs: list[Run]) -> tuple[float, float, float, float, str]:
    """Requests per second, p50, p99 and CPU per request, each the median over the runs, and
    the range of the load they met."""
    loads = [run.load for run in runs]
    return (statistics.median(r.rps for r in runs), statistics.median(r.p50 for r in runs),
            statistics.median(r.p99 for r in runs), statistics.median(r.cpu for r in runs),
            f"load {min(loads):.2f}–{max(loads):.2f}")


def _run(server: subprocess.Popen, base: str, script: Path, args: list[str]) -> Run:
    load, cpu = os.getloadavg()[0], _worker_cpu(server)
    rps, p50, p99, answers, refused, examples = _wrk(base, "/", script, args, SECONDS)
    return Run(rps, p50, p99, (_worker_cpu(server) - cpu) / (rps * SECONDS), load, answers, refused,
               tuple(examples))


def under_load(folder: Path, database_url: str | None = None, database: str = "SQLite") -> None:
    if shutil.which("wrk") is None:
        print("Load: wrk is not installed (Debian package wrk); `make bench` installs it.")
        return
    env = {**os.environ, "DATABASE_URL": database_url or f"sqlite:///{folder / 'load.sqlite3'}",
           "SECRET_KEY": "bench", "REFEREE_MATCH_CREATION_LIMIT": "1000"}
    subprocess.run([str(Path(sys.executable).with_name("flask")), "--app", "referee", "db", "upgrade"],
                   cwd=ROOT, env=env, check=True, capture_output=True)
    players = ["Ann", "Ben", "Cat"]
    cycle = pontis_cycle(players)
    (folder / "cycle.txt").write_text("\n".join(json.dumps(a) for a in cycle) + "\n")
    (folder / "actions.lua").write_text(WRK_ACTIONS)
    (folder / "bare.lua").write_text(WRK_BARE)
    bare, bare_base = _serve("referee.bench:bare_app()", env)
    app, base = _serve("referee:create_app()", env)
    try:
        runs: dict[str, list[Run]] = {"bare": [], "action": []}
        for number in range(ROUNDS):  # in turn, so that both meet the same machine
            # New matches each round: wrk walks each match's cycle from its first entry.
            lines = []
            for n in range(MATCHES):
                match = _post(base + "/api/matches", {"game": "pontis", "players": players})
                lines.append(f"{n} /api/matches/{match['id']}/actions {match['scorer_token']}")
            matches = folder / f"matches-{number}.txt"
            matches.write_text("\n".join(lines) + "\n")
            # Which goes first alternates: a machine speeding up or slowing down over a round
            # then favours each side as often.
            for side in (("bare", "action") if number % 2 == 0 else ("action", "bare")):
                if side == "bare":
                    runs["bare"].append(_run(bare, bare_base, folder / "bare.lua", []))
                else:
                    runs["action"].append(_run(app, base, folder / "actions.lua",
                                               ["2", str(matches), str(folder / "cycle.txt")]))
        bare_rps, bare_p50, bare_p99, bare_cpu, bare_load = _medians(runs["bare"])
        rps, p50, p99, cpu, load = _medians(runs["action"])
        pairs = list(zip(runs["bare"], runs["action"]))
        print(f"Under load (gunicorn, 2 sync workers, {database}; wrk 2 threads, 8 connections; "
              f"{ROUNDS} rounds of {SECONDS} s each, in turn; medians):")
        print(f"  bare Flask endpoint:        {bare_rps:8.0f} req/s, p50 {bare_p50:.2f} ms, p99 {bare_p99:.2f} ms"
              f"  ({bare_load})")
        print(f"  action POSTs on {MATCHES} matches: {rps:8.0f} req/s, p50 {p50:.2f} ms, p99 {p99:.2f} ms  ({load})")
        print(f"  ratio to the bare endpoint: {statistics.median(a.rps / b.rps for b, a in pairs):.0%}  (rounds: "
              f"{', '.join(f'{a.rps / b.rps:.0%}' for b, a in pairs)})")
        print(f"  action p99 / bare p99:      {statistics.median(a.p99 / b.p99 for b, a in pairs):.1f}  (rounds: "
              f"{', '.join(f'{a.p99 / b.p99:.1f}' for b, a in pairs)})")
        for name, done in (("bare endpoint", runs["bare"]), ("actions", runs["action"])):
            refused = sum(run.refused for run in done)
            if refused:  # e.g. a match's next entry overtaking one held up in the other worker
                examples = [example for run in done for example in run.examples][:2]
                print(f"  {name}: {refused} of {sum(run.answers for run in done)} answers were not 2xx, "
                      f"e.g.: {'; '.join(examples)}")
        if bare_cpu and cpu:
            print(f"  worker CPU per request:     bare {bare_cpu * 1000:.2f} ms, action {cpu * 1000:.2f} ms "
                  f"(ratio {bare_cpu / cpu:.0%})")
    finally:
        for process in (bare, app):
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)


TAP_WALKS = "tests/browser/test_*_phone.py"
TAP_UNITS = ("card", "turn", "trick", "game", "hand", "deal")


def taps(folder: Path) -> None:
    """Run the phone walks of every game (the browser tests that tap through a game) on the
    390x844 phone, and print what they counted."""
    record = folder / "taps.jsonl"
    walks = sorted(str(path.relative_to(ROOT)) for path in ROOT.glob(TAP_WALKS))
    env = {**os.environ, "REFEREE_TAPS": str(record), "REFEREE_SHOTS": str(folder)}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "not 360x740",
                             "--output", str(folder / "playwright"), *walks],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        print("Taps: the phone walks failed, so no tap table:\n" + result.stdout[-2000:])
        return
    counts: dict[str, dict[str, list[int]]] = {}
    for line in record.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["phone"] == "390x844":
            counts.setdefault(row["game"], {}).setdefault(row["unit"], []).append(row["taps"])
    print("Taps at the table (390x844, as the phone walks counted them; median, with the range):")
    print(f"  {'game':<16}" + "".join(f"{unit:>16}" for unit in TAP_UNITS))
    for game, units in sorted(counts.items()):
        cells = []
        for unit in TAP_UNITS:
            values = units.get(unit)
            if not values:
                cells.append(f"{'-':>16}")
                continue
            spread = f" ({min(values)}-{max(values)})" if min(values) != max(values) else ""
            cells.append(f"{statistics.median(values):>7g}{spread:>9}")
        print(f"  {game:<16}" + "".join(cells))


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        in_process(Path(folder))
        under_load(Path(folder))
        if os.environ.get("BENCH_POSTGRES_URL"):  # make bench runs inside a throwaway cluster
            under_load(Path(folder), os.environ["BENCH_POSTGRES_URL"], "PostgreSQL")
        taps(Path(folder))


if __name__ == "__main__":
    main()
