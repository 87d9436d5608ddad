"""A long Pontoon match stays cheap to show (issue 17): the view makes no pass over the ledger
however many deals were played, and builds each deal's history row from that deal's own lines
and the money the ledger carries from before it."""
from __future__ import annotations

import random
from dataclasses import replace

from referee.games.pontoon.engine import GAME
from referee.games.pontoon.ledger import KITTY, Ledger, Line
from referee.games.pontoon.view import per_deal
from referee.pickling import dumps, loads
from tests.engine.table import Table


class CountedLedger(Ledger):
    """The ledger, counting every pass over it."""

    passes = 0

    def __iter__(self):
        CountedLedger.passes += 1
        return super().__iter__()


def quick_match(deals: int):
    table = Table(GAME, ["Ann", "Ben", "Cy"], {"shoot": True, "kitty_max": 100}, "quick")
    table.do(type="kitty", amount=50)
    for _deal in range(deals):
        # Ben wins 2 and Cy loses 3 every deal, with a shoot bet each way: nobody takes the bank.
        table.do(type="quick", banker_class="total", banker_total=18, hands=[
            {"player": "Ben", "stake": 2, "class": "total", "total": 19, "shoot": 1},
            {"player": "Cy", "stake": 3, "class": "total", "total": 17, "shoot": 1}])
    return table.state


def passes_over_the_ledger(state) -> int:
    counted = replace(state, ledger=CountedLedger(state.ledger))
    CountedLedger.passes = 0
    GAME.view(counted)
    return CountedLedger.passes


def test_the_view_reads_no_pass_over_the_ledger_however_long_the_match():
    short, long = quick_match(3), quick_match(300)
    assert len(long.history) == 300 and len(long.ledger) > 600
    assert passes_over_the_ledger(long) == passes_over_the_ledger(short) == 0


def test_a_long_match_read_back_builds_only_its_newest_lines_and_deals():
    # As a snapshot reads it back (referee.pickling): the lines and the deals are sealed in
    # chunks, and the answer's newest twenty deals, lines and totals decode the newest of them.
    warm = quick_match(300)
    state = loads(dumps(warm))
    view, seen = GAME.view(state), GAME.view(warm)
    for key in ("history", "running_totals", "ledger"):
        assert view[key][-20:] == seen[key][-20:] and len(view[key]) == len(seen[key])
    assert view["outcome"] == seen["outcome"] and view["balances"] == seen["balances"]
    lines, deals = state.ledger._lines._chunks, state.history._chunks
    assert len(lines) > 9 and len(deals) == 4
    assert sum(chunk._records is not None for chunk in lines) <= 3
    assert sum(chunk._records is not None for chunk in deals) <= 1


def test_each_deal_is_summed_from_its_own_lines_and_runs_on_from_the_last():
    state = quick_match(40)
    sums = per_deal(state)
    assert [s.record.deal for s in sums] == list(range(40))
    for n, deal in enumerate(sums):
        assert {line.deal for line in deal.lines} <= {n}
        assert deal.settled == {"Ann": -50 + (n + 1), "Ben": 3 * (n + 1), "Cy": -4 * (n + 1)}
        assert deal.settled_kitty == 50
    view = GAME.view(state)
    assert view["running_totals"][-1] == {"Ann": 40, "Ben": 120, "Cy": -160}  # the kitty counts as Ann's
    assert view["history"][-1]["scores"] == {"Ann": 1, "Ben": 3, "Cy": -4}


def test_the_ledger_carries_what_its_lines_add_up_to():
    """Every sum the ledger carries equals the same sum over its lines, added from scratch; a
    deal that moved no money has no lines and the money before it is the money after the last."""
    rng = random.Random(3)
    players = ("Ann", "Ben", "Cy")
    parties = (*players, KITTY)
    ledger, lines, deal = Ledger(), [], 0
    for seq in range(1, 400):
        deal += rng.choice((0,) * 8 + (1, 2))   # now and then a deal with no lines
        frm, to = rng.sample(parties, 2)
        line = Line(frm, to, rng.randint(1, 9), "test", deal, rng.choice(("stake", "shoot", "kitty")), seq)
        before = ledger
        ledger = ledger + (line,)
        lines.append(line)
        assert len(before) == len(lines) - 1   # adding leaves the ledger added to as it was
    assert ledger == tuple(lines) and loads(dumps(ledger)) == ledger
    assert any(not ledger.of_deal(d) for d in range(deal))
    for cut in (ledger, loads(dumps(ledger))):
        for d in range(deal + 2):
            assert cut.of_deal(d) == tuple(line for line in lines if line.deal == d)
            earlier = [line for line in lines if line.deal < d]
            moved, pot = cut.before_deal(d)
            assert {name: 100 + moved.get(name, 0) for name in players} == _balances(earlier, players, 100)
            assert pot == _kitty(earlier)
        assert cut.balances(players, 100) == _balances(lines, players, 100) and cut.kitty == _kitty(lines)


def _balances(lines, players, buy_in):
    money = dict.fromkeys(players, buy_in)
    for line in lines:
        if line.frm != KITTY:
            money[line.frm] -= line.amount
        if line.to != KITTY:
            money[line.to] += line.amount
    return money


def _kitty(lines):
    return sum(line.amount for line in lines if line.to == KITTY) - sum(line.amount for line in lines
                                                                         if line.frm == KITTY)
