"""Printable score sheets (reportlab). The frame is shared; each game adds its own section
from its replayed state: the ``sheet.py`` of its folder (``sections(view, kit)``, and
``result_line(view)`` where the highest total does not simply win), else ``generic.py``."""
from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Flowable, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from referee.i18n import _, all_of, gettext
from referee.pdf.chart import running_totals_drawing
from referee.pdf.table import RoomForHeading, SheetTable

PAGE_SIZES = {"a4": A4, "letter": LETTER}
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts")
FONT, FONT_BOLD = "DejaVuSans", "DejaVuSans-Bold"
MARGIN = 15 * mm
FRAME_PADDING = 12  # a SimpleDocTemplate frame's padding, top and bottom


def register_fonts() -> None:
    # Helvetica has no ♣♦♥♠; DejaVu Sans has them and is in every Debian (fonts-dejavu-core).
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    for name in (FONT, FONT_BOLD):
        path = next((Path(d) / f"{name}.ttf" for d in FONT_DIRS if (Path(d) / f"{name}.ttf").exists()), None)
        if path is None:
            raise RuntimeError(f"{name}.ttf not found: install Debian's fonts-dejavu-core")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)


def page_kit(page: str) -> Kit:
    """The kit for pages of size ``page`` ("a4", "letter"): as wide as a page within its margins."""
    register_fonts()
    return Kit(width=PAGE_SIZES[page][0] - 2 * MARGIN, height=PAGE_SIZES[page][1] - 2 * MARGIN - FRAME_PADDING - 1)


def document(story: Sequence[Flowable], page: str, title: str = "") -> bytes:
    """``story`` laid out on pages of size ``page`` within the frame's margins, as PDF bytes.
    The story itself is left as it was (reportlab's build uses up the list it is given)."""
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=PAGE_SIZES[page], leftMargin=MARGIN, rightMargin=MARGIN,
                      topMargin=MARGIN, bottomMargin=MARGIN, title=title, author="referee").build(_headed(story))
    return buffer.getvalue()


def _headed(story: Sequence[Flowable]) -> list[Flowable]:
    """The story with each heading over a table kept with the table's first row, not with all
    of it: reportlab keeps a heading with the whole of what follows, and so moved a long table
    and its heading to a fresh page, leaving most of the page before it empty."""
    out: list[Flowable] = []
    for flowable, following in zip(story, [*story[1:], None]):
        if isinstance(following, SheetTable) and flowable.getKeepWithNext():
            # The heading keeps with an empty spacer: the room is made before it instead.
            out += [RoomForHeading(flowable, following), flowable, Spacer(0, 0)]
        else:
            out.append(flowable)
    return out


@dataclass(frozen=True)
class Kit:
    """Styles and helpers a game's section uses, so every sheet looks like one product."""

    width: float  # usable width in points
    # What a fresh page's frame holds, a point under (a row this tall or less is never cut in
    # two: under-measured, a row is at worst cut as before); None cuts rows anywhere.
    height: float | None = None

    @cached_property
    def body(self) -> ParagraphStyle:
        return ParagraphStyle("body", fontName=FONT, fontSize=9.5, leading=12, alignment=TA_LEFT)

    @cached_property
    def small(self) -> ParagraphStyle:
        return ParagraphStyle("small", fontName=FONT, fontSize=8, leading=10)

    @cached_property
    def heading(self) -> ParagraphStyle:
        # Never alone at the foot of a page: a heading goes over with what it heads.
        return ParagraphStyle("heading", fontName=FONT_BOLD, fontSize=12, leading=15, spaceBefore=8, spaceAfter=4,
                              keepWithNext=1)

    @cached_property
    def title(self) -> ParagraphStyle:
        return ParagraphStyle("title", fontName=FONT_BOLD, fontSize=17, leading=21, spaceAfter=4)

    def para(self, text: Any, style: ParagraphStyle | None = None) -> Paragraph:
        return para(text, style or self.body)

    def table(self, header: list[str], rows: Iterable[list[Any]], fractions: list[float] | None = None,
              bold_last_row: bool = False) -> Table:
        """A table with a repeated header row; column widths as fractions of the page.

        A cell, header or not, that fits its column on one line is drawn as plain text (or as an
        ``InkedLine`` where it holds a red suit); only longer ones become wrapping paragraphs. A
        long session's sheet has thousands of cells, and a paragraph's markup parse and line
        breaking were most of its build time."""
        rows = [list(row) for row in rows]
        widths = self._fit_words([self.width * f for f in fractions], [header, *rows]) if fractions else None
        body = [[self._cell(cell, widths[i] if widths else None) for i, cell in enumerate(line)]
                for line in [header, *rows]]
        # A row taller than a page (a hand of many curdles, long names) is split across pages.
        table = SheetTable(body, colWidths=widths, repeatRows=1, hAlign="LEFT", splitInRow=1)
        table.page_height = self.height
        style = [
            ("FONTNAME", (0, 0), (-1, -1), FONT),
            ("FONTSIZE", (0, 0), (-1, -1), self.small.fontSize),
            ("LEADING", (0, 0), (-1, -1), self.small.leading),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e6e0")),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#b0aca2")),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]
        if bold_last_row:
            style.append(("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black))
        table.setStyle(TableStyle(style))
        return table


    def _fit_words(self, widths: list[float], lines: list[list[Any]]) -> list[float]:
        """Column widths widened until each column's longest word fits (a German header such
        as "Einsatz" is never cut in two), taken from the columns with room to spare. Where the
        page cannot hold every word, the widths are left as asked."""
        padding = 12
        needed = [padding + max((pdfmetrics.stringWidth(word, FONT_BOLD, self.small.fontSize)
                                 for line in lines if i < len(line) and line[i] is not None
                                 for word in str(line[i]).split()), default=0)
                  for i in range(len(widths))]
        short = sum(max(0.0, need - width) for need, width in zip(needed, widths))
        spare = [max(0.0, width - need) for need, width in zip(needed, widths)]
        if short == 0 or short > sum(spare):
            return widths
        return [max(need, width - short * room / sum(spare)) if room else max(need, width)
                for need, width, room in zip(needed, widths, spare)]

    def _cell(self, value: Any, width: float | None) -> Any:
        text = "" if value is None else str(value)
        padding = 12  # the table's default cell padding, left and right
        if width is None or "\n" in text or pdfmetrics.stringWidth(text, FONT, self.small.fontSize) > width - padding:
            return self.para(text, self.small)
        return InkedLine(text, self.small) if RED.intersection(text) else text


class InkedLine(Flowable):
    """One line of text that fits its cell, with hearts and diamonds in red: drawn as it would
    be as a one-line paragraph of ``style``, without the paragraph's markup and line breaking."""

    def __init__(self, text: str, style: ParagraphStyle) -> None:
        super().__init__()
        self.text, self.style = text, style

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return available_width, self.style.leading

    def draw(self) -> None:
        style = self.style
        # One text object, as a paragraph draws it, so that the text reads back as one line.
        text = self.canv.beginText(0, style.leading - style.fontSize)  # a paragraph's first baseline
        text.setFont(style.fontName, style.fontSize, style.leading)
        for run in _runs(self.text):
            text.setFillColor(RED_COLOUR if run[0] in RED else style.textColor)
            text.textOut(run)
        self.canv.drawText(text)


def _runs(text: str) -> list[str]:
    """``text`` cut where it turns red or back: "K♥ 7♣" → ["K", "♥", " 7♣"]."""
    runs: list[str] = []
    for char in text:
        if runs and (char in RED) == (runs[-1][0] in RED):
            runs[-1] += char
        else:
            runs.append(char)
    return runs


RED = frozenset("♥♦")
RED_INK = "#b3261e"
RED_COLOUR = colors.HexColor(RED_INK)


def para(text: Any, style: ParagraphStyle) -> Paragraph:
    """A paragraph from plain text (escaped; a Message is shown in the current language), with
    hearts and diamonds in red: the one way sheets and pads write a line of words."""
    return Paragraph(red_suits(escape(str(text))), style)


def red_suits(markup: str) -> str:
    """Paragraph markup with hearts and diamonds in red, as on the cards and the screen."""
    for symbol in RED:
        markup = markup.replace(symbol, f'<font color="{RED_INK}">{symbol}</font>')
    return markup


def _game_module(game: str) -> Any:
    from referee import games
    from referee.pdf import generic

    record = games.registration(game)
    return (record.part("sheet") if record else None) or generic


def scoresheet(match: Any, view: dict[str, Any], game_title: str, page: str = "a4",
               totals: Sequence[Mapping[str, int]] = (), opening: Mapping[str, int] | None = None,
               chart_note: Any = None, corrected: Mapping[int, str] | None = None) -> bytes:
    """The score sheet of one match as PDF bytes; ``totals`` (the running totals after each
    game, hand or deal) are drawn as a chart starting from ``opening``, ``chart_note`` under it.
    ``corrected`` holds each correction's entry as the game words it (by the correction's seq)."""
    kit = page_kit(page)
    created = match.created_at if match.created_at.tzinfo else match.created_at.replace(tzinfo=timezone.utc)
    version, current = getattr(match, "rules_version", 1), _current_rules(view["game"])
    # A message of its own, not nested in another's arguments, where extraction would miss it.
    judged_now = "" if version == current else str(_(" (judged now by version {n})", n=current))
    story: list[Flowable] = [
        kit.para(match.title or _("{game} score sheet", game=game_title), kit.title),
        kit.para(f"{game_title} · {created.astimezone().strftime('%Y-%m-%d %H:%M')} · {_mode_words(view['mode'])}"),
        kit.para(_("Players: {names}", names=", ".join(view["players"]))),
        kit.para(_("Rules: {game}, version {version}{current}", game=game_title, version=version,
                   current=judged_now), kit.small),
        kit.para(gettext("House rules"), kit.heading),
        kit.table([gettext("House rule"), gettext("Setting")], _house_rules(view),
                  [0.5, 0.5]),
    ]
    module = _game_module(view["game"])
    story += module.sections(view, kit)
    # A game where the lowest total wins (or wins are not totals) says its own result line.
    line = module.result_line(view) if hasattr(module, "result_line") else highest_wins(view)
    if line:
        story += [kit.para(gettext("Result"), kit.heading), kit.para(line)]
    drawing = running_totals_drawing(totals, list(view.get("scores") or ()), kit.width, FONT,
                                     view.get("team_names"), opening)
    if drawing is not None:
        # The heading never stands alone at the foot of a page with its chart on the next.
        chart: list[Flowable] = [kit.para(gettext("Running totals"), kit.heading), drawing]
        if chart_note:
            chart.append(kit.para(str(chart_note), kit.small))
        story += [KeepTogether(chart)]
    story += _findings(view, kit)
    story += _disputes(view, kit, corrected or {})
    story.append(Spacer(1, 6 * mm))
    story.append(kit.para(_("Printed {time} by referee after entry {n}.",
                            time=datetime.now(timezone.utc).astimezone().strftime("%Y-%m-%d %H:%M"), n=view["seq"]),
                          kit.small))
    return document(story, page, title=str(_("{title} — score sheet", title=match.title or game_title)))


def _mode_words(mode: str) -> str:
    # Outside the f-string, so the catalog extraction finds both words.
    return gettext("results only") if mode == "quick" else gettext("every card entered")


def _current_rules(game: str) -> int:
    from referee import games

    return games.rules_of(game).rules_version


def _house_rules(view: dict) -> list[list[str]]:
    """Each house rule by its label, in the reader's language, with its setting."""
    from referee import games

    infos = {info.name: info for info in games.rules_of(view["game"]).settings_type.rules()}
    return [[gettext(infos[name].label), infos[name].word(value)]
            for name, value in view["settings"].items() if name in infos]


def highest_wins(view: dict) -> str:
    scores = view.get("scores") or {}
    if not scores:
        return ""
    best = max(scores.values())
    leaders = [name for name, total in scores.items() if total == best]
    names = all_of(leaders)
    if view.get("match_over"):
        if len(leaders) > 1:
            return str(_("{names} tie with {n}.", names=names, n=best))
        return str(_("{names} won with {n}.", names=names, n=best))
    if len(leaders) > 1:
        return str(_("{names} share the lead with {n}.", names=names, n=best))
    return str(_("{names} leads with {n}.", names=names, n=best))



def _findings(view: dict, kit: Kit) -> list[Flowable]:
    findings = view.get("findings") or []
    out: list[Flowable] = [kit.para(gettext("Findings"), kit.heading)]
    if not findings:
        return out + [kit.para(gettext("None: the log proves no breach."))]
    rows = [[f["seq"], f["rule"], f["message"]] for f in findings]
    return out + [kit.table([gettext("Entry"), gettext("Rule"), gettext("What the log proves")], rows,
                            [0.1, 0.2, 0.7])]


def _disputes(view: dict, kit: Kit, corrected: Mapping[int, str]) -> list[Flowable]:
    """Every sheet ends with the dispute record: disputes, rulings and corrections."""
    out: list[Flowable] = [kit.para(gettext("Disputes and corrections"), kit.heading)]
    disputes, corrections = view.get("disputes") or [], view.get("corrections") or []
    refused = view.get("no_longer_accepted") or []
    if not disputes and not corrections and not refused:
        return out + [kit.para(gettext("None."))]
    if disputes:
        rows = [[d["entry"], d["note"], _decision(d["ruling"]), d["ruling"]["reason"] if d["ruling"] else ""]
                for d in disputes]
        out.append(kit.table([gettext("Entry"), gettext("Dispute"), gettext("Ruling"), gettext("Reason")], rows,
                             [0.1, 0.4, 0.15, 0.35]))
    if corrections:
        from referee.actions import Action, describe_fields

        # The game's own words where the caller has them; the fields only as a fallback.
        rows = [[c["seq"], c["entry"],
                 (corrected.get(c["seq"]) or describe_fields(Action(c["action"]))) if c["action"]
                 else gettext("dropped"),
                 ", ".join(map(str, c["dropped"])) or "—"] for c in corrections]
        out.append(Spacer(1, 3 * mm))
        out.append(kit.table([gettext("At entry"), gettext("Corrects entry"), gettext("Now reads"),
                              gettext("Set aside")], rows, [0.12, 0.15, 0.5, 0.23]))
    if refused:
        out.append(Spacer(1, 3 * mm))
        out.append(kit.para(gettext("Entries the current rules no longer accept (they count for nothing):")))
        out.append(kit.table([gettext("Entry"), gettext("Rule"), gettext("Why")],
                             [[r["seq"], r["rule"], r["message"]] for r in refused], [0.12, 0.23, 0.65]))
    return out


def _decision(ruling: dict | None) -> str:
    if ruling is None:
        return gettext("open")
    decision = ruling["decision"]  # upheld / overruled / adjusted, marked for translation in replay.py
    return gettext(decision)
