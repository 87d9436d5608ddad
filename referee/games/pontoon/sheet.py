"""Pontoon score sheet: per deal, the bank's hand and every player's hand (cards, class), stake,
shoot bet, result and payment; the balances after each deal; the kitty's movements; bank changes
and sales; the settle-up. The frame prints the house rules and the findings.

Every word is in the language of whoever prints the sheet: headings and fixed words through
``gettext``/``_``; the "why" of each payment comes translated already from the view."""
from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from referee.cards import Card
from referee.i18n import N_, Message, _, all_of, gettext, n_
from referee.pdf import Kit
from referee.points import points, signed

CLASSES = {"pontoon": N_("pontoon"), "royal_pontoon": N_("royal pontoon"),
           "five_card_trick": N_("five card trick"), "bust": N_("bust")}


def _cards(cards: list[str]) -> str:
    return " ".join("??" if c == "??" else Card.parse(c).symbol for c in cards)


def _class(cls: str | None, total: int | None) -> str:
    if cls in CLASSES:
        return gettext(CLASSES[cls])
    if cls == "twenty_one":
        return "21"
    return str(total) if total else ""


def _money(n: int, buy_in: int) -> str:
    return signed(n) if buy_in == 0 else points(n)


def _party(name: str) -> str:
    """A ledger party: a player's name, or the kitty in the sheet's language."""
    return gettext("kitty") if name == "kitty" else name


def _label(rows: list[dict], row: dict) -> str | Message:
    if sum(1 for r in rows if r["player"] == row["player"]) > 1:
        return _("{player} (hand {n})", player=row["player"], n=row["hand"])
    return row["player"]


def _change(change: dict) -> Message:
    if change["reason"] == "pontoon":
        return _("{new} takes the bank from {old} with a pontoon", new=change["to"], old=change["from"])
    price = change.get("price") or 0
    if price:
        return _("{old} sells the bank to {new} for {price}", old=change["from"], new=change["to"], price=price)
    return _("{old} gives the bank to {new}", old=change["from"], new=change["to"])


def _why_and_price(change: dict) -> tuple[str, str | int]:
    """A bank change's reason and price as the table lists them: a "sale" for nothing is the
    bank given away, and says so."""
    if change["reason"] == "pontoon":
        return gettext("pontoon"), ""
    price = change.get("price") or 0
    return (gettext("sale"), price) if price else (gettext("given away"), "—")


def sections(view: dict, kit: Kit) -> list[Flowable]:
    settings = view["settings"]
    history = view.get("history", [])
    out: list[Flowable] = [kit.para(gettext("Session"), kit.heading)]
    first = history[0]["banker"] if history else view["banker"]
    if view.get("cut"):
        cut = ", ".join(f"{n} {Card.parse(c).symbol}" for n, c in view["cut"].items())
        first_bank = _("first bank: {banker} (cut {cut})", banker=first, cut=cut)
    else:
        first_bank = _("first bank: {banker}", banker=first)
    facts = [n_("{n} deal settled", "{n} deals settled", len(history), n=len(history)), first_bank,
             _("stakes {low} to {high}", low=settings["min_stake"], high=settings["max_stake"])]
    if settings.get("shoot"):
        facts.append(_("Shoot Pontoon, kitty {low} to {high}", low=settings["kitty_min"], high=settings["kitty_max"]))
    if settings.get("buy_in"):
        facts.append(_("buy-in {n} each", n=settings["buy_in"]))
    facts.append(_("session ended") if view.get("match_over") else _("bank now with {banker}", banker=view["banker"]))
    out.append(kit.para(" · ".join(str(f) for f in facts) + "."))
    if view["mode"] == "quick":
        out.append(kit.para(gettext("Results only: hands were entered by class, without cards."), kit.small))
    for deal in history:
        out += _deal(deal, settings, kit)
    if not history:
        out.append(kit.para(gettext("No deal settled yet.")))
    out += _running(view, kit)
    out += _kitty(view, kit)
    out += _bank_changes(view, kit)
    out += _settle_up(view, kit)
    return out


def _deal(deal: dict, settings: dict, kit: Kit) -> list[Flowable]:
    # A deal's heading and bank line stay with the start of its table across a page break.
    heading = ParagraphStyle("deal-heading", parent=kit.heading, keepWithNext=1)
    bank_style = ParagraphStyle("deal-bank", parent=kit.body, keepWithNext=1)
    out: list[Flowable] = [kit.para(_("Deal {deal} — bank {banker}", deal=deal["deal"] + 1, banker=deal["banker"]),
                                    heading)]
    bank = _cards(deal["banker_hand"]) if deal["banker_hand"] else gettext("entered as a result")
    result = _class(deal["banker_class"], deal["banker_total"])
    if deal["banker_class"] == "bust" and deal["banker_total"] is None:
        result = gettext("bust")
    line = str(_("Bank: {bank} — {result}", bank=bank, result=result) if result else _("Bank: {bank}", bank=bank))
    if deal["doubled"]:
        line += " · " + gettext("the bank doubled")
    out.append(kit.para(line, bank_style))
    header = [gettext("Hand"), gettext("Cards"), gettext("Class"), gettext("Stake"), gettext("Shoot"),
              gettext("Result"), gettext("Paid"), gettext("Shoot paid")]
    rows = []
    for row in deal["hands"]:
        rows.append([_label(deal["hands"], row), _cards(row["cards"]), _class(row["class"], row["total"]),
                     row["stake"], row["shoot"] or "", row["why"], signed(row["amount"]),
                     signed(row["shoot_amount"]) if row["shoot"] else ""])
    out.append(kit.table(header, rows, [0.12, 0.17, 0.1, 0.07, 0.07, 0.31, 0.07, 0.09]))
    notes = [str(_change(change)) for change in deal.get("bank_changes") or []]
    notes.append(gettext("the pack was shuffled before the next deal") if deal["shuffle"]
                 else gettext("no pontoon: the pack was not shuffled"))
    balances = ", ".join(f"{name} {_money(amount, settings.get('buy_in', 0))}"
                         for name, amount in deal["balances"].items())
    if deal.get("kitty") is not None:
        carried = _("kitty {kitty}, balances {balances}", kitty=deal["kitty"], balances=balances)
    else:
        carried = _("balances {balances}", balances=balances)
    text = "; ".join(notes)
    out.append(Spacer(1, 1.5 * mm))
    out.append(kit.para(_("{notes}. Carried forward: {carried}.", notes=text[:1].upper() + text[1:], carried=carried),
                        kit.small))
    return out


def _running(view: dict, kit: Kit) -> list[Flowable]:
    history = view.get("history", [])
    out: list[Flowable] = [kit.para(gettext("Running balances"), kit.heading)]
    if not history:
        return out + [kit.para(gettext("Nothing has been paid yet."))]
    players = view["players"]
    shoot = view["settings"].get("shoot")
    buy_in = view["settings"].get("buy_in", 0)
    header = [gettext("After")] + list(players) + ([gettext("Kitty")] if shoot else [])
    rows = []
    for deal in history:
        rows.append([_("deal {deal}", deal=deal["deal"] + 1)] + [_money(deal["balances"][p], buy_in) for p in players]
                    + ([deal["kitty"]] if shoot else []))
    rows.append([gettext("final") if view.get("match_over") else gettext("now")]
                + [_money(view["balances"][p], buy_in) for p in players]
                + ([view["kitty"]] if shoot else []))
    first = 0.14
    rest = (1 - first) / (len(header) - 1)
    out.append(kit.table(header, rows, [first] + [rest] * (len(header) - 1), bold_last_row=True))
    out.append(Spacer(1, 1.5 * mm))
    out.append(kit.para(gettext("Kitty put-ups, top-ups and bank sales made between two deals count in the coming "
                                "deal: a deal's row is the money as it was settled. Balances plus the kitty always "
                                "add up to the buy-ins (PONTOON-LEDGER-2)."), kit.small))
    return out


def _kitty(view: dict, kit: Kit) -> list[Flowable]:
    if not view["settings"].get("shoot"):
        return []
    out: list[Flowable] = [kit.para(gettext("The kitty"), kit.heading)]
    lines = [line for line in view.get("ledger", []) if "kitty" in (line["from"], line["to"])]
    if not lines:
        return out + [kit.para(gettext("No kitty was put up."))]
    rows, level = [], 0
    deal_of, coming = _deal_of_entries(view), len(view.get("history", []))
    for line in lines:
        level += line["amount"] if line["to"] == "kitty" else -line["amount"]
        rows.append([deal_of.get(line["seq"], coming) + 1, line["seq"],
                     f"{_party(line['from'])} → {_party(line['to'])}", line["amount"], line["reason"], level])
    out.append(kit.table([gettext("Deal"), gettext("Entry"), gettext("From → to"), gettext("Amount"), gettext("Why"),
                          gettext("Kitty")], rows, [0.07, 0.08, 0.2, 0.1, 0.45, 0.1]))
    return out


def _deal_of_entries(view: dict) -> dict[int, int]:
    """The deal each settled deal's lines count in, by entry, as the view's history lists them
    (its ``payments``). A line in no row counts in the deal in play or the coming one: the
    next row to be written."""
    return {line["seq"]: row["deal"] for row in view.get("history", []) for line in row["payments"]}


def _bank_changes(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = [kit.para(gettext("Bank changes and sales"), kit.heading)]
    rows, seen = [], set()
    for deal in view.get("history", []):
        for change in deal.get("bank_changes") or []:
            seen.add(change["seq"])
            rows.append([_("deal {deal}", deal=deal["deal"] + 1), change["seq"], change["from"], change["to"],
                         *_why_and_price(change)])
    # A sale before the first deal belongs to no deal's record; its ledger line still shows it.
    for line in view.get("ledger", []):
        if line["kind"] == "sale" and line["seq"] not in seen:
            rows.append([gettext("before the first deal")
                         if not view.get("history") or line["seq"] < view["history"][0]["seq"]
                         else _("deal {deal}", deal=line["deal"] + 1),
                         line["seq"], line["to"], line["from"], gettext("sale"), line["amount"]])
    if not rows:
        return out + [kit.para(_("None: {banker} held the bank throughout.", banker=view["banker"]))]
    rows.sort(key=lambda row: row[1])
    return out + [kit.table([gettext("After"), gettext("Entry"), gettext("From"), gettext("To"), gettext("Why"),
                             gettext("Price")], rows, [0.2, 0.1, 0.18, 0.18, 0.18, 0.16])]


def _settle_up(view: dict, kit: Kit) -> list[Flowable]:
    title = gettext("Settle-up") if view.get("match_over") else gettext("Settle-up as things stand")
    out: list[Flowable] = [kit.para(title, kit.heading)]
    transfers = view.get("settle_up") or []
    if not transfers:
        return out + [kit.para(gettext("Everyone is square."))]
    out += [kit.para(_("{payer} pays {payee} {amount}", payer=t["from"], payee=t["to"], amount=t["amount"]))
            for t in transfers]
    if view["settings"].get("shoot") and not view.get("match_over"):
        note = n_("{n} payment squares everyone (the kitty counted as {banker}'s) (PONTOON-LEDGER-3).",
                  "{n} payments square everyone (the kitty counted as {banker}'s) (PONTOON-LEDGER-3).",
                  len(transfers), n=len(transfers), banker=view["banker"])
    else:
        note = n_("{n} payment squares everyone (PONTOON-LEDGER-3).",
                  "{n} payments square everyone (PONTOON-LEDGER-3).", len(transfers), n=len(transfers))
    out.append(Spacer(1, 1.5 * mm))
    out.append(kit.para(note, kit.small))
    return out


def result_line(view: dict) -> str:
    """Who is ahead by the settle-up's measure (against the buy-in, the kitty counted as the
    banker's), as the board says it: the most money in front of a player is not the lead
    while the banker's kitty is on the table."""
    if view.get("match_result"):
        return str(view["match_result"]["headline"])
    leaders = view.get("leaders") or []
    if not leaders:
        return gettext("As things stand, nobody is ahead: the settle-up is square.")
    # The settle-up's payments square every position: a player's are what they stand at.
    ahead = sum(t["amount"] for t in view["settle_up"] if t["to"] == leaders[0]) \
        - sum(t["amount"] for t in view["settle_up"] if t["from"] == leaders[0])
    return str(n_("As things stand, {names} is furthest ahead: {amount}.",
                  "As things stand, {names} are furthest ahead: {amount} each.", len(leaders),
                  names=all_of(leaders), amount=signed(ahead)))
