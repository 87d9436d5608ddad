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

from referee.cards import Card
from referee.games.pontoon import hands as H
from referee.games.pontoon.hands import HandClass, classify, minimum_total
from referee.games.pontoon.ledger import KITTY, balances, bankers_own, check_balanced, kitty, make_line
from referee.games.pontoon.settle import Outcome, loss_rate, ordinary_rate, settle
from referee.games.pontoon.state import (
    BANKER, BETWEEN_DEALS, BUST, DEAL, KITTY_PHASE, LOST, MATCH_OVER, PLAYERS, PLAYING,
    SECOND_CARD, SETTLED, SHOOT, STAKES, STANDING, WAITING, WON, BankChange, Burn, DealRecord,
    Draft, Hand, Move, Row, State,
)
from referee.i18n import N_, Listing, Message, _, all_of
from referee.rules import MAX_INT, Action, Finding, GameRules, IllegalAction, InvalidAction, RuleViolation
from referee.rules import Settings as BaseSettings
from referee.rules import house_rule

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
PLAY_ONLY = frozenset({"deal", "stake", "double", "second_card", "banker_pontoon", "pontoon",
                       "split", "burn", "buy", "twist", "stick", "bust", "reveal",
                       "banker_reveal", "banker_draw", "banker_stick"})
# Actions where "player" names whom the entry is about, not who is entering it.
PLAYER_IS_ARGUMENT = frozenset({"stake", "shoot", "reveal", "quick"})
# Entries only the banker makes, whoever's hand is in turn.
BANKER_ACTIONS = frozenset({"cut", "kitty", "deal", "double", "second_card", "banker_pontoon",
                            "banker_reveal", "banker_draw", "banker_stick", "sell_bank",
                            "end_session"})


# House-rule choices as people say them (issue 11: no identifier reaches a screen or a sheet).
SPLIT_WORDS = {"any": N_("any pair"), "aces_only": N_("aces only")}
RANKING_WORDS = {
    "equal": N_("all pontoons equal"),
    "picture_beats_ten": N_("ace and picture card beats ace and ten"),
    "ace_ten_is_21": N_("ace and ten is an ordinary 21"),
    "natural": N_("ace with king or queen beats ace with jack or ten"),
}
BURN_WORDS = {0: N_("no burning"), 13: N_("a hard 13"), 14: N_("a hard 14")}
PACKS_WORDS = {1: N_("one pack"), 2: N_("two packs")}
STICK_WORDS = {15: N_("15 or more"), 16: N_("16 or more")}
PAYS_WORDS = {1: N_("single"), 2: N_("double"), 3: N_("triple")}


@dataclass(frozen=True)
class Settings(BaseSettings):
    # Labels are the ones the form would make from the field names, marked for translation.
    packs: int = house_rule(1, N_("Packs shuffled together (two for eight or more players)"),
                            label=N_("Packs"), choices=(1, 2), words=PACKS_WORDS)
    min_stake: int = house_rule(1, N_("Smallest first stake"), label=N_("Min stake"),
                                minimum=1, maximum=100_000)
    max_stake: int = house_rule(10, N_("Largest first stake"), label=N_("Max stake"),
                                minimum=1, maximum=100_000)
    split: str = house_rule("any", N_("Which pairs may be split"), label=N_("Split"),
                            choices=("any", "aces_only"), words=SPLIT_WORDS)
    stick_min: int = house_rule(15, N_("Lowest total a player may stick on"), label=N_("Stick min"),
                                choices=(15, 16), words=STICK_WORDS)
    banker_doubling: bool = house_rule(False, N_("The banker may double all bets after the first card"),
                                       label=N_("Banker doubling"))
    pontoon_pays: int = house_rule(2, N_("A player's pontoon is paid this many times the stake"),
                                   label=N_("Pontoon pays"), choices=(1, 2, 3), words=PAYS_WORDS)
    banker_pontoon_collects: int = house_rule(
        2, N_("The banker's pontoon collects this many times each stake"),
        label=N_("Banker pontoon collects"), choices=(1, 2), words=PAYS_WORDS)
    four_card_eleven: bool = house_rule(
        False, N_("Four cards totalling 11 or less may only twist the fifth, not buy it"),
        label=N_("Four card eleven"))
    royal_pontoon: bool = house_rule(False, N_("Three sevens beat everything and are paid three times"),
                                     label=N_("Royal pontoon"))
    pontoon_ranking: str = house_rule("equal", N_("How pontoons rank among themselves"),
                                      label=N_("Pontoon ranking"), choices=H.RANKINGS,
                                      words=RANKING_WORDS)
    burn: int = house_rule(0, N_("Two cards making this hard total may be burned (0: no burning)"),
                           label=N_("Burn"), choices=(0, 13, 14), words=BURN_WORDS)
    shoot: bool = house_rule(False, N_("Shoot Pontoon: side bets against the banker's kitty"),
                             label=N_("Shoot"))
    kitty_min: int = house_rule(10, N_("Smallest kitty the banker puts up"), label=N_("Kitty min"),
                                minimum=1, maximum=1_000_000)
    kitty_max: int = house_rule(100, N_("Largest kitty"), label=N_("Kitty max"), minimum=1, maximum=1_000_000)
    buy_in: int = house_rule(0, N_("Chips each player starts with (for the settle-up)"), label=N_("Buy in"),
                             minimum=0, maximum=10_000_000)

    def validate(self) -> None:
        if self.min_stake > self.max_stake:
            raise InvalidAction(_("the smallest stake ({low}) is above the largest ({high})",
                                  low=self.min_stake, high=self.max_stake), rule="SETTINGS")
        if self.kitty_min > self.kitty_max:
            raise InvalidAction(_("the smallest kitty ({low}) is above the largest ({high})",
                                  low=self.kitty_min, high=self.kitty_max), rule="SETTINGS")


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


def _who(hands: Sequence[Hand], index: int) -> str | Message:
    """The player's name, or "Ben's hand 2" once the player plays several hands."""
    player = hands[index].player
    if sum(1 for h in hands if h.player == player) == 1:
        return player
    return _("{player}'s hand {n}", player=player, n=_number(hands, index))


def _shown(slots: Sequence[Card | None]) -> str:
    return " ".join("??" if c is None else c.symbol for c in slots)


def _text(slots: Sequence[Card | None]) -> list[str]:
    return ["??" if c is None else str(c) for c in slots]


def most_players(packs: int) -> int:
    """SETUP-1: how many people the packs serve, five cards each, the banker included."""
    return packs * PACK_SIZE // FIVE


def hidden_ten(hand: Hand) -> bool:
    """A declared pontoon shows its ace; the ten-card stays face down until the deal is settled
    (ruling of 2026-11-23)."""
    return hand.declared and hand.status == STANDING


def public_cards(hand: Hand) -> tuple[Card | None, ...]:
    """The hand as the table sees it: a card dealt face down and not shown is None."""
    if hidden_ten(hand):
        return tuple(c if c is not None and c.rank == "A" else None for c in hand.cards)
    return hand.cards


def _names(items: Sequence[Any]) -> Listing:
    """Names joined the way the language joins them: "Ann, Ben and Cy"."""
    return all_of(items)


def _hand_class(cards: Sequence[Card], settings: Settings, *, banker: bool = False) -> HandClass:
    return classify(cards, ranking=settings.pontoon_ranking, royal=settings.royal_pontoon,
                    banker=banker)


def _outstanding_shoot(d: Draft) -> int:
    return sum(h.shoot for h in d.hands if not h.shoot_settled)


def _shoot_room(d: Draft) -> int:
    """SHOOT-2: all open shoot bets together may not exceed the kitty."""
    return kitty(d.ledger) - _outstanding_shoot(d)


def _add_line(d: Draft, frm: str, to: str, amount: int, reason: Message, *, kind: str, seq: int,
              hand_index: int | None = None) -> None:
    if amount == 0:
        return
    player = number = None
    if hand_index is not None:
        player, number = d.hands[hand_index].player, _number(d.hands, hand_index)
    d.ledger.append(make_line(frm, to, amount, reason, deal=d.deal, kind=kind, seq=seq,
                              parties=d.players, player=player, hand=number))


def _find(d: Draft, rule: str, message: Message, seq: int) -> None:
    finding = Finding(rule, message, seq)
    d.findings.append(finding)
    d.new_findings.append(finding)


# --- card tracking (SETUP-1, HAND-1) -------------------------------------------------------

def _seen(d: Draft, skip_hand: int | None = None) -> list[tuple[Card, Message | None]]:
    """Every card entered this deal, with where it is; None for a card still face down on the
    table (a declared pontoon's ten-card), whose place is never told."""
    seen: list[tuple[Card, Message | None]] = []
    for i, hand in enumerate(d.hands):
        if i == skip_hand:
            continue
        who = _who(d.hands, i)
        place = _("{player}'s hand", player=who) if who == hand.player else who
        shown = public_cards(hand)
        seen.extend((c, place if s is not None else None) for c, s in zip(hand.cards, shown)
                    if c is not None)
        for burn in hand.burns:
            seen.extend((c, _("the cards {who} burned", who=who)) for c in burn.cards if c is not None)
    seen.extend((c, _("the banker's hand ({banker})", banker=d.banker)) for c in d.banker_cards if c is not None)
    return seen


def _check_new_cards(d: Draft, cards: Sequence[Card], *, skip_hand: int | None = None,
                     also_seen: Sequence[tuple[Card, Message | None]] = ()) -> None:
    """A card entered must still be in the pack: once per pack (SETUP-1), never a joker (HAND-1).
    A refusal never says where a face-down card is (ruling of 2026-11-23)."""
    for card in cards:
        if card.is_joker:
            raise IllegalAction(_("Pontoon is played without jokers: every card is A, 2–10, J, Q or K"),
                                rule="PONTOON-HAND-1")
    seen = _seen(d, skip_hand) + list(also_seen)
    packs = d.settings.packs
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
                              n=len(slots), cards=_shown(slots), entered=len(given)), rule=rule)
    for pos, (known, card) in enumerate(zip(slots, given), start=1):
        if known is not None and known != card:
            raise IllegalAction(_("card {pos} of {who} was entered as {known}, not {card}", pos=pos,
                                  who=who, known=known, card=card), rule=rule)
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

    # The entry is about the named player for stake/shoot/reveal: anyone may enter it.
    def check_actor(self, state: State, action: Action) -> None:
        if action.type in PLAYER_IS_ARGUMENT:
            return
        named = action.raw("player")
        if named is not None and action.type in BANKER_ACTIONS:
            if named != state.banker:
                raise IllegalAction(_("only the banker ({banker}) makes this entry, not {named}",
                                      banker=state.banker, named=str(named)[:40]), rule="TURN")
            return
        super().check_actor(state, action)

    def turn(self, state: State) -> str | None:
        return turn_of(state)

    def apply(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        handler = HANDLERS.get(action.type)
        if handler is None:
            raise InvalidAction(_("Pontoon has no action “{action}”", action=action.type), rule="ACTION")
        if state.phase == MATCH_OVER:
            raise IllegalAction(_("the session is over and settled up: start a new match to play on"),
                                rule="PONTOON-LEDGER-3")
        if state.mode == "quick" and action.type in PLAY_ONLY:
            raise InvalidAction(_("this match records results only: enter each deal with “quick”, "
                                  "not “{action}”", action=action.type), rule="ACTION")
        if state.mode == "play" and action.type == "quick":
            raise InvalidAction(_("“quick” is for results-only matches; this match enters every card"),
                                rule="ACTION")
        d = Draft(state)
        handler(d, action, seq)
        check_balanced(d.ledger, d.players, d.settings.buy_in)
        return d.freeze(), tuple(d.new_findings)

    def view(self, state: State) -> dict[str, Any]:
        from referee.games.pontoon.view import view
        return view(state)

    def describe(self, before: State, action: Action, after: State) -> str:
        """The entry in words (words.py); a declared pontoon shows its ace only."""
        from referee.games.pontoon.words import describe
        try:
            text = describe(before, action, after)
        except (IndexError, TypeError, ValueError, KeyError, RuleViolation):
            text = None   # an entry the words cannot follow (a stored oddity) is told plainly
        return text if text is not None else super().describe(before, action, after)

    def running_totals(self, state: State) -> tuple[dict[str, int], ...]:
        """Every player's money after each settled deal (the balances), oldest first."""
        from referee.games.pontoon.view import running_totals
        return running_totals(state)

    def stage(self, state: State) -> Message | None:
        """Where in the deal the next entry falls, for grouping the timeline."""
        phase = state.phase
        if phase in (STAKES, SHOOT, SECOND_CARD):
            return _("First card and stakes")
        if phase == PLAYERS and state.current is not None:
            return _("{who} to play", who=_who(state.hands, state.current))
        if phase == BANKER:
            return _("The bank")
        return None

    def unavailable(self, state: State) -> dict[str, Message]:
        """Cards the table has seen this deal, with where they are: with one pack each card is
        out once; with two, once both are out. A card still face down is never listed."""
        if state.phase not in (STAKES, SHOOT, SECOND_CARD, PLAYERS, BANKER):
            return {}
        seen = [(card, where) for card, where in _seen(state) if where is not None]  # type: ignore[arg-type]
        counts = Counter(card for card, _where in seen)
        gone: dict[str, Message] = {}
        for card, where in seen:
            if counts[card] >= state.settings.packs and str(card) not in gone:
                gone[str(card)] = _("already out this deal, in {where}", where=where)
        return gone


# --- before the deal: cut, kitty, sale, end (SETUP-2, SHOOT-1, SHOOT-8, NEXT-3, LEDGER-3) ---

def _cut(d: Draft, a: Action, seq: int) -> None:
    if d.started or d.ledger or d.bank_changes:
        raise IllegalAction(_("the cut for the bank comes before the first deal and the kitty"),
                            rule="PONTOON-SETUP-2")
    cards = a.cards("cards", count=len(d.players))
    _check_new_cards(d, cards)
    top = max(CUT_ORDER[c.rank] for c in cards)
    winners = [p for p, c in zip(d.players, cards) if CUT_ORDER[c.rank] == top]
    if len(winners) > 1:
        raise IllegalAction(_("{names} tie for the highest cut: they cut again", names=_names(winners)),
                            rule="PONTOON-SETUP-2")
    d.banker = winners[0]
    d.cut = tuple(zip(d.players, cards))


def _kitty(d: Draft, a: Action, seq: int) -> None:
    s = d.settings
    if not s.shoot:
        raise IllegalAction(_("there is no kitty: Shoot Pontoon is not being played"),
                            rule="PONTOON-SHOOT-1")
    amount = a.integer("amount", minimum=-MAX_INT)
    if amount <= 0:
        raise IllegalAction(_("the banker may add to the kitty, never take from it ({amount} entered)",
                              amount=amount), rule="PONTOON-SHOOT-8")
    if d.phase == KITTY_PHASE:
        if not s.kitty_min <= amount <= s.kitty_max:
            raise IllegalAction(_("{banker} puts up a kitty of {low} to {high}, not {amount}", banker=d.banker,
                                  low=s.kitty_min, high=s.kitty_max, amount=amount), rule="PONTOON-SHOOT-1")
        _add_line(d, d.banker, KITTY, amount, _("{banker} puts up the kitty", banker=d.banker), kind="kitty",
                  seq=seq)
        d.phase = SETTLED if d.started else DEAL
        return
    if d.phase not in BETWEEN_DEALS:
        raise IllegalAction(_("the kitty can be topped up only before a new deal"),
                            rule="PONTOON-SHOOT-8")
    # The limit counts the banker's own money only: lost shoot bets that swelled the kitty
    # never stand in the way of a top-up (ruling of 2026-11-23).
    own = bankers_own(d.ledger)
    if own + amount > s.kitty_max:
        room = max(0, s.kitty_max - own)
        raise IllegalAction(_("{banker} has {own} of their own in the kitty: adding {amount} would pass "
                              "the limit of {limit} (at most {room} more)", banker=d.banker, own=own,
                              amount=amount, limit=s.kitty_max, room=room) if room else
                            _("{banker} has {own} of their own in the kitty, the limit of {limit}: "
                              "nothing more can be added", banker=d.banker, own=own, limit=s.kitty_max),
                            rule="PONTOON-SHOOT-8")
    _add_line(d, d.banker, KITTY, amount, _("{banker} adds to the kitty", banker=d.banker), kind="kitty",
              seq=seq)


def _change_bank(d: Draft, seq: int, to: str, reason: str, price: int | None) -> None:
    """NEXT-2, NEXT-3, SHOOT-8: the old banker takes what is left in the kitty."""
    old = d.banker
    if price:
        _add_line(d, to, old, price, _("{buyer} buys the bank from {seller}", buyer=to, seller=old),
                  kind="sale", seq=seq)
    left = kitty(d.ledger)
    if left:
        _add_line(d, KITTY, old, left, _("{old} takes back the kitty: the bank passes to {new}", old=old, new=to),
                  kind="kitty", seq=seq)
    d.bank_changes.append(BankChange(d.deal if d.started else None, old, to, reason, price, seq))
    d.banker = to
    if d.settings.shoot:
        d.phase = KITTY_PHASE


def _sell_bank(d: Draft, a: Action, seq: int) -> None:
    if d.phase not in BETWEEN_DEALS:
        raise IllegalAction(_("the bank can be sold only between deals, once this deal is settled"),
                            rule="PONTOON-NEXT-3")
    to = a.player_name("to", d.players)
    price = a.integer("price", minimum=0)
    if to == d.banker:
        raise IllegalAction(_("{player} already holds the bank", player=to), rule="PONTOON-NEXT-3")
    _change_bank(d, seq, to, "sale", price)


def _end_session(d: Draft, a: Action, seq: int) -> None:
    if d.phase not in BETWEEN_DEALS:
        raise IllegalAction(_("finish and settle this deal before ending the session"),
                            rule="PONTOON-LEDGER-3")
    left = kitty(d.ledger)
    if left:
        _add_line(d, KITTY, d.banker, left, _("{banker} takes back the kitty at the end", banker=d.banker),
                  kind="kitty", seq=seq)
    d.phase = MATCH_OVER


# --- the deal, stakes and shoot bets (DEAL, SETUP-3, SHOOT-2, VARIANT-3) ------------------

def _deal(d: Draft, a: Action, seq: int) -> None:
    if d.phase == KITTY_PHASE:
        raise IllegalAction(_("{banker} must put up a kitty before dealing", banker=d.banker),
                            rule="PONTOON-SHOOT-8" if d.started else "PONTOON-SHOOT-1")
    if d.phase not in BETWEEN_DEALS:
        raise IllegalAction(_("a deal is already in progress"), rule="PONTOON-DEAL-1")
    named = a.player_name("banker", d.players, optional=True)
    if named is not None and named != d.banker:
        message = _("{banker} holds the bank, not {named}", banker=d.banker, named=named)
        if d.bank_changes and d.bank_changes[-1].to == d.banker:
            change = d.bank_changes[-1]
            message = (_("{banker} holds the bank (pontoon), not {named}", banker=d.banker, named=named)
                       if change.reason == "pontoon" else
                       _("{banker} holds the bank (bought the bank), not {named}", banker=d.banker, named=named))
        raise IllegalAction(message, rule="PONTOON-NEXT-2")
    shuffled = a.raw("shuffled")
    if shuffled is not None:
        if not isinstance(shuffled, bool):
            raise InvalidAction(_("\"shuffled\" must be true or false"), rule="ACTION")
        if shuffled != d.shuffle:
            if d.shuffle:
                msg = (_("the pack must be shuffled and cut first: there was a pontoon")
                       if d.started else _("the first deal is from a shuffled, cut pack"))
            else:
                msg = _("nobody had a pontoon: the used cards go under the pack unshuffled")
            raise IllegalAction(msg, rule="PONTOON-NEXT-1")
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
        raise IllegalAction(_("first stakes are placed after the first card, not before the first deal")
                            if d.phase in BETWEEN_DEALS else
                            _("first stakes are placed after the first card, not once the stakes are in"),
                            rule="PONTOON-DEAL-1")
    if player == d.banker:
        raise IllegalAction(_("{player} is the banker and does not stake", player=player), rule="PONTOON-DEAL-1")
    i = next(i for i, h in enumerate(d.hands) if h.player == player)
    if d.hands[i].stake:
        raise IllegalAction(_("{player} has already staked {amount}", player=player, amount=d.hands[i].stake),
                            rule="PONTOON-DEAL-1")
    if not s.min_stake <= amount <= s.max_stake:
        raise IllegalAction(_("a first stake is {low} to {high}, not {amount}", low=s.min_stake,
                              high=s.max_stake, amount=amount), rule="PONTOON-SETUP-3")
    d.hands[i] = replace(d.hands[i], stake=amount, first_stake=amount)
    if not _unstaked(d):
        d.phase = SHOOT if s.shoot else SECOND_CARD


def _double(d: Draft, a: Action, seq: int) -> None:
    if not d.settings.banker_doubling:
        raise IllegalAction(_("banker doubling is not played at this table"), rule="PONTOON-VARIANT-3")
    if d.phase == STAKES:
        raise IllegalAction(_("the banker doubles after all first stakes; still to stake: {names}",
                              names=_names(_unstaked(d))), rule="PONTOON-VARIANT-3")
    if d.phase not in (SHOOT, SECOND_CARD):
        raise IllegalAction(_("the banker may double only after the first stakes, before the "
                              "second card"), rule="PONTOON-VARIANT-3")
    if d.doubled:
        raise IllegalAction(_("the bets are already doubled"), rule="PONTOON-VARIANT-3")
    d.doubled = True


def _second_card(d: Draft, a: Action, seq: int) -> None:
    if d.phase == STAKES:
        raise IllegalAction(_("everyone stakes before the second card; still to stake: {names}",
                              names=_names(_unstaked(d))), rule="PONTOON-DEAL-1")
    if d.phase not in (SHOOT, SECOND_CARD):
        raise IllegalAction(_("the second card is dealt once, after the first stakes"),
                            rule="PONTOON-DEAL-2")
    d.hands = [replace(h, cards=h.cards + (None,)) for h in d.hands]
    d.banker_cards = (None, None)
    d.phase = PLAYERS
    d.current = 0
    d.hands[0] = replace(d.hands[0], status=PLAYING)


def _shoot(d: Draft, a: Action, seq: int) -> None:
    s = d.settings
    player = a.player_name("player", d.players)
    amount = a.integer("amount", minimum=0)
    number = a.integer("hand", minimum=1, maximum=MAX_HANDS, optional=True)
    if not s.shoot:
        raise IllegalAction(_("shoot bets are part of Shoot Pontoon, which is not being played"),
                            rule="PONTOON-SHOOT-2")
    if player == d.banker:
        raise IllegalAction(_("{player} is the banker: the kitty is the bank's, players shoot against it",
                              player=player), rule="PONTOON-SHOOT-2")
    room = _shoot_room(d)
    if d.phase == SHOOT:
        _first_card_shoot(d, player, amount, number, room)
        return
    if d.phase == STAKES:
        raise IllegalAction(_("shoot bets come after all first stakes; still to stake: {names}",
                              names=_names(_unstaked(d))), rule="PONTOON-SHOOT-2")
    if d.phase != PLAYERS:
        raise IllegalAction(_("no shoot bet can be placed now: they go on the first card, before "
                              "a fourth card, or on a split hand"), rule="PONTOON-SHOOT-4")
    if amount == 0:
        raise InvalidAction(_("a shoot bet of 0 declines, which only the first-card round asks for: "
                              "a shoot bet now is at least 1"), rule="ACTION")
    turn = d.hands[d.current]
    if number is None:
        if turn.player != player:
            raise IllegalAction(_("it is {who}'s turn: only that hand may shoot now",
                                  who=_who(d.hands, d.current)), rule="PONTOON-SHOOT-4")
        j = d.current
    else:
        j = _index(d.hands, player, number)
        if j is None:
            raise InvalidAction(_("{player} has no hand {n}", player=player, n=number), rule="ACTION")
    hand = d.hands[j]
    who = _who(d.hands, j)
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
        d.hands[j] = replace(hand, shoot=hand.shoot + amount, split_shoot=True)
        return
    if j != d.current or hand.status != PLAYING:
        raise IllegalAction(_("{who} is not in turn: a shoot bet before the fourth card is placed "
                              "by the hand about to take it", who=who), rule="PONTOON-SHOOT-4")
    if len(hand.cards) != 3:
        raise IllegalAction(_("{who} has seen {n} cards: there is no shooting after the fourth card",
                              who=who, n=len(hand.cards)), rule="PONTOON-SHOOT-4")
    if hand.shoot_fourth:
        raise IllegalAction(_("{who} has already shot for the fourth card", who=who), rule="PONTOON-SHOOT-4")
    if minimum_total(hand.cards) >= 21:
        raise IllegalAction(_("{who} ({cards}) counts at least {total}: a fourth card (and a shoot bet "
                              "on it) needs a total under 21", who=who, cards=_shown(hand.cards),
                              total=minimum_total(hand.cards)),
                            rule="PONTOON-SHOOT-4")
    _check_room(amount, room, "PONTOON-SHOOT-4")
    d.hands[j] = replace(hand, shoot=hand.shoot + amount, shoot_fourth=True, must_take_fourth=True,
                         moves=hand.moves + (Move("shoot4", seq, 3),))
    d.turns_begun = True


def shoot_turn(hands: Sequence[Hand]) -> int | None:
    """SHOOT-2 (ruling of 2026-11-23): the first-card shoot bets go round once from the
    banker's left; the index of the hand whose player bets or declines next."""
    return next((i for i, h in enumerate(hands) if not h.shoot_asked), None)


def _first_card_shoot(d: Draft, player: str, amount: int, number: int | None, room: int) -> None:
    """SHOOT-2: a bet on the first card, or a decline (amount 0), by the player whose turn in
    the round it is."""
    if number is not None and number != 1:
        raise IllegalAction(_("on the first card {player} holds one hand: there is no hand {n} to shoot on",
                              player=player, n=number), rule="PONTOON-SHOOT-2")
    i = next(i for i, h in enumerate(d.hands) if h.player == player)
    hand = d.hands[i]
    if hand.shoot_asked:
        raise IllegalAction(_("{player} has already shot {amount} on the first card", player=player,
                              amount=hand.shoot) if hand.shoot else
                            _("{player} has declined to shoot on the first card: each player is asked once",
                              player=player), rule="PONTOON-SHOOT-2")
    nxt = shoot_turn(d.hands)
    if nxt is not None and nxt != i:
        before = [h.player for h in d.hands[nxt:i]]
        raise IllegalAction(_("shoot bets on the first card go round from the banker's left: {names} "
                              "bet or decline before {player}", names=_names(before), player=player),
                            rule="PONTOON-SHOOT-2")
    if amount:
        _check_room(amount, room, "PONTOON-SHOOT-2")
    d.hands[i] = replace(hand, shoot=amount, shoot_asked=True)


def _check_room(amount: int, room: int, rule: str) -> None:
    if amount > room:
        free = (_("only {room} of the kitty is free", room=room) if room > 0
                else _("the open shoot bets already cover the whole kitty"))
        raise IllegalAction(_("a shoot bet of {amount} is too much: {free}", amount=amount, free=free),
                            rule=rule)


# --- the players' turns (TURN, VARIANT-1/5/7/8) ---------------------------------------------

def _in_turn(d: Draft, rule: str) -> tuple[int, Hand]:
    if d.phase != PLAYERS or d.current is None:
        if d.phase == BANKER:
            why = _("every player's hand is finished; it is the banker's turn")
        elif d.phase in (STAKES, SHOOT, SECOND_CARD):
            why = _("the second card has not been dealt yet")
        else:
            why = _("no deal is being played")
        raise IllegalAction(_("no player's hand is in turn: {why}", why=why), rule=rule)
    return d.current, d.hands[d.current]


def _not_waiting_for_fourth(d: Draft, i: int, hand: Hand, doing: str) -> None:
    if hand.must_take_fourth:
        who = _who(d.hands, i)
        raise IllegalAction(_("{who} shot for a fourth card: buy or twist it now, not burn", who=who)
                            if doing == "burn" else
                            _("{who} shot for a fourth card: buy or twist it now, not stick", who=who),
                            rule="PONTOON-SHOOT-4")


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


def _throw_in(d: Draft, i: int, seq: int, shown: str | None) -> None:
    """TURN-6, SHOOT-6: the stake goes to the banker at once, the shoot bet into the kitty.
    ``shown``: the cards that prove the bust, when the referee throws the hand in."""
    hand = d.hands[i]
    who = _who(d.hands, i)
    rate = ordinary_rate(d.doubled)
    reason = (_("{who} is bust ({cards})", who=who, cards=shown) if shown
              else _("{who} is bust", who=who))
    _add_line(d, hand.player, d.banker, hand.stake * rate, reason, kind="stake",
              seq=seq, hand_index=i)
    # PONTOON-SHOOT-6: a bust hand's shoot bet goes into the kitty at once.
    _add_line(d, hand.player, KITTY, hand.shoot, _("{who} is bust: the shoot bet goes to the kitty", who=who),
              kind="shoot", seq=seq, hand_index=i)
    d.hands[i] = replace(hand, status=BUST, bust_seq=seq, stake_settled=True, shoot_settled=True,
                         must_take_fourth=False)
    _maybe_check(d, i, seq)
    _advance(d)


def _after_card(d: Draft, i: int, seq: int) -> None:
    hand = d.hands[i]
    if minimum_total(hand.cards) > 21:
        # The table has seen enough of the hand to know it is over 21.
        _throw_in(d, i, seq, _shown(hand.cards))
    elif len(hand.cards) >= FIVE and hand.known:
        _stand(d, i, seq)   # TURN-7: a five card trick takes no more cards
    # Five cards with some face down stay in turn: the player sticks, or throws in a bust.


def _pontoon(d: Draft, a: Action, seq: int) -> None:
    i, hand = _in_turn(d, "PONTOON-TURN-1")
    who = _who(d.hands, i)
    if len(hand.cards) != 2:
        raise IllegalAction(_("{who} holds {n} cards: a pontoon is the first two", who=who,
                              n=len(hand.cards)), rule="PONTOON-TURN-1")
    cards = _merge(hand.cards, a.cards("cards", count=2), who, "PONTOON-TURN-1")
    _check_new_cards(d, _newly_known(hand.cards, cards), skip_hand=None)
    if not H.is_ace_and_ten(cards):
        raise IllegalAction(_("{cards} is not a pontoon: it takes an ace and a 10, J, Q or K", cards=cards),
                            rule="PONTOON-TURN-1")
    if not H.is_pontoon(cards, d.settings.pontoon_ranking):
        raise IllegalAction(_("{cards} is an ordinary 21 at this table (ace and ten is not a "
                              "pontoon): stick on it instead", cards=cards), rule="PONTOON-VARIANT-7")
    d.turns_begun = True
    _stand(d, i, seq, cards=cards, declared=True)


def _split(d: Draft, a: Action, seq: int) -> None:
    i, hand = _in_turn(d, "PONTOON-TURN-2")
    who = _who(d.hands, i)
    if len(hand.cards) != 2:
        raise IllegalAction(_("{who} holds {n} cards: only the first two may be split", who=who,
                              n=len(hand.cards)), rule="PONTOON-TURN-2")
    given = a.cards("cards", count=2, optional=True)
    if given is None:
        if not hand.known:
            raise IllegalAction(_("a split pair is laid face up: enter both cards"), rule="PONTOON-TURN-2")
        cards = tuple(hand.cards)
    else:
        cards = _merge(hand.cards, given, who, "PONTOON-TURN-2")
    _check_new_cards(d, _newly_known(hand.cards, cards))
    if cards[0].rank != cards[1].rank:
        raise IllegalAction(_("{cards} is not a pair: only cards of the same rank split "
                              "(Q-Q yes, Q-J no)", cards=cards), rule="PONTOON-TURN-2")
    if d.settings.split == "aces_only" and cards[0].rank != "A":
        raise IllegalAction(_("only aces may be split at this table, not {cards}", cards=cards),
                            rule="PONTOON-VARIANT-1")
    count = sum(1 for h in d.hands if h.player == hand.player)
    if count >= MAX_HANDS:
        raise IllegalAction(_("{player} already plays {n} hands, the most a split allows",
                              player=hand.player, n=MAX_HANDS), rule="PONTOON-TURN-2")
    d.turns_begun = True
    # SHOOT-5: the shoot bet stays with the first card; the other hand may take a new one.
    d.hands[i] = replace(hand, cards=(cards[0], None), split=True)
    other = Hand(hand.player, (cards[1], None), stake=hand.first_stake, first_stake=hand.first_stake,
                 split=True, split_shoot_open=hand.shoot > 0)
    d.hands.insert(i + 1, other)


def _burn(d: Draft, a: Action, seq: int) -> None:
    burn = d.settings.burn
    if not burn:
        raise IllegalAction(_("burning is not played at this table"), rule="PONTOON-VARIANT-8")
    i, hand = _in_turn(d, "PONTOON-VARIANT-8")
    who = _who(d.hands, i)
    if len(hand.cards) != 2:
        raise IllegalAction(_("{who} holds {n} cards: only the first two may be burned", who=who,
                              n=len(hand.cards)), rule="PONTOON-VARIANT-8")
    _not_waiting_for_fourth(d, i, hand, "burn")
    given = a.cards("cards", count=2, optional=True)
    cards = tuple(hand.cards) if given is None else _merge(hand.cards, given, who, "PONTOON-VARIANT-8")
    newly = _newly_known(hand.cards, cards) if given is not None else []
    _check_new_cards(d, newly)
    if all(c is not None for c in cards) and not H.can_burn(cards, burn):
        raise IllegalAction(_("{cards} cannot be burned: only two cards making a hard {burn} (no ace) may",
                              cards=cards, burn=burn), rule="PONTOON-VARIANT-8")
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
    i, hand = _in_turn(d, "PONTOON-TURN-3")
    who = _who(d.hands, i)
    if hand.twisted:
        raise IllegalAction(_("{who} has twisted: after a twist further cards can only be twisted, "
                              "not bought", who=who), rule="PONTOON-TURN-4")
    if len(hand.cards) >= FIVE:
        raise IllegalAction(_("{who} has five cards: no more", who=who), rule="PONTOON-TURN-7")
    if minimum_total(hand.cards) >= 21:
        raise IllegalAction(_("{who} ({cards}) counts at least 21: a card may be bought only under 21",
                              who=who, cards=_shown(hand.cards)), rule="PONTOON-TURN-3")
    if (d.settings.four_card_eleven and len(hand.cards) == 4 and hand.known
            and H.low_total(hand.cards) <= 11):
        raise IllegalAction(_("{who} ({cards}) counts {total}: four cards of 11 or less take the fifth "
                              "by twisting, not buying", who=who, cards=_shown(hand.cards),
                              total=H.low_total(hand.cards)),
                            rule="PONTOON-VARIANT-5")
    low, high = _buy_range(hand)
    if not low <= amount <= high:
        if not hand.buys:
            message = _("{who} staked {stake}: the third card costs {low} to {high}, not {amount}",
                        who=who, stake=hand.first_stake, low=low, high=high, amount=amount)
        else:
            message = _("{who} staked {stake}: after paying {last} for the last card, the next card "
                        "costs {low} to {high}, not {amount}", who=who, stake=hand.first_stake, last=hand.buys[-1], low=low,
                        high=high, amount=amount)
        raise IllegalAction(message, rule="PONTOON-TURN-3")
    if card is not None:
        _check_new_cards(d, [card])
    d.turns_begun = True
    d.hands[i] = replace(hand, cards=hand.cards + (card,), stake=hand.stake + amount,
                         buys=hand.buys + (amount,), must_take_fourth=False,
                         moves=hand.moves + (Move("buy", seq, len(hand.cards)),))
    _after_card(d, i, seq)


def _twist(d: Draft, a: Action, seq: int) -> None:
    card = a.card("card")
    i, hand = _in_turn(d, "PONTOON-TURN-4")
    who = _who(d.hands, i)
    if len(hand.cards) >= FIVE:
        raise IllegalAction(_("{who} has five cards: no more", who=who), rule="PONTOON-TURN-7")
    if minimum_total(hand.cards) >= 21:
        raise IllegalAction(_("{who} ({cards}) counts at least 21: a twist needs a total under 21",
                              who=who, cards=_shown(hand.cards)), rule="PONTOON-TURN-4")
    _check_new_cards(d, [card])
    d.turns_begun = True
    d.hands[i] = replace(hand, cards=hand.cards + (card,), twisted=True, must_take_fourth=False,
                         moves=hand.moves + (Move("twist", seq, len(hand.cards)),))
    _after_card(d, i, seq)


def _stick(d: Draft, a: Action, seq: int) -> None:
    i, hand = _in_turn(d, "PONTOON-TURN-5")
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
        return "PONTOON-VARIANT-2"
    return "PONTOON-TURN-5"


def _stick_breach(d: Draft, i: int, cards: Sequence[Card]) -> None:
    total = H.best_total(cards)
    need = d.settings.stick_min
    if total < need:
        raise IllegalAction(_("{who} ({cards}) counts {total}: sticking needs at least {need}",
                              who=_who(d.hands, i), cards=tuple(cards), total=total, need=need),
                            rule=_stick_rule(d.settings, total))


def _bust(d: Draft, a: Action, seq: int) -> None:
    i, hand = _in_turn(d, "PONTOON-TURN-6")
    who = _who(d.hands, i)
    if len(hand.cards) == 2:
        raise IllegalAction(_("{who} holds two cards, which can never be over 21", who=who), rule="PONTOON-TURN-6")
    given = a.cards("cards", optional=True)
    if given is not None:
        cards = _merge(hand.cards, given, who, "PONTOON-TURN-6")
        _check_new_cards(d, _newly_known(hand.cards, cards))
        if H.low_total(cards) <= 21:
            raise IllegalAction(_("{cards} counts {total}: that is not bust", cards=cards,
                                  total=H.best_total(cards)), rule="PONTOON-TURN-6")
        d.hands[i] = replace(hand, cards=cards)
    d.turns_begun = True
    _throw_in(d, i, seq, None)


# --- reveals and the checks they make possible (TURN-8) -----------------------------------

def _reveal(d: Draft, a: Action, seq: int) -> None:
    player = a.player_name("player", d.players)
    number = a.integer("hand", minimum=1, maximum=MAX_HANDS)
    given = a.cards("cards", maximum=FIVE)
    burned = a.cards("burned", optional=True, minimum=0, maximum=40)
    if d.phase not in (PLAYERS, BANKER):
        raise IllegalAction(_("hands are revealed during the deal, before the banker settles"),
                            rule="PONTOON-TURN-8")
    i = _index(d.hands, player, number)
    if i is None:
        raise IllegalAction(_("{player} has no hand {n} this deal", player=player, n=number), rule="PONTOON-TURN-8")
    hand = d.hands[i]
    who = _who(d.hands, i)
    if not hand.finished:
        raise IllegalAction(_("{who} is still being played: a hand is revealed once it is finished", who=who),
                            rule="PONTOON-TURN-8")
    hidden_burns = [c for b in hand.burns for c in b.cards if c is None]
    if hand.known and not hidden_burns:
        if hidden_ten(hand):
            raise IllegalAction(_("{who} declared a pontoon: its cards were entered then", who=who),
                                rule="PONTOON-TURN-8")
        raise IllegalAction(_("every card of {who} is already known: {cards}", who=who,
                              cards=_shown(hand.cards)), rule="PONTOON-TURN-8")
    cards = _merge(public_cards(hand), given, who, "PONTOON-TURN-8")
    if tuple(cards) != tuple(c if c is not None else g for c, g in zip(hand.cards, cards)):
        # The face-down ten-card of a declared pontoon: say that it disagrees, never what it is.
        raise IllegalAction(_("these are not the cards of the pontoon {who} declared", who=who),
                            rule="PONTOON-TURN-8")
    burns = list(hand.burns)
    newly = _newly_known(hand.cards, cards)
    slots = [c for b in hand.burns for c in b.cards]
    if burned:
        # The face-down burned cards only, as documented; every burned card, as rules version 1
        # took them, is still read when the known ones agree.
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
        burns = [Burn(tuple(flat[2 * k: 2 * k + 2]), b.seq) for k, b in enumerate(hand.burns)]
    elif hidden_burns:
        raise IllegalAction(_("{who} burned cards face down: enter them too (\"burned\": the "
                              "face-down burned cards, in order)", who=who), rule="PONTOON-TURN-8")
    _check_new_cards(d, newly)
    d.hands[i] = replace(hand, cards=cards, burns=tuple(burns), revealed_seq=seq)
    _maybe_check(d, i, seq)


def _maybe_check(d: Draft, i: int, seq: int) -> None:
    """Run the postponed checks once, as soon as every card of the hand is known."""
    hand = d.hands[i]
    if hand.checked or not hand.fully_known or not hand.finished:
        return
    for rule, message in _late_checks(d, i):
        _find(d, rule, _("{finding} (found once its cards were known)", finding=message), seq)
    d.hands[i] = replace(d.hands[i], checked=True)


# Moves that need a total under 21 (aces low), with the rule they break and how to say so.
UNDER_21_MOVES = {
    "buy": ("PONTOON-TURN-3", N_("at entry {seq} {who} bought a card on {cards}, counting {total}: "
                               "that needs a total under 21")),
    "twist": ("PONTOON-TURN-4", N_("at entry {seq} {who} twisted on {cards}, counting {total}: "
                                 "that needs a total under 21")),
    "shoot4": ("PONTOON-SHOOT-4", N_("at entry {seq} {who} shot for a fourth card on {cards}, counting "
                                   "{total}: that needs a total under 21")),
}


def _late_checks(d: Draft, i: int) -> list[tuple[str, Message]]:
    """The checks TURN-8 postponed, now that the hand's cards are known."""
    s = d.settings
    hand = d.hands[i]
    who = _who(d.hands, i)
    cards = hand.cards
    found: list[tuple[str, Message]] = []
    for burn in hand.burns:
        if not H.can_burn(burn.cards, s.burn):
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

def _still_playing(d: Draft) -> Listing:
    return _names([_who(d.hands, i) for i, h in enumerate(d.hands) if not h.finished])


def _banker_pontoon(d: Draft, a: Action, seq: int) -> None:
    s = d.settings
    if d.phase in (STAKES, SHOOT, SECOND_CARD):
        raise IllegalAction(_("the banker's pontoon is shown once everyone has two cards: enter "
                              "the second card first"), rule="PONTOON-DEAL-2")
    if d.phase != PLAYERS or d.turns_begun:
        raise IllegalAction(_("the banker's pontoon is shown at once, before the first player's "
                              "turn; now it is an ordinary hand revealed at the banker's turn"),
                            rule="PONTOON-DEAL-2")
    cards = a.cards("cards", count=2)
    _check_new_cards(d, cards)
    if not H.is_pontoon(cards, s.pontoon_ranking):
        raise IllegalAction(_("{cards} is not a pontoon (ace and ten is an ordinary 21 at this table)",
                              cards=cards) if H.is_ace_and_ten(cards) else
                            _("{cards} is not a pontoon", cards=cards),
                            rule="PONTOON-DEAL-2")
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
        raise IllegalAction(_("every pontoon ranks the same at this table, and ties go to the banker"),
                            rule="PONTOON-VARIANT-7")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InvalidAction(_("\"beaten_by\" must be a list of {fields}", fields='{"player", "cards"}'),
                            rule="ACTION")
    beaten: dict[str, tuple[Card, ...]] = {}
    shown: list[tuple[Card, Message]] = []
    for entry in entries:
        item = Action({**entry, "type": "beaten_by"})
        player = item.player_name("player", d.players)
        cards = item.cards("cards", count=2)
        if player == d.banker or player in beaten:
            raise InvalidAction(_("{player} is listed twice or is the banker", player=player), rule="ACTION")
        _check_new_cards(d, cards, also_seen=shown)
        shown += [(c, _("{player}'s cards", player=player)) for c in cards]
        mine = _hand_class(cards, d.settings)
        if mine.kind != H.PONTOON:
            raise IllegalAction(_("{player}'s {cards} is not a pontoon", player=player, cards=cards),
                                rule="PONTOON-TURN-1")
        if not mine.beats(banker_class):
            raise IllegalAction(_("{player}'s {cards} does not outrank the banker's pontoon: "
                                  "equal hands go to the banker", player=player, cards=cards),
                                rule="PONTOON-HAND-3")
        beaten[player] = cards
    return beaten


def _banker_reveal(d: Draft, a: Action, seq: int) -> None:
    if d.phase == PLAYERS:
        raise IllegalAction(_("the banker turns up after every player has played; still playing: {names}",
                              names=_still_playing(d)), rule="PONTOON-SETTLE-1")
    if d.phase != BANKER:
        raise IllegalAction(_("no deal is waiting for the banker"), rule="PONTOON-SETTLE-1")
    if d.banker_revealed:
        raise IllegalAction(_("the banker's cards are already up: {cards}", cards=_shown(d.banker_cards)),
                            rule="PONTOON-SETTLE-1")
    cards = a.cards("cards", count=2)
    _check_new_cards(d, cards)
    d.banker_cards = cards
    d.banker_revealed = True
    if H.is_pontoon(cards, d.settings.pontoon_ranking):
        _find(d, "PONTOON-DEAL-2", _("the banker's {cards} is a pontoon and should have been "
                                   "shown at the second card; it stands and settles as a pontoon", cards=cards),
              seq)


def _banker_ready(d: Draft, rule: str) -> None:
    if d.phase == PLAYERS:
        raise IllegalAction(_("the players have not finished; still playing: {names}", names=_still_playing(d)),
                            rule="PONTOON-SETTLE-1")
    if d.phase != BANKER:
        raise IllegalAction(_("no deal is waiting for the banker"), rule="PONTOON-SETTLE-1")
    if not d.banker_revealed:
        raise IllegalAction(_("the banker turns up both cards first (banker_reveal)"),
                            rule="PONTOON-SETTLE-1")


def _banker_draw(d: Draft, a: Action, seq: int) -> None:
    card = a.card("card")
    _banker_ready(d, "PONTOON-SETTLE-1")
    cards = d.banker_cards
    low = H.low_total(cards)
    if H.is_pontoon(cards, d.settings.pontoon_ranking):
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
    _check_new_cards(d, [card])
    d.banker_cards = cards + (card,)


def _banker_stick(d: Draft, a: Action, seq: int) -> None:
    _banker_ready(d, "PONTOON-SETTLE-1")
    missing = [_who(d.hands, i) for i, h in enumerate(d.hands)
               if h.status == STANDING and not h.fully_known]
    if missing:
        raise IllegalAction(_("every hand still in must be revealed before settling: {names} still to reveal",
                              names=_names(missing)), rule="PONTOON-TURN-8")
    _settle_deal(d, seq, _hand_class(d.banker_cards, d.settings, banker=True))


def _pay(d: Draft, i: int, hand, outcome: Outcome, who, seq: int) -> None:
    """One hand's settlement as ledger lines: the stake with the banker (SETTLE-2..4), the
    shoot bet with the kitty (SHOOT-7)."""
    money = hand.stake * outcome.multiplier
    reason = _("{who}: {why}", who=who, why=outcome.why)
    # PONTOON-SHOOT-7: a winning hand is paid its shoot bet from the kitty one for one; a hand
    # that ties or loses puts its shoot bet into the kitty.
    if outcome.win:
        _add_line(d, d.banker, hand.player, money, reason, kind="stake", seq=seq, hand_index=i)
        _add_line(d, KITTY, hand.player, hand.shoot, _("{who} wins the shoot bet from the kitty", who=who),
                  kind="shoot", seq=seq, hand_index=i)
    else:
        _add_line(d, hand.player, d.banker, money, reason, kind="stake", seq=seq, hand_index=i)
        _add_line(d, hand.player, KITTY, hand.shoot, _("{who} loses the shoot bet to the kitty", who=who),
                  kind="shoot", seq=seq, hand_index=i)


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
                            _("bust: thrown in at entry {seq}", seq=hand.bust_seq)))
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
                outcome = Outcome(False, rate, _("the banker's pontoon collects {rate}× the stake", rate=rate))
        else:
            cards = hand.cards
            mine = _hand_class(hand.cards, s)
            outcome = settle(mine, banker_class, pontoon_pays=s.pontoon_pays,
                             banker_pontoon_collects=s.banker_pontoon_collects, doubled=d.doubled)
        money = hand.stake * outcome.multiplier
        _pay(d, i, hand, outcome, who, seq)
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
        raise IllegalAction(_("{banker} must put up a kitty first", banker=d.banker),
                            rule="PONTOON-SHOOT-8" if d.started else "PONTOON-SHOOT-1")
    banker_kind = a.choice("banker_class", QUICK_BANKER_CLASSES)
    if banker_kind == H.ROYAL_PONTOON:
        raise IllegalAction(_("a royal pontoon is a player's hand: the banker's three sevens are 21"),
                            rule="PONTOON-VARIANT-6")
    tiers_matter = s.pontoon_ranking in ("picture_beats_ten", "natural")
    banker_class = _quick_class(banker_kind, a, "banker_total", "banker_ten_card", s, banker=True,
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
    order = _order_from_left(d.players, d.banker)
    for entry in entries:
        item = Action({**entry, "type": "hand"})
        player = item.player_name("player", d.players)
        if player == d.banker:
            raise IllegalAction(_("{player} is the banker and plays no hand", player=player), rule="PONTOON-DEAL-1")
        stake = item.integer("stake")
        if not s.min_stake <= stake <= MAX_STAKE_FACTOR * s.max_stake:
            raise IllegalAction(_("{player}'s stake of {stake} is outside {low} to {high} (a first stake of "
                                  "at most {largest} and three buys)", player=player, stake=stake,
                                  low=s.min_stake, high=MAX_STAKE_FACTOR * s.max_stake, largest=s.max_stake),
                                rule="PONTOON-SETUP-3")
        shoot = item.integer("shoot", optional=True) or 0
        if shoot and not s.shoot:
            raise IllegalAction(_("shoot bets are part of Shoot Pontoon, which is not being played"),
                                rule="PONTOON-SHOOT-2")
        kind = item.choice("class", QUICK_CLASSES)
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
        raise IllegalAction(_("every player but the banker plays a hand: {names} missing", names=_names(missing)),
                            rule="PONTOON-DEAL-1")
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
    if open_bets > kitty(d.ledger) + busted:
        raise IllegalAction(_("shoot bets of {bets} are more than the kitty of {kitty} (plus {busted} from "
                              "bust hands) could cover", bets=open_bets, kitty=kitty(d.ledger), busted=busted),
                            rule="PONTOON-SHOOT-2")
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
            raise IllegalAction(_("ace and ten is an ordinary 21 at this table, not a pontoon: enter "
                                  "it as a total of 21"), rule="PONTOON-VARIANT-7")
        return HandClass(H.PONTOON, 21, H.pontoon_tier(ten or "10", ranking))
    if kind == H.TOTAL:
        total = item.integer(total_field, minimum=0, maximum=99)
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
            _pay(d, i, hand, outcome, _who(d.hands, i), seq)
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

GAME = PontoonGame()

__all__ = ["GAME", "PontoonGame", "Settings", "HANDLERS", "balances", "turn_of"]
