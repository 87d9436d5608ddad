"""The match as a picture on the score sheet: running totals after each game, hand or deal,
drawn with reportlab's own graphics. Lines differ in dash as well as grey, so the sheet reads
the same from a black-and-white printer."""
from __future__ import annotations

from typing import Mapping, Sequence

from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors

from referee.charting import end_label, marks
from referee.points import MINUS, points

INKS = ("#000000", "#b3261e", "#1f5f8b", "#2e6b34", "#7a4fa0", "#8a4b00", "#00707a", "#555555")
SMALL_RANGE = 8  # totals spanning at most this many get a mark at every whole number
DASHES = (None, (4, 2), (1, 2), (6, 2, 1, 2), (1, 1), (8, 3), (3, 3), (10, 2, 2, 2))


def running_totals_drawing(totals: Sequence[Mapping[str, int]], names: Sequence[str], width: float,
                           font: str, labels: Mapping[str, str] | None = None,
                           opening: Mapping[str, int] | None = None) -> Drawing | None:
    """The chart; lines start at ``opening`` (nought unless given)."""
    if not totals:
        return None
    drawn = marks(totals, names, opening)
    height = 150.0
    drawing = Drawing(width, height)
    plot = LinePlot()
    plot.x, plot.y = 30, 20
    plot.width, plot.height = width - 130, height - 35
    plot.data = [[(n, total.get(name, 0)) for n, total in drawn] for name in names]
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, drawn[-1][0]
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName, axis.labels.fontSize = font, 7
    plot.yValueAxis.labelTextFormat = _tick
    plot.xValueAxis.valueSteps = sorted({0, drawn[-1][0]})
    # Totals are whole numbers: over a small range (a few wins) the axis would mark 0.2, 0.4 …
    values = [v for series in plot.data for _n, v in series]
    if max(values) - min(values) <= SMALL_RANGE:
        plot.yValueAxis.valueSteps = list(range(min(values), max(max(values), min(values) + 1) + 1))
    for index in range(len(names)):
        line = plot.lines[index]
        line.strokeColor = colors.HexColor(INKS[index % len(INKS)])
        line.strokeWidth = 1.4
        if DASHES[index % len(DASHES)]:
            line.strokeDashArray = DASHES[index % len(DASHES)]
    drawing.add(plot)
    # Each line's name at its end, nudged apart so none overlaps.
    low = min(min(v for _n, v in series) for series in plot.data)
    high = max(max(v for _n, v in series) for series in plot.data)
    span = (high - low) or 1
    ends = sorted((plot.y + plot.height * (series[-1][1] - low) / span, i) for i, series in enumerate(plot.data))
    placed: list[float] = []
    for end_y, index in ends:
        y = max(end_y, placed[-1] + 9) if placed else end_y
        placed.append(y)
        name = (labels or {}).get(names[index], names[index])
        drawing.add(String(plot.x + plot.width + 6, y - 2, end_label(name, 20), fontName=font, fontSize=7.5,
                           fillColor=colors.HexColor(INKS[index % len(INKS)])))
    return drawing


def _tick(value: float) -> str:
    """A mark on the totals axis, written as the sheet writes points."""
    return points(int(value)) if float(value).is_integer() else f"{value:g}".replace("-", MINUS)
