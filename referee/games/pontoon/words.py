"""Every Pontoon entry in words, for the timeline, the confirmation line and its Undo
("Ivo puts 50 into the kitty", "Ben splits the pair 8♣ 8♦ into two hands").

The sentences are written from the states before and after the entry, so they say what the
entry did (a bust thrown in, a five card trick, the deal settled, the bank passing on), and
never show an action's field names. A declared pontoon's ten-card stays face down here too.
"""
from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from referee.actions import Action
from referee.cards import Card
from referee.games.pontoon import hands as H
from referee.games.pontoon.ledger import KITTY, kitty
from referee.games.pontoon.state import (
    BUST,
    KITTY_PHASE,
    MATCH_OVER,
    STANDING,
    Hand,
    State,
    card_symbols,
    class_of,
    entered,
    hand_index,
    hand_label,
)
from referee.i18n import Message, _, all_of, n_

T = TypeVar("T")


def class_words(kind: str | None, total: int | None) -> Message | str:
    if kind == H.ROYAL_PONTOON:
        return _("royal pontoon")
    if kind == H.PONTOON:
        return _("pontoon")
    if kind == H.FIVE_CARD_TRICK:
        return _("five card trick")
    if kind == H.BUST:
        return _("bust")
    if kind == H.TWENTY_ONE:
        return "21"
    return str(total) if total is not None else "?"


def _who(state: State, index: int) -> str | Message:
    return hand_label(state.hands, index)


def _in_turn(before: State) -> int:
    """The hand an entry of the hand in turn was made for."""
    if before.current is None:
        raise ValueError("no hand was in turn")   # told plainly (the engine's describe)
    return before.current


def _required(value: T | None) -> T:
    """A field read without ``optional``: ``Action`` refuses it when it is missing."""
    if value is None:
        raise ValueError("a required field is missing")
    return value


def _changed(before: State, after: State) -> list[int]:
    """Indices (in ``after``) of the hands an entry changed, the hand in turn first."""
    return [i for i, hand in enumerate(after.hands) if i >= len(before.hands) or before.hands[i] != hand]


def _what_followed(before: State, after: State, i: int, text: Message) -> Message:
    """A card that ended the hand: bust and thrown in, or a five card trick."""
    if i >= len(after.hands):
        return text
    hand, was = after.hands[i], before.hands[i] if i < len(before.hands) else None
    if was is not None and was.status != BUST and hand.status == BUST:
        return _("{entry}: bust, {stake} goes to {banker}", entry=text, stake=_lost(before, hand),
                 banker=after.banker)
    known = hand.entered
    if (hand.status == STANDING and len(hand.cards) >= 5 and known is not None
            and class_of(known, after.settings).kind == H.FIVE_CARD_TRICK):
        return _("{entry}: a five card trick", entry=text)
    return text


def _lost(before: State, hand: Hand) -> int:
    return hand.stake * (2 if before.doubled else 1)


def _settled(before: State, after: State, text: Message) -> Message:
    """The deal settled: what the bank won or paid, and who takes the bank next."""
    if len(after.history) == len(before.history):
        return text
    record = after.history[-1]
    net = -sum(row.amount for row in record.rows)
    if net > 0:
        text = _("{entry}; deal {n} is settled: the bank takes {amount}", entry=text, n=record.deal + 1, amount=net)
    elif net < 0:
        text = _("{entry}; deal {n} is settled: the bank pays out {amount}", entry=text, n=record.deal + 1,
                 amount=-net)
    else:
        text = _("{entry}; deal {n} is settled: the bank breaks even", entry=text, n=record.deal + 1)
    for change in after.bank_changes[len(before.bank_changes):]:
        if change.reason == "pontoon":
            text = _("{entry}; {player} takes the bank with a pontoon", entry=text, player=change.to)
    return text


def _first_index(state: State, player: str) -> int:
    return next(i for i, h in enumerate(state.hands) if h.player == player)


# --- one sentence per action type ------------------------------------------------------------

def _cut(before: State, a: Action, after: State) -> Message:
    cuts = [_("{player} {card}", player=name, card=card) for name, card in (after.cut or ())]
    return _("The cut for the bank: {cuts}; {banker} holds the bank", cuts=all_of(cuts), banker=after.banker)


def _kitty(before: State, a: Action, after: State) -> Message:
    amount = a.integer("amount", minimum=-10**9)
    if before.phase == KITTY_PHASE:
        return _("{banker} puts {amount} into the kitty", banker=after.banker, amount=amount)
    return _("{banker} adds {amount} to the kitty (now {total})", banker=after.banker, amount=amount,
             total=kitty(after.ledger))


def _deal(before: State, a: Action, after: State) -> Message:
    return _("Deal {n}: {banker} deals everyone a first card", banker=after.banker, n=after.deal + 1)


def _stake(before: State, a: Action, after: State) -> Message:
    player = a.text("player")
    return _("{player} stakes {amount}", player=player, amount=a.integer("amount"))


def _shoot(before: State, a: Action, after: State) -> Message:
    player = _required(a.text("player"))
    amount = a.integer("amount")
    if before.phase == "shoot":
        if not amount:
            return _("{player} declines to shoot on the first card", player=player)
        return _("{player} shoots {amount} on the first card", player=player, amount=amount)
    number = a.integer("hand", optional=True)
    if number is not None:
        i = hand_index(after.hands, player, number)
        hand = after.hands[i] if i is not None else None
        if i is not None and hand is not None and len(hand.cards) == 2 and hand.split:
            return _("{who} takes a shoot bet of {amount} of its own", who=_who(after, i), amount=amount)
    who = _who(before, before.current) if before.current is not None else player
    return _("{who} shoots {amount} before the fourth card", who=who, amount=amount)


def _double(before: State, a: Action, after: State) -> Message:
    return _("{banker} doubles every bet for the bank", banker=after.banker)


def _second_card(before: State, a: Action, after: State) -> Message:
    return _("{banker} deals everyone a second card", banker=after.banker)


def _banker_pontoon(before: State, a: Action, after: State) -> Message:
    text = _("{banker} shows a pontoon in the bank: {cards}", banker=after.banker,
             cards=card_symbols(after.banker_cards))
    return _settled(before, after, text)


def _pontoon(before: State, a: Action, after: State) -> Message:
    who = _who(before, _in_turn(before))
    return _("{who} declares a pontoon: the ace shown, the ten-card face down", who=who)


def _split(before: State, a: Action, after: State) -> Message:
    i = _in_turn(before)
    first, second = after.hands[i].cards[0], after.hands[i + 1].cards[0]
    return _("{who} splits the pair {first} {second} into two hands", who=_who(before, i), first=first,
             second=second)


def _burn(before: State, a: Action, after: State) -> Message:
    i = _in_turn(before)
    burned = after.hands[i].burns[-1].cards
    who = _who(before, i)
    if all(c is not None for c in burned):
        return _("{who} burns {cards} and is dealt two new cards", who=who, cards=card_symbols(burned))
    return _("{who} burns the first two cards, face down, and is dealt two new cards", who=who)


def _buy(before: State, a: Action, after: State) -> Message:
    i = _in_turn(before)
    who = _who(before, i)
    amount = a.integer("amount")
    card = after.hands[i].cards[-1] if i < len(after.hands) else None
    text = (_("{who} buys a card for {amount}, face down", who=who, amount=amount) if card is None else
            _("{who} buys {card} for {amount}", who=who, card=card, amount=amount))
    return _what_followed(before, after, i, text)


def _twist(before: State, a: Action, after: State) -> Message:
    i = _in_turn(before)
    card = after.hands[i].cards[-1]
    return _what_followed(before, after, i, _("{who} twists {card}", who=_who(before, i), card=card))


def _stick(before: State, a: Action, after: State) -> Message:
    i = _in_turn(before)
    n = len(before.hands[i].cards)
    return n_("{who} sticks with {n} card", "{who} sticks with {n} cards", n, who=_who(before, i), n=n)


def _bust(before: State, a: Action, after: State) -> Message:
    i = _in_turn(before)
    hand = after.hands[i]
    who = _who(before, i)
    if hand.known:
        return _("{who} is bust with {cards} and throws in: {stake} goes to {banker}", who=who,
                 cards=card_symbols(hand.cards), stake=_lost(before, hand), banker=after.banker)
    return _("{who} is bust and throws in: {stake} goes to {banker}", who=who, stake=_lost(before, hand),
             banker=after.banker)


def _reveal(before: State, a: Action, after: State) -> Message:
    i = _required(hand_index(after.hands, _required(a.text("player")), _required(a.integer("hand"))))
    hand = after.hands[i]
    who = _who(after, i)
    what = class_words(*_kind_total(hand.cards, after))
    text = _("{who} shows {cards}: {what}", who=who, cards=card_symbols(hand.cards), what=what)
    burned = [c for b in hand.burns for c in b.cards]
    if burned and any(c is None for b in before.hands[i].burns for c in b.cards):
        text = _("{entry} (burned: {cards})", entry=text, cards=card_symbols(burned))
    return text


def _kind_total(slots: Sequence[Card | None], state: State, banker: bool = False) -> tuple[str | None, int | None]:
    cards = entered(slots)
    if not cards:
        return None, None
    cls = class_of(cards, state.settings, banker=banker)
    return cls.kind, cls.total


def _banker_reveal(before: State, a: Action, after: State) -> Message:
    what = class_words(*_kind_total(after.banker_cards, after, banker=True))
    return _("{banker} turns up the bank: {cards}, {what}", banker=after.banker,
             cards=card_symbols(after.banker_cards), what=what)


def _banker_draw(before: State, a: Action, after: State) -> Message:
    cards = after.banker_cards
    kind, total = _kind_total(cards, after, banker=True)
    known = entered(cards)
    if kind == H.BUST and known is not None:
        return _("The bank draws {card}: bust with {total}", card=cards[-1], total=H.low_total(known))
    return _("The bank draws {card}: {what}", card=cards[-1], what=class_words(kind, total))


def _banker_stick(before: State, a: Action, after: State) -> Message:
    kind, total = _kind_total(before.banker_cards, before, banker=True)
    if kind == H.BUST:
        text = _("The bank is bust and pays every hand still in")
    else:
        text = _("{banker} stands on {what}", banker=before.banker, what=class_words(kind, total))
    return _settled(before, after, text)


def _sell_bank(before: State, a: Action, after: State) -> Message:
    change = after.bank_changes[-1]
    if change.price:
        return _("{seller} sells the bank to {buyer} for {price}", seller=change.frm, buyer=change.to,
                 price=change.price)
    return _("{seller} gives the bank to {buyer} for nothing", seller=change.frm, buyer=change.to)


def _end_session(before: State, a: Action, after: State) -> Message:
    deals = len(after.history)
    text = n_("{banker} ends the session after {n} deal", "{banker} ends the session after {n} deals", deals,
              banker=after.banker, n=deals)
    returned = sum(line.amount for line in after.ledger[len(before.ledger):] if line.frm == KITTY)
    if returned:
        text = _("{entry}; {amount} comes back from the kitty", entry=text, amount=returned)
    return _("{entry}; time to settle up", entry=text)


def _quick(before: State, a: Action, after: State) -> Message:
    record = after.history[-1]
    bank = class_words(record.banker_class, record.banker_total)
    results = []
    for row in record.rows:
        who = row.player if sum(1 for r in record.rows if r.player == row.player) == 1 else \
            _("{player}'s hand {n}", player=row.player, n=row.hand)
        what = class_words(row.cls, row.total)
        if row.cls == H.BUST:
            results.append(_("{who} is bust and loses {amount}", who=who, amount=-row.amount))
        elif row.win:
            results.append(_("{who} wins {amount} with {what}", who=who, what=what, amount=row.amount))
        else:
            results.append(_("{who} loses {amount} with {what}", who=who, what=what, amount=-row.amount))
    text = _("Deal {n}, {banker}'s bank has {bank}: {results}", n=record.deal + 1, banker=record.banker,
             bank=bank, results=all_of(results))
    for change in after.bank_changes[len(before.bank_changes):]:
        if change.reason == "pontoon":
            text = _("{entry}; {player} takes the bank with a pontoon", entry=text, player=change.to)
    return text


WORDS: dict[str, Callable[[State, Action, State], Message]] = {
    "cut": _cut, "kitty": _kitty, "deal": _deal, "stake": _stake, "shoot": _shoot, "double": _double,
    "second_card": _second_card, "banker_pontoon": _banker_pontoon, "pontoon": _pontoon, "split": _split,
    "burn": _burn, "buy": _buy, "twist": _twist, "stick": _stick, "bust": _bust, "reveal": _reveal,
    "banker_reveal": _banker_reveal, "banker_draw": _banker_draw, "banker_stick": _banker_stick,
    "sell_bank": _sell_bank, "end_session": _end_session, "quick": _quick,
}


def describe(before: State, action: Action, after: State) -> str | None:
    """The entry in words, or None where this module has no sentence for it."""
    words = WORDS.get(action.type)
    if words is None:
        return None
    text = words(before, action, after)
    if after.phase == MATCH_OVER and before.phase != MATCH_OVER and action.type != "end_session":
        text = _("{entry}; the session is over", entry=text)
    return str(text)
