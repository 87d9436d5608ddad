"""Pontoon score sheet: per deal, the bank's hand and every player's hand (cards, class), stake,
shoot bet, result and payment; the balances after each deal; the kitty's movements; bank changes
and sales; the settle-up. The frame prints the house rules and the findings."""
from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from referee.cards import Card
from referee.pdf import Kit

CLASSES = {"pontoon": "pontoon", "royal_pontoon": "royal pontoon", "five_card_trick": "five card trick",
           "bust": "bust", "twenty_one": "21"}


def _cards(cards: list[str]) -> str:
    return " ".join("??" if c == "??" else Card.parse(c).symbol for c in cards)


def _class(cls: str | None, total: int | None) -> str:
    if cls in CLASSES:
        return CLASSES[cls]
    return str(total) if total else ""


def _signed(n: int) -> str:
    if n > 0:
        return f"+{n}"
    return f"−{-n}" if n < 0 else "0"


def _money(n: int, buy_in: int) -> str:
    return _signed(n) if buy_in == 0 else (f"−{-n}" if n < 0 else str(n))


def _label(rows: list[dict], row: dict) -> str:
    if sum(1 for r in rows if r["player"] == row["player"]) > 1:
        return f"{row['player']} (hand {row['hand']})"
    return row["player"]


def _change(change: dict) -> str:
    if change["reason"] == "pontoon":
        return f"{change['to']} takes the bank from {change['from']} with a pontoon"
    price = change.get("price") or 0
    return (f"{change['from']} sells the bank to {change['to']} for {price}" if price
            else f"{change['from']} gives the bank to {change['to']}")


def sections(view: dict, kit: Kit) -> list[Flowable]:
    settings = view["settings"]
    history = view.get("history", [])
    out: list[Flowable] = [kit.para("Session", kit.heading)]
    first = history[0]["banker"] if history else view["banker"]
    facts = [f"{len(history)} deal{'s' if len(history) != 1 else ''} settled",
             f"first bank: {first}" + (f" (cut {', '.join(f'{n} {Card.parse(c).symbol}' for n, c in view['cut'].items())})"
                                       if view.get("cut") else ""),
             f"stakes {settings['min_stake']} to {settings['max_stake']}"]
    if settings.get("shoot"):
        facts.append(f"Shoot Pontoon, kitty {settings['kitty_min']} to {settings['kitty_max']}")
    if settings.get("buy_in"):
        facts.append(f"buy-in {settings['buy_in']} each")
    facts.append("session ended" if view.get("match_over") else f"bank now with {view['banker']}")
    out.append(kit.para(" · ".join(facts) + "."))
    if view["mode"] == "quick":
        out.append(kit.para("Results only: hands were entered by class, without cards.", kit.small))
    for deal in history:
        out += _deal(deal, settings, kit)
    if not history:
        out.append(kit.para("No deal settled yet."))
    out += _running(view, kit)
    out += _kitty(view, kit)
    out += _bank_changes(view, kit)
    out += _settle_up(view, kit)
    return out


def _deal(deal: dict, settings: dict, kit: Kit) -> list[Flowable]:
    # A deal's heading and bank line stay with the start of its table across a page break.
    heading = ParagraphStyle("deal-heading", parent=kit.heading, keepWithNext=1)
    bank_style = ParagraphStyle("deal-bank", parent=kit.body, keepWithNext=1)
    out: list[Flowable] = [kit.para(f"Deal {deal['deal'] + 1} — bank {deal['banker']}", heading)]
    bank = _cards(deal["banker_hand"]) if deal["banker_hand"] else "entered as a result"
    result = _class(deal["banker_class"], deal["banker_total"])
    if deal["banker_class"] == "bust" and deal["banker_total"] is None:
        result = "bust"
    line = f"Bank: {bank}" + (f" — {result}" if result else "")
    if deal["doubled"]:
        line += " · the bank doubled"
    out.append(kit.para(line, bank_style))
    header = ["Hand", "Cards", "Class", "Stake", "Shoot", "Result", "Paid", "Shoot paid"]
    rows = []
    for row in deal["hands"]:
        rows.append([_label(deal["hands"], row), _cards(row["cards"]), _class(row["class"], row["total"]),
                     row["stake"], row["shoot"] or "", row["why"], _signed(row["amount"]),
                     _signed(row["shoot_amount"]) if row["shoot"] else ""])
    out.append(kit.table(header, rows, [0.12, 0.17, 0.1, 0.07, 0.07, 0.31, 0.07, 0.09]))
    notes = [_change(change) for change in deal.get("bank_changes") or []]
    notes.append("the pack was shuffled before the next deal" if deal["shuffle"] else "no pontoon: the pack was not shuffled")
    balances = ", ".join(f"{name} {_money(amount, settings.get('buy_in', 0))}" for name, amount in deal["balances"].items())
    carried = f"balances {balances}"
    if deal.get("kitty") is not None:
        carried = f"kitty {deal['kitty']}, " + carried
    text = "; ".join(notes)
    out.append(Spacer(1, 1.5 * mm))
    out.append(kit.para(f"{text[:1].upper() + text[1:]}. Carried forward: {carried}.", kit.small))
    return out


def _running(view: dict, kit: Kit) -> list[Flowable]:
    history = view.get("history", [])
    out: list[Flowable] = [kit.para("Running balances", kit.heading)]
    if not history:
        return out + [kit.para("Nothing has been paid yet.")]
    players = view["players"]
    shoot = view["settings"].get("shoot")
    buy_in = view["settings"].get("buy_in", 0)
    header = ["After"] + list(players) + (["Kitty"] if shoot else [])
    rows = []
    for deal in history:
        rows.append([f"deal {deal['deal'] + 1}"] + [_money(deal["balances"][p], buy_in) for p in players]
                    + ([deal["kitty"]] if shoot else []))
    rows.append(["final" if view.get("match_over") else "now"] + [_money(view["balances"][p], buy_in) for p in players]
                + ([view["kitty"]] if shoot else []))
    first = 0.14
    rest = (1 - first) / (len(header) - 1)
    out.append(kit.table(header, rows, [first] + [rest] * (len(header) - 1), bold_last_row=True))
    out.append(Spacer(1, 1.5 * mm))
    out.append(kit.para("A deal's column includes the kitty put-ups, top-ups and bank sales made before the next deal. "
                        "Balances plus the kitty always add up to the buy-ins (PONTOON-LEDGER-2).", kit.small))
    return out


def _kitty(view: dict, kit: Kit) -> list[Flowable]:
    if not view["settings"].get("shoot"):
        return []
    out: list[Flowable] = [kit.para("The kitty", kit.heading)]
    lines = [line for line in view.get("ledger", []) if "kitty" in (line["from"], line["to"])]
    if not lines:
        return out + [kit.para("No kitty was put up.")]
    rows, level = [], 0
    for line in lines:
        level += line["amount"] if line["to"] == "kitty" else -line["amount"]
        rows.append([line["deal"] + 1, line["seq"], f"{line['from']} → {line['to']}", line["amount"], line["reason"], level])
    out.append(kit.table(["Deal", "Entry", "From → to", "Amount", "Why", "Kitty"], rows, [0.07, 0.08, 0.2, 0.1, 0.45, 0.1]))
    return out


def _bank_changes(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = [kit.para("Bank changes and sales", kit.heading)]
    rows, seen = [], set()
    for deal in view.get("history", []):
        for change in deal.get("bank_changes") or []:
            seen.add(change["seq"])
            rows.append([f"deal {deal['deal'] + 1}", change["seq"], change["from"], change["to"],
                         "pontoon" if change["reason"] == "pontoon" else "sale", change.get("price") or ""])
    # A sale before the first deal belongs to no deal's record; its ledger line still shows it.
    for line in view.get("ledger", []):
        if line["kind"] == "sale" and line["seq"] not in seen:
            rows.append(["before the first deal" if not view.get("history") or line["seq"] < view["history"][0]["seq"]
                         else f"deal {line['deal'] + 1}", line["seq"], line["to"], line["from"], "sale", line["amount"]])
    if not rows:
        return out + [kit.para(f"None: {view['banker']} held the bank throughout.")]
    rows.sort(key=lambda row: row[1])
    return out + [kit.table(["After", "Entry", "From", "To", "Why", "Price"], rows, [0.2, 0.1, 0.18, 0.18, 0.18, 0.16])]


def _settle_up(view: dict, kit: Kit) -> list[Flowable]:
    title = "Settle-up" if view.get("match_over") else "Settle-up as things stand"
    out: list[Flowable] = [kit.para(title, kit.heading)]
    transfers = view.get("settle_up") or []
    if not transfers:
        return out + [kit.para("Everyone is square.")]
    out += [kit.para(f"{t['from']} pays {t['to']} {t['amount']}") for t in transfers]
    note = f"{len(transfers)} payment{'s' if len(transfers) != 1 else ''} square everyone"
    if view["settings"].get("shoot") and not view.get("match_over"):
        note += f" (the kitty counted as {view['banker']}'s)"
    out.append(Spacer(1, 1.5 * mm))
    out.append(kit.para(note + " (PONTOON-LEDGER-3).", kit.small))
    return out

