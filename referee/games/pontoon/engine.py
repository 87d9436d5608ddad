"""The Pontoon (and Shoot Pontoon) rules engine.

A deal runs through phases: ``deal`` → ``stakes`` → (``shoot``) → ``second_card`` →
``players`` → ``banker`` → ``settled``. Money only moves through ledger lines
(``ledger.py``); hands are classed and ranked in ``hands.py`` and settled in ``settle.py``.

The actions are declared as data (``PontoonGame.moves``); the engine base refuses an unknown
type, applies the play/quick gate and checks the actor, ``check_phase`` refuses an entry the
moment does not allow, and each handler makes the next state from the last with
``replace`` (``referee.frozen``; the state and its hands are frozen, ``state.py``).

Cards dealt face down are not entered when they are dealt: a hand's slot holds ``None`` until
the card is shown (pontoon, split, burn, bust, reveal, or a card the table entered at once).
A check that needs a face-down card is remembered as a ``HandMove`` and runs when the hand is
revealed; a breach found then is a finding (TURN-8), never a rejection after the fact.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence, TypeVar

from referee.actions import MAX_INT, Action
from referee.cards import Card
from referee.engine import ARGUMENT, BOTH, QUICK, Finding, GameRules, Move
from referee.errors import IllegalAction, InvalidAction, RuleViolation
from referee.frozen import replace
from referee.games.pontoon import hands as H
from referee.games.pontoon import view as pontoon_view
from referee.games.pontoon import words
from referee.games.pontoon.hands import HandClass, minimum_total
from referee.games.pontoon.ledger import KITTY, balances, bankers_own, check_balanced, kitty, make_line
from referee.games.pontoon.settle import Outcome, loss_rate, ordinary_rate, settle
from referee.games.pontoon.state import (
    BANKER,
    BETWEEN_DEALS,
    BUST,
    DEAL,
    KITTY_PHASE,
    LOST,
    MATCH_OVER,
    PLAYERS,
    PLAYING,
    SECOND_CARD,
    SETTLED,
    SHOOT,
    STAKES,
    STANDING,
    WAITING,
    WON,
    BankChange,
    Burn,
    DealRecord,
    Hand,
    HandMove,
    Row,
    Settings,
    State,
    buy_range,
    card_symbols,
    card_texts,
    class_of,
    entered,
    hand_index,
    hand_label,
    hand_number,
    hidden_ten,
    public_cards,
    shoot_room,
    shoot_turn,
    turn_of,
)
from referee.i18n import N_, Listing, Message, _, all_of
from referee.settings import Settings as BaseSettings

T = TypeVar("T")

MAX_HANDS = 4          # TURN-2: a player can split into at most four hands
FIVE = H.FIVE_CARDS
PACK_SIZE = 52
# SETUP-1 (ruling of 2026-11-23): as many players as the packs can serve, the banker included,
# five cards each: ten with one pack, twenty with two.
MOST_PACKS = 2
# Cutting for the bank (SETUP-2): aces high.
CUT_ORDER = {rank: i for i, rank in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                "J", "Q", "K", "A"))}
# In quick mode a hand's stake includes its buys: at most the first stake plus three buys of
# at most twice it (TURN-3).
MAX_STAKE_FACTOR = 7
QUICK_CLASSES = (H.ROYAL_PONTOON, H.PONTOON, H.FIVE_CARD_TRICK, H.TOTAL, H.BUST)
QUICK_BANKER_CLASSES = (H.ROYAL_PONTOON, H.PONTOON, H.FIVE_CARD_TRICK, H.TOTAL, H.BUST)
LOWEST_TWO_CARD_TOTAL = 4   # 2-2; an ace pair counts 12
# Entries only the banker makes, whoever's hand is in turn: a "player" named on one of them
# must be the banker (checked first thing in ``check_phase``; the base has no banker actor).
BANKER_ACTIONS = frozenset({"cut", "kitty", "deal", "double", "second_card", "banker_pontoon",
                            "banker_reveal", "banker_draw", "banker_stick", "sell_bank",
                            "end_session"})
# What check_phase asks of each group of actions.
BETWEEN_DEAL_ACTIONS = frozenset({"cut", "kitty", "deal", "quick", "sell_bank", "end_session"})
FIRST_CARD_ACTIONS = frozenset({"stake", "shoot", "double", "second_card"})
HAND_ACTIONS = frozenset({"pontoon", "split", "burn", "buy", "twist", "stick", "bust"})
BANKER_TURN_ACTIONS = frozenset({"banker_pontoon", "banker_reveal", "banker_draw", "banker_stick", "reveal"})

Where = str | Message | None   # where a card seen this deal lies; None: face down, never told
Done = tuple[State, tuple[Finding, ...]]


# --- small helpers -------------------------------------------------------------------------

def _required(value: T | None) -> T:
    """A field read without ``optional``: ``Action`` refuses it when it is missing, so it is
    never None here."""
    assert value is not None
    return value


def _order_from_left(players: tuple[str, ...], banker: str) -> list[str]:
    """The players other than the banker, starting on the banker's left."""
    seat = players.index(banker)
    return [players[(seat + k) % len(players)] for k in range(1, len(players))]


def most_players(packs: int) -> int:
    """SETUP-1: how many people the packs serve, five cards each, the banker included."""
    return packs * PACK_SIZE // FIVE


def _names(items: Sequence[Any]) -> Listing:
    """Names joined the way the language joins them: "Ann, Ben and Cy"."""
    return all_of(items)


def _with_hand(state: State, i: int, hand: Hand) -> State:
    """The state with hand ``i`` replaced."""
    return replace(state, hands=state.hands[:i] + (hand,) + state.hands[i + 1:])


def _add_line(state: State, frm: str, to: str, amount: int, reason: Message, *, kind: str, seq: int,
              hand_index: int | None = None) -> State:
    """The state with one more ledger line (none for nothing)."""
    if amount == 0:
        return state
    player: str | None = None
    number: int | None = None
    if hand_index is not None:
        player, number = state.hands[hand_index].player, hand_number(state.hands, hand_index)
    line = make_line(frm, to, amount, reason, deal=state.deal, kind=kind, seq=seq,
                     parties=state.players, player=player, hand=number)
    return replace(state, ledger=state.ledger + (line,))


def _find(state: State, rule: str, message: Message, seq: int) -> State:
    return replace(state, findings=state.findings + (Finding(rule, message, seq),))


def _done(before: State, after: State) -> Done:
    """Every entry ends here: the ledger still adds up (LEDGER-2), and the findings the entry
    proved are the ones it added."""
    check_balanced(after.ledger, after.players, after.settings.buy_in)
    return after, after.findings[len(before.findings):]


# --- card tracking (SETUP-1, HAND-1) -------------------------------------------------------

def _seen(state: State, skip_hand: int | None = None) -> list[tuple[Card, Where]]:
    """Every card entered this deal, with where it is; None for a card still face down on the
    table (a declared pontoon's ten-card), whose place is never told."""
    seen: list[tuple[Card, Where]] = []
    for i, hand in enumerate(state.hands):
        if i == skip_hand:
            continue
        who = hand_label(state.hands, i)
        place = _("{player}'s hand", player=who) if who == hand.player else who
        shown = public_cards(hand)
        seen.extend((c, place if s is not None else None) for c, s in zip(hand.cards, shown)
                    if c is not None)
        for burn in hand.burns:
            seen.extend((c, _("the cards {who} burned", who=who)) for c in burn.cards if c is not None)
    seen.extend((c, _("the banker's hand ({banker})", banker=state.banker))
                for c in state.banker_cards if c is not None)
    return seen


def _check_new_cards(state: State, cards: Sequence[Card], *, skip_hand: int | None = None,
                     also_seen: Sequence[tuple[Card, Where]] = ()) -> None:
    """A card entered must still be in the pack: once per pack (SETUP-1), never a joker (HAND-1).
    A refusal never says where a face-down card is (ruling of 2026-11-23)."""
    for card in cards:
        if card.is_joker:
            raise IllegalAction(_("Pontoon is played without jokers: every card is A, 2–10, J, Q or K"),
                                rule="PONTOON-HAND-1")
    seen = _seen(state, skip_hand) + list(also_seen)
    packs = state.settings.packs
    counts = Counter(c for c, _where in seen)
    for card in cards:
        counts[card] += 1
        if counts[card] > packs:
            places = [where for c, where in seen if c == card]
            shown = [where for where in places if where is not None]
            hidden = len(places) - len(shown)
            if not places:
                message = (_("{card} is entered twice in this one entry, but there is only one in the pack",
                             card=card) if packs == 1 else
                           _("{card} is entered {n} times in this one entry, but two packs hold only two",
                             card=card, n=counts[card]))
            elif packs == 1:
                message = (_("{card} is already out this deal, in {where}: there is only one in the pack",
                             card=card, where=shown[0]) if shown else
                           _("{card} is already out this deal, face down: there is only one in the pack",
                             card=card))
            else:
                where = _names(shown + [_("this entry")] * (packs - len(places)))
                message = (_("both {card}s are already out this deal ({where}): two packs hold only two",
                             card=card, where=where) if not hidden else
                           _("both {card}s are already out this deal, {n} of them face down: two packs "
                             "hold only two", card=card, n=hidden))
            raise IllegalAction(message, rule="PONTOON-SETUP-1")


def _merge(slots: Sequence[Card | None], given: Sequence[Card], who: str | Message,
           rule: str) -> tuple[Card, ...]:
    """Given cards must agree with the cards of the hand already entered."""
    if len(given) != len(slots):
        raise IllegalAction(_("{who} holds {n} cards ({cards}), but {entered} were entered", who=who,
                              n=len(slots), cards=card_symbols(slots), entered=len(given)), rule=rule)
    for pos, (known, card) in enumerate(zip(slots, given), start=1):
        if known is not None and known != card:
            raise IllegalAction(_("card {pos} of {who} was entered as {known}, not {card}", pos=pos,
                                  who=who, known=known, card=card), rule=rule)
    return tuple(given)


def _newly_known(slots: Sequence[Card | None], given: Sequence[Card]) -> list[Card]:
    return [card for known, card in zip(slots, given) if known is None]


# --- the engine ----------------------------------------------------------------------------

class PontoonGame(GameRules):
    name = "pontoon"
    title = "Pontoon"
    rule_prefix = "PONTOON"
    # Every rule this game cites, as the rules pages list them (each is written out where it
    # is raised or computed).
    rule_ids = (
        "PONTOON-SETUP-1", "PONTOON-SETUP-2", "PONTOON-SETUP-3", "PONTOON-HAND-1", "PONTOON-HAND-2",
        "PONTOON-HAND-3", "PONTOON-HAND-4", "PONTOON-DEAL-1", "PONTOON-DEAL-2", "PONTOON-TURN-1",
        "PONTOON-TURN-2", "PONTOON-TURN-3", "PONTOON-TURN-4", "PONTOON-TURN-5", "PONTOON-TURN-6",
        "PONTOON-TURN-7", "PONTOON-TURN-8", "PONTOON-SETTLE-1", "PONTOON-SETTLE-2", "PONTOON-SETTLE-3",
        "PONTOON-SETTLE-4", "PONTOON-NEXT-1", "PONTOON-NEXT-2", "PONTOON-NEXT-3", "PONTOON-VARIANT-1",
        "PONTOON-VARIANT-2", "PONTOON-VARIANT-3", "PONTOON-VARIANT-4", "PONTOON-VARIANT-5", "PONTOON-VARIANT-6",
        "PONTOON-VARIANT-7", "PONTOON-VARIANT-8", "PONTOON-SHOOT-1", "PONTOON-SHOOT-2", "PONTOON-SHOOT-3",
        "PONTOON-SHOOT-4", "PONTOON-SHOOT-5", "PONTOON-SHOOT-6", "PONTOON-SHOOT-7", "PONTOON-SHOOT-8",
        "PONTOON-LEDGER-1", "PONTOON-LEDGER-2", "PONTOON-LEDGER-3"
    )
    settings_type = Settings
    min_players = 2
    max_players = most_players(MOST_PACKS)
    # 2: first-card shoot bets go round in seat order, each player betting (or declining with
    # 0) in turn (SHOOT-2); reveal's "burned" takes the face-down burned cards only; quick
    # mode refuses a two-card 21 against a banker's pontoon; a first-card shoot naming a hand
    # other than 1 is refused.
    rules_version = 2

    def start(self, players: tuple[str, ...], settings: BaseSettings, mode: str) -> State:
        assert isinstance(settings, Settings)
        most = most_players(settings.packs)
        if len(players) > most:
            raise InvalidAction(
                _("one pack serves at most {most} people, five cards each, not {n}: shuffle two packs "
                  "together (house rule “packs”)", most=most, n=len(players)) if settings.packs == 1 else
                _("two packs serve at most {most} people, five cards each, not {n}", most=most,
                  n=len(players)), rule="PONTOON-SETUP-1")
        return State(players=tuple(players), settings=settings, mode=mode, banker=players[0],
                     phase=KITTY_PHASE if settings.shoot else DEAL)

    # The actions, as data. The order is the order of the view's "legal" list (a hand that
    # shot for its fourth card is offered "twist" before "buy": see ``legal``). Who may enter:
    # a hand's own moves are the player in turn's (TURN, the default); "stake", "shoot",
    # "reveal" and "quick" name the player they are about, whoever enters them (ARGUMENT);
    # the banker's entries are ARGUMENT too, a named player being checked against the banker
    # in ``check_phase`` (BANKER_ACTIONS), since the one in turn may be a player's hand.
    moves = {
        "cut": Move("_cut", BOTH, ARGUMENT),
        "deal": Move("_deal", actor=ARGUMENT),
        "quick": Move("_quick", frozenset({QUICK}), ARGUMENT),
        "kitty": Move("_kitty", BOTH, ARGUMENT),
        "sell_bank": Move("_sell_bank", BOTH, ARGUMENT),
        "end_session": Move("_end_session", BOTH, ARGUMENT),
        "stake": Move("_stake", actor=ARGUMENT),
        "banker_pontoon": Move("_banker_pontoon", actor=ARGUMENT),
        "pontoon": Move("_pontoon"),
        "split": Move("_split"),
        "burn": Move("_burn"),
        "buy": Move("_buy"),
        "twist": Move("_twist"),
        "stick": Move("_stick"),
        "bust": Move("_bust"),
        "shoot": Move("_shoot", BOTH, ARGUMENT),
        "double": Move("_double", actor=ARGUMENT),
        "second_card": Move("_second_card", actor=ARGUMENT),
        "banker_reveal": Move("_banker_reveal", actor=ARGUMENT),
        "banker_draw": Move("_banker_draw", actor=ARGUMENT),
        "banker_stick": Move("_banker_stick", actor=ARGUMENT),
        "reveal": Move("_reveal", actor=ARGUMENT),
    }

    def turn(self, state: State) -> str | None:
        return turn_of(state)

    # the moment ----------------------------------------------------------------------------
    def check_phase(self, state: State, action: Action) -> None:
        """Refuse an entry the moment does not allow, citing the rule: the banker's entries
        made by someone else (TURN), anything once the session is over (LEDGER-3), and each
        action's own moments (a hand that may not buy now, no deal waiting for the banker)."""
        kind = action.type
        named = action.raw("player")
        if named is not None and kind in BANKER_ACTIONS and named != state.banker:
            raise IllegalAction(_("only the banker ({banker}) makes this entry, not {named}",
                                  banker=state.banker, named=str(named)[:40]), rule="TURN")
        if state.phase == MATCH_OVER:
            raise IllegalAction(_("the session is over and settled up: start a new match to play on"),
                                rule="PONTOON-LEDGER-3")
        if kind in BETWEEN_DEAL_ACTIONS:
            _between_deals_moment(state, kind)
        elif kind in FIRST_CARD_ACTIONS:
            _first_card_moment(state, kind, named)
        elif kind in HAND_ACTIONS:
            _hand_moment(state, kind)
        elif kind in BANKER_TURN_ACTIONS:
            _banker_moment(state, kind)

    def legal(self, state: State) -> list[str]:
        """The moves the phase check allows, less those it cannot rule out without the fields:
        a shoot bet only when someone may place one (SHOOT-2, SHOOT-4, SHOOT-5) and a reveal
        only when a finished hand has cards still face down (TURN-8). A hand that shot for its
        fourth card is offered "twist" first: it must take that card."""
        kinds = [kind for kind in super().legal(state)
                 if (kind != "shoot" or _shoot_offered(state)) and (kind != "reveal" or _to_reveal(state))]
        hand = _hand_in_turn(state)
        if hand is not None and hand.must_take_fourth and "buy" in kinds and "twist" in kinds:
            kinds.remove("twist")
            kinds.insert(kinds.index("buy"), "twist")
        return kinds

    # what the table sees -------------------------------------------------------------------
    def view(self, state: State) -> dict[str, Any]:
        return pontoon_view.view(state, self.legal(state))

    def describe(self, before: State, action: Action, after: State) -> str:
        """The entry in words (words.py); a declared pontoon shows its ace only."""
        try:
            text = words.describe(before, action, after)
        except (IndexError, TypeError, ValueError, KeyError, RuleViolation):
            text = None   # an entry the words cannot follow (a stored oddity) is told plainly
        return text if text is not None else super().describe(before, action, after)

    def running_totals(self, state: State) -> tuple[dict[str, int], ...]:
        """Every player's money after each settled deal (the balances), oldest first."""
        return pontoon_view.running_totals(state)

    def opening_totals(self, state: State) -> dict[str, int]:
        """Every player starts with the buy-in: the chart starts there, not at nought."""
        return dict.fromkeys(state.players, state.settings.buy_in)

    def chart_note(self, state: State) -> Message | None:
        # The balances leave the kitty out; the chart counts it as the settle-up does, so the
        # banker's line stands above the banker's balance by what is in the kitty.
        if not state.settings.shoot:
            return None
        return _("The chart counts the kitty as the banker's money, as the settle-up does.")

    def stage(self, state: State) -> Message | None:
        """Where in the deal the next entry falls, for grouping the timeline."""
        phase = state.phase
        if phase in (STAKES, SHOOT, SECOND_CARD):
            return _("First card and stakes")
        if phase == PLAYERS and state.current is not None:
            return _("{who} to play", who=hand_label(state.hands, state.current))
        if phase == BANKER:
            return _("The bank")
        return None

    def unavailable(self, state: State) -> dict[str, Message]:
        """Cards the table has seen this deal, with where they are: with one pack each card is
        out once; with two, once both are out. A card still face down is never listed."""
        if state.phase not in (STAKES, SHOOT, SECOND_CARD, PLAYERS, BANKER):
            return {}
        seen = [(card, where) for card, where in _seen(state) if where is not None]
        counts = Counter(card for card, _where in seen)
        gone: dict[str, Message] = {}
        for card, where in seen:
            if counts[card] >= state.settings.packs and str(card) not in gone:
                gone[str(card)] = _("already out this deal, in {where}", where=where)
        return gone

    # --- before the deal: cut, kitty, sale, end (SETUP-2, SHOOT-1, SHOOT-8, NEXT-3, LEDGER-3)

    def _cut(self, state: State, a: Action, seq: int) -> Done:
        cards = a.cards("cards", count=len(state.players))
        _check_new_cards(state, cards)
        top = max(CUT_ORDER[c.rank] for c in cards)
        winners = [p for p, c in zip(state.players, cards) if CUT_ORDER[c.rank] == top]
        if len(winners) > 1:
            raise IllegalAction(_("{names} tie for the highest cut: they cut again", names=_names(winners)),
                                rule="PONTOON-SETUP-2")
        return _done(state, replace(state, banker=winners[0], cut=tuple(zip(state.players, cards))))

    def _kitty(self, state: State, a: Action, seq: int) -> Done:
        s = state.settings
        banker = state.banker
        amount = a.integer("amount", minimum=-MAX_INT)
        if amount <= 0:
            raise IllegalAction(_("the banker may add to the kitty, never take from it ({amount} entered)",
                                  amount=amount), rule="PONTOON-SHOOT-8")
        if state.phase == KITTY_PHASE:
            if not s.kitty_min <= amount <= s.kitty_max:
                raise IllegalAction(_("{banker} puts up a kitty of {low} to {high}, not {amount}", banker=banker,
                                      low=s.kitty_min, high=s.kitty_max, amount=amount), rule="PONTOON-SHOOT-1")
            after = _add_line(state, banker, KITTY, amount, _("{banker} puts up the kitty", banker=banker),
                              kind="kitty", seq=seq)
            return _done(state, replace(after, phase=SETTLED if state.started else DEAL))
        # The banker's own money is under the limit (check_phase): say how much more it takes.
        own = bankers_own(state.ledger)
        if own + amount > s.kitty_max:
            raise IllegalAction(_("{banker} has {own} of their own in the kitty: adding {amount} would pass "
                                  "the limit of {limit} (at most {room} more)", banker=banker, own=own,
                                  amount=amount, limit=s.kitty_max, room=s.kitty_max - own),
                                rule="PONTOON-SHOOT-8")
        return _done(state, _add_line(state, banker, KITTY, amount, _("{banker} adds to the kitty", banker=banker),
                                      kind="kitty", seq=seq))

    def _sell_bank(self, state: State, a: Action, seq: int) -> Done:
        to = _required(a.player_name("to", state.players))
        price = a.integer("price", minimum=0)
        if to == state.banker:
            raise IllegalAction(_("{player} already holds the bank", player=to), rule="PONTOON-NEXT-3")
        return _done(state, _change_bank(state, seq, to, "sale", price))

    def _end_session(self, state: State, a: Action, seq: int) -> Done:
        after = state
        left = kitty(state.ledger)
        if left:
            after = _add_line(after, KITTY, state.banker, left,
                              _("{banker} takes back the kitty at the end", banker=state.banker), kind="kitty", seq=seq)
        return _done(state, replace(after, phase=MATCH_OVER))

    # --- the deal, stakes and shoot bets (DEAL, SETUP-3, SHOOT-2, VARIANT-3) --------------

    def _deal(self, state: State, a: Action, seq: int) -> Done:
        banker = state.banker
        named = a.player_name("banker", state.players, optional=True)
        if named is not None and named != banker:
            message = _("{banker} holds the bank, not {named}", banker=banker, named=named)
            if state.bank_changes and state.bank_changes[-1].to == banker:
                change = state.bank_changes[-1]
                message = (_("{banker} holds the bank (pontoon), not {named}", banker=banker, named=named)
                           if change.reason == "pontoon" else
                           _("{banker} holds the bank (bought the bank), not {named}", banker=banker, named=named))
            raise IllegalAction(message, rule="PONTOON-NEXT-2")
        shuffled = a.raw("shuffled")
        if shuffled is not None:
            if not isinstance(shuffled, bool):
                raise InvalidAction(_("\"shuffled\" must be true or false"), rule="ACTION")
            if shuffled != state.shuffle:
                if state.shuffle:
                    msg = (_("the pack must be shuffled and cut first: there was a pontoon")
                           if state.started else _("the first deal is from a shuffled, cut pack"))
                else:
                    msg = _("nobody had a pontoon: the used cards go under the pack unshuffled")
                raise IllegalAction(msg, rule="PONTOON-NEXT-1")
        return _done(state, replace(
            state, deal=state.deal + 1 if state.started else state.deal, started=True,
            hands=tuple(Hand(player, (None,)) for player in _order_from_left(state.players, banker)),
            banker_cards=(None,), banker_revealed=False, doubled=False, turns_begun=False, current=None,
            phase=STAKES))

    def _stake(self, state: State, a: Action, seq: int) -> Done:
        player = _required(a.player_name("player", state.players))
        amount = a.integer("amount")
        s = state.settings
        if player == state.banker:
            raise IllegalAction(_("{player} is the banker and does not stake", player=player), rule="PONTOON-DEAL-1")
        i = next(i for i, h in enumerate(state.hands) if h.player == player)
        hand = state.hands[i]
        if hand.stake:
            raise IllegalAction(_("{player} has already staked {amount}", player=player, amount=hand.stake),
                                rule="PONTOON-DEAL-1")
        if not s.min_stake <= amount <= s.max_stake:
            raise IllegalAction(_("a first stake is {low} to {high}, not {amount}", low=s.min_stake,
                                  high=s.max_stake, amount=amount), rule="PONTOON-SETUP-3")
        after = _with_hand(state, i, replace(hand, stake=amount, first_stake=amount))
        if not _unstaked(after):
            after = replace(after, phase=SHOOT if s.shoot else SECOND_CARD)
        return _done(state, after)

    def _double(self, state: State, a: Action, seq: int) -> Done:
        return _done(state, replace(state, doubled=True))

    def _second_card(self, state: State, a: Action, seq: int) -> Done:
        hands = tuple(replace(h, cards=h.cards + (None,)) for h in state.hands)
        hands = (replace(hands[0], status=PLAYING),) + hands[1:]
        return _done(state, replace(state, hands=hands, banker_cards=(None, None), phase=PLAYERS, current=0))

    def _shoot(self, state: State, a: Action, seq: int) -> Done:
        player = _required(a.player_name("player", state.players))
        amount = a.integer("amount", minimum=0)
        number = a.integer("hand", minimum=1, maximum=MAX_HANDS, optional=True)
        if player == state.banker:
            raise IllegalAction(_("{player} is the banker: the kitty is the bank's, players shoot against it",
                                  player=player), rule="PONTOON-SHOOT-2")
        room = shoot_room(state)
        if state.phase == SHOOT:
            return _done(state, _first_card_shoot(state, player, amount, number, room))
        if amount == 0:
            raise InvalidAction(_("a shoot bet of 0 declines, which only the first-card round asks for: "
                                  "a shoot bet now is at least 1"), rule="ACTION")
        current, turn = _in_turn(state, "PONTOON-SHOOT-4")
        if number is None:
            if turn.player != player:
                raise IllegalAction(_("it is {who}'s turn: only that hand may shoot now",
                                      who=hand_label(state.hands, current)), rule="PONTOON-SHOOT-4")
            j = current
        else:
            found = hand_index(state.hands, player, number)
            if found is None:
                raise InvalidAction(_("{player} has no hand {n}", player=player, n=number), rule="ACTION")
            j = found
        hand = state.hands[j]
        who = hand_label(state.hands, j)
        if len(hand.cards) == 2:
            if not hand.split:
                raise IllegalAction(_("shoot bets on the first card close when the second card is "
                                      "dealt; the next chance is before a fourth card"),
                                    rule="PONTOON-SHOOT-3")
            if not hand.split_shoot_open or hand.split_shoot:
                why = (_("its shoot bet already stands") if hand.split_shoot or hand.shoot
                       else _("the pair it came from carried no shoot bet"))
                raise IllegalAction(_("{who} cannot take a new shoot bet: {why}", who=who, why=why),
                                    rule="PONTOON-SHOOT-5")
            if hand.status not in (WAITING, PLAYING):
                raise IllegalAction(_("{who} has finished", who=who), rule="PONTOON-SHOOT-5")
            _check_room(amount, room, "PONTOON-SHOOT-5")
            return _done(state, _with_hand(state, j, replace(hand, shoot=hand.shoot + amount, split_shoot=True)))
        if j != current or hand.status != PLAYING:
            raise IllegalAction(_("{who} is not in turn: a shoot bet before the fourth card is placed "
                                  "by the hand about to take it", who=who), rule="PONTOON-SHOOT-4")
        if len(hand.cards) != 3:
            raise IllegalAction(_("{who} has seen {n} cards: there is no shooting after the fourth card",
                                  who=who, n=len(hand.cards)), rule="PONTOON-SHOOT-4")
        if hand.shoot_fourth:
            raise IllegalAction(_("{who} has already shot for the fourth card", who=who), rule="PONTOON-SHOOT-4")
        if minimum_total(hand.cards) >= 21:
            raise IllegalAction(_("{who} ({cards}) counts at least {total}: a fourth card (and a shoot bet "
                                  "on it) needs a total under 21", who=who, cards=card_symbols(hand.cards),
                                  total=minimum_total(hand.cards)),
                                rule="PONTOON-SHOOT-4")
        _check_room(amount, room, "PONTOON-SHOOT-4")
        after = _with_hand(state, j, replace(hand, shoot=hand.shoot + amount, shoot_fourth=True, must_take_fourth=True,
                                             moves=hand.moves + (HandMove("shoot4", seq, 3),)))
        return _done(state, replace(after, turns_begun=True))

    # --- the players' turns (TURN, VARIANT-1/5/7/8) -----------------------------------------

    def _pontoon(self, state: State, a: Action, seq: int) -> Done:
        i, hand = _in_turn(state, "PONTOON-TURN-1")
        who = hand_label(state.hands, i)
        cards = _merge(hand.cards, a.cards("cards", count=2), who, "PONTOON-TURN-1")
        _check_new_cards(state, _newly_known(hand.cards, cards), skip_hand=None)
        if not H.is_ace_and_ten(cards):
            raise IllegalAction(_("{cards} is not a pontoon: it takes an ace and a 10, J, Q or K", cards=cards),
                                rule="PONTOON-TURN-1")
        if not H.is_pontoon(cards, state.settings.pontoon_ranking):
            raise IllegalAction(_("{cards} is an ordinary 21 at this table (ace and ten is not a "
                                  "pontoon): stick on it instead", cards=cards), rule="PONTOON-VARIANT-7")
        return _done(state, _stand(replace(state, turns_begun=True), i, seq, cards=cards, declared=True))

    def _split(self, state: State, a: Action, seq: int) -> Done:
        i, hand = _in_turn(state, "PONTOON-TURN-2")
        who = hand_label(state.hands, i)
        given = a.cards("cards", count=2, optional=True)
        if given is None:
            known = hand.entered
            if known is None:
                raise IllegalAction(_("a split pair is laid face up: enter both cards"), rule="PONTOON-TURN-2")
            cards = known
        else:
            cards = _merge(hand.cards, given, who, "PONTOON-TURN-2")
        _check_new_cards(state, _newly_known(hand.cards, cards))
        if cards[0].rank != cards[1].rank:
            raise IllegalAction(_("{cards} is not a pair: only cards of the same rank split "
                                  "(Q-Q yes, Q-J no)", cards=cards), rule="PONTOON-TURN-2")
        if state.settings.split == "aces_only" and cards[0].rank != "A":
            raise IllegalAction(_("only aces may be split at this table, not {cards}", cards=cards),
                                rule="PONTOON-VARIANT-1")
        # SHOOT-5: the shoot bet stays with the first card; the other hand may take a new one.
        first = replace(hand, cards=(cards[0], None), split=True)
        other = Hand(hand.player, (cards[1], None), stake=hand.first_stake, first_stake=hand.first_stake,
                     split=True, split_shoot_open=hand.shoot > 0)
        hands = state.hands[:i] + (first, other) + state.hands[i + 1:]
        return _done(state, replace(state, turns_begun=True, hands=hands))

    def _burn(self, state: State, a: Action, seq: int) -> Done:
        burn = state.settings.burn
        i, hand = _in_turn(state, "PONTOON-VARIANT-8")
        who = hand_label(state.hands, i)
        given = a.cards("cards", count=2, optional=True)
        cards: tuple[Card | None, ...] = hand.cards
        newly: list[Card] = []
        if given is not None:
            merged = _merge(hand.cards, given, who, "PONTOON-VARIANT-8")
            cards, newly = merged, _newly_known(hand.cards, merged)
        _check_new_cards(state, newly)
        known = entered(cards)
        if known is not None and not H.can_burn(known, burn):
            raise IllegalAction(_("{cards} cannot be burned: only two cards making a hard {burn} (no ace) may",
                                  cards=cards, burn=burn), rule="PONTOON-VARIANT-8")
        burned = replace(hand, cards=(None, None), burns=hand.burns + (Burn(cards, seq),))
        return _done(state, _with_hand(replace(state, turns_begun=True), i, burned))

    def _buy(self, state: State, a: Action, seq: int) -> Done:
        amount = a.integer("amount")
        card = a.card("card", optional=True)
        i, hand = _in_turn(state, "PONTOON-TURN-3")
        who = hand_label(state.hands, i)
        low, high = buy_range(hand)
        if not low <= amount <= high:
            if not hand.buys:
                message = _("{who} staked {stake}: the third card costs {low} to {high}, not {amount}",
                            who=who, stake=hand.first_stake, low=low, high=high, amount=amount)
            else:
                message = _("{who} staked {stake}: after paying {last} for the last card, the next card "
                            "costs {low} to {high}, not {amount}", who=who, stake=hand.first_stake,
                            last=hand.buys[-1], low=low, high=high, amount=amount)
            raise IllegalAction(message, rule="PONTOON-TURN-3")
        if card is not None:
            _check_new_cards(state, [card])
        bought = replace(hand, cards=hand.cards + (card,), stake=hand.stake + amount, buys=hand.buys + (amount,),
                         must_take_fourth=False, moves=hand.moves + (HandMove("buy", seq, len(hand.cards)),))
        return _done(state, _after_card(_with_hand(replace(state, turns_begun=True), i, bought), i, seq))

    def _twist(self, state: State, a: Action, seq: int) -> Done:
        card = a.card("card")
        i, hand = _in_turn(state, "PONTOON-TURN-4")
        _check_new_cards(state, [card])
        twisted = replace(hand, cards=hand.cards + (card,), twisted=True, must_take_fourth=False,
                          moves=hand.moves + (HandMove("twist", seq, len(hand.cards)),))
        return _done(state, _after_card(_with_hand(replace(state, turns_begun=True), i, twisted), i, seq))

    def _stick(self, state: State, a: Action, seq: int) -> Done:
        i, hand = _in_turn(state, "PONTOON-TURN-5")
        after = replace(state, turns_begun=True)
        if len(hand.cards) >= FIVE:
            return _done(state, _stand(after, i, seq))   # a five card trick needs no minimum total (TURN-7)
        known = hand.entered
        if known is not None:
            _stick_breach(state, i, known)
        return _done(state, _stand(after, i, seq, moves=hand.moves + (HandMove("stick", seq, len(hand.cards)),)))

    def _bust(self, state: State, a: Action, seq: int) -> Done:
        i, hand = _in_turn(state, "PONTOON-TURN-6")
        who = hand_label(state.hands, i)
        given = a.cards("cards", optional=True)
        after = state
        if given is not None:
            cards = _merge(hand.cards, given, who, "PONTOON-TURN-6")
            _check_new_cards(state, _newly_known(hand.cards, cards))
            if H.low_total(cards) <= 21:
                raise IllegalAction(_("{cards} counts {total}: that is not bust", cards=cards,
                                      total=H.best_total(cards)), rule="PONTOON-TURN-6")
            after = _with_hand(state, i, replace(hand, cards=cards))
        return _done(state, _throw_in(replace(after, turns_begun=True), i, seq, None))

    # --- reveals and the checks they make possible (TURN-8) -------------------------------

    def _reveal(self, state: State, a: Action, seq: int) -> Done:
        player = _required(a.player_name("player", state.players))
        number = a.integer("hand", minimum=1, maximum=MAX_HANDS)
        given = a.cards("cards", maximum=FIVE)
        burned = a.cards("burned", optional=True, minimum=0, maximum=40)
        i = hand_index(state.hands, player, number)
        if i is None:
            raise IllegalAction(_("{player} has no hand {n} this deal", player=player, n=number),
                                rule="PONTOON-TURN-8")
        hand = state.hands[i]
        who = hand_label(state.hands, i)
        if not hand.finished:
            raise IllegalAction(_("{who} is still being played: a hand is revealed once it is finished", who=who),
                                rule="PONTOON-TURN-8")
        hidden_burns = [c for b in hand.burns for c in b.cards if c is None]
        if hand.known and not hidden_burns:
            if hidden_ten(hand):
                raise IllegalAction(_("{who} declared a pontoon: its cards were entered then", who=who),
                                    rule="PONTOON-TURN-8")
            raise IllegalAction(_("every card of {who} is already known: {cards}", who=who,
                                  cards=card_symbols(hand.cards)), rule="PONTOON-TURN-8")
        cards = _merge(public_cards(hand), given, who, "PONTOON-TURN-8")
        if tuple(cards) != tuple(c if c is not None else g for c, g in zip(hand.cards, cards)):
            # The face-down ten-card of a declared pontoon: say that it disagrees, never what it is.
            raise IllegalAction(_("these are not the cards of the pontoon {who} declared", who=who),
                                rule="PONTOON-TURN-8")
        burns = hand.burns
        newly = _newly_known(hand.cards, cards)
        slots = [c for b in hand.burns for c in b.cards]
        if burned:
            # The face-down burned cards only, as documented; every burned card, as rules version 1
            # took them, is still read when the known ones agree.
            flat: tuple[Card, ...]
            if hidden_burns and len(burned) == len(hidden_burns):
                given_burned = iter(burned)
                flat = tuple(next(given_burned) if c is None else c for c in slots)
            elif hand.burns and len(burned) == len(slots):
                flat = _merge(slots, burned, _("the cards {who} burned", who=who), "PONTOON-TURN-8")
            elif not hand.burns:
                raise IllegalAction(_("{who} has burned no cards: leave out \"burned\"", who=who),
                                    rule="PONTOON-TURN-8")
            elif not hidden_burns:
                raise IllegalAction(_("every card {who} burned is known already: leave out \"burned\"", who=who),
                                    rule="PONTOON-TURN-8")
            else:
                raise IllegalAction(_("{who} burned {n} cards face down, but {entered} were entered as "
                                      "\"burned\"", who=who, n=len(hidden_burns), entered=len(burned)),
                                    rule="PONTOON-TURN-8")
            newly += _newly_known(slots, flat)
            burns = tuple(Burn(tuple(flat[2 * k: 2 * k + 2]), b.seq) for k, b in enumerate(hand.burns))
        elif hidden_burns:
            raise IllegalAction(_("{who} burned cards face down: enter them too (\"burned\": the "
                                  "face-down burned cards, in order)", who=who), rule="PONTOON-TURN-8")
        _check_new_cards(state, newly)
        after = _with_hand(state, i, replace(hand, cards=cards, burns=burns, revealed_seq=seq))
        return _done(state, _maybe_check(after, i, seq))

    # --- the banker (DEAL-2, SETTLE) ------------------------------------------------------

    def _banker_pontoon(self, state: State, a: Action, seq: int) -> Done:
        s = state.settings
        cards = a.cards("cards", count=2)
        _check_new_cards(state, cards)
        if not H.is_pontoon(cards, s.pontoon_ranking):
            raise IllegalAction(_("{cards} is not a pontoon (ace and ten is an ordinary 21 at this table)",
                                  cards=cards) if H.is_ace_and_ten(cards) else
                                _("{cards} is not a pontoon", cards=cards),
                                rule="PONTOON-DEAL-2")
        after = replace(state, banker_cards=cards, banker_revealed=True)
        banker_class = class_of(cards, s, banker=True)
        beaten = _beaten_by(after, a, banker_class)
        return _done(state, _settle_deal(after, seq, banker_class, at_second_card=True, beaten=beaten))

    def _banker_reveal(self, state: State, a: Action, seq: int) -> Done:
        cards = a.cards("cards", count=2)
        _check_new_cards(state, cards)
        after = replace(state, banker_cards=cards, banker_revealed=True)
        if H.is_pontoon(cards, state.settings.pontoon_ranking):
            after = _find(after, "PONTOON-DEAL-2", _("the banker's {cards} is a pontoon and should have been "
                                                     "shown at the second card; it stands and settles as a "
                                                     "pontoon", cards=cards), seq)
        return _done(state, after)

    def _banker_draw(self, state: State, a: Action, seq: int) -> Done:
        card = a.card("card")
        _check_new_cards(state, [card])
        return _done(state, replace(state, banker_cards=state.banker_cards + (card,)))

    def _banker_stick(self, state: State, a: Action, seq: int) -> Done:
        missing = [hand_label(state.hands, i) for i, h in enumerate(state.hands)
                   if h.status == STANDING and not h.fully_known]
        if missing:
            raise IllegalAction(_("every hand still in must be revealed before settling: {names} still to reveal",
                                  names=_names(missing)), rule="PONTOON-TURN-8")
        cards = _banker_hand(state)
        return _done(state, _settle_deal(state, seq, class_of(cards, state.settings, banker=True)))

    # --- quick mode ------------------------------------------------------------------------

    def _quick(self, state: State, a: Action, seq: int) -> Done:
        """One whole deal as results: each hand's stake and class, the banker's result."""
        s = state.settings
        banker_kind = a.choice("banker_class", QUICK_BANKER_CLASSES)
        if banker_kind == H.ROYAL_PONTOON:
            raise IllegalAction(_("a royal pontoon is a player's hand: the banker's three sevens are 21"),
                                rule="PONTOON-VARIANT-6")
        tiers_matter = s.pontoon_ranking in ("picture_beats_ten", "natural")
        banker_class = _quick_class(banker_kind, a, "banker_total", "banker_ten_card", s,
                                    need_tier=banker_kind == H.PONTOON and tiers_matter)
        doubled = a.raw("doubled", False)
        if not isinstance(doubled, bool):
            raise InvalidAction(_("\"doubled\" must be true or false"), rule="ACTION")
        if doubled and not s.banker_doubling:
            raise IllegalAction(_("banker doubling is not played at this table"), rule="PONTOON-VARIANT-3")
        entries = a.raw("hands")
        if not isinstance(entries, list) or not entries or not all(isinstance(e, dict) for e in entries):
            raise InvalidAction(_("\"hands\" must be a list of {fields}", fields='{"player", "stake", "class", ...}'),
                                rule="ACTION")
        hands: list[Hand] = []
        classes: list[HandClass] = []
        order = _order_from_left(state.players, state.banker)
        for entry in entries:
            item = Action({**entry, "type": "hand"})
            player = _required(item.player_name("player", state.players))
            if player == state.banker:
                raise IllegalAction(_("{player} is the banker and plays no hand", player=player),
                                    rule="PONTOON-DEAL-1")
            stake = _required(item.integer("stake"))
            if not s.min_stake <= stake <= MAX_STAKE_FACTOR * s.max_stake:
                raise IllegalAction(_("{player}'s stake of {stake} is outside {low} to {high} (a first stake of "
                                      "at most {largest} and three buys)", player=player, stake=stake,
                                      low=s.min_stake, high=MAX_STAKE_FACTOR * s.max_stake, largest=s.max_stake),
                                    rule="PONTOON-SETUP-3")
            shoot = item.integer("shoot", optional=True) or 0
            if shoot and not s.shoot:
                raise IllegalAction(_("shoot bets are part of Shoot Pontoon, which is not being played"),
                                    rule="PONTOON-SHOOT-2")
            kind = _required(item.choice("class", QUICK_CLASSES))
            if kind == H.ROYAL_PONTOON and not s.royal_pontoon:
                raise IllegalAction(_("royal pontoon (three sevens) is not played at this table"),
                                    rule="PONTOON-VARIANT-6")
            need_tier = banker_class.kind == H.PONTOON and kind == H.PONTOON and tiers_matter
            cls = _quick_class(kind, item, "total", "ten_card", s, need_tier=need_tier)
            hands.append(Hand(player, (), stake=stake, first_stake=stake, shoot=shoot))
            classes.append(cls)
        counts = Counter(h.player for h in hands)
        missing = [p for p in order if p not in counts]
        if missing:
            raise IllegalAction(_("every player but the banker plays a hand: {names} missing",
                                  names=_names(missing)), rule="PONTOON-DEAL-1")
        over = [p for p, n in counts.items() if n > MAX_HANDS]
        if over:
            raise IllegalAction(_("{names} cannot play more than {n} hands", names=_names(over), n=MAX_HANDS),
                                rule="PONTOON-TURN-2")
        if banker_class.kind == H.PONTOON:
            late = [h.player for h, c in zip(hands, classes)
                    if counts[h.player] > 1 or c.kind in (H.FIVE_CARD_TRICK, H.ROYAL_PONTOON, H.BUST)]
            if late:
                raise IllegalAction(_("the banker's pontoon ends the deal at the second card, so {names} cannot "
                                      "have split, drawn or bust", names=_names(sorted(set(late)))),
                                    rule="PONTOON-DEAL-2")
            # Two cards make 21 only as ace and ten-card: a pontoon, unless the table counts ace
            # and ten as an ordinary 21 (VARIANT-7).
            if s.pontoon_ranking != "ace_ten_is_21":
                twenty_ones = [h.player for h, c in zip(hands, classes) if c.kind == H.TWENTY_ONE]
                if twenty_ones:
                    raise IllegalAction(_("the banker's pontoon ends the deal at the second card, and two "
                                          "cards make 21 only as a pontoon: enter {names} as a pontoon",
                                          names=_names(twenty_ones)), rule="PONTOON-DEAL-2")
        # Hands in seat order from the banker's left; a player's split hands keep their order.
        ranked = sorted(range(len(hands)), key=lambda k: order.index(hands[k].player))
        hands = [replace(hands[k], split=counts[hands[k].player] > 1) for k in ranked]
        classes = [classes[k] for k in ranked]
        busted = sum(h.shoot for h, c in zip(hands, classes) if c.kind == H.BUST)
        open_bets = sum(h.shoot for h, c in zip(hands, classes) if c.kind != H.BUST)
        if open_bets > kitty(state.ledger) + busted:
            raise IllegalAction(_("shoot bets of {bets} are more than the kitty of {kitty} (plus {busted} from "
                                  "bust hands) could cover", bets=open_bets, kitty=kitty(state.ledger),
                                  busted=busted), rule="PONTOON-SHOOT-2")
        dealt = replace(state, deal=state.deal + 1 if state.started else state.deal, started=True,
                        doubled=doubled, hands=tuple(hands), banker_cards=(), banker_revealed=True)
        settled, rows = _quick_settle(dealt, seq, classes, banker_class)
        pontoons = [(h.player, not h.split) for h, c in zip(settled.hands, classes)
                    if c.kind in (H.PONTOON, H.ROYAL_PONTOON)]
        return _done(state, _finish_deal(settled, seq, rows, banker_class, pontoons))


# --- the moments each action needs (check_phase) -------------------------------------------

def _between_deals_moment(state: State, kind: str) -> None:
    """SETUP-2, SHOOT-1, SHOOT-8, DEAL-1, NEXT-3, LEDGER-3: what waits for the deal to end."""
    s = state.settings
    phase = state.phase
    if kind == "cut":
        if state.started or state.ledger or state.bank_changes:
            raise IllegalAction(_("the cut for the bank comes before the first deal and the kitty"),
                                rule="PONTOON-SETUP-2")
    elif kind == "kitty":
        if not s.shoot:
            raise IllegalAction(_("there is no kitty: Shoot Pontoon is not being played"),
                                rule="PONTOON-SHOOT-1")
        if phase == KITTY_PHASE:
            return
        if phase not in BETWEEN_DEALS:
            raise IllegalAction(_("the kitty can be topped up only before a new deal"),
                                rule="PONTOON-SHOOT-8")
        # The limit counts the banker's own money only: lost shoot bets that swelled the kitty
        # never stand in the way of a top-up (ruling of 2026-11-23).
        own = bankers_own(state.ledger)
        if own >= s.kitty_max:
            raise IllegalAction(_("{banker} has {own} of their own in the kitty, the limit of {limit}: "
                                  "nothing more can be added", banker=state.banker, own=own, limit=s.kitty_max),
                                rule="PONTOON-SHOOT-8")
    elif kind in ("deal", "quick"):
        if phase == KITTY_PHASE:
            raise IllegalAction(_("{banker} must put up a kitty before dealing", banker=state.banker)
                                if kind == "deal" else
                                _("{banker} must put up a kitty first", banker=state.banker),
                                rule="PONTOON-SHOOT-8" if state.started else "PONTOON-SHOOT-1")
        if kind == "deal" and phase not in BETWEEN_DEALS:
            raise IllegalAction(_("a deal is already in progress"), rule="PONTOON-DEAL-1")
    elif kind == "sell_bank":
        if phase not in BETWEEN_DEALS:
            raise IllegalAction(_("the bank can be sold only between deals, once this deal is settled"),
                                rule="PONTOON-NEXT-3")
    elif phase not in BETWEEN_DEALS:   # end_session
        raise IllegalAction(_("finish and settle this deal before ending the session"),
                            rule="PONTOON-LEDGER-3")


def _first_card_moment(state: State, kind: str, named: object = None) -> None:
    """DEAL-1, DEAL-2, SHOOT-2, SHOOT-4, VARIANT-3: stakes, shoot bets and doubling come after
    the first card, the second card after them. ``named``: the player the entry names."""
    s = state.settings
    phase = state.phase
    if kind == "stake":
        if phase != STAKES:
            # A late stake is most often a second entry of one already made: the table needs to
            # hear that it stands, not when stakes are taken.
            staked = _first_stake_this_deal(state, named)
            if staked:
                raise IllegalAction(_("{player} has already staked {amount}", player=named, amount=staked),
                                    rule="PONTOON-DEAL-1")
            raise IllegalAction(_("first stakes are placed after the first card, not before the first deal")
                                if phase in BETWEEN_DEALS else
                                _("first stakes are placed after the first card, not once the stakes are in"),
                                rule="PONTOON-DEAL-1")
    elif kind == "shoot":
        if not s.shoot:
            raise IllegalAction(_("shoot bets are part of Shoot Pontoon, which is not being played"),
                                rule="PONTOON-SHOOT-2")
        if phase == STAKES:
            raise IllegalAction(_("shoot bets come after all first stakes; still to stake: {names}",
                                  names=_names(_unstaked(state))), rule="PONTOON-SHOOT-2")
        if phase not in (SHOOT, PLAYERS):
            raise IllegalAction(_("no shoot bet can be placed now: they go on the first card, before "
                                  "a fourth card, or on a split hand"), rule="PONTOON-SHOOT-4")
    elif kind == "double":
        if not s.banker_doubling:
            raise IllegalAction(_("banker doubling is not played at this table"), rule="PONTOON-VARIANT-3")
        if phase == STAKES:
            raise IllegalAction(_("the banker doubles after all first stakes; still to stake: {names}",
                                  names=_names(_unstaked(state))), rule="PONTOON-VARIANT-3")
        if phase not in (SHOOT, SECOND_CARD):
            raise IllegalAction(_("the banker may double only after the first stakes, before the "
                                  "second card"), rule="PONTOON-VARIANT-3")
        if state.doubled:
            raise IllegalAction(_("the bets are already doubled"), rule="PONTOON-VARIANT-3")
    else:   # second_card
        if phase == STAKES:
            raise IllegalAction(_("everyone stakes before the second card; still to stake: {names}",
                                  names=_names(_unstaked(state))), rule="PONTOON-DEAL-1")
        if phase not in (SHOOT, SECOND_CARD):
            raise IllegalAction(_("the second card is dealt once, after the first stakes"),
                                rule="PONTOON-DEAL-2")


def _first_stake_this_deal(state: State, named: object) -> int:
    """The first stake ``named`` placed on the deal in progress (0: none, or no deal is in
    progress). The stake of a player's first hand: buys and split hands came after it."""
    if state.phase not in (SHOOT, SECOND_CARD, PLAYERS, BANKER):
        return 0    # between deals the hands are the settled deal's, not one being staked
    return next((h.first_stake for h in state.hands if h.player == named), 0)


def _hand_moment(state: State, kind: str) -> None:
    """TURN-1..7, VARIANT-5, VARIANT-8, SHOOT-4: what the hand in turn may do with its cards."""
    s = state.settings
    if kind == "pontoon":
        i, hand = _in_turn(state, "PONTOON-TURN-1")
        if len(hand.cards) != 2:
            raise IllegalAction(_("{who} holds {n} cards: a pontoon is the first two",
                                  who=hand_label(state.hands, i), n=len(hand.cards)), rule="PONTOON-TURN-1")
    elif kind == "split":
        i, hand = _in_turn(state, "PONTOON-TURN-2")
        if len(hand.cards) != 2:
            raise IllegalAction(_("{who} holds {n} cards: only the first two may be split",
                                  who=hand_label(state.hands, i), n=len(hand.cards)), rule="PONTOON-TURN-2")
        if sum(1 for h in state.hands if h.player == hand.player) >= MAX_HANDS:
            raise IllegalAction(_("{player} already plays {n} hands, the most a split allows",
                                  player=hand.player, n=MAX_HANDS), rule="PONTOON-TURN-2")
    elif kind == "burn":
        if not s.burn:
            raise IllegalAction(_("burning is not played at this table"), rule="PONTOON-VARIANT-8")
        i, hand = _in_turn(state, "PONTOON-VARIANT-8")
        if len(hand.cards) != 2:
            raise IllegalAction(_("{who} holds {n} cards: only the first two may be burned",
                                  who=hand_label(state.hands, i), n=len(hand.cards)), rule="PONTOON-VARIANT-8")
        _not_waiting_for_fourth(state, i, hand, "burn")
    elif kind == "buy":
        i, hand = _in_turn(state, "PONTOON-TURN-3")
        who = hand_label(state.hands, i)
        if hand.twisted:
            raise IllegalAction(_("{who} has twisted: after a twist further cards can only be twisted, "
                                  "not bought", who=who), rule="PONTOON-TURN-4")
        if len(hand.cards) >= FIVE:
            raise IllegalAction(_("{who} has five cards: no more", who=who), rule="PONTOON-TURN-7")
        if minimum_total(hand.cards) >= 21:
            raise IllegalAction(_("{who} ({cards}) counts at least 21: a card may be bought only under 21",
                                  who=who, cards=card_symbols(hand.cards)), rule="PONTOON-TURN-3")
        known = hand.entered
        if s.four_card_eleven and len(hand.cards) == 4 and known is not None and H.low_total(known) <= 11:
            raise IllegalAction(_("{who} ({cards}) counts {total}: four cards of 11 or less take the fifth "
                                  "by twisting, not buying", who=who, cards=card_symbols(known),
                                  total=H.low_total(known)),
                                rule="PONTOON-VARIANT-5")
    elif kind == "twist":
        i, hand = _in_turn(state, "PONTOON-TURN-4")
        who = hand_label(state.hands, i)
        if len(hand.cards) >= FIVE:
            raise IllegalAction(_("{who} has five cards: no more", who=who), rule="PONTOON-TURN-7")
        if minimum_total(hand.cards) >= 21:
            raise IllegalAction(_("{who} ({cards}) counts at least 21: a twist needs a total under 21",
                                  who=who, cards=card_symbols(hand.cards)), rule="PONTOON-TURN-4")
    elif kind == "stick":
        i, hand = _in_turn(state, "PONTOON-TURN-5")
        _not_waiting_for_fourth(state, i, hand, "stick")
    else:   # bust
        i, hand = _in_turn(state, "PONTOON-TURN-6")
        if len(hand.cards) == 2:
            raise IllegalAction(_("{who} holds two cards, which can never be over 21",
                                  who=hand_label(state.hands, i)), rule="PONTOON-TURN-6")


def _banker_moment(state: State, kind: str) -> None:
    """DEAL-2, SETTLE-1..4, TURN-8: the banker's pontoon at once, the banker's turn after the
    players', reveals while the deal is played."""
    phase = state.phase
    if kind == "banker_pontoon":
        if phase in (STAKES, SHOOT, SECOND_CARD):
            raise IllegalAction(_("the banker's pontoon is shown once everyone has two cards: enter "
                                  "the second card first"), rule="PONTOON-DEAL-2")
        if phase != PLAYERS or state.turns_begun:
            raise IllegalAction(_("the banker's pontoon is shown at once, before the first player's "
                                  "turn; now it is an ordinary hand revealed at the banker's turn"),
                                rule="PONTOON-DEAL-2")
    elif kind == "banker_reveal":
        if phase == PLAYERS:
            raise IllegalAction(_("the banker turns up after every player has played; still playing: {names}",
                                  names=_still_playing(state)), rule="PONTOON-SETTLE-1")
        if phase != BANKER:
            raise IllegalAction(_("no deal is waiting for the banker"), rule="PONTOON-SETTLE-1")
        if state.banker_revealed:
            raise IllegalAction(_("the banker's cards are already up: {cards}",
                                  cards=card_symbols(state.banker_cards)), rule="PONTOON-SETTLE-1")
    elif kind == "banker_draw":
        cards = _banker_ready(state)
        low = H.low_total(cards)
        if H.is_pontoon(cards, state.settings.pontoon_ranking):
            raise IllegalAction(_("the banker holds a pontoon ({cards}): it stands", cards=cards),
                                rule="PONTOON-SETTLE-3")
        if low > 21:
            raise IllegalAction(_("the banker is bust ({cards}, {total}): settle the deal", cards=cards, total=low),
                                rule="PONTOON-SETTLE-2")
        if len(cards) >= FIVE:
            raise IllegalAction(_("the banker has a five card trick ({cards}): no more cards", cards=cards),
                                rule="PONTOON-SETTLE-4")
        if low == 21:
            raise IllegalAction(_("the banker has 21 ({cards}) and stands", cards=cards), rule="PONTOON-SETTLE-3")
    elif kind == "banker_stick":
        _banker_ready(state)
    elif phase not in (PLAYERS, BANKER):   # reveal
        raise IllegalAction(_("hands are revealed during the deal, before the banker settles"),
                            rule="PONTOON-TURN-8")


def _hand_in_turn(state: State) -> Hand | None:
    return state.hands[state.current] if state.phase == PLAYERS and state.current is not None else None


def _shoot_offered(state: State) -> bool:
    """Whether anyone may place a shoot bet now, as the view offers it: the next player of the
    first-card round while the kitty has room (SHOOT-2), or the hand in turn before its fourth
    card or on a split hand of its own (SHOOT-4, SHOOT-5)."""
    if state.phase == SHOOT:
        return shoot_room(state) > 0 and shoot_turn(state.hands) is not None
    hand = _hand_in_turn(state)
    if hand is None or hand.must_take_fourth or shoot_room(state) <= 0:
        return False
    return _shoot_for_fourth(hand) or any(_split_shoot_open(h) for h in state.hands if h.player == hand.player)


def _shoot_for_fourth(hand: Hand) -> bool:
    return (hand.status == PLAYING and len(hand.cards) == 3 and not hand.shoot_fourth
            and minimum_total(hand.cards) < 21)


def _split_shoot_open(hand: Hand) -> bool:
    return (hand.split_shoot_open and not hand.split_shoot and len(hand.cards) == 2
            and hand.status in (WAITING, PLAYING))


def _to_reveal(state: State) -> bool:
    """A finished hand has cards still face down (TURN-8)."""
    return any(h.finished and not h.fully_known for h in state.hands)


# --- before and after the deal ---------------------------------------------------------------

def _change_bank(state: State, seq: int, to: str, reason: str, price: int | None) -> State:
    """NEXT-2, NEXT-3, SHOOT-8: the old banker takes what is left in the kitty."""
    old = state.banker
    if price:
        state = _add_line(state, to, old, price, _("{buyer} buys the bank from {seller}", buyer=to, seller=old),
                          kind="sale", seq=seq)
    left = kitty(state.ledger)
    if left:
        state = _add_line(state, KITTY, old, left,
                          _("{old} takes back the kitty: the bank passes to {new}", old=old, new=to),
                          kind="kitty", seq=seq)
    change = BankChange(state.deal if state.started else None, old, to, reason, price, seq)
    return replace(state, bank_changes=state.bank_changes + (change,), banker=to,
                   phase=KITTY_PHASE if state.settings.shoot else state.phase)


def _unstaked(state: State) -> list[str]:
    return [h.player for h in state.hands if not h.stake]


def _first_card_shoot(state: State, player: str, amount: int, number: int | None, room: int) -> State:
    """SHOOT-2: a bet on the first card, or a decline (amount 0), by the player whose turn in
    the round it is."""
    if number is not None and number != 1:
        raise IllegalAction(_("on the first card {player} holds one hand: there is no hand {n} to shoot on",
                              player=player, n=number), rule="PONTOON-SHOOT-2")
    i = next(i for i, h in enumerate(state.hands) if h.player == player)
    hand = state.hands[i]
    if hand.shoot_asked:
        raise IllegalAction(_("{player} has already shot {amount} on the first card", player=player,
                              amount=hand.shoot) if hand.shoot else
                            _("{player} has declined to shoot on the first card: each player is asked once",
                              player=player), rule="PONTOON-SHOOT-2")
    nxt = shoot_turn(state.hands)
    if nxt is not None and nxt != i:
        before = [h.player for h in state.hands[nxt:i]]
        raise IllegalAction(_("shoot bets on the first card go round from the banker's left: {names} "
                              "bet or decline before {player}", names=_names(before), player=player),
                            rule="PONTOON-SHOOT-2")
    if amount:
        _check_room(amount, room, "PONTOON-SHOOT-2")
    return _with_hand(state, i, replace(hand, shoot=amount, shoot_asked=True))


def _check_room(amount: int, room: int, rule: str) -> None:
    if amount > room:
        free = (_("only {room} of the kitty is free", room=room) if room > 0
                else _("the open shoot bets already cover the whole kitty"))
        raise IllegalAction(_("a shoot bet of {amount} is too much: {free}", amount=amount, free=free),
                            rule=rule)


# --- the players' turns (TURN, VARIANT-1/5/7/8) ---------------------------------------------

def _in_turn(state: State, rule: str) -> tuple[int, Hand]:
    """The hand in turn and where it is, or the refusal of a hand's entry when none is."""
    if state.phase != PLAYERS or state.current is None:
        if state.phase == BANKER:
            why = _("every player's hand is finished; it is the banker's turn")
        elif state.phase in (STAKES, SHOOT, SECOND_CARD):
            why = _("the second card has not been dealt yet")
        else:
            why = _("no deal is being played")
        raise IllegalAction(_("no player's hand is in turn: {why}", why=why), rule=rule)
    return state.current, state.hands[state.current]


def _not_waiting_for_fourth(state: State, i: int, hand: Hand, doing: str) -> None:
    if hand.must_take_fourth:
        who = hand_label(state.hands, i)
        raise IllegalAction(_("{who} shot for a fourth card: buy or twist it now, not burn", who=who)
                            if doing == "burn" else
                            _("{who} shot for a fourth card: buy or twist it now, not stick", who=who),
                            rule="PONTOON-SHOOT-4")


def _advance(state: State) -> State:
    """Turn passes to the next hand waiting; after the last, to the banker."""
    start = 0 if state.current is None else state.current + 1
    for j in range(start, len(state.hands)):
        if state.hands[j].status == WAITING:
            return replace(_with_hand(state, j, replace(state.hands[j], status=PLAYING)), current=j)
    return replace(state, current=None, phase=BANKER)


def _stand(state: State, i: int, seq: int, **changes: Any) -> State:
    state = _with_hand(state, i, replace(state.hands[i], status=STANDING, must_take_fourth=False, **changes))
    return _advance(_maybe_check(state, i, seq))


def _throw_in(state: State, i: int, seq: int, shown: str | None) -> State:
    """TURN-6, SHOOT-6: the stake goes to the banker at once, the shoot bet into the kitty.
    ``shown``: the cards that prove the bust, when the referee throws the hand in."""
    hand = state.hands[i]
    who = hand_label(state.hands, i)
    rate = ordinary_rate(state.doubled)
    reason = (_("{who} is bust ({cards})", who=who, cards=shown) if shown
              else _("{who} is bust", who=who))
    state = _add_line(state, hand.player, state.banker, hand.stake * rate, reason, kind="stake",
                      seq=seq, hand_index=i)
    # PONTOON-SHOOT-6: a bust hand's shoot bet goes into the kitty at once.
    state = _add_line(state, hand.player, KITTY, hand.shoot, _("{who} is bust: the shoot bet goes to the kitty",
                                                               who=who),
                      kind="shoot", seq=seq, hand_index=i)
    state = _with_hand(state, i, replace(hand, status=BUST, bust_seq=seq, stake_settled=True, shoot_settled=True,
                                         must_take_fourth=False))
    return _advance(_maybe_check(state, i, seq))


def _after_card(state: State, i: int, seq: int) -> State:
    hand = state.hands[i]
    if minimum_total(hand.cards) > 21:
        # The table has seen enough of the hand to know it is over 21.
        return _throw_in(state, i, seq, card_symbols(hand.cards))
    if len(hand.cards) >= FIVE and hand.known:
        return _stand(state, i, seq)   # TURN-7: a five card trick takes no more cards
    # Five cards with some face down stay in turn: the player sticks, or throws in a bust.
    return state


def _stick_rule(settings: Settings, total: int) -> str:
    # A 15 under the 16 house rule breaks the house rule; anything lower breaks the rule itself.
    if settings.stick_min == 16 and total == 15:
        return "PONTOON-VARIANT-2"
    return "PONTOON-TURN-5"


def _stick_breach(state: State, i: int, cards: Sequence[Card]) -> None:
    total = H.best_total(cards)
    need = state.settings.stick_min
    if total < need:
        raise IllegalAction(_("{who} ({cards}) counts {total}: sticking needs at least {need}",
                              who=hand_label(state.hands, i), cards=tuple(cards), total=total, need=need),
                            rule=_stick_rule(state.settings, total))


# --- the checks a reveal makes possible (TURN-8) -------------------------------------------

def _maybe_check(state: State, i: int, seq: int) -> State:
    """Run the postponed checks once, as soon as every card of the hand is known."""
    hand = state.hands[i]
    cards = hand.entered
    if hand.checked or cards is None or not hand.fully_known or not hand.finished:
        return state
    for rule, message in _late_checks(state, i, cards):
        state = _find(state, rule, _("{finding} (found once its cards were known)", finding=message), seq)
    return _with_hand(state, i, replace(state.hands[i], checked=True))


# Moves that need a total under 21 (aces low), with the rule they break and how to say so.
UNDER_21_MOVES = {
    "buy": ("PONTOON-TURN-3", N_("at entry {seq} {who} bought a card on {cards}, counting {total}: "
                               "that needs a total under 21")),
    "twist": ("PONTOON-TURN-4", N_("at entry {seq} {who} twisted on {cards}, counting {total}: "
                                 "that needs a total under 21")),
    "shoot4": ("PONTOON-SHOOT-4", N_("at entry {seq} {who} shot for a fourth card on {cards}, counting "
                                   "{total}: that needs a total under 21")),
}


def _late_checks(state: State, i: int, cards: tuple[Card, ...]) -> list[tuple[str, Message]]:
    """The checks TURN-8 postponed, now that the hand's cards (``cards``) are known."""
    s = state.settings
    hand = state.hands[i]
    who = hand_label(state.hands, i)
    found: list[tuple[str, Message]] = []
    for burn in hand.burns:
        burned = entered(burn.cards)
        if burned is not None and not H.can_burn(burned, s.burn):
            found.append(("PONTOON-VARIANT-8", _("at entry {seq} {who} burned {cards}, which is not a hard {burn}",
                                               seq=burn.seq, who=who, cards=burn.cards, burn=s.burn)))
    bust = H.low_total(cards) > 21
    for move in hand.moves:
        before = cards[:move.count]
        low = H.low_total(before)
        if move.kind in UNDER_21_MOVES and low >= 21:
            rule, template = UNDER_21_MOVES[move.kind]
            found.append((rule, _(template, seq=move.seq, who=who, cards=before, total=low)))
        if move.kind == "buy" and move.count == 4 and s.four_card_eleven and low <= 11:
            found.append(("PONTOON-VARIANT-5", _("at entry {seq} {who} bought a fifth card on {cards} ({total}): "
                                               "four cards of 11 or less may only twist", seq=move.seq,
                                               who=who, cards=before, total=low)))
        if move.kind == "stick" and not bust:
            total = H.best_total(before)
            if total < s.stick_min:
                found.append((_stick_rule(s, total), _("at entry {seq} {who} stuck on {cards} ({total}): "
                                                       "sticking needs at least {need}", seq=move.seq,
                                                       who=who, cards=before, total=total,
                                                       need=s.stick_min)))
    if hand.status == STANDING and bust:
        found.append(("PONTOON-TURN-6", _("{who} ({cards}) counts {total}: it was bust and should have "
                                        "been thrown in at once; it loses", who=who, cards=cards,
                                        total=H.low_total(cards))))
    if hand.status == BUST and not bust:
        found.append(("PONTOON-TURN-6", _("{who} was thrown in at entry {seq} but {cards} counts {total}, "
                                        "not bust; the stake stays lost", who=who, seq=hand.bust_seq,
                                        cards=cards, total=H.best_total(cards))))
    return found


# --- the banker (DEAL-2, SETTLE) ----------------------------------------------------------

def _still_playing(state: State) -> Listing:
    return _names([hand_label(state.hands, i) for i, h in enumerate(state.hands) if not h.finished])


def _banker_hand(state: State) -> tuple[Card, ...]:
    """The banker's cards, once turned up (SETTLE-1)."""
    cards = entered(state.banker_cards)
    if not state.banker_revealed or cards is None:
        raise IllegalAction(_("the banker turns up both cards first (banker_reveal)"),
                            rule="PONTOON-SETTLE-1")
    return cards


def _banker_ready(state: State) -> tuple[Card, ...]:
    """The banker's cards, when it is the banker's turn and they are up (SETTLE-1)."""
    if state.phase == PLAYERS:
        raise IllegalAction(_("the players have not finished; still playing: {names}", names=_still_playing(state)),
                            rule="PONTOON-SETTLE-1")
    if state.phase != BANKER:
        raise IllegalAction(_("no deal is waiting for the banker"), rule="PONTOON-SETTLE-1")
    return _banker_hand(state)


def _beaten_by(state: State, a: Action, banker_class: HandClass) -> dict[str, tuple[Card, ...]]:
    """VARIANT-7: players who show a pontoon that outranks the banker's."""
    entries = a.raw("beaten_by")
    if entries is None:
        return {}
    if state.settings.pontoon_ranking in ("equal", "ace_ten_is_21"):
        raise IllegalAction(_("every pontoon ranks the same at this table, and ties go to the banker"),
                            rule="PONTOON-VARIANT-7")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InvalidAction(_("\"beaten_by\" must be a list of {fields}", fields='{"player", "cards"}'),
                            rule="ACTION")
    beaten: dict[str, tuple[Card, ...]] = {}
    shown: list[tuple[Card, Where]] = []
    for entry in entries:
        item = Action({**entry, "type": "beaten_by"})
        player = _required(item.player_name("player", state.players))
        cards = _required(item.cards("cards", count=2))
        if player == state.banker or player in beaten:
            raise InvalidAction(_("{player} is listed twice or is the banker", player=player), rule="ACTION")
        _check_new_cards(state, cards, also_seen=shown)
        shown += [(c, _("{player}'s cards", player=player)) for c in cards]
        mine = class_of(cards, state.settings)
        if mine.kind != H.PONTOON:
            raise IllegalAction(_("{player}'s {cards} is not a pontoon", player=player, cards=cards),
                                rule="PONTOON-TURN-1")
        if not mine.beats(banker_class):
            raise IllegalAction(_("{player}'s {cards} does not outrank the banker's pontoon: "
                                  "equal hands go to the banker", player=player, cards=cards),
                                rule="PONTOON-HAND-3")
        beaten[player] = cards
    return beaten


def _pay(state: State, i: int, hand: Hand, outcome: Outcome, who: str | Message, seq: int) -> State:
    """One hand's settlement as ledger lines: the stake with the banker (SETTLE-2..4), the
    shoot bet with the kitty (SHOOT-7)."""
    money = hand.stake * outcome.multiplier
    reason = _("{who}: {why}", who=who, why=outcome.why)
    # PONTOON-SHOOT-7: a winning hand is paid its shoot bet from the kitty one for one; a hand
    # that ties or loses puts its shoot bet into the kitty.
    if outcome.win:
        state = _add_line(state, state.banker, hand.player, money, reason, kind="stake", seq=seq, hand_index=i)
        return _add_line(state, KITTY, hand.player, hand.shoot,
                         _("{who} wins the shoot bet from the kitty", who=who), kind="shoot", seq=seq, hand_index=i)
    state = _add_line(state, hand.player, state.banker, money, reason, kind="stake", seq=seq, hand_index=i)
    return _add_line(state, hand.player, KITTY, hand.shoot,
                     _("{who} loses the shoot bet to the kitty", who=who), kind="shoot", seq=seq, hand_index=i)


def _settle_deal(state: State, seq: int, banker_class: HandClass, *, at_second_card: bool = False,
                 beaten: dict[str, tuple[Card, ...]] | None = None) -> State:
    """SETTLE-2..4, DEAL-2, SHOOT-3, SHOOT-7: every hand still in settles once."""
    s = state.settings
    beaten = beaten or {}
    rows: list[Row] = []
    hands = state.hands
    for i, hand in enumerate(hands):
        who = hand_label(hands, i)
        number = hand_number(hands, i)
        if hand.status == BUST:
            rate = ordinary_rate(state.doubled)
            rows.append(Row(hand.player, number, tuple(card_texts(hand.cards)), H.BUST, None, hand.stake,
                            hand.shoot, False, -hand.stake * rate, -hand.shoot,
                            _("bust: thrown in at entry {seq}", seq=hand.bust_seq)))
            continue
        assert not hand.stake_settled, "a hand is settled once"
        mine: HandClass | None
        if at_second_card:
            cards: tuple[Card | None, ...] = beaten.get(hand.player, hand.cards)
            if hand.player in beaten:
                mine = class_of(beaten[hand.player], s)
                outcome = settle(mine, banker_class, pontoon_pays=s.pontoon_pays,
                                 banker_pontoon_collects=s.banker_pontoon_collects, doubled=state.doubled)
            else:
                mine = None
                rate = loss_rate(banker_class, banker_pontoon_collects=s.banker_pontoon_collects,
                                 doubled=state.doubled)
                outcome = Outcome(False, rate, _("the banker's pontoon collects {rate}× the stake", rate=rate))
        else:
            known = hand.entered
            assert known is not None, "every hand still in is revealed before settling (TURN-8)"
            cards = known
            mine = class_of(known, s)
            outcome = settle(mine, banker_class, pontoon_pays=s.pontoon_pays,
                             banker_pontoon_collects=s.banker_pontoon_collects, doubled=state.doubled)
        money = hand.stake * outcome.multiplier
        state = _pay(state, i, hand, outcome, who, seq)
        sign = 1 if outcome.win else -1
        rows.append(Row(hand.player, number, tuple(card_texts(cards)), mine.kind if mine else None,
                        mine.total if mine else None, hand.stake, hand.shoot, outcome.win,
                        sign * money, sign * hand.shoot, outcome.why))
        state = _with_hand(state, i, replace(hand, cards=tuple(cards), status=WON if outcome.win else LOST,
                                             stake_settled=True, shoot_settled=True))
    return _finish_deal(state, seq, rows, banker_class)


def _pontoon_holder(state: State) -> list[tuple[str, bool]]:
    """(player, unsplit) for every hand that made a pontoon (or royal pontoon) this deal."""
    found = []
    for hand in state.hands:
        cards = hand.entered
        if hand.status != BUST and cards is not None:
            kind = class_of(cards, state.settings).kind
            if kind in (H.PONTOON, H.ROYAL_PONTOON):
                found.append((hand.player, not hand.split))
    return found


def _finish_deal(state: State, seq: int, rows: list[Row], banker_class: HandClass | None,
                 pontoons: list[tuple[str, bool]] | None = None) -> State:
    """NEXT-1, NEXT-2, SHOOT-8: what happens before the next deal."""
    banker_pontoon = banker_class is not None and banker_class.kind == H.PONTOON
    pontoons = _pontoon_holder(state) if pontoons is None else pontoons
    shuffle = banker_pontoon or bool(pontoons)
    next_banker = state.banker
    if not banker_pontoon:
        next_banker = next((player for player, unsplit in pontoons if unsplit), state.banker)
    record = DealRecord(
        deal=state.deal, banker=state.banker, rows=tuple(rows), banker_hand=tuple(card_texts(state.banker_cards)),
        banker_class=banker_class.kind if banker_class else None,
        banker_total=banker_class.total if banker_class else None,
        doubled=state.doubled, shuffle=shuffle, seq=seq)
    state = replace(state, shuffle=shuffle, settlement=tuple(rows), history=state.history + (record,),
                    current=None, phase=SETTLED)
    if next_banker != state.banker:
        return _change_bank(state, seq, next_banker, "pontoon", None)
    if state.settings.shoot and kitty(state.ledger) == 0:
        return replace(state, phase=KITTY_PHASE)   # SHOOT-8: an empty kitty is put up again (or the bank sold)
    return state


# --- quick mode --------------------------------------------------------------------------

def _quick_class(kind: str, item: Action, total_field: str, ten_field: str, s: Settings, *,
                 need_tier: bool = False) -> HandClass:
    ranking = s.pontoon_ranking
    if kind == H.PONTOON:
        ten = item.choice(ten_field, ("10", "J", "Q", "K"), optional=not need_tier)
        if ten == "10" and ranking == "ace_ten_is_21":
            raise IllegalAction(_("ace and ten is an ordinary 21 at this table, not a pontoon: enter "
                                  "it as a total of 21"), rule="PONTOON-VARIANT-7")
        return HandClass(H.PONTOON, 21, H.pontoon_tier(ten or "10", ranking))
    if kind == H.TOTAL:
        total = _required(item.integer(total_field, minimum=0, maximum=99))
        if total < LOWEST_TWO_CARD_TOTAL:
            raise IllegalAction(_("no hand counts {total}: the lowest is 4 (2-2), an ace counting 1 "
                                  "or 11", total=total), rule="PONTOON-HAND-1")
        if total > 21:
            raise IllegalAction(_("a total of {total} is over 21: enter the hand as bust", total=total),
                                rule="PONTOON-HAND-2")
        return HandClass(H.TWENTY_ONE if total == 21 else H.TOTAL, total)
    if kind == H.FIVE_CARD_TRICK:
        return HandClass(H.FIVE_CARD_TRICK, 0)
    if kind == H.ROYAL_PONTOON:
        return HandClass(H.ROYAL_PONTOON, 21)
    return HandClass(H.BUST, 0)


def _quick_settle(state: State, seq: int, classes: list[HandClass],
                  banker_class: HandClass) -> tuple[State, list[Row]]:
    s = state.settings
    hands = state.hands
    outcomes = [settle(c, banker_class, pontoon_pays=s.pontoon_pays,
                       banker_pontoon_collects=s.banker_pontoon_collects, doubled=state.doubled)
                for c in classes]
    # Losing shoot bets reach the kitty before winning ones are paid from it (SHOOT-6, SHOOT-7).
    for losing_first in (True, False):
        for i, (hand, outcome) in enumerate(zip(hands, outcomes)):
            if outcome.win == losing_first:
                continue
            state = _pay(state, i, hand, outcome, hand_label(hands, i), seq)
    rows = []
    for i, (hand, cls, outcome) in enumerate(zip(hands, classes, outcomes)):
        sign = 1 if outcome.win else -1
        rows.append(Row(hand.player, hand_number(hands, i), (), cls.kind, cls.total or None, hand.stake,
                        hand.shoot, outcome.win, sign * hand.stake * outcome.multiplier,
                        sign * hand.shoot, outcome.why))
        state = _with_hand(state, i, replace(hand, status=WON if outcome.win else LOST, stake_settled=True,
                                             shoot_settled=True))
    return state, rows


GAME = PontoonGame()

__all__ = ["GAME", "PontoonGame", "Settings", "balances", "turn_of"]
