"""The rules of Counting: players take turns naming a number higher than the last (rule
COUNT-1); a multiple of seven is a finding (COUNT-2)."""
from __future__ import annotations

from dataclasses import dataclass

from referee.engine import BOTH, Finding, GameRules, Move
from referee.errors import IllegalAction
from referee.frozen import replace
from referee.i18n import _
from referee.settings import Settings, house_rule


@dataclass(frozen=True)
class CountSettings(Settings):
    limit: int = house_rule(100, "The highest number", minimum=1, maximum=1000)


@dataclass(frozen=True)
class CountState:
    players: tuple[str, ...]
    settings: CountSettings
    mode: str
    numbers: tuple[int, ...] = ()
    findings: tuple[Finding, ...] = ()


class CountingGame(GameRules):
    name = "counting"
    title = "Counting"
    rule_prefix = "COUNT"
    # Every rule this game cites, as the rules pages list them (each is written out where it
    # is raised or computed).
    rule_ids = (
        "COUNT-1", "COUNT-2"
    )
    settings_type = CountSettings
    min_players = 1
    max_players = 4

    def start(self, players, settings, mode):
        return CountState(players, settings, mode)

    def turn(self, state):
        return state.players[len(state.numbers) % len(state.players)]

    moves = {"say": Move("_say", BOTH)}

    def _say(self, state, action, seq):
        n = action.integer("n", maximum=state.settings.limit)
        if state.numbers and n <= state.numbers[-1]:
            raise IllegalAction(_("{n} is not higher than {last}", n=n, last=state.numbers[-1]), rule="COUNT-1")
        findings = (Finding("COUNT-2", _("{n} is a multiple of 7", n=n), seq),) if n % 7 == 0 else ()
        return replace(state, numbers=state.numbers + (n,), findings=state.findings + findings), findings

    def describe(self, before, action, after):
        return str(_("{player} says {n}", player=self.turn(before), n=after.numbers[-1]))

    def view(self, state):
        return {"game": self.name, "mode": state.mode, "players": list(state.players), "deal": 0,
                "phase": "play", "turn": self.turn(state), "dealer": state.players[0], "deal_over": False,
                "match_over": False, "scores": {p: 0 for p in state.players}, "deal_scores": None,
                "findings": [f.as_dict() for f in state.findings], "settings": state.settings.as_dict(),
                "numbers": list(state.numbers), "history": [], "legal": self.legal(state)}


GAME = CountingGame()
