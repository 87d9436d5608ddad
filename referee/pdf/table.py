"""A score sheet's table as it falls across pages.

ReportLab, allowed to cut rows, first tries to break between rows, and the rest of the table,
with its repeated header, then starts in whatever space is left of the page; there it cut its
first row in two. So a header was printed in the middle of a page, and the rest of a hand's
curdles ran on at the top of the next with no hand number beside them. Here a tall row (a hand
of many curdles) is cut where it meets the foot of the page, a short one goes whole onto the
next, and a row that carries on at the top of a page carries its first cell (the game, hand or
deal it belongs to) with it."""
from __future__ import annotations

from copy import copy
from typing import Any

from reportlab.platypus import CondPageBreak, Flowable, Table

TALL = 1 / 3      # of a page: a row this tall is cut at the page's foot rather than moved whole
ROOM = 48         # points: less room than this (four lines) is left empty rather than used


class SheetTable(Table):
    """``page_height``: the height a fresh page's frame offers, or None for ReportLab's way."""

    page_height: float | None = None

    def split(self, availWidth: float, availHeight: float) -> list[Any]:  # noqa: N803 - reportlab's names
        if self.page_height is None:
            return super().split(availWidth, availHeight)
        self._calc(availWidth, availHeight)
        first = self._getFirstPossibleSplitRowPosition(availHeight)   # the first row that does not fit
        parts: list[Any] = []
        if self._worth_cutting(first, availHeight):
            parts = self._splitRows(availHeight, doInRowSplit=1)
        parts = parts or self._splitRows(availHeight, doInRowSplit=0)
        for part in parts:
            part.page_height = self.page_height
        if len(parts) == 2:
            self._carry_first_cell(parts)
        return parts

    def _worth_cutting(self, row: int, available: float) -> bool:
        heights = self._rowHeights
        if row >= len(heights):
            return False
        room = available - sum(heights[:row])
        return heights[row] > TALL * (self.page_height or 0) and room >= ROOM

    def _carry_first_cell(self, parts: list[Any]) -> None:
        """A row continued on the next page (the rest of a row cut in two, or the next row of a
        game whose number stands on its first row only) begins with an empty first cell: it
        gets the nearest first cell above it, so the page says what the row belongs to."""
        top = self.repeatRows
        if not isinstance(top, int) or len(parts[1]._cellvalues) <= top:
            return
        if parts[1]._cellvalues[top][0] not in ("", None, []):
            return
        carried = next((row[0] for row in reversed(parts[0]._cellvalues[top:]) if row[0] not in ("", None, [])), None)
        if carried is None:
            return
        parts[1]._cellvalues[top][0] = copy(carried)
        if isinstance(parts[1]._argH, list):
            parts[1]._argH[top] = None   # the row is measured again, carried cell and all


class RoomForHeading(CondPageBreak):
    """Goes on to the next page unless there is room here for ``heading``, its table's header
    and the table's first row (or as much of it as would be cut from a tall one), so a heading
    never stands alone at the foot of a page."""

    def __init__(self, heading: Flowable, table: SheetTable) -> None:
        super().__init__(0)
        self.heading, self.table = heading, table

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        _width, heading = self.heading.wrap(availWidth, availHeight)
        # Only the header and the first row are measured, as a table of their own: ReportLab
        # measures every row of a table it wraps (a 5,000-row one took 0.29 s a time).
        table = self.table
        start = Table(table._cellvalues[:2], colWidths=table._colWidths, normalizedData=1,
                      cellStyles=table._cellStyles[:2])
        start.wrap(availWidth, availHeight)
        rows = start._rowHeights
        first = rows[1] if len(rows) > 1 else 0
        page = table.page_height
        if page is None or first > TALL * page:
            first = min(first, ROOM)   # a tall row is cut here; with no page height, never ask for a page
        self.height = self.heading.getSpaceBefore() + heading + self.heading.getSpaceAfter() + rows[0] + first
        return super().wrap(availWidth, availHeight)
