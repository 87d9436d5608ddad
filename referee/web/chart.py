"""The match as a picture: each player's (or team's) running total after every game, hand or
deal, drawn as an SVG line chart on the server (no script). Lines differ in dash as well as
colour, and each ends in its name, so no one needs colour to read it."""
from __future__ import annotations

from typing import Mapping, Sequence

from markupsafe import Markup, escape

from referee.charting import baseline, end_label, marks
from referee.points import points

WIDTH, HEIGHT = 340, 170
LEFT, RIGHT, TOP, BOTTOM = 34, 92, 10, 22
SERIES = 8  # colours in referee.css (.chart .s0 … .s7), light and dark
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "12 2 2 2")


def running_totals_svg(totals: Sequence[Mapping[str, int]], names: Sequence[str], title: str,
                       labels: Mapping[str, str] | None = None,
                       opening: Mapping[str, int] | None = None) -> Markup:
    """The chart, or nothing before the first game, hand or deal has finished. Lines start at
    ``opening`` (nought unless given), and the level line runs through the shared start."""
    if not totals:
        return Markup("")
    drawn = marks(totals, names, opening)
    level = baseline(opening, names)
    values = [total.get(name, 0) for _n, total in drawn for name in names]
    low, high = min(values + [level]), max(values + [level])
    if high == low:
        high = low + 1
    last = drawn[-1][0] or 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(n: int) -> float:
        return LEFT + plot_w * n / last

    def y(v: int) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
             f'<line class="axis" x1="{LEFT}" y1="{y(level):.1f}" x2="{LEFT + plot_w}" y2="{y(level):.1f}"/>',
             f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}"/>',
             f'<text class="tick" x="{LEFT - 4}" y="{y(high) + 4:.1f}" text-anchor="end">{points(high)}</text>',
             f'<text class="tick" x="{LEFT - 4}" y="{y(low) + 4:.1f}" text-anchor="end">{points(low)}</text>',
             f'<text class="tick" x="{LEFT + plot_w}" y="{HEIGHT - 6}" text-anchor="end">{last}</text>']
    ends: list[tuple[float, str, str]] = []
    for index, name in enumerate(names):
        line = " ".join(f"{x(n):.1f},{y(total.get(name, 0)):.1f}" for n, total in drawn)
        series, dash = f"s{index % SERIES}", DASHES[index % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="series {series}" points="{line}"{dash_attr}/>')
        ends.append((y(drawn[-1][1].get(name, 0)), name, series))
    # Names at the line ends, nudged apart so they never overlap.
    ends.sort()
    for i in range(1, len(ends)):
        ends[i] = (max(ends[i][0], ends[i - 1][0] + 12), ends[i][1], ends[i][2])
    for end_y, name, series in ends:
        shown = (labels or {}).get(name, name)
        parts.append(f'<text class="name {series}" x="{LEFT + plot_w + 4}" y="{end_y + 4:.1f}">'
                     f'{escape(end_label(shown, 14))}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
