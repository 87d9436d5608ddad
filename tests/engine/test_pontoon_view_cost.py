"""A long Pontoon match stays cheap to show (issue 17): the view reads the ledger a fixed number
of times however many deals were played, and builds each deal's history row from that deal's
own lines, with the money after it running on from the deal before."""
from __future__ import annotations

from dataclasses import replace

from referee.games.pontoon.engine import GAME
from referee.games.pontoon.view import per_deal
from tests.engine.table import Table


class CountedLedger(tuple):
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


def test_the_view_reads_the_ledger_as_often_for_300_deals_as_for_3():
    short, long = quick_match(3), quick_match(300)
    assert len(long.history) == 300 and len(long.ledger) > 600
    assert passes_over_the_ledger(long) == passes_over_the_ledger(short) <= 12


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
