"""Reverse Bridge score sheet: the teams, a bridge-style score pad (per hand: dealer,
contract, bidding team, tricks, both scores, running totals), the audit's findings and the
table's adjustments by hand, and the trick record of every hand played card by card.

Also the printable scoring table (the source's Table 1), served by the routes in ``web.py``.
"""
from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from referee import pdf
from referee.cards import Card
from referee.i18n import N_, _, all_of, gettext, n_
from referee.pdf import Kit

TEAMS = ("NS", "EW")
# The keys of the view's "seats", and the seat names shown (German: Nord, Ost, Süd, West).
SEATS = (N_("North"), N_("East"), N_("South"), N_("West"))
TEAM_NAMES = {"NS": N_("NS"), "EW": N_("EW")}


def _team(team: str) -> str:
    """A team in a narrow column: NS, EW (German NS, OW); the teams section spells them out."""
    return gettext(TEAM_NAMES[team])


def _game_word(translated: str) -> str:
    """A bare word whose German differs between games ("Hand" is a round here, the cards held in
    Pontoon): its msgid carries the game, "Reverse Bridge|Hand", so it never overrides another
    game's translation of "Hand" in the shared catalog; untranslated, the word after the bar."""
    return translated.split("|", 1)[-1]


def _hand() -> str:
    return _game_word(gettext("Reverse Bridge|Hand"))


def _seat_letter(seat: str) -> str:
    """N, E, S, W (German: N, O, S, W)."""
    return gettext(seat)[:1]


def _card(text: str | None) -> str:
    return Card.parse(text).symbol if text else ""


def _contract(hand: dict) -> str:
    contract = hand["contract"]
    if contract["bidder"] is None:          # a quick entry that named the bidding team only
        return contract["text"]
    return str(_("{bid} by {player}", bid=contract["text"], player=contract["bidder"]))


def _opponents_tricks(hand: dict) -> str:
    adjusted = hand.get("adjusted")
    if adjusted is None:
        return str(hand["opponents_tricks"])
    played = hand["tricks"][hand["contract"]["opponents"]]
    return str(_("{tricks} (adjusted; {played} played)", tricks=adjusted["tricks"], played=played))


def sections(view: dict, kit: Kit) -> list[Flowable]:
    seats, teams = view.get("seats", {}), view.get("teams", {})
    out: list[Flowable] = [kit.para(gettext("Teams"), kit.heading)]
    for team in TEAMS:
        members = [str(_("{player} ({seat})", player=name, seat=gettext(seat)))
                   for seat, name in seats.items() if name in teams.get(team, [])]
        out.append(kit.para(_("{team} ({short}): {members} · match total {total}", team=view["team_names"][team],
                              short=_team(team), members=all_of(members), total=view["scores"].get(team, 0))))
    out += _score_pad(view, kit)
    out += _adjustments(view, kit)
    out += _audit(view, kit)
    out += _trick_records(view, kit)
    return out


def _score_pad(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = [kit.para(gettext("Score pad"), kit.heading)]
    history = view.get("history", [])
    if not history:
        out.append(kit.para(gettext("No hand finished yet.")))
    else:
        ns, ew = _team("NS"), _team("EW")
        dealer = _game_word(gettext("Reverse Bridge|Dealer"))
        header = [_hand(), dealer, gettext("Contract"), gettext("Bidding team"),
                  str(_("Tricks {ns}–{ew}", ns=ns, ew=ew)), gettext("Opponents' tricks scored"), ns, ew,
                  str(_("{team} total", team=ns)), str(_("{team} total", team=ew))]
        rows, running = [], {team: 0 for team in TEAMS}
        for hand in history:
            for team in TEAMS:
                running[team] += hand["scores"][team]
            rows.append([hand["deal"] + 1, hand["dealer"], _contract(hand), _team(hand["bidding_team"]),
                         f"{hand['tricks']['NS']}–{hand['tricks']['EW']}", _opponents_tricks(hand),
                         hand["scores"]["NS"], hand["scores"]["EW"], running["NS"], running["EW"]])
        rows.append([gettext("Total"), "", "", "", "", "", "", "", view["scores"]["NS"], view["scores"]["EW"]])
        out.append(kit.table(header, rows, [0.09, 0.11, 0.14, 0.1, 0.09, 0.12, 0.07, 0.07, 0.105, 0.105],
                             bold_last_row=True))
    extra = [str(_("{played} of {hands} hands played", played=view.get("hands_played", len(history)),
                   hands=view["hands"]))]
    if view.get("passed_out"):
        extra.append(str(_("{n} thrown in after four passes (not counted)", n=view["passed_out"])))
    out.append(kit.para(" · ".join(extra) + ".", kit.small))
    return out


def _adjustments(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = [kit.para(gettext("Adjustments"), kit.heading)]
    rows = []
    for hand in view.get("history", []):
        adjusted = hand.get("adjusted")
        if adjusted is None:
            continue
        opponents = hand["contract"]["opponents"]
        rows.append([hand["deal"] + 1, adjusted["seq"], f"{_team(opponents)}: {hand['tricks'][opponents]}",
                     f"{_team(opponents)}: {adjusted['tricks']}", adjusted["reason"]])
    if not rows:
        return out + [kit.para(gettext("None: every hand scored as played."))]
    header = [_hand(), gettext("Entry"), gettext("Tricks as played"), gettext("Counted as"),
              gettext("Reason")]
    return out + [kit.table(header, rows, [0.08, 0.08, 0.15, 0.13, 0.56])]


def _audit(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = [kit.para(gettext("Audit by hand"), kit.heading)]
    rows = []
    played = [h for h in view.get("history", []) if not h.get("quick")]
    for hand in played:
        for finding in hand["findings"]:
            found = (gettext("at the end of the hand") if finding["source"] == "audit"
                     else str(_("at entry {entry}, confirmed at the end", entry=finding["seq"])))
            rows.append([hand["deal"] + 1, finding["trick"], finding["player"], _card(finding["card"]),
                         finding["obliged"], finding["rule"], found])
    if not played:
        return out + [kit.para(gettext("No hand was played card by card."))]
    if not rows:
        return out + [kit.para(n_("No breach: the hand played card by card followed suit and forced capture.",
                                  "No breach: all {n} hands played card by card followed suit and forced capture.",
                                  len(played), n=len(played)))]
    header = [_hand(), gettext("Trick"), gettext("Player"), gettext("Card"), gettext("Had to"),
              gettext("Rule"), gettext("Found")]
    return out + [kit.table(header, rows, [0.08, 0.07, 0.12, 0.07, 0.37, 0.12, 0.17])]


def result_line(view: dict) -> str:
    """The sheet's result line, with the teams in words: "North–South lead with 19."."""
    if view.get("match_result"):
        return view["match_result"]["headline"]
    leaders = view.get("leaders") or []
    if not leaders:
        return ""
    best = view["scores"][leaders[0]]
    if len(leaders) > 1:
        return str(_("The teams are level at {n}.", n=best))
    return str(_("{team} lead with {n}.", team=view["team_names"][leaders[0]], n=best))


def _trick_records(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = []
    seats = view.get("seats", {})
    names = [seats.get(seat, "") for seat in SEATS]
    for hand in view.get("history", []):
        record = hand.get("tricks_record") or []
        if not record:
            continue
        if not out:
            out.append(kit.para(gettext("Trick record"), kit.heading))
        breaches = {(f["trick"], f["player"]) for f in hand["findings"]}
        contract = hand["contract"]
        if len(out) > 1:
            out.append(Spacer(1, 3 * mm))
        out.append(kit.para(_("Hand {hand}: {bid} by {player} ({team}), {leader} led; * marks a breach.",
                              hand=hand["deal"] + 1, bid=contract["text"], player=contract["bidder"],
                              team=_team(contract["team"]), leader=contract["leader"]), kit.small))
        rows = []
        for trick in record:
            by_player = {play["player"]: play["card"] for play in trick["cards"]}
            cells = []
            for name in names:
                text = _card(by_player.get(name))
                if (trick["number"], name) in breaches:
                    text += " *"
                cells.append(text)
            rows.append([trick["number"], trick["leader"], *cells, trick["winner"]])
        header = ([gettext("Trick"), gettext("Leader")]
                  + [f"{name} ({_seat_letter(seat)})" for seat, name in zip(SEATS, names)] + [gettext("Won by")])
        out.append(kit.table(header, rows, [0.08, 0.16, 0.14, 0.14, 0.14, 0.14, 0.2]))
    return out


# --- the scoring table -----------------------------------------------------------------------

def scoring_table_pdf(groups: list[dict[str, Any]], page: str = "a4") -> bytes:
    """One page: the three denomination groups, opponents' tricks 0-13 down, levels across,
    each cell "bidders / opponents"."""
    kit = pdf.page_kit(page)
    story: list[Flowable] = [
        kit.para(gettext("Reverse Bridge scoring table"), kit.title),
        kit.para(gettext("Level of the final bid across, tricks taken by the bidding team's opponents down. "
                         "Each cell: bidding team's points / opponents' points (RB-SCORE-2, RB-SCORE-3). "
                         "Shaded: the opponents reached the level, so the bidders score.")),
    ]
    corner = gettext("Opp. tricks")
    # The first column fits its header in every language (German "Gegnerstiche" is the longest).
    first = max(20 * mm, pdfmetrics.stringWidth(corner, pdf.FONT_BOLD, 7.5) + 4)
    for group in groups:
        story.append(kit.para(_("Bids in {symbols} ({name})", symbols=group["symbols"], name=group["name"]),
                              kit.heading))
        header = [corner] + [str(level) for level in group["levels"]]
        body = [header] + [[str(row["tricks"])] + [f"{b} / {o}" for b, o in row["cells"]] for row in group["rows"]]
        widths = [first] + [(kit.width - first) / len(group["levels"])] * len(group["levels"])
        style = [
            ("FONTNAME", (0, 0), (-1, -1), pdf.FONT), ("FONTSIZE", (0, 0), (-1, -1), 7.5),
            ("LEADING", (0, 0), (-1, -1), 8.5),
            ("FONTNAME", (0, 0), (-1, 0), pdf.FONT_BOLD), ("FONTNAME", (0, 0), (0, -1), pdf.FONT_BOLD),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e6e0")),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
            ("LINEAFTER", (0, 0), (0, -1), 0.8, colors.black),
            ("GRID", (1, 1), (-1, -1), 0.25, colors.HexColor("#b0aca2")),
            ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), 1), ("RIGHTPADDING", (0, 0), (-1, -1), 1),
        ]
        for r, row in enumerate(group["rows"], start=1):
            for col, (bidders, _opponents) in enumerate(row["cells"], start=1):
                if bidders:
                    style.append(("BACKGROUND", (col, r), (col, r), colors.HexColor("#e4eef6")))
        table = Table(body, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(style))
        story.append(table)
    return pdf.document(story, page, title=gettext("Reverse Bridge scoring table"))
