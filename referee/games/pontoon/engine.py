"""The Pontoon (and Shoot Pontoon) rules engine.

A deal runs through phases: ``deal`` → ``stakes`` → (``shoot``) → ``second_card`` →
``players`` → ``banker`` → ``settled``. Money only moves through ledger lines
(``ledger.py``); hands are classed and ranked in ``hands.py`` and settled in ``settle.py``.

Cards dealt face down are not entered when they are dealt: a hand's slot holds ``None`` until
the card is shown (pontoon, split, burn, bust, reveal, or a card the table entered at once).
A check that needs a face-down card is remembered as a ``Move`` and runs when the hand is
revealed; a breach found then is a finding (TURN-8), never a rejection after the fact.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

from referee.cards import Card, show
from referee.games.pontoon import hands as H
from referee.games.pontoon.hands import HandClass, classify, minimum_total
from referee.games.pontoon.ledger import KITTY, balances, check_balanced, kitty, make_line
from referee.games.pontoon.settle import Outcome, loss_rate, ordinary_rate, settle
from referee.games.pontoon.state import (
    BANKER, BETWEEN_DEALS, BUST, DEAL, KITTY_PHASE, LOST, MATCH_OVER, PLAYERS, PLAYING,
    SECOND_CARD, SETTLED, SHOOT, STAKES, STANDING, WAITING, WON, BankChange, Burn, DealRecord,
    Draft, Hand, Move, Row, State,
)
from referee.rules import MAX_INT, Action, Finding, GameRules, IllegalAction, InvalidAction
from referee.rules import Settings as BaseSettings
from referee.rules import house_rule

MAX_HANDS = 4          # TURN-2: a player can split into at most four hands
FIVE = H.FIVE_CARDS
# Cutting for the bank (SETUP-2): aces high.
CUT_ORDER = {rank: i for i, rank in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                "J", "Q", "K", "A"))}
# In quick mode a hand's stake includes its buys: at most the first stake plus three buys of
# at most twice it (TURN-3).
MAX_STAKE_FACTOR = 7
QUICK_CLASSES = (H.ROYAL_PONTOON, H.PONTOON, H.FIVE_CARD_TRICK, H.TOTAL, H.BUST)
QUICK_BANKER_CLASSES = (H.ROYAL_PONTOON, H.PONTOON, H.FIVE_CARD_TRICK, H.TOTAL, H.BUST)
LOWEST_TWO_CARD_TOTAL = 4   # 2-2; an ace pair counts 12
PLAY_ONLY = frozenset({"deal", "stake", "double", "second_card", "banker_pontoon", "pontoon",
                       "split", "burn", "buy", "twist", "stick", "bust", "reveal",
                       "banker_reveal", "banker_draw", "banker_stick"})
# Actions where "player" names whom the entry is about, not who is entering it.
PLAYER_IS_ARGUMENT = frozenset({"stake", "shoot", "reveal", "quick"})
# Entries only the banker makes, whoever's hand is in turn.
BANKER_ACTIONS = frozenset({"cut", "kitty", "deal", "double", "second_card", "banker_pontoon",
                            "banker_reveal", "banker_draw", "banker_stick", "sell_bank",
                            "end_session"})


def rid(section: str, n: int) -> str:
    return f"PONTOON-{section}-{n}"


@dataclass(frozen=True)
class Settings(BaseSettings):
    packs: int = house_rule(1, "Packs shuffled together (two for eight or more players)",
                            choices=(1, 2))
    min_stake: int = house_rule(1, "Smallest first stake", minimum=1, maximum=100_000)
    max_stake: int = house_rule(10, "Largest first stake", minimum=1, maximum=100_000)
    split: str = house_rule("any", "Which pairs may be split", choices=("any", "aces_only"))
    stick_min: int = house_rule(15, "Lowest total a player may stick on", choices=(15, 16))
    banker_doubling: bool = house_rule(False, "The banker may double all bets after the first card")
    pontoon_pays: int = house_rule(2, "A player's pontoon is paid this many times the stake",
                                   choices=(1, 2, 3))
    banker_pontoon_collects: int = house_rule(
        2, "The banker's pontoon collects this many times each stake", choices=(1, 2))
    four_card_eleven: bool = house_rule(
        False, "Four cards totalling 11 or less may only twist the fifth, not buy it")
    royal_pontoon: bool = house_rule(False, "Three sevens beat everything and are paid three times")
    pontoon_ranking: str = house_rule("equal", "How pontoons rank among themselves",
                                      choices=H.RANKINGS)
    burn: int = house_rule(0, "Two cards making this hard total may be burned (0: no burning)",
                           choices=(0, 13, 14))
    shoot: bool = house_rule(False, "Shoot Pontoon: side bets against the banker's kitty")
    kitty_min: int = house_rule(10, "Smallest kitty the banker puts up", minimum=1, maximum=1_000_000)
    kitty_max: int = house_rule(100, "Largest kitty", minimum=1, maximum=1_000_000)
    buy_in: int = house_rule(0, "Chips each player starts with (for the settle-up)",
                             minimum=0, maximum=10_000_000)

    def validate(self) -> None:
        if self.min_stake > self.max_stake:
            raise InvalidAction(f"the smallest stake ({self.min_stake}) is above the largest "
                                f"({self.max_stake})", rule="SETTINGS")
        if self.kitty_min > self.kitty_max:
            raise InvalidAction(f"the smallest kitty ({self.kitty_min}) is above the largest "
                                f"({self.kitty_max})", rule="SETTINGS")


# --- small helpers -------------------------------------------------------------------------

def _order_from_left(players: tuple[str, ...], banker: str) -> list[str]:
    """The players other than the banker, starting on the banker's left."""
    seat = players.index(banker)
    return [players[(seat + k) % len(players)] for k in range(1, len(players))]


def _number(hands: Sequence[Hand], index: int) -> int:
    """A hand's number among its player's hands, from 1, in the order they are played."""
    player = hands[index].player
    return 1 + sum(1 for h in hands[:index] if h.player == player)


def _index(hands: Sequence[Hand], player: str, number: int) -> int | None:
    seen = 0
    for i, hand in enumerate(hands):
        if hand.player == player:
            seen += 1
            if seen == number:
                return i
    return None


def _who(hands: Sequence[Hand], index: int) -> str:
    player = hands[index].player
    if sum(1 for h in hands if h.player == player) == 1:
        return player
    return f"{player}'s hand {_number(hands, index)}"


def _shown(slots: Sequence[Card | None]) -> str:
    return " ".join("??" if c is None else c.symbol for c in slots)


def _text(slots: Sequence[Card | None]) -> list[str]:
    return ["??" if c is None else str(c) for c in slots]


def _names(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _hand_class(cards: Sequence[Card], settings: Settings, *, banker: bool = False) -> HandClass:
    return classify(cards, ranking=settings.pontoon_ranking, royal=settings.royal_pontoon,
                    banker=banker)


def _outstanding_shoot(d: Draft) -> int:
    return sum(h.shoot for h in d.hands if not h.shoot_settled)


def _shoot_room(d: Draft) -> int:
    """SHOOT-2: all open shoot bets together may not exceed the kitty."""
    return kitty(d.ledger) - _outstanding_shoot(d)


def _add_line(d: Draft, frm: str, to: str, amount: int, reason: str, *, kind: str, seq: int,
              hand_index: int | None = None) -> None:
    if amount == 0:
        return
    player = number = None
    if hand_index is not None:
        player, number = d.hands[hand_index].player, _number(d.hands, hand_index)
    d.ledger.append(make_line(frm, to, amount, reason, deal=d.deal, kind=kind, seq=seq,
                              parties=d.players, player=player, hand=number))


def _find(d: Draft, rule: str, message: str, seq: int) -> None:
    finding = Finding(rule, message, seq)
    d.findings.append(finding)
    d.new_findings.append(finding)


# --- card tracking (SETUP-1, HAND-1) -------------------------------------------------------

def _seen(d: Draft, skip_hand: int | None = None) -> list[tuple[Card, str]]:
    """Every card the table has seen this deal, with where it is."""
    seen: list[tuple[Card, str]] = []
    for i, hand in enumerate(d.hands):
        if i == skip_hand:
            continue
        who = _who(d.hands, i)
        place = who if who != hand.player else f"{who}'s hand"
        seen.extend((c, place) for c in hand.cards if c is not None)
        for burn in hand.burns:
            seen.extend((c, f"the cards {who} burned") for c in burn.cards if c is not None)
    seen.extend((c, f"the banker's hand ({d.banker})") for c in d.banker_cards if c is not None)
    return seen


def _check_new_cards(d: Draft, cards: Sequence[Card], *, skip_hand: int | None = None,
                     also_seen: Sequence[tuple[Card, str]] = ()) -> None:
    """A card entered must still be in the pack: once per pack (SETUP-1), never a joker (HAND-1)."""
    for card in cards:
        if card.is_joker:
            raise IllegalAction("Pontoon is played without jokers: every card is A, 2–10, J, Q or K",
                                rule=rid("HAND", 1))
    seen = _seen(d, skip_hand) + list(also_seen)
    packs = d.settings.packs
    counts = Counter(c for c, _ in seen)
    for card in cards:
        counts[card] += 1
        if counts[card] > packs:
            places = [where for c, where in seen if c == card]
            if packs == 1:
                where = places[0] if places else "this entry already"
                raise IllegalAction(f"{card.symbol} is already out this deal, in {where}: "
                                    "there is only one in the pack", rule=rid("SETUP", 1))
            where = _names(places) if places else "this entry"
            raise IllegalAction(f"both {card.symbol}s are already out this deal ({where}): "
                                "two packs hold only two", rule=rid("SETUP", 1))


def _merge(slots: Sequence[Card | None], given: Sequence[Card], who: str, rule: str) -> tuple[Card, ...]:
    """Given cards must agree with the cards of the hand already entered."""
    if len(given) != len(slots):
        raise IllegalAction(f"{who} holds {len(slots)} cards ({_shown(slots)}), "
                            f"but {len(given)} were entered", rule=rule)
    for pos, (known, card) in enumerate(zip(slots, given), start=1):
        if known is not None and known != card:
            raise IllegalAction(f"card {pos} of {who} was entered as {known.symbol}, "
                                f"not {card.symbol}", rule=rule)
    return tuple(given)


def _newly_known(slots: Sequence[Card | None], given: Sequence[Card]) -> list[Card]:
    return [card for known, card in zip(slots, given) if known is None]


# --- the engine ----------------------------------------------------------------------------

def turn_of(state: State) -> str | None:
    """Whose entry is expected: the hand in turn, the next player to stake, else the banker.
    Shoot bets on the first card are optional, so nobody in particular is expected then."""
    phase = state.phase
    if phase in (MATCH_OVER, SHOOT):
        return None
    if phase == STAKES:
        return next((h.player for h in state.hands if not h.stake), None)
    if phase == PLAYERS and state.current is not None:
        return state.hands[state.current].player
    return state.banker


class PontoonGame(GameRules):
    name = "pontoon"
    title = "Pontoon"
    rule_prefix = "PONTOON"
    settings_type = Settings
    min_players = 2
    max_players = 8

    def start(self, players: tuple[str, ...], settings: BaseSettings, mode: str) -> State:
        assert isinstance(settings, Settings)
        return State(players=tuple(players), settings=settings, mode=mode, banker=players[0],
                     phase=KITTY_PHASE if settings.shoot else DEAL)

    # The entry is about the named player for stake/shoot/reveal: anyone may enter it.
    def check_actor(self, state: State, action: Action) -> None:
        if action.type in PLAYER_IS_ARGUMENT:
            return
        named = action.raw("player")
        if named is not None and action.type in BANKER_ACTIONS:
            if named != state.banker:
                raise IllegalAction(f"only the banker ({state.banker}) makes this entry, not {named}",
                                    rule="TURN")
            return
        super().check_actor(state, action)

    def turn(self, state: State) -> str | None:
        return turn_of(state)

    def apply(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        handler = HANDLERS.get(action.type)
        if handler is None:
            raise InvalidAction(f"Pontoon has no action “{action.type}”", rule="ACTION")
        if state.phase == MATCH_OVER:
            raise IllegalAction("the session is over and settled up: start a new match to play on",
                                rule=rid("LEDGER", 3))
        if state.mode == "quick" and action.type in PLAY_ONLY:
            raise InvalidAction(f"this match records results only: enter each deal with “quick”, "
                                f"not “{action.type}”", rule="ACTION")
        if state.mode == "play" and action.type == "quick":
            raise InvalidAction("“quick” is for results-only matches; this match enters every card",
                                rule="ACTION")
        d = Draft(state)
        handler(d, action, seq)
        check_balanced(d.ledger, d.players, d.settings.buy_in)
        return d.freeze(), tuple(d.new_findings)

    def view(self, state: State) -> dict[str, Any]:
        from referee.games.pontoon.view import view
        return view(state)


# --- before the deal: cut, kitty, sale, end (SETUP-2, SHOOT-1, SHOOT-8, NEXT-3, LEDGER-3) ---

def _cut(d: Draft, a: Action, seq: int) -> None:
    if d.started or d.ledger or d.bank_changes:
        raise IllegalAction("the cut for the bank comes before the first deal and the kitty",
                            rule=rid("SETUP", 2))
    cards = a.cards("cards", count=len(d.players))
    _check_new_cards(d, cards)
    top = max(CUT_ORDER[c.rank] for c in cards)
    winners = [p for p, c in zip(d.players, cards) if CUT_ORDER[c.rank] == top]
    if len(winners) > 1:
        raise IllegalAction(f"{_names(winners)} tie for the highest cut: they cut again",
                            rule=rid("SETUP", 2))
    d.banker = winners[0]
    d.cut = tuple(zip(d.players, cards))


def _kitty(d: Draft, a: Action, seq: int) -> None:
    s = d.settings
    if not s.shoot:
        raise IllegalAction("there is no kitty: Shoot Pontoon is not being played",
                            rule=rid("SHOOT", 1))
    amount = a.integer("amount", minimum=-MAX_INT)
    if amount <= 0:
        raise IllegalAction(f"the banker may add to the kitty, never take from it ({amount} entered)",
                            rule=rid("SHOOT", 8))
    if d.phase == KITTY_PHASE:
        if not s.kitty_min <= amount <= s.kitty_max:
            raise IllegalAction(f"{d.banker} puts up a kitty of {s.kitty_min} to {s.kitty_max}, "
                                f"not {amount}", rule=rid("SHOOT", 1))
        _add_line(d, d.banker, KITTY, amount, f"{d.banker} puts up the kitty", kind="kitty", seq=seq)
        d.phase = SETTLED if d.started else DEAL
        return
    if d.phase not in BETWEEN_DEALS:
        raise IllegalAction("the kitty can be topped up only before a new deal",
                            rule=rid("SHOOT", 8))
    now = kitty(d.ledger)
    if now + amount > s.kitty_max:
        raise IllegalAction(f"the kitty holds {now}: adding {amount} would pass the limit of "
                            f"{s.kitty_max} (at most {s.kitty_max - now} more)", rule=rid("SHOOT", 8))
    _add_line(d, d.banker, KITTY, amount, f"{d.banker} adds to the kitty", kind="kitty", seq=seq)


def _change_bank(d: Draft, seq: int, to: str, reason: str, price: int | None) -> None:
    """NEXT-2, NEXT-3, SHOOT-8: the old banker takes what is left in the kitty."""
    old = d.banker
    if price:
        _add_line(d, to, old, price, f"{to} buys the bank from {old}", kind="sale", seq=seq)
    left = kitty(d.ledger)
    if left:
        _add_line(d, KITTY, old, left, f"{old} takes back the kitty: the bank passes to {to}",
                  kind="kitty", seq=seq)
    d.bank_changes.append(BankChange(d.deal if d.started else None, old, to, reason, price, seq))
    d.banker = to
    if d.settings.shoot:
        d.phase = KITTY_PHASE


def _sell_bank(d: Draft, a: Action, seq: int) -> None:
    if d.phase not in BETWEEN_DEALS:
        raise IllegalAction("the bank can be sold only between deals, once this deal is settled",
                            rule=rid("NEXT", 3))
    to = a.player_name("to", d.players)
    price = a.integer("price", minimum=0)
    if to == d.banker:
        raise IllegalAction(f"{to} already holds the bank", rule=rid("NEXT", 3))
    _change_bank(d, seq, to, "sale", price)


def _end_session(d: Draft, a: Action, seq: int) -> None:
    if d.phase not in BETWEEN_DEALS:
        raise IllegalAction("finish and settle this deal before ending the session",
                            rule=rid("LEDGER", 3))
    left = kitty(d.ledger)
    if left:
        _add_line(d, KITTY, d.banker, left, f"{d.banker} takes back the kitty at the end",
                  kind="kitty", seq=seq)
    d.phase = MATCH_OVER


# --- the deal, stakes and shoot bets (DEAL, SETUP-3, SHOOT-2, VARIANT-3) ------------------

def _deal(d: Draft, a: Action, seq: int) -> None:
    if d.phase == KITTY_PHASE:
        raise IllegalAction(f"{d.banker} must put up a kitty before dealing",
                            rule=rid("SHOOT", 8) if d.started else rid("SHOOT", 1))
    if d.phase not in BETWEEN_DEALS:
        raise IllegalAction("a deal is already in progress", rule=rid("DEAL", 1))
    named = a.player_name("banker", d.players, optional=True)
    if named is not None and named != d.banker:
        why = ""
        if d.bank_changes and d.bank_changes[-1].to == d.banker:
            change = d.bank_changes[-1]
            why = " (pontoon)" if change.reason == "pontoon" else " (bought the bank)"
        raise IllegalAction(f"{d.banker} holds the bank{why}, not {named}", rule=rid("NEXT", 2))
    shuffled = a.raw("shuffled")
    if shuffled is not None:
        if not isinstance(shuffled, bool):
            raise InvalidAction("\"shuffled\" must be true or false", rule="ACTION")
        if shuffled != d.shuffle:
            if d.shuffle:
                msg = ("the pack must be shuffled and cut first: there was a pontoon"
                       if d.started else "the first deal is from a shuffled, cut pack")
            else:
                msg = "nobody had a pontoon: the used cards go under the pack unshuffled"
            raise IllegalAction(msg, rule=rid("NEXT", 1))
    if d.started:
        d.deal += 1
    d.started = True
    d.hands = [Hand(player, (None,)) for player in _order_from_left(d.players, d.banker)]
    d.banker_cards = (None,)
    d.banker_revealed = d.doubled = d.turns_begun = False
    d.current = None
    d.phase = STAKES


def _unstaked(d: Draft) -> list[str]:
    return [h.player for h in d.hands if not h.stake]


def _stake(d: Draft, a: Action, seq: int) -> None:
    player = a.player_name("player", d.players)
    amount = a.integer("amount")
    s = d.settings
    if d.phase != STAKES:
        when = "before the first deal" if d.phase in BETWEEN_DEALS else "once the stakes are in"
        raise IllegalAction(f"first stakes are placed after the first card, not {when}",
                            rule=rid("DEAL", 1))
    if player == d.banker:
        raise IllegalAction(f"{player} is the banker and does not stake", rule=rid("DEAL", 1))
    i = next(i for i, h in enumerate(d.hands) if h.player == player)
    if d.hands[i].stake:
        raise IllegalAction(f"{player} has already staked {d.hands[i].stake}", rule=rid("DEAL", 1))
    if not s.min_stake <= amount <= s.max_stake:
        raise IllegalAction(f"a first stake is {s.min_stake} to {s.max_stake}, not {amount}",
                            rule=rid("SETUP", 3))
    d.hands[i] = replace(d.hands[i], stake=amount, first_stake=amount)
    if not _unstaked(d):
        d.phase = SHOOT if s.shoot else SECOND_CARD


def _double(d: Draft, a: Action, seq: int) -> None:
    if not d.settings.banker_doubling:
        raise IllegalAction("banker doubling is not played at this table", rule=rid("VARIANT", 3))
    if d.phase == STAKES:
        raise IllegalAction(f"the banker doubles after all first stakes; still to stake: "
                            f"{_names(_unstaked(d))}", rule=rid("VARIANT", 3))
    if d.phase not in (SHOOT, SECOND_CARD):
        raise IllegalAction("the banker may double only after the first stakes, before the "
                            "second card", rule=rid("VARIANT", 3))
    if d.doubled:
        raise IllegalAction("the bets are already doubled", rule=rid("VARIANT", 3))
    d.doubled = True


def _second_card(d: Draft, a: Action, seq: int) -> None:
    if d.phase == STAKES:
        raise IllegalAction(f"everyone stakes before the second card; still to stake: "
                            f"{_names(_unstaked(d))}", rule=rid("DEAL", 1))
    if d.phase not in (SHOOT, SECOND_CARD):
        raise IllegalAction("the second card is dealt once, after the first stakes",
                            rule=rid("DEAL", 2))
    d.hands = [replace(h, cards=h.cards + (None,)) for h in d.hands]
    d.banker_cards = (None, None)
    d.phase = PLAYERS
    d.current = 0
    d.hands[0] = replace(d.hands[0], status=PLAYING)


def _shoot(d: Draft, a: Action, seq: int) -> None:
    s = d.settings
    player = a.player_name("player", d.players)
    amount = a.integer("amount", minimum=1)
    number = a.integer("hand", minimum=1, maximum=MAX_HANDS, optional=True)
    if not s.shoot:
        raise IllegalAction("shoot bets are part of Shoot Pontoon, which is not being played",
                            rule=rid("SHOOT", 2))
    if player == d.banker:
        raise IllegalAction(f"{player} is the banker: the kitty is the bank's, players shoot "
                            "against it", rule=rid("SHOOT", 2))
    room = _shoot_room(d)
    if d.phase == SHOOT:
        i = next(i for i, h in enumerate(d.hands) if h.player == player)
        if d.hands[i].shoot:
            raise IllegalAction(f"{player} has already shot {d.hands[i].shoot} on the first card",
                                rule=rid("SHOOT", 2))
        _check_room(amount, room, rid("SHOOT", 2))
        d.hands[i] = replace(d.hands[i], shoot=amount)
        return
    if d.phase == STAKES:
        raise IllegalAction(f"shoot bets come after all first stakes; still to stake: "
                            f"{_names(_unstaked(d))}", rule=rid("SHOOT", 2))
    if d.phase != PLAYERS:
        raise IllegalAction("no shoot bet can be placed now: they go on the first card, before "
                            "a fourth card, or on a split hand", rule=rid("SHOOT", 4))
    turn = d.hands[d.current]
    if number is None:
        if turn.player != player:
            raise IllegalAction(f"it is {_who(d.hands, d.current)}'s turn: only that hand may "
                                f"shoot now", rule=rid("SHOOT", 4))
        j = d.current
    else:
        j = _index(d.hands, player, number)
        if j is None:
            raise InvalidAction(f"{player} has no hand {number}", rule="ACTION")
    hand = d.hands[j]
    who = _who(d.hands, j)
    if len(hand.cards) == 2:
        if not hand.split:
            raise IllegalAction("shoot bets on the first card close when the second card is "
                                "dealt; the next chance is before a fourth card",
                                rule=rid("SHOOT", 3))
        if not hand.split_shoot_open or hand.split_shoot:
            why = ("its shoot bet already stands" if hand.split_shoot or hand.shoot
                   else "the pair it came from carried no shoot bet")
            raise IllegalAction(f"{who} cannot take a new shoot bet: {why}", rule=rid("SHOOT", 5))
        if hand.status not in (WAITING, PLAYING):
            raise IllegalAction(f"{who} has finished", rule=rid("SHOOT", 5))
        _check_room(amount, room, rid("SHOOT", 5))
        d.hands[j] = replace(hand, shoot=hand.shoot + amount, split_shoot=True)
        return
    if j != d.current or hand.status != PLAYING:
        raise IllegalAction(f"{who} is not in turn: a shoot bet before the fourth card is placed "
                            "by the hand about to take it", rule=rid("SHOOT", 4))
    if len(hand.cards) != 3:
        raise IllegalAction(f"{who} has seen {len(hand.cards)} cards: there is no shooting after "
                            "the fourth card", rule=rid("SHOOT", 4))
    if hand.shoot_fourth:
        raise IllegalAction(f"{who} has already shot for the fourth card", rule=rid("SHOOT", 4))
    if minimum_total(hand.cards) >= 21:
        raise IllegalAction(f"{who} ({_shown(hand.cards)}) counts at least "
                            f"{minimum_total(hand.cards)}: a fourth card (and a shoot bet on it) "
                            "needs a total under 21",
                            rule=rid("SHOOT", 4))
    _check_room(amount, room, rid("SHOOT", 4))
    d.hands[j] = replace(hand, shoot=hand.shoot + amount, shoot_fourth=True, must_take_fourth=True,
                         moves=hand.moves + (Move("shoot4", seq, 3),))
    d.turns_begun = True


def _check_room(amount: int, room: int, rule: str) -> None:
    if amount > room:
        free = (f"only {room} of the kitty is free" if room > 0
                else "the open shoot bets already cover the whole kitty")
        raise IllegalAction(f"a shoot bet of {amount} is too much: {free}", rule=rule)


# --- the players' turns (TURN, VARIANT-1/5/7/8) ---------------------------------------------

def _in_turn(d: Draft, rule: str) -> tuple[int, Hand]:
    if d.phase != PLAYERS or d.current is None:
        if d.phase == BANKER:
            why = "every player's hand is finished; it is the banker's turn"
        elif d.phase in (STAKES, SHOOT, SECOND_CARD):
            why = "the second card has not been dealt yet"
        else:
            why = "no deal is being played"
        raise IllegalAction(f"no player's hand is in turn: {why}", rule=rule)
    return d.current, d.hands[d.current]


def _not_waiting_for_fourth(d: Draft, i: int, hand: Hand, doing: str) -> None:
    if hand.must_take_fourth:
        raise IllegalAction(f"{_who(d.hands, i)} shot for a fourth card: buy or twist it now, "
                            f"not {doing}", rule=rid("SHOOT", 4))


def _advance(d: Draft) -> None:
    """Turn passes to the next hand waiting; after the last, to the banker."""
    start = 0 if d.current is None else d.current + 1
    for j in range(start, len(d.hands)):
        if d.hands[j].status == WAITING:
            d.current = j
            d.hands[j] = replace(d.hands[j], status=PLAYING)
            return
    d.current = None
    d.phase = BANKER


def _stand(d: Draft, i: int, seq: int, **changes: Any) -> None:
    d.hands[i] = replace(d.hands[i], status=STANDING, must_take_fourth=False, **changes)
    _maybe_check(d, i, seq)
    _advance(d)


def _throw_in(d: Draft, i: int, seq: int, why: str) -> None:
    """TURN-6, SHOOT-6: the stake goes to the banker at once, the shoot bet into the kitty."""
    hand = d.hands[i]
    who = _who(d.hands, i)
    rate = ordinary_rate(d.doubled)
    _add_line(d, hand.player, d.banker, hand.stake * rate, f"{who} is bust{why}", kind="stake",
              seq=seq, hand_index=i)
    _add_line(d, hand.player, KITTY, hand.shoot, f"{who} is bust: the shoot bet goes to the kitty",
              kind="shoot", seq=seq, hand_index=i)
    d.hands[i] = replace(hand, status=BUST, bust_seq=seq, stake_settled=True, shoot_settled=True,
                         must_take_fourth=False)
    _maybe_check(d, i, seq)
    _advance(d)


def _after_card(d: Draft, i: int, seq: int) -> None:
    hand = d.hands[i]
    if minimum_total(hand.cards) > 21:
        # The table has seen enough of the hand to know it is over 21.
        _throw_in(d, i, seq, f" ({_shown(hand.cards)})")
    elif len(hand.cards) >= FIVE and hand.known:
        _stand(d, i, seq)   # TURN-7: a five card trick takes no more cards
    # Five cards with some face down stay in turn: the player sticks, or throws in a bust.


def _pontoon(d: Draft, a: Action, seq: int) -> None:
    i, hand = _in_turn(d, rid("TURN", 1))
    who = _who(d.hands, i)
    if len(hand.cards) != 2:
        raise IllegalAction(f"{who} holds {len(hand.cards)} cards: a pontoon is the first two",
                            rule=rid("TURN", 1))
    cards = _merge(hand.cards, a.cards("cards", count=2), who, rid("TURN", 1))
    _check_new_cards(d, _newly_known(hand.cards, cards), skip_hand=None)
    if not H.is_ace_and_ten(cards):
        raise IllegalAction(f"{show(cards)} is not a pontoon: it takes an ace and a 10, J, Q or K",
                            rule=rid("TURN", 1))
    if not H.is_pontoon(cards, d.settings.pontoon_ranking):
        raise IllegalAction(f"{show(cards)} is an ordinary 21 at this table (ace and ten is not a "
                            "pontoon): stick on it instead", rule=rid("VARIANT", 7))
    d.turns_begun = True
    _stand(d, i, seq, cards=cards, declared=True)


def _split(d: Draft, a: Action, seq: int) -> None:
    i, hand = _in_turn(d, rid("TURN", 2))
    who = _who(d.hands, i)
    if len(hand.cards) != 2:
        raise IllegalAction(f"{who} holds {len(hand.cards)} cards: only the first two may be split",
                            rule=rid("TURN", 2))
    given = a.cards("cards", count=2, optional=True)
    if given is None:
        if not hand.known:
            raise IllegalAction("a split pair is laid face up: enter both cards", rule=rid("TURN", 2))
        cards = tuple(hand.cards)
    else:
        cards = _merge(hand.cards, given, who, rid("TURN", 2))
    _check_new_cards(d, _newly_known(hand.cards, cards))
    if cards[0].rank != cards[1].rank:
        raise IllegalAction(f"{show(cards)} is not a pair: only cards of the same rank split "
                            "(Q-Q yes, Q-J no)", rule=rid("TURN", 2))
    if d.settings.split == "aces_only" and cards[0].rank != "A":
        raise IllegalAction(f"only aces may be split at this table, not {show(cards)}",
                            rule=rid("VARIANT", 1))
    count = sum(1 for h in d.hands if h.player == hand.player)
    if count >= MAX_HANDS:
        raise IllegalAction(f"{hand.player} already plays {MAX_HANDS} hands, the most a split "
                            "allows", rule=rid("TURN", 2))
    d.turns_begun = True
    # SHOOT-5: the shoot bet stays with the first card; the other hand may take a new one.
    d.hands[i] = replace(hand, cards=(cards[0], None), split=True)
    other = Hand(hand.player, (cards[1], None), stake=hand.first_stake, first_stake=hand.first_stake,
                 split=True, split_shoot_open=hand.shoot > 0)
    d.hands.insert(i + 1, other)


def _burn(d: Draft, a: Action, seq: int) -> None:
    burn = d.settings.burn
    if not burn:
        raise IllegalAction("burning is not played at this table", rule=rid("VARIANT", 8))
    i, hand = _in_turn(d, rid("VARIANT", 8))
    who = _who(d.hands, i)
    if len(hand.cards) != 2:
        raise IllegalAction(f"{who} holds {len(hand.cards)} cards: only the first two may be burned",
                            rule=rid("VARIANT", 8))
    _not_waiting_for_fourth(d, i, hand, "burn")
    given = a.cards("cards", count=2, optional=True)
    cards = tuple(hand.cards) if given is None else _merge(hand.cards, given, who, rid("VARIANT", 8))
    newly = _newly_known(hand.cards, cards) if given is not None else []
    _check_new_cards(d, newly)
    if all(c is not None for c in cards) and not H.can_burn(cards, burn):
        raise IllegalAction(f"{show(cards)} cannot be burned: only two cards making a hard {burn} "
                            f"(no ace) may", rule=rid("VARIANT", 8))
    d.turns_begun = True
    d.hands[i] = replace(hand, cards=(None, None), burns=hand.burns + (Burn(cards, seq),))


def _buy_range(hand: Hand) -> tuple[int, int]:
    """TURN-3: the third card costs the first stake to twice it; each later one the first
    stake up to what the card before cost."""
    top = hand.buys[-1] if hand.buys else 2 * hand.first_stake
    return hand.first_stake, top


def _buy(d: Draft, a: Action, seq: int) -> None:
    amount = a.integer("amount")
    card = a.card("card", optional=True)
    i, hand = _in_turn(d, rid("TURN", 3))
    who = _who(d.hands, i)
    if hand.twisted:
        raise IllegalAction(f"{who} has twisted: after a twist further cards can only be twisted, "
                            "not bought", rule=rid("TURN", 4))
    if len(hand.cards) >= FIVE:
        raise IllegalAction(f"{who} has five cards: no more", rule=rid("TURN", 7))
    if minimum_total(hand.cards) >= 21:
        raise IllegalAction(f"{who} ({_shown(hand.cards)}) counts at least 21: a card may be "
                            "bought only under 21", rule=rid("TURN", 3))
    if (d.settings.four_card_eleven and len(hand.cards) == 4 and hand.known
            and H.low_total(hand.cards) <= 11):
        raise IllegalAction(f"{who} ({_shown(hand.cards)}) counts {H.low_total(hand.cards)}: four "
                            "cards of 11 or less take the fifth by twisting, not buying",
                            rule=rid("VARIANT", 5))
    low, high = _buy_range(hand)
    if not low <= amount <= high:
        first = "the third card" if not hand.buys else f"after paying {hand.buys[-1]} for the last"
        raise IllegalAction(f"{who} staked {hand.first_stake}: {first} costs {low} to {high}, not "
                            f"{amount}", rule=rid("TURN", 3))
    if card is not None:
        _check_new_cards(d, [card])
    d.turns_begun = True
    d.hands[i] = replace(hand, cards=hand.cards + (card,), stake=hand.stake + amount,
                         buys=hand.buys + (amount,), must_take_fourth=False,
                         moves=hand.moves + (Move("buy", seq, len(hand.cards)),))
    _after_card(d, i, seq)


def _twist(d: Draft, a: Action, seq: int) -> None:
    card = a.card("card")
    i, hand = _in_turn(d, rid("TURN", 4))
    who = _who(d.hands, i)
    if len(hand.cards) >= FIVE:
        raise IllegalAction(f"{who} has five cards: no more", rule=rid("TURN", 7))
    if minimum_total(hand.cards) >= 21:
        raise IllegalAction(f"{who} ({_shown(hand.cards)}) counts at least 21: a twist needs a "
                            "total under 21", rule=rid("TURN", 4))
    _check_new_cards(d, [card])
    d.turns_begun = True
    d.hands[i] = replace(hand, cards=hand.cards + (card,), twisted=True, must_take_fourth=False,
                         moves=hand.moves + (Move("twist", seq, len(hand.cards)),))
    _after_card(d, i, seq)


def _stick(d: Draft, a: Action, seq: int) -> None:
    i, hand = _in_turn(d, rid("TURN", 5))
    _not_waiting_for_fourth(d, i, hand, "stick")
    d.turns_begun = True
    if len(hand.cards) >= FIVE:
        _stand(d, i, seq)   # a five card trick needs no minimum total (TURN-7)
        return
    if hand.known:
        _stick_breach(d, i, hand.cards)
    _stand(d, i, seq, moves=hand.moves + (Move("stick", seq, len(hand.cards)),))


def _stick_rule(settings: Settings, total: int) -> str:
    # A 15 under the 16 house rule breaks the house rule; anything lower breaks the rule itself.
    if settings.stick_min == 16 and total == 15:
        return rid("VARIANT", 2)
    return rid("TURN", 5)


def _stick_breach(d: Draft, i: int, cards: Sequence[Card]) -> None:
    total = H.best_total(cards)
    need = d.settings.stick_min
    if total < need:
        raise IllegalAction(f"{_who(d.hands, i)} ({show(cards)}) counts {total}: sticking needs "
                            f"at least {need}", rule=_stick_rule(d.settings, total))


def _bust(d: Draft, a: Action, seq: int) -> None:
    i, hand = _in_turn(d, rid("TURN", 6))
    who = _who(d.hands, i)
    if len(hand.cards) == 2:
        raise IllegalAction(f"{who} holds two cards, which can never be over 21", rule=rid("TURN", 6))
    given = a.cards("cards", optional=True)
    if given is not None:
        cards = _merge(hand.cards, given, who, rid("TURN", 6))
        _check_new_cards(d, _newly_known(hand.cards, cards))
        if H.low_total(cards) <= 21:
            raise IllegalAction(f"{show(cards)} counts {H.best_total(cards)}: that is not bust",
                                rule=rid("TURN", 6))
        d.hands[i] = replace(hand, cards=cards)
    d.turns_begun = True
    _throw_in(d, i, seq, "")


# --- reveals and the checks they make possible (TURN-8) -----------------------------------

def _reveal(d: Draft, a: Action, seq: int) -> None:
    player = a.player_name("player", d.players)
    number = a.integer("hand", minimum=1, maximum=MAX_HANDS)
    given = a.cards("cards", maximum=FIVE)
    burned = a.cards("burned", optional=True, minimum=0, maximum=40)
    if d.phase not in (PLAYERS, BANKER):
        raise IllegalAction("hands are revealed during the deal, before the banker settles",
                            rule=rid("TURN", 8))
    i = _index(d.hands, player, number)
    if i is None:
        raise IllegalAction(f"{player} has no hand {number} this deal", rule=rid("TURN", 8))
    hand = d.hands[i]
    who = _who(d.hands, i)
    if not hand.finished:
        raise IllegalAction(f"{who} is still being played: a hand is revealed once it is finished",
                            rule=rid("TURN", 8))
    hidden_burns = [c for b in hand.burns for c in b.cards if c is None]
    if hand.known and not hidden_burns:
        raise IllegalAction(f"every card of {who} is already known: {_shown(hand.cards)}",
                            rule=rid("TURN", 8))
    cards = _merge(hand.cards, given, who, rid("TURN", 8))
    burns = list(hand.burns)
    newly = _newly_known(hand.cards, cards)
    if hidden_burns:
        if burned is None:
            raise IllegalAction(f"{who} burned cards face down: enter them too (\"burned\", two "
                                "per burn, in order)", rule=rid("TURN", 8))
        slots = [c for b in hand.burns for c in b.cards]
        flat = _merge(slots, burned, f"the cards {who} burned", rid("TURN", 8))
        newly += _newly_known(slots, flat)
        burns = [Burn(flat[2 * k: 2 * k + 2], b.seq) for k, b in enumerate(hand.burns)]
    _check_new_cards(d, newly)
    d.hands[i] = replace(hand, cards=cards, burns=tuple(burns), revealed_seq=seq)
    _maybe_check(d, i, seq)


def _maybe_check(d: Draft, i: int, seq: int) -> None:
    """Run the postponed checks once, as soon as every card of the hand is known."""
    hand = d.hands[i]
    if hand.checked or not hand.fully_known or not hand.finished:
        return
    for rule, message in _late_checks(d, i):
        _find(d, rule, message + " (found once its cards were known)", seq)
    d.hands[i] = replace(d.hands[i], checked=True)


# Moves that need a total under 21 (aces low), with the rule they break and how to say so.
UNDER_21_MOVES = {
    "buy": (rid("TURN", 3), "bought a card"),
    "twist": (rid("TURN", 4), "twisted"),
    "shoot4": (rid("SHOOT", 4), "shot for a fourth card"),
}


def _late_checks(d: Draft, i: int) -> list[tuple[str, str]]:
    """The checks TURN-8 postponed, now that the hand's cards are known."""
    s = d.settings
    hand = d.hands[i]
    who = _who(d.hands, i)
    cards = hand.cards
    found: list[tuple[str, str]] = []
    for burn in hand.burns:
        if not H.can_burn(burn.cards, s.burn):
            found.append((rid("VARIANT", 8), f"at entry {burn.seq} {who} burned {show(burn.cards)}, "
                          f"which is not a hard {s.burn}"))
    bust = H.low_total(cards) > 21
    for move in hand.moves:
        before = cards[:move.count]
        low = H.low_total(before)
        if move.kind in UNDER_21_MOVES and low >= 21:
            rule, verb = UNDER_21_MOVES[move.kind]
            found.append((rule, f"at entry {move.seq} {who} {verb} on {show(before)}, counting "
                          f"{low}: that needs a total under 21"))
        if move.kind == "buy" and move.count == 4 and s.four_card_eleven and low <= 11:
            found.append((rid("VARIANT", 5), f"at entry {move.seq} {who} bought a fifth card on "
                          f"{show(before)} ({low}): four cards of 11 or less may only twist"))
        if move.kind == "stick" and not bust:
            total = H.best_total(before)
            if total < s.stick_min:
                found.append((_stick_rule(s, total), f"at entry {move.seq} {who} stuck on "
                              f"{show(before)} ({total}): sticking needs at least {s.stick_min}"))
    if hand.status == STANDING and bust:
        found.append((rid("TURN", 6), f"{who} ({show(cards)}) counts {H.low_total(cards)}: it was "
                      "bust and should have been thrown in at once; it loses"))
    if hand.status == BUST and not bust:
        found.append((rid("TURN", 6), f"{who} was thrown in at entry {hand.bust_seq} but "
                      f"{show(cards)} counts {H.best_total(cards)}, not bust; the stake stays lost"))
    return found


# --- the banker (DEAL-2, SETTLE) ----------------------------------------------------------

def _still_playing(d: Draft) -> str:
    return _names([_who(d.hands, i) for i, h in enumerate(d.hands) if not h.finished])


def _banker_pontoon(d: Draft, a: Action, seq: int) -> None:
    s = d.settings
    if d.phase in (STAKES, SHOOT, SECOND_CARD):
        raise IllegalAction("the banker's pontoon is shown once everyone has two cards: enter "
                            "the second card first", rule=rid("DEAL", 2))
    if d.phase != PLAYERS or d.turns_begun:
        raise IllegalAction("the banker's pontoon is shown at once, before the first player's "
                            "turn; now it is an ordinary hand revealed at the banker's turn",
                            rule=rid("DEAL", 2))
    cards = a.cards("cards", count=2)
    _check_new_cards(d, cards)
    if not H.is_pontoon(cards, s.pontoon_ranking):
        raise IllegalAction(f"{show(cards)} is not a pontoon" + (
            " (ace and ten is an ordinary 21 at this table)" if H.is_ace_and_ten(cards) else ""),
            rule=rid("DEAL", 2))
    d.banker_cards = cards
    d.banker_revealed = True
    banker_class = _hand_class(cards, s, banker=True)
    beaten = _beaten_by(d, a, banker_class)
    _settle_deal(d, seq, banker_class, at_second_card=True, beaten=beaten)


def _beaten_by(d: Draft, a: Action, banker_class: HandClass) -> dict[str, tuple[Card, ...]]:
    """VARIANT-7: players who show a pontoon that outranks the banker's."""
    entries = a.raw("beaten_by")
    if entries is None:
        return {}
    if d.settings.pontoon_ranking in ("equal", "ace_ten_is_21"):
        raise IllegalAction("every pontoon ranks the same at this table, and ties go to the banker",
                            rule=rid("VARIANT", 7))
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InvalidAction("\"beaten_by\" must be a list of {\"player\", \"cards\"}", rule="ACTION")
    beaten: dict[str, tuple[Card, ...]] = {}
    shown: list[tuple[Card, str]] = []
    for entry in entries:
        item = Action({**entry, "type": "beaten_by"})
        player = item.player_name("player", d.players)
        cards = item.cards("cards", count=2)
        if player == d.banker or player in beaten:
            raise InvalidAction(f"{player} is listed twice or is the banker", rule="ACTION")
        _check_new_cards(d, cards, also_seen=shown)
        shown += [(c, f"{player}'s cards") for c in cards]
        mine = _hand_class(cards, d.settings)
        if mine.kind != H.PONTOON:
            raise IllegalAction(f"{player}'s {show(cards)} is not a pontoon", rule=rid("TURN", 1))
        if not mine.beats(banker_class):
            raise IllegalAction(f"{player}'s {show(cards)} does not outrank the banker's pontoon: "
                                "equal hands go to the banker", rule=rid("HAND", 3))
        beaten[player] = cards
    return beaten


def _banker_reveal(d: Draft, a: Action, seq: int) -> None:
    if d.phase == PLAYERS:
        raise IllegalAction(f"the banker turns up after every player has played; still playing: "
                            f"{_still_playing(d)}", rule=rid("SETTLE", 1))
    if d.phase != BANKER:
        raise IllegalAction("no deal is waiting for the banker", rule=rid("SETTLE", 1))
    if d.banker_revealed:
        raise IllegalAction(f"the banker's cards are already up: {_shown(d.banker_cards)}",
                            rule=rid("SETTLE", 1))
    cards = a.cards("cards", count=2)
    _check_new_cards(d, cards)
    d.banker_cards = cards
    d.banker_revealed = True
    if H.is_pontoon(cards, d.settings.pontoon_ranking):
        _find(d, rid("DEAL", 2), f"the banker's {show(cards)} is a pontoon and should have been "
              "shown at the second card; it stands and settles as a pontoon", seq)


def _banker_ready(d: Draft, rule: str) -> None:
    if d.phase == PLAYERS:
        raise IllegalAction(f"the players have not finished; still playing: {_still_playing(d)}",
                            rule=rid("SETTLE", 1))
    if d.phase != BANKER:
        raise IllegalAction("no deal is waiting for the banker", rule=rid("SETTLE", 1))
    if not d.banker_revealed:
        raise IllegalAction("the banker turns up both cards first (banker_reveal)",
                            rule=rid("SETTLE", 1))


def _banker_draw(d: Draft, a: Action, seq: int) -> None:
    card = a.card("card")
    _banker_ready(d, rid("SETTLE", 1))
    cards = d.banker_cards
    low = H.low_total(cards)
    if H.is_pontoon(cards, d.settings.pontoon_ranking):
        raise IllegalAction(f"the banker holds a pontoon ({show(cards)}): it stands",
                            rule=rid("SETTLE", 3))
    if low > 21:
        raise IllegalAction(f"the banker is bust ({show(cards)}, {low}): settle the deal",
                            rule=rid("SETTLE", 2))
    if len(cards) >= FIVE:
        raise IllegalAction(f"the banker has a five card trick ({show(cards)}): no more cards",
                            rule=rid("SETTLE", 4))
    if low == 21:
        raise IllegalAction(f"the banker has 21 ({show(cards)}) and stands", rule=rid("SETTLE", 3))
    _check_new_cards(d, [card])
    d.banker_cards = cards + (card,)


def _banker_stick(d: Draft, a: Action, seq: int) -> None:
    _banker_ready(d, rid("SETTLE", 1))
    missing = [_who(d.hands, i) for i, h in enumerate(d.hands)
               if h.status == STANDING and not h.fully_known]
    if missing:
        raise IllegalAction(f"every hand still in must be revealed before settling: "
                            f"{_names(missing)} still to reveal", rule=rid("TURN", 8))
    _settle_deal(d, seq, _hand_class(d.banker_cards, d.settings, banker=True))


def _settle_deal(d: Draft, seq: int, banker_class: HandClass, *, at_second_card: bool = False,
                 beaten: dict[str, tuple[Card, ...]] | None = None) -> None:
    """SETTLE-2..4, DEAL-2, SHOOT-3, SHOOT-7: every hand still in settles once."""
    s = d.settings
    beaten = beaten or {}
    rows: list[Row] = []
    for i, hand in enumerate(d.hands):
        who = _who(d.hands, i)
        number = _number(d.hands, i)
        if hand.status == BUST:
            rate = ordinary_rate(d.doubled)
            rows.append(Row(hand.player, number, tuple(_text(hand.cards)), H.BUST, None, hand.stake,
                            hand.shoot, False, -hand.stake * rate, -hand.shoot,
                            f"bust: thrown in at entry {hand.bust_seq}"))
            continue
        assert not hand.stake_settled, "a hand is settled once"
        if at_second_card:
            cards: tuple[Card | None, ...] = beaten.get(hand.player, hand.cards)
            if hand.player in beaten:
                mine = _hand_class(beaten[hand.player], s)
                outcome = settle(mine, banker_class, pontoon_pays=s.pontoon_pays,
                                 banker_pontoon_collects=s.banker_pontoon_collects, doubled=d.doubled)
            else:
                mine = None
                rate = loss_rate(banker_class, banker_pontoon_collects=s.banker_pontoon_collects,
                                 doubled=d.doubled)
                outcome = Outcome(False, rate, f"the banker's pontoon collects {rate}× the stake")
        else:
            cards = hand.cards
            mine = _hand_class(hand.cards, s)
            outcome = settle(mine, banker_class, pontoon_pays=s.pontoon_pays,
                             banker_pontoon_collects=s.banker_pontoon_collects, doubled=d.doubled)
        money = hand.stake * outcome.multiplier
        if outcome.win:
            _add_line(d, d.banker, hand.player, money, f"{who}: {outcome.why}", kind="stake",
                      seq=seq, hand_index=i)
            _add_line(d, KITTY, hand.player, hand.shoot, f"{who} wins the shoot bet from the kitty",
                      kind="shoot", seq=seq, hand_index=i)
        else:
            _add_line(d, hand.player, d.banker, money, f"{who}: {outcome.why}", kind="stake",
                      seq=seq, hand_index=i)
            _add_line(d, hand.player, KITTY, hand.shoot, f"{who} loses the shoot bet to the kitty",
                      kind="shoot", seq=seq, hand_index=i)
        sign = 1 if outcome.win else -1
        rows.append(Row(hand.player, number, tuple(_text(cards)), mine.kind if mine else None,
                        mine.total if mine else None, hand.stake, hand.shoot, outcome.win,
                        sign * money, sign * hand.shoot, outcome.why))
        d.hands[i] = replace(hand, cards=tuple(cards), status=WON if outcome.win else LOST,
                             stake_settled=True, shoot_settled=True)
    _finish_deal(d, seq, rows, banker_class)


def _pontoon_holder(d: Draft) -> list[tuple[str, bool]]:
    """(player, unsplit) for every hand that made a pontoon (or royal pontoon) this deal."""
    found = []
    for hand in d.hands:
        if hand.status != BUST and hand.known:
            kind = _hand_class(hand.cards, d.settings).kind
            if kind in (H.PONTOON, H.ROYAL_PONTOON):
                found.append((hand.player, not hand.split))
    return found


def _finish_deal(d: Draft, seq: int, rows: list[Row], banker_class: HandClass | None,
                 pontoons: list[tuple[str, bool]] | None = None) -> None:
    """NEXT-1, NEXT-2, SHOOT-8: what happens before the next deal."""
    banker_pontoon = banker_class is not None and banker_class.kind == H.PONTOON
    pontoons = _pontoon_holder(d) if pontoons is None else pontoons
    d.shuffle = banker_pontoon or bool(pontoons)
    next_banker = d.banker
    if not banker_pontoon:
        next_banker = next((player for player, unsplit in pontoons if unsplit), d.banker)
    d.settlement = rows
    d.history.append(DealRecord(
        deal=d.deal, banker=d.banker, rows=tuple(rows), banker_hand=tuple(_text(d.banker_cards)),
        banker_class=banker_class.kind if banker_class else None,
        banker_total=banker_class.total if banker_class else None,
        doubled=d.doubled, shuffle=d.shuffle, seq=seq))
    d.current = None
    d.phase = SETTLED
    if next_banker != d.banker:
        _change_bank(d, seq, next_banker, "pontoon", None)
    elif d.settings.shoot and kitty(d.ledger) == 0:
        d.phase = KITTY_PHASE   # SHOOT-8: an empty kitty is put up again (or the bank sold)


# --- quick mode --------------------------------------------------------------------------

def _quick(d: Draft, a: Action, seq: int) -> None:
    """One whole deal as results: each hand's stake and class, the banker's result."""
    s = d.settings
    if d.phase == KITTY_PHASE:
        raise IllegalAction(f"{d.banker} must put up a kitty first",
                            rule=rid("SHOOT", 8) if d.started else rid("SHOOT", 1))
    banker_kind = a.choice("banker_class", QUICK_BANKER_CLASSES)
    if banker_kind == H.ROYAL_PONTOON:
        raise IllegalAction("a royal pontoon is a player's hand: the banker's three sevens are 21",
                            rule=rid("VARIANT", 6))
    tiers_matter = s.pontoon_ranking in ("picture_beats_ten", "natural")
    banker_class = _quick_class(banker_kind, a, "banker_total", "banker_ten_card", s, banker=True,
                                need_tier=banker_kind == H.PONTOON and tiers_matter)
    doubled = a.raw("doubled", False)
    if not isinstance(doubled, bool):
        raise InvalidAction("\"doubled\" must be true or false", rule="ACTION")
    if doubled and not s.banker_doubling:
        raise IllegalAction("banker doubling is not played at this table", rule=rid("VARIANT", 3))
    entries = a.raw("hands")
    if not isinstance(entries, list) or not entries or not all(isinstance(e, dict) for e in entries):
        raise InvalidAction("\"hands\" must be a list of {\"player\", \"stake\", \"class\", ...}",
                            rule="ACTION")
    hands: list[Hand] = []
    classes: list[HandClass] = []
    order = _order_from_left(d.players, d.banker)
    for entry in entries:
        item = Action({**entry, "type": "hand"})
        player = item.player_name("player", d.players)
        if player == d.banker:
            raise IllegalAction(f"{player} is the banker and plays no hand", rule=rid("DEAL", 1))
        stake = item.integer("stake")
        if not s.min_stake <= stake <= MAX_STAKE_FACTOR * s.max_stake:
            raise IllegalAction(f"{player}'s stake of {stake} is outside {s.min_stake} to "
                                f"{MAX_STAKE_FACTOR * s.max_stake} (a first stake of at most "
                                f"{s.max_stake} and three buys)", rule=rid("SETUP", 3))
        shoot = item.integer("shoot", optional=True) or 0
        if shoot and not s.shoot:
            raise IllegalAction("shoot bets are part of Shoot Pontoon, which is not being played",
                                rule=rid("SHOOT", 2))
        kind = item.choice("class", QUICK_CLASSES)
        if kind == H.ROYAL_PONTOON and not s.royal_pontoon:
            raise IllegalAction("royal pontoon (three sevens) is not played at this table",
                                rule=rid("VARIANT", 6))
        need_tier = banker_class.kind == H.PONTOON and kind == H.PONTOON and tiers_matter
        cls = _quick_class(kind, item, "total", "ten_card", s, need_tier=need_tier)
        hands.append(Hand(player, (), stake=stake, first_stake=stake, shoot=shoot))
        classes.append(cls)
    counts = Counter(h.player for h in hands)
    missing = [p for p in order if p not in counts]
    if missing:
        raise IllegalAction(f"every player but the banker plays a hand: {_names(missing)} missing",
                            rule=rid("DEAL", 1))
    over = [p for p, n in counts.items() if n > MAX_HANDS]
    if over:
        raise IllegalAction(f"{_names(over)} cannot play more than {MAX_HANDS} hands",
                            rule=rid("TURN", 2))
    if banker_class.kind == H.PONTOON:
        late = [h.player for h, c in zip(hands, classes)
                if counts[h.player] > 1 or c.kind in (H.FIVE_CARD_TRICK, H.ROYAL_PONTOON, H.BUST)]
        if late:
            raise IllegalAction(f"the banker's pontoon ends the deal at the second card, so "
                                f"{_names(sorted(set(late)))} cannot have split, drawn or bust",
                                rule=rid("DEAL", 2))
    # Hands in seat order from the banker's left; a player's split hands keep their order.
    ranked = sorted(range(len(hands)), key=lambda k: order.index(hands[k].player))
    hands = [replace(hands[k], split=counts[hands[k].player] > 1) for k in ranked]
    classes = [classes[k] for k in ranked]
    busted = sum(h.shoot for h, c in zip(hands, classes) if c.kind == H.BUST)
    open_bets = sum(h.shoot for h, c in zip(hands, classes) if c.kind != H.BUST)
    if open_bets > kitty(d.ledger) + busted:
        raise IllegalAction(f"shoot bets of {open_bets} are more than the kitty of "
                            f"{kitty(d.ledger)} (plus {busted} from bust hands) could cover",
                            rule=rid("SHOOT", 2))
    if d.started:
        d.deal += 1
    d.started = True
    d.doubled = doubled
    d.hands = hands
    d.banker_cards = ()
    d.banker_revealed = True
    rows = _quick_settle(d, seq, classes, banker_class)
    pontoons = [(h.player, not h.split) for h, c in zip(d.hands, classes)
                if c.kind in (H.PONTOON, H.ROYAL_PONTOON)]
    _finish_deal(d, seq, rows, banker_class, pontoons)


def _quick_class(kind: str, item: Action, total_field: str, ten_field: str, s: Settings, *,
                 banker: bool = False, need_tier: bool = False) -> HandClass:
    ranking = s.pontoon_ranking
    if kind == H.PONTOON:
        ten = item.choice(ten_field, ("10", "J", "Q", "K"), optional=not need_tier)
        if ten == "10" and ranking == "ace_ten_is_21":
            raise IllegalAction("ace and ten is an ordinary 21 at this table, not a pontoon: enter "
                                "it as a total of 21", rule=rid("VARIANT", 7))
        return HandClass(H.PONTOON, 21, H.pontoon_tier(ten or "10", ranking))
    if kind == H.TOTAL:
        total = item.integer(total_field, minimum=0, maximum=99)
        if total < LOWEST_TWO_CARD_TOTAL:
            raise IllegalAction(f"no hand counts {total}: the lowest is 4 (2-2), an ace counting 1 "
                                "or 11", rule=rid("HAND", 1))
        if total > 21:
            raise IllegalAction(f"a total of {total} is over 21: enter the hand as bust",
                                rule=rid("HAND", 2))
        return HandClass(H.TWENTY_ONE if total == 21 else H.TOTAL, total)
    if kind == H.FIVE_CARD_TRICK:
        return HandClass(H.FIVE_CARD_TRICK, 0)
    if kind == H.ROYAL_PONTOON:
        return HandClass(H.ROYAL_PONTOON, 21)
    return HandClass(H.BUST, 0)


def _quick_settle(d: Draft, seq: int, classes: list[HandClass], banker_class: HandClass) -> list[Row]:
    s = d.settings
    outcomes = [settle(c, banker_class, pontoon_pays=s.pontoon_pays,
                       banker_pontoon_collects=s.banker_pontoon_collects, doubled=d.doubled)
                for c in classes]
    # Losing shoot bets reach the kitty before winning ones are paid from it (SHOOT-6, SHOOT-7).
    for losing_first in (True, False):
        for i, (hand, outcome) in enumerate(zip(d.hands, outcomes)):
            if outcome.win == losing_first:
                continue
            who = _who(d.hands, i)
            money = hand.stake * outcome.multiplier
            if outcome.win:
                _add_line(d, d.banker, hand.player, money, f"{who}: {outcome.why}", kind="stake",
                          seq=seq, hand_index=i)
                _add_line(d, KITTY, hand.player, hand.shoot, f"{who} wins the shoot bet from the kitty",
                          kind="shoot", seq=seq, hand_index=i)
            else:
                _add_line(d, hand.player, d.banker, money, f"{who}: {outcome.why}", kind="stake",
                          seq=seq, hand_index=i)
                _add_line(d, hand.player, KITTY, hand.shoot, f"{who} loses the shoot bet to the kitty",
                          kind="shoot", seq=seq, hand_index=i)
    rows = []
    for i, (hand, cls, outcome) in enumerate(zip(d.hands, classes, outcomes)):
        sign = 1 if outcome.win else -1
        rows.append(Row(hand.player, _number(d.hands, i), (), cls.kind, cls.total or None, hand.stake,
                        hand.shoot, outcome.win, sign * hand.stake * outcome.multiplier,
                        sign * hand.shoot, outcome.why))
        d.hands[i] = replace(hand, status=WON if outcome.win else LOST, stake_settled=True,
                             shoot_settled=True)
    return rows


HANDLERS: dict[str, Callable[[Draft, Action, int], None]] = {
    "cut": _cut, "kitty": _kitty, "deal": _deal, "stake": _stake, "shoot": _shoot,
    "double": _double, "second_card": _second_card, "banker_pontoon": _banker_pontoon,
    "pontoon": _pontoon, "split": _split, "burn": _burn, "buy": _buy, "twist": _twist,
    "stick": _stick, "bust": _bust, "reveal": _reveal, "banker_reveal": _banker_reveal,
    "banker_draw": _banker_draw, "banker_stick": _banker_stick, "sell_bank": _sell_bank,
    "end_session": _end_session, "quick": _quick,
}

__all__ = ["PontoonGame", "Settings", "HANDLERS", "balances", "turn_of"]
