"""The JSON state of a Pontoon match (docs/api-pontoon.md).

Only cards the table has entered are shown; a card dealt face down and not yet entered is
"??". Balances and the kitty are what the ledger's lines add up to (the ``Ledger`` carries the
sums as its lines are written); each deal's sums and the settle-up are added up here, never
stored. Texts for people (a hand's label, why a hand was paid, a payment's reason) are Messages
in the state and become text here, in the language of whoever is looking.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, overload

from referee.games.pontoon import hands as H
from referee.games.pontoon.ledger import KITTY, Line, balances, kitty, settle_up
from referee.games.pontoon.state import (
    BUST,
    IN_DEAL,
    LOST,
    MATCH_OVER,
    PLAYERS,
    SHOOT,
    STANDING,
    WON,
    BankChange,
    DealRecord,
    Hand,
    Row,
    State,
    buy_range,
    card_texts,
    class_of,
    entered,
    hand_label,
    hand_number,
    public_cards,
    shoot_room,
    shoot_turn,
    turn_of,
)
from referee.i18n import _, all_of, n_
from referee.points import signed
from referee.rendered import Rendered, Rows

# A ledger line or a settled hand never changes once made, and views list them again and again
# (the ledger, and each finished deal's hands and payments): each is put in words once per wording.
SHOWN = Rendered(maxsize=40_000)
OUTCOMES = Rendered(maxsize=512)


def shown(record: Line | Row) -> dict[str, Any]:
    """The record as the view shows it (shared: read-only)."""
    return SHOWN.get(record, None, record.as_dict)


def _net(lines: list[Line], players: tuple[str, ...]) -> dict[str, int]:
    return {name: value for name, value in balances(lines, players, 0).items()}


def _hand_view(state: State, i: int) -> dict[str, Any]:
    hand = state.hands[i]
    known = hand.entered
    cls = class_of(known, state.settings) if known else None
    return {
        "player": hand.player,
        "hand": hand_number(state.hands, i),
        "cards": card_texts(public_cards(hand)),
        "stake": hand.stake,
        "first_stake": hand.first_stake,
        "bought": list(hand.buys),
        "shoot": hand.shoot,
        "status": hand.status,
        "stuck": hand.status in (STANDING, WON, LOST),
        "bust": hand.status == BUST or (cls is not None and cls.kind == H.BUST),
        "pontoon": hand.declared or (cls is not None and cls.kind in (H.PONTOON, H.ROYAL_PONTOON)),
        "five_card_trick": cls is not None and cls.kind == H.FIVE_CARD_TRICK,
        "class": cls.kind if cls else None,
        "total": cls.total if cls else None,
        "split": hand.split,
        "twisted": hand.twisted,
        "burned": [card_texts(b.cards) for b in hand.burns],
        "revealed": hand.revealed_seq is not None,
        "to_reveal": hand.status == STANDING and not hand.fully_known,
    }


def _banker_pontoon(state: State) -> bool:
    cards = entered(state.banker_cards)
    return (state.banker_revealed and cards is not None and len(cards) == 2
            and H.is_pontoon(cards, state.settings.pontoon_ranking))


def _next_banker(state: State) -> str:
    """Who banks the next deal as things stand (NEXT-2); provisional while a deal is played."""
    if state.phase not in IN_DEAL or _banker_pontoon(state):
        return state.banker
    for hand in state.hands:
        known = hand.entered
        if hand.status != BUST and known and not hand.split:
            if class_of(known, state.settings).kind in (H.PONTOON, H.ROYAL_PONTOON):
                return hand.player
    return state.banker


def _shuffle(state: State) -> bool:
    if state.phase not in IN_DEAL:
        return state.shuffle
    return _banker_pontoon(state) or any(_pontoon_shown(state, h) for h in state.hands)


def _pontoon_shown(state: State, hand: Hand) -> bool:
    """A hand still in whose known cards make a pontoon (or royal pontoon)."""
    known = hand.entered
    if not known or hand.status == BUST:
        return False
    return class_of(known, state.settings).kind in (H.PONTOON, H.ROYAL_PONTOON)


def _can_draw(hand: Hand) -> bool:
    return len(hand.cards) < H.FIVE_CARDS and H.minimum_total(hand.cards) < 21


def _can_buy(state: State, hand: Hand) -> bool:
    """The hand in turn may buy its next card (TURN-3, TURN-4, TURN-7, VARIANT-5)."""
    if hand.twisted or not _can_draw(hand):
        return False
    known = hand.entered
    return not (state.settings.four_card_eleven and len(hand.cards) == 4 and known is not None
                and H.low_total(known) <= 11)


def _shoot_turn(state: State) -> str | None:
    """Who bets or declines next in the first-card shoot round (SHOOT-2); None once the round
    is over, or when the kitty has no room left for a bet."""
    if state.phase != SHOOT or shoot_room(state) <= 0:
        return None
    i = shoot_turn(state.hands)
    return state.hands[i].player if i is not None else None


@dataclass(frozen=True)
class DealSums:
    """One finished deal as the view shows it, added up from the lines that count in it."""

    record: DealRecord
    lines: tuple[Line, ...]          # the payments that count in this deal (``deal_lines``)
    balances: dict[str, int]         # every player's money after them
    kitty: int                       # and the kitty's
    settled: dict[str, int]          # every player's money as the deal was settled
    settled_kitty: int
    changes: tuple[BankChange, ...]  # bank changes after it (deal 0: also before the first deal)


def _put_up_for(state: State, deal: int) -> tuple[Line, ...]:
    """The lines entered after deal ``deal - 1`` was settled and before deal ``deal`` began (a
    kitty put up or topped up, a bank sale and the kitty the seller takes back). The engine
    writes them under the deal just settled; they count in the coming one, like the kitty put
    up before the first deal (SHOOT-1, SHOOT-8: "before each new deal"), so a settled deal's
    figures never change afterwards."""
    if deal == 0 or deal > len(state.history):
        return ()
    settled_at = state.history[deal - 1].seq
    return tuple(line for line in state.ledger.of_deal(deal - 1) if line.seq > settled_at)


def _closes_session(state: State, record: DealRecord) -> bool:
    """The session ended after this deal: what was entered after it (the kitty handed back at
    the end, a top-up or sale with no deal to follow) has no coming deal and counts in it."""
    return state.phase == MATCH_OVER and record.deal == state.deal


def deal_lines(state: State, record: DealRecord) -> tuple[Line, ...]:
    """The lines that count in a settled deal: those put up for it between the deals, its own
    up to its settlement, and, for the last deal of an ended session, what followed it."""
    closes = _closes_session(state, record)
    own = tuple(line for line in state.ledger.of_deal(record.deal) if closes or line.seq <= record.seq)
    return _put_up_for(state, record.deal) + own


class Deals(Sequence[DealSums]):
    """Every finished deal with its payments and the money after it, oldest first, each added
    up when it is read from the lines of that deal and the one before it (``deal_lines``) and the
    money the ledger carries from before it (issue 17: a long match stays cheap to show; a view
    reads its newest deals only)."""

    def __init__(self, state: State) -> None:
        self._state = state
        changes: dict[int, list[BankChange]] = {}
        for change in state.bank_changes:
            # A change before the first deal belongs to deal 0, like the lines made then.
            changes.setdefault(change.after_deal or 0, []).append(change)
        self._changes = changes

    def __len__(self) -> int:
        return len(self._state.history)

    @overload
    def __getitem__(self, index: int) -> DealSums: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[DealSums, ...]: ...
    def __getitem__(self, index: int | slice) -> DealSums | tuple[DealSums, ...]:
        if isinstance(index, slice):
            return tuple(map(self._sums, self._state.history[index]))
        return self._sums(self._state.history[index])

    def _sums(self, record: DealRecord) -> DealSums:
        state, buy_in = self._state, self._state.settings.buy_in
        moved, settled_pot = state.ledger.before_deal(record.deal)
        settled = {name: buy_in + moved.get(name, 0) for name in state.players}
        for line in state.ledger.of_deal(record.deal):
            if line.seq <= record.seq:  # not the lines written between the settling and the next deal
                settled_pot += _move(settled, line)
        # The lines put up for this deal came before it and are in ``before_deal``: the money as
        # it was settled is the money after the lines that count in it, unless the session ended
        # after it and what followed counts in it too.
        money, pot = dict(settled), settled_pot
        if _closes_session(state, record):
            money, pot = balances(state.ledger, state.players, buy_in), kitty(state.ledger)
        return DealSums(record, deal_lines(state, record), money, pot, settled, settled_pot,
                        tuple(self._changes.get(record.deal, ())))


def per_deal(state: State) -> Deals:
    """Every finished deal with its payments and the money after it, oldest first."""
    return Deals(state)


def _move(money: dict[str, int], line: Line) -> int:
    """One line into the players' money; what it did to the kitty."""
    if line.frm == KITTY:
        pot = -line.amount
    else:
        money[line.frm] -= line.amount
        pot = 0
    if line.to == KITTY:
        pot += line.amount
    else:
        money[line.to] += line.amount
    return pot


def deal_result(deal: DealSums, players: tuple[str, ...]) -> dict[str, int]:
    """What each player won or lost in the deal itself: stakes with the bank and shoot bets with
    the kitty, the kitty counted as the banker's. Kitty top-ups and bank sales are not results."""
    result = dict.fromkeys(players, 0)
    banker = deal.record.banker
    for line in deal.lines:
        if line.kind not in ("stake", "shoot") or line.seq > deal.record.seq:
            continue
        frm = banker if line.frm == KITTY else line.frm
        to = banker if line.to == KITTY else line.to
        result[frm] -= line.amount
        result[to] += line.amount
    return result


def _history(state: State, sums: Sequence[DealSums]) -> Rows[dict[str, Any]]:
    """Every finished deal as the view shows it, each put in words only where it is read (an
    answer of the API reads the newest few)."""
    return Rows(sums, lambda deal: _history_entry(state, deal))


def _history_entry(state: State, deal: DealSums) -> dict[str, Any]:
    record = deal.record
    change_views = [{"from": c.frm, "to": c.to, "reason": c.reason, "price": c.price, "seq": c.seq}
                    for c in deal.changes]
    return {
        "deal": record.deal,
        "dealer": record.banker,
        "banker": record.banker,
        "hands": [shown(row) for row in record.rows],
        "banker_hand": list(record.banker_hand),
        "banker_class": record.banker_class,
        "banker_total": record.banker_total,
        "doubled": record.doubled,
        "shuffle": record.shuffle,
        "payments": [shown(line) for line in deal.lines],
        "balances": deal.balances,
        "kitty": deal.kitty if state.settings.shoot else None,
        "bank_change": change_views[-1] if change_views else None,
        "bank_changes": change_views,
        "scores": _net(list(deal.lines), state.players),
        "seq": record.seq,
    }


def running_totals(state: State, sums: Sequence[DealSums] | None = None) -> tuple[dict[str, int], ...]:
    """Every player's money after each settled deal, oldest first: the balances, with what is
    in the kitty counted as the banker's (as the settle-up counts it)."""
    return tuple(_money_after(deal) for deal in (per_deal(state) if sums is None else sums))


def _money_after(deal: DealSums) -> dict[str, int]:
    money = dict(deal.settled)
    money[deal.record.banker] += deal.settled_kitty
    return money


def net_positions(state: State, money: dict[str, int], in_kitty: int, banker: str) -> dict[str, int]:
    """Each player's position against the buy-in, the kitty counted as the banker's money (the
    settle-up's measure, LEDGER-3)."""
    net = {name: money[name] - state.settings.buy_in for name in state.players}
    net[banker] += in_kitty
    return net


def _settle_words(name: str, transfers: list[tuple[str, str, int]]) -> str:
    """What the settle-up asks of one player, in words."""
    parts = []
    for frm, to, amount in transfers:
        if frm == name:
            parts.append(str(_("pays {player} {amount}", player=to, amount=amount)))
        elif to == name:
            parts.append(str(_("gets {amount} from {player}", player=frm, amount=amount)))
    return "; ".join(parts) if parts else str(_("square"))


def _leaders(net: dict[str, int]) -> list[str]:
    best = max(net.values()) if net else 0
    if all(v == best for v in net.values()):
        return []
    return [name for name, v in net.items() if v == best]


def _outcome(state: State, sums: Sequence[DealSums], money: dict[str, int],
             transfers: list[tuple[str, str, int]]) -> dict[str, Any] | None:
    """The latest settled deal: who won the most in it and why, then each player's result of the
    deal, balance and part in the settle-up (issue 12: Pontoon's ends are the balances and the
    settle-up)."""
    if not sums:
        return None
    last = sums[-1]
    # Between two settlements every answer shows the same outcome: worded once per wording.
    context = (state.players, state.settings.buy_in, tuple(money.items()), tuple(transfers))
    return OUTCOMES.get(last.record, context, partial(_worded_outcome, state, last, money, transfers))


def _worded_outcome(state: State, last: DealSums, money: dict[str, int],
                    transfers: list[tuple[str, str, int]]) -> dict[str, Any]:
    record = last.record
    scores = deal_result(last, state.players)
    best = max(scores.values())
    winners = [name for name in state.players if scores[name] == best] if best > 0 else []
    number = record.deal + 1
    if not winners:
        headline = _("Deal {n}: no money changed hands.", n=number)
    elif len(winners) == 1 and winners[0] == record.banker:
        headline = _("Deal {n}: the bank ({banker}) wins {amount} from the table.", n=number,
                     banker=record.banker, amount=best)
    else:
        headline = n_("Deal {n}: {names} wins the most, {amount}, against {banker}'s bank.",
                      "Deal {n}: {names} win the most, {amount} each, against {banker}'s bank.",
                      len(winners), n=number, names=all_of(winners), amount=best, banker=record.banker)
    columns = [_("This deal"), _("Balance now"), _("Settle-up now")]
    # Balances read as the board shows them: signed, unless each player bought in with chips.
    shown = signed if not state.settings.buy_in else (lambda n: n)
    rows = [{"who": name, "cells": [signed(scores[name]), shown(money[name]), _settle_words(name, transfers)]}
            for name in state.players]
    return {"unit": "deal", "number": number, "winners": winners, "headline": str(headline),
            "breakdown": {"columns": [str(c) for c in columns], "rows": rows}}


def _match_result(state: State, net: dict[str, int], transfers: list[tuple[str, str, int]],
                  deals: int) -> dict[str, Any]:
    best = max(net.values())
    winners = [name for name in state.players if net[name] == best] if best > 0 else []
    after = n_("After {n} deal", "After {n} deals", deals, n=deals)
    if not winners:
        headline = _("{after}, the session ends square: nobody owes anybody.", after=after)
    else:
        headline = n_("{after}, {names} finishes furthest ahead: {amount}.",
                      "{after}, {names} finish furthest ahead: {amount} each.", len(winners),
                      names=all_of(winners), after=after, amount=signed(best))
        if transfers:
            headline = _("{result} Settle-up: {payments}.", result=headline, payments=all_of(
                [_("{payer} pays {payee} {amount}", payer=f, payee=t, amount=a) for f, t, a in transfers]))
    return {"winners": winners, "headline": str(headline)}


def _live_scores(state: State, sums: Deals, deal_over: bool) -> tuple[dict[str, int] | None, dict[str, int] | None]:
    """``deal_scores`` and ``next_deal_scores``: the deal numbered ``deal`` (while it is played,
    what moved in it so far; once settled, its history row's figures, which no longer change),
    and between deals what has been put up for the coming deal. The history rows' ``scores``,
    plus ``deal_scores`` while a deal is open, plus ``next_deal_scores``, are always ``scores``
    less the buy-in."""
    if deal_over and sums:
        last = sums[-1]
        settled = _net(list(last.lines), state.players)
        if state.phase == MATCH_OVER:
            return settled, None   # nothing comes after the session: the last deal took it all
        after = [line for line in state.ledger.of_deal(last.record.deal) if line.seq > last.record.seq]
        return settled, _net(after, state.players)
    open_lines = _put_up_for(state, state.deal) + state.ledger.of_deal(state.deal)
    return (_net(list(open_lines), state.players) if state.started or open_lines else None), None


def view(state: State, legal: list[str]) -> dict[str, Any]:
    """The JSON state; ``legal`` is the engine's list of the actions that may be entered now."""
    s = state.settings
    money = balances(state.ledger, state.players, s.buy_in)
    in_kitty = kitty(state.ledger)
    # The kitty is the banker's money on the table: the settle-up counts it as theirs.
    net = net_positions(state, money, in_kitty, state.banker)
    current = state.current if state.phase == PLAYERS else None
    hand = state.hands[current] if current is not None else None
    prices = None
    if hand is not None and _can_buy(state, hand):
        prices = list(buy_range(hand))
    sums = per_deal(state)
    transfers = settle_up(net)
    deal_over = state.started and state.phase not in IN_DEAL
    deal_scores, next_deal_scores = _live_scores(state, sums, deal_over)
    banker_cards = entered(state.banker_cards)
    next_banker = _next_banker(state)
    return {
        "game": "pontoon",
        "mode": state.mode,
        "players": list(state.players),
        "deal": state.deal,
        "phase": state.phase,
        "turn": turn_of(state),
        "dealer": state.banker,
        "deal_over": deal_over,
        "match_over": state.phase == MATCH_OVER,
        "scores": money,
        "deal_scores": deal_scores,
        "next_deal_scores": next_deal_scores,
        "findings": [f.as_dict() for f in state.findings],
        "settings": s.as_dict(),
        "banker": state.banker,
        "kitty": in_kitty if s.shoot else None,
        "shoot_room": shoot_room(state) if s.shoot else None,
        "shoot_turn": _shoot_turn(state),
        "hands": [_hand_view(state, i) for i in range(len(state.hands))],
        "banker_hand": card_texts(state.banker_cards),
        "banker_class": (class_of(banker_cards, s, banker=True).kind
                         if state.banker_revealed and banker_cards else None),
        "balances": money,
        "next_banker": next_banker,
        "shuffle": _shuffle(state),
        "doubled": state.doubled,
        "legal": legal,
        "hand_in_turn": ({"player": hand.player, "hand": hand_number(state.hands, current),
                          "label": str(hand_label(state.hands, current))}
                         if hand is not None and current is not None else None),
        "buy_range": prices,
        "stake_limits": [s.min_stake, s.max_stake],
        "ledger": Rows(state.ledger, shown, ()),
        "settle_up": [{"from": f, "to": t, "amount": a} for f, t, a in transfers],
        "settlement": [row.as_dict() for row in state.settlement],
        "history": _history(state, sums),
        "next_dealer": next_banker,
        "leaders": _leaders(net) if state.started or state.ledger else [],
        "outcome": _outcome(state, sums, money, transfers),
        "match_result": (_match_result(state, net, transfers, len(sums))
                         if state.phase == MATCH_OVER else None),
        "running_totals": Rows(sums, _money_after),
        "cut": ({name: str(card) for name, card in state.cut} if state.cut else None),
    }

