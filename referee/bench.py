"""`make bench`: speed figures, printed (never asserted: they depend on the machine).

- server time of one Pontis action on a match whose log already holds 300 events
- the same after the replay cache is emptied (a request that must replay the whole log)
- building the score sheet PDF of a 10-game Pontis match
"""
from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from flask_migrate import upgrade

from referee import create_app, store
from referee.simulate import PontisTable

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


class Table:
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


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
                          "SECRET_KEY": "bench"})
        with app.app_context():
            upgrade()
        client = app.test_client()

        table = Table(client, seed=1)
        for _ in range(300):
            table.step()
        warm = [table.step() for _ in range(100)]
        print(f"Pontis action, match with 300+ events (warm cache): median {_ms(statistics.median(warm))}, "
              f"p95 {_ms(statistics.quantiles(warm, n=20)[-1])} over {len(warm)} actions")

        cold = []
        for _ in range(20):
            store.clear_cache()
            cold.append(table.step())
        print(f"Pontis action after the replay cache is emptied ({table.state['seq']} events replayed): "
              f"median {_ms(statistics.median(cold))}")

        match = Table(client, seed=2)
        while len(match.state["history"]) < 10:
            match.step()
        url = f"/api/matches/{match.id}/scoresheet.pdf"
        times, size = [], 0
        for _ in range(5):
            started = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - started)
            size = len(response.data)
        print(f"Score sheet PDF of a 10-game Pontis match ({match.state['seq']} events, {size // 1024} kB): "
              f"median {_ms(statistics.median(times))} over {len(times)} builds")


if __name__ == "__main__":
    main()
