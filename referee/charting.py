"""What the running-totals charts (page and score sheet) draw: the totals after each game, hand
or deal, thinned evenly for a long match."""
from __future__ import annotations

from typing import Mapping, Sequence

MAX_POINTS = 120  # a long match is drawn from evenly spaced points, not one per deal


def marks(totals: Sequence[Mapping[str, int]], names: Sequence[str],
          opening: Mapping[str, int] | None = None) -> list[tuple[int, Mapping[str, int]]]:
    """The points each line is drawn through: where the match started (``opening``, nought
    unless the game says otherwise), then the totals after each game, hand or deal."""
    return [(0, {name: (opening or {}).get(name, 0) for name in names})] + sample(totals)


def baseline(opening: Mapping[str, int] | None, names: Sequence[str]) -> int:
    """Where the chart's level line runs: the start every player shares (a buy-in), else nought."""
    starts = {(opening or {}).get(name, 0) for name in names}
    return starts.pop() if len(starts) == 1 else 0


def sample(totals: Sequence[Mapping[str, int]]) -> list[tuple[int, Mapping[str, int]]]:
    """(deal number, totals) pairs, at most MAX_POINTS, always keeping the last."""
    points = list(enumerate(totals, start=1))
    if len(points) <= MAX_POINTS:
        return points
    step = len(points) / MAX_POINTS
    return [points[int(i * step)] for i in range(MAX_POINTS - 1)] + [points[-1]]


def end_label(name: str, limit: int) -> str:
    """A line's name at its end, cut to ``limit`` characters with "…" where it is longer, so a
    cut name reads as cut ("Maximilian Oberhol…", not "Maximilian Oberholle")."""
    return name if len(name) <= limit else name[:limit - 1] + "…"
