"""Reading a page as a person does: its text, with the red suit marks (inline spans) read as
the symbols they wrap."""
from __future__ import annotations

import re

_SUIT = re.compile(r'<span class="suit-[cdhs]">([♣♦♥♠])</span>')


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", _SUIT.sub(r"\1", html))).replace("&amp;", "&")


def chart_of(html: str) -> tuple[str, list[list[str]]]:
    """The match page's running-totals chart (its SVG) and each series' points, in order."""
    chart = re.search(r'<svg class="chart".*?</svg>', html, re.S).group(0)
    series = [points.split() for points in re.findall(r'<polyline class="series s\d+" points="([^"]+)"', chart)]
    return chart, series
