"""Curdle: two central banks, and every player sheds bridges onto either of them.

The referee never sees a hand. It knows the hand counts, the stock count, every card on both
banks and every card the table has been told about; "must play if able" is on the players'
honour, and a false claim of "no bridge" is reported as a finding once a later card proves it.

Card tracking beyond the banks: a card handed out in a blind curdle is known to be in its
receiver's hand or among the cards put under the stock at that moment. Until a card of that
batch is drawn back off the stock, nobody else can enter it. The stock is therefore kept as
a list of batches (``segments``), the dealt stock first and each blind curdle's put-under
cards after it, so the referee knows which batch every draw comes from.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Iterable, Mapping, TypeVar

from referee.actions import Action
from referee.archive import Archive
from referee.cards import SUITS, Card, standard_deck
from referee.engine import QUICK as QUICK_MODE
from referee.engine import Finding, GameRules, Move
from referee.errors import IllegalAction, InvalidAction, RuleViolation
from referee.frozen import replace
from referee.i18n import N_, Joined, Message, _, all_of, any_of, n_
from referee.rendered import Rendered, Rows
from referee.settings import Settings as HouseRules
from referee.settings import house_rule

# --- rule tables -----------------------------------------------------------------------------

DECK_SIZE = 54            # 52 cards and 2 jokers
HAND_SIZE = 10
BLIND_TAKE = 4            # cards the curdler takes from the chosen bank in a blind curdle
JOKER_COPIES = 2
BANKS = ("A", "B")

# Every value a card may count as (VALUE-1, VALUE-2). Suits never matter (VALUE-3).
VALUES: dict[str, tuple[int, ...]] = {
    "2": (2,), "3": (3,), "4": (4,), "5": (5,), "6": (6,), "7": (7,), "8": (8,), "9": (9,),
    "10": (10,), "J": (11, 3), "Q": (12, 2), "K": (13,), "A": (14, 1), "JK": (1,),
}
SPLIT_RANKS = frozenset(rank for rank, values in VALUES.items() if len(values) > 1)
RANK_ORDER = ("A", "JK", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
KINGFISHER_RANKS = frozenset({"A", "JK"})

SCORING = ("hands_won", "cards_left")
# The scoring house rule as players say it: the values are the API's, never a screen's.
SCORING_WORDS = {"hands_won": N_("hands won"), "cards_left": N_("cards left")}

# Phases of a hand (play mode) and of a quick match.
DEAL, OPEN, PLAY, BREAK, BLIND, OVER, MATCH_OVER, QUICK = (
    "deal", "open", "play", "break", "blind", "over", "match_over", "quick")

# Canonical text of every card, looked up rather than rebuilt: views list whole banks.
CARD_TEXT: dict[Card, str] = {card: str(card) for card in standard_deck(jokers=JOKER_COPIES)}


def values(card: Card) -> tuple[int, ...]:
    return VALUES[card.rank]


def bridge_values(top_a: Card, top_b: Card) -> tuple[int, ...]:
    """TURN-1: every non-zero |a − b| over the values of the two tops."""
    return tuple(sorted({abs(a - b) for a in values(top_a) for b in values(top_b)} - {0}))


def is_bridge(card: Card, bridge: tuple[int, ...]) -> bool:
    return any(v in bridge for v in values(card))


def is_natural_curdle(top_a: Card, top_b: Card) -> bool:
    """CURDLE-2: only two equal single-valued tops leave no non-zero difference."""
    return not bridge_values(top_a, top_b)


def is_kingfisher(top_a: Card, top_b: Card) -> bool:
    """CURDLE-3: A-A or A-joker, where only a king (14 − 1) bridges."""
    ranks = {top_a.rank, top_b.rank}
    return "A" in ranks and ranks <= KINGFISHER_RANKS


def unaccounted(banks: Iterable[Iterable[Card]], gifts: Iterable[Gift], rank: str, seat: int) -> int:
    """CURDLE-2 ruling: how many cards of ``rank`` could be in ``seat``'s hand. Every copy on a
    bank is out, and so is every copy handed to another player in a blind curdle whose
    put-under cards nobody has reached (it is in that player's hand or under the stock)."""
    copies = JOKER_COPIES if rank == "JK" else len(SUITS)
    banked = sum(1 for pile in banks for card in pile if card.rank == rank)
    away = sum(1 for gift in gifts if gift.card.rank == rank and gift.holder != seat)
    return max(copies - banked - away, 0)


def can_surely_break(state: State) -> bool:
    """CURDLE-2 ruling: in a natural curdle, the curdler holds more cards than there are copies
    of the curdled rank that could be in their hand, so at least one card breaks it."""
    seat = _curdler(state)
    rank = state.banks[0][-1].rank
    return state.hands[seat] > unaccounted(state.banks, state.gifts, rank, seat)


def rank_name(rank: str) -> str | Message:
    return _("joker") if rank == "JK" else rank


def rank_plural(rank: str) -> Message:
    """``7s``, ``Ks``, ``jokers``: the single-valued ranks a natural curdle can be made of."""
    if rank == "JK":
        return _("jokers")
    if rank == "K":
        return _("Ks")
    return _("{rank}s", rank=rank)


def bridge_text(bridge: tuple[int, ...]) -> Message | Any:
    """``3 or 10 (3, 10 or J)``: the values, then the ranks that make them when they differ."""
    if not bridge:
        return _("nothing (every difference is 0)")
    numbers = [str(v) for v in bridge]
    ranks = [r for r in RANK_ORDER if any(v in bridge for v in VALUES[r])]
    if ranks == numbers:
        return any_of(numbers)
    return _("{values} ({ranks})", values=any_of(numbers), ranks=any_of(rank_name(r) for r in ranks))


def value_text(card: Card) -> Any:
    return any_of(values(card))


def tops_text(top_a: Card, top_b: Card) -> Message:
    return _("{a} on bank A and {b} on bank B", a=top_a, b=top_b)


# --- house rules -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Settings(HouseRules):
    scoring: str = house_rule(
        "hands_won", N_("Hands won: the match counts the hands each player wins. Cards left: "
                        "every loser of a hand takes a penalty point per card left in hand, and "
                        "the lowest total wins"),
        label=N_("Scoring"), choices=SCORING, words=SCORING_WORDS)
    target: int = house_rule(
        100, N_("With cards-left scoring: the match ends when a player's penalty total reaches this"),
        label=N_("Penalty target"), minimum=1, maximum=10000)
    hands: int = house_rule(
        0, N_("With hands-won scoring: the match ends when a player has won this many hands "
              "(0 = no limit: play as long as you like)"), label=N_("Hands to win"), minimum=0, maximum=100,
        words={0: N_("no limit")})

    def validate(self) -> None:
        if self.scoring == "cards_left" and self.hands:
            raise InvalidAction(
                _("“Hands to win” only applies to hands-won scoring; with cards-left scoring "
                  "the match ends at the penalty target"), rule="SETTINGS")


# --- the state -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    """The turn of the player in turn: how many cards they have put down in it."""

    player: int
    cards: int = 0
    starter: bool = False       # the first bridge of the turn is down


@dataclass(frozen=True)
class Gift:
    """A card handed out in a blind curdle: in ``holder``'s hand, or in one of the stock
    batches the holder has put cards into since (``segments``)."""

    card: Card
    holder: int
    segments: tuple[int, ...]
    seq: int


@dataclass(frozen=True)
class Claim:
    """A player's word that proves a breach if a card from the same hand later contradicts it.

    ``end_run`` and ``pass``: they held no card of ``bridge``. ``break_pass``: in a natural
    curdle of ``rank``, with an empty stock, they held only cards of that rank."""

    player: int
    seq: int
    kind: str
    bridge: tuple[int, ...]
    rank: str | None
    tops: tuple[Card, Card]


@dataclass(frozen=True)
class CurdleNote:
    kind: str        # "natural", "blind" or "kingfisher"
    curdler: int
    seq: int


@dataclass(frozen=True)
class HandRecord:
    deal: int
    dealer: int
    winner: int
    cards_left: tuple[int, ...] | None
    scores: tuple[int, ...]
    curdles: tuple[CurdleNote, ...]


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    settings: Settings
    mode: str
    phase: str
    deal: int = 0
    dealer: int = 0
    banks: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())   # bottom first
    hands: tuple[int, ...] = ()
    stock: tuple[tuple[int, int], ...] = ()    # (batch id, cards), top of the stock first
    next_segment: int = 1
    gifts: tuple[Gift, ...] = ()
    run: Run | None = None
    curdler: int | None = None
    failures: int = 0          # others who failed in turn since the curdler's last card
    claims: tuple[Claim, ...] = ()
    winner: int | None = None
    curdles: tuple[CurdleNote, ...] = ()
    scores: tuple[int, ...] = ()
    deal_scores: tuple[int, ...] | None = None
    history: Archive[HandRecord] = Archive()   # sealed in chunks: a long match reads back its newest hands only
    findings: tuple[Finding, ...] = ()
    match_winners: tuple[int, ...] = ()

    @property
    def stock_count(self) -> int:
        return sum(count for _batch, count in self.stock)

    @property
    def tops(self) -> tuple[Card, Card] | None:
        if self.banks[0] and self.banks[1]:
            return self.banks[0][-1], self.banks[1][-1]
        return None


T = TypeVar("T")


def _known(value: T | None, what: str) -> T:
    """``value``, which the moment guarantees: the phase check refuses every entry made at a
    moment without it (there is no run before bank B is started, no curdler before its card)."""
    if value is None:
        raise RuntimeError(f"Curdle: no {what} at this moment")
    return value


def _run(state: State) -> Run:
    return _known(state.run, "run")


def _curdler(state: State) -> int:
    return _known(state.curdler, "curdler")


def _tops(state: State) -> tuple[Card, Card]:
    return _known(state.tops, "second bank")


def _bridge(state: State) -> tuple[int, ...]:
    tops = state.tops
    return bridge_values(*tops) if tops else ()


def _left_of(state: State, seat: int) -> int:
    return (seat + 1) % len(state.players)


def _plus(counts: tuple[int, ...], seat: int, change: int) -> tuple[int, ...]:
    """``counts`` with ``change`` added to ``seat``'s."""
    return counts[:seat] + (counts[seat] + change,) + counts[seat + 1:]


def _bank(action: Action) -> int:
    return BANKS.index(action.choice("bank", BANKS))


# --- the stock, batch by batch ---------------------------------------------------------------

def _take_from_stock(state: State, count: int) -> State:
    """Remove ``count`` cards from the top. Once a batch is reached, the cards handed out with
    it may be anywhere again."""
    stock = list(state.stock)
    reached = set()
    for _step in range(count):
        index = next(i for i, (_batch, left) in enumerate(stock) if left > 0)
        batch, left = stock[index]
        stock[index] = (batch, left - 1)
        reached.add(batch)
    return replace(state, stock=tuple(s for s in stock if s[1] > 0),
                   gifts=tuple(g for g in state.gifts if reached.isdisjoint(g.segments)))


# --- card tracking (TURN-5) ------------------------------------------------------------------
# Two jokers are one card twice, so a card is ruled out only when every copy of it is accounted
# for. Where the log cannot tell two jokers apart, the referee assumes whatever keeps an entry
# possible: it never rejects a card that could really be there.

def _bank_places(state: State, card: Card) -> list[Message]:
    places = []
    for label, pile in zip(BANKS, state.banks):
        for index, on_bank in enumerate(pile):
            if on_bank == card:
                depth = len(pile) - 1 - index
                if depth == 0:
                    places.append(_("on bank {bank}, its top card", bank=label))
                else:
                    places.append(_("on bank {bank}, {ordinal} from the top", bank=label,
                                     ordinal=_ordinal(depth + 1)))
    return places


def _check_entered(state: State, card: Card, seat: int, *, drawn: bool = False) -> None:
    """Reject a card the referee knows cannot be where the entry says it is: on a bank, or
    handed to someone else in a blind curdle whose put-under cards nobody has reached. A
    ``drawn`` card came off the top of the stock just now, so no handed-out card still tied to
    a deeper batch can be it."""
    copies = JOKER_COPIES if card.is_joker else 1
    banked = _bank_places(state, card)
    tied = [g for g in state.gifts if g.card == card and (drawn or g.holder != seat)]
    if len(banked) + len(tied) < copies:
        return
    reasons: list[Message] = []
    for place in banked:
        reasons.append(_("it is {place}", place=place) if copies == 1 else
                       _("one is {place}", place=place))
    for gift in tied:
        holder = state.players[gift.holder]
        if copies == 1:
            reasons.append(_(
                "it went to {holder} in the blind curdle at entry {seq}, so it is in "
                "{holder}'s hand or among the cards put under the stock then, which nobody has "
                "drawn yet", holder=holder, seq=gift.seq))
        else:
            reasons.append(_(
                "one went to {holder} in the blind curdle at entry {seq}, so it is in "
                "{holder}'s hand or among the cards put under the stock then, which nobody has "
                "drawn yet", holder=holder, seq=gift.seq))
    if drawn:
        opening = _("{card} cannot be the card that just came off the stock", card=card)
    elif tied:
        opening = _("{card} cannot be played by {player}", card=card, player=state.players[seat])
    else:
        opening = _("{card} cannot be played again", card=card)
    if copies > 1:
        opening = _("{opening}: both jokers are accounted for", opening=opening)
    raise IllegalAction(_("{opening}: {reasons}", opening=opening, reasons=Joined(tuple(reasons))),
                        rule="CURDLE-TURN-5")


def _place(state: State, card: Card, bank: int, seat: int, seq: int, *, drawn: bool = False) -> State:
    """``card`` goes on top of ``bank``; a kingfisher it makes is noted for the curdler."""
    before = state.tops
    kingfisher_before = before is not None and is_kingfisher(*before)
    piles = list(state.banks)
    piles[bank] = piles[bank] + (card,)
    gifts = list(state.gifts)
    if not drawn:
        # The holder played it. Holding both jokers as gifts, nobody can tell which one went
        # down: the one left may be anywhere either of them could have been.
        mine = [g for g in gifts if g.card == card and g.holder == seat]
        if mine:
            batches = tuple(sorted({s for g in mine for s in g.segments}))
            gifts.remove(mine[0])
            gifts = [replace(g, segments=batches) if g in mine else g for g in gifts]
    state = replace(state, banks=(piles[0], piles[1]), gifts=tuple(gifts))
    tops = state.tops
    if tops and is_kingfisher(*tops) and not kingfisher_before:
        state = replace(state, curdles=state.curdles + (CurdleNote("kingfisher", _curdler(state), seq),))
    return state


# --- claims (TURN-2 findings) ----------------------------------------------------------------

def _forget_claims(state: State, seat: int) -> State:
    """A card came into the hand: earlier claims no longer prove anything."""
    return replace(state, claims=tuple(c for c in state.claims if c.player != seat))


def _test_claims(state: State, seat: int, card: Card, seq: int) -> tuple[State, tuple[Finding, ...]]:
    """The first claim of ``seat`` that ``card`` proves false becomes a finding of entry ``seq``."""
    for claim in state.claims:
        if claim.player != seat:
            continue
        who = state.players[seat]
        tops = tops_text(*claim.tops)
        if claim.kind != "break_pass" and is_bridge(card, claim.bridge):
            if claim.kind == "end_run":
                message = _(
                    "At entry {seq} {player} ended the run saying they held no bridge (the bridge "
                    "was {bridge}, with {tops}). {player} has taken no card since, and has now "
                    "played {card}, which was a bridge then.", seq=claim.seq, player=who,
                    bridge=bridge_text(claim.bridge), tops=tops, card=card)
            else:
                message = _(
                    "At entry {seq} {player} passed saying they held no bridge (the bridge "
                    "was {bridge}, with {tops}). {player} has taken no card since, and has now "
                    "played {card}, which was a bridge then.", seq=claim.seq, player=who,
                    bridge=bridge_text(claim.bridge), tops=tops, card=card)
            finding = Finding("CURDLE-TURN-2", message, seq)
        elif claim.kind == "break_pass" and card.rank != claim.rank:
            finding = Finding(
                "CURDLE-CURDLE-2",
                _("At entry {seq} {player} passed in a natural curdle of {ranks}, saying they "
                  "held only that rank. {player} has taken no card since, and has now played "
                  "{card}, which could have broken it.", seq=claim.seq, player=who,
                  ranks=rank_plural(_known(claim.rank, "curdled rank")), card=card),
                seq)
        else:
            continue
        claims = list(state.claims)
        claims.remove(claim)
        return replace(state, claims=tuple(claims), findings=state.findings + (finding,)), (finding,)
    return state, ()


def _ordinal(n: int) -> Message:
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(n) or _("{n}th", n=n)


# --- the engine ------------------------------------------------------------------------------

# The newest hand's outcome, as every answer until the next hand ends shows it.
OUTCOMES = Rendered(maxsize=512)


class Curdle(GameRules):
    name = "curdle"
    title = "Curdle"
    unit = "hand"             # as its results say: the timeline and the score table count hands
    rule_prefix = "CURDLE"
    # Every rule this game cites, as the rules pages list them (each is written out where it
    # is raised or computed).
    rule_ids = (
        "CURDLE-SETUP-1", "CURDLE-SETUP-2", "CURDLE-SETUP-3", "CURDLE-VALUE-1", "CURDLE-VALUE-2",
        "CURDLE-VALUE-3", "CURDLE-TURN-1", "CURDLE-TURN-2", "CURDLE-TURN-3", "CURDLE-TURN-4", "CURDLE-TURN-5",
        "CURDLE-CURDLE-1", "CURDLE-CURDLE-2", "CURDLE-CURDLE-3", "CURDLE-CURDLE-4", "CURDLE-CURDLE-5",
        "CURDLE-SCORE-1", "CURDLE-SCORE-2"
    )
    settings_type = Settings
    # CURDLE-SETUP-1: two to five players; referee.engine.new_match refuses any other count
    # citing this id, built there from rule_prefix for every game.
    min_players = 2
    max_players = 5
    # 2: a curdler who provably holds a card of another rank may not draw or pass (CURDLE-2);
    # a break card is no starter, so the curdler may then draw but not end the run (TURN-3);
    # a kingfisher uncovered by a blind curdle is recorded (CURDLE-3).
    rules_version = 2

    # -- protocol --
    def start(self, players: tuple[str, ...], settings: HouseRules, mode: str) -> State:
        if not isinstance(settings, Settings):
            raise TypeError(f"Curdle plays with Curdle's house rules, not {type(settings).__name__}")
        return State(players=tuple(players), settings=settings, mode=mode,
                     phase=QUICK if mode == "quick" else DEAL,
                     scores=(0,) * len(players))

    def turn(self, state: State) -> str | None:
        seat = self._turn_seat(state)
        return None if seat is None else state.players[seat]

    def _turn_seat(self, state: State) -> int | None:
        n = len(state.players)
        if state.phase == DEAL:
            return state.dealer
        if state.phase == OPEN:
            return (state.dealer + 1) % n
        if state.phase == PLAY:
            return _run(state).player
        if state.phase in (BREAK, BLIND):
            return state.curdler
        if state.phase == OVER:
            return (state.dealer + 1) % n
        return None

    # -- the actions, as data: all but "quick" are play mode's, entered by the player in turn --
    # (the order is the order legal() lists them in)
    moves = {
        "deal": Move("_do_deal"), "open": Move("_do_open"), "play": Move("_do_play"),
        "end_run": Move("_do_end_run"), "break": Move("_do_break"), "draw": Move("_do_draw"),
        "fluke": Move("_do_fluke"), "pass": Move("_do_pass"), "blind": Move("_do_blind"),
        "quick": Move("_do_quick", frozenset({QUICK_MODE})),
    }

    def not_in_turn(self, state: State, action: Action, named: str) -> RuleViolation:
        """CURDLE-1: in a curdle only the curdler acts."""
        if state.phase not in (BREAK, BLIND):
            return super().not_in_turn(state, action, named)
        curdler = state.players[_curdler(state)]
        if state.phase == BREAK:
            message = _("only the curdler can break the natural curdle: that is {curdler}, who "
                        "played the last card onto a bank, not {named}", curdler=curdler, named=named)
        else:
            message = _("only the curdler can take the blind curdle: that is {curdler}, who "
                        "played the last card onto a bank, not {named}", curdler=curdler, named=named)
        return IllegalAction(message, rule="TURN", cites="CURDLE-CURDLE-1")

    # -- phase gate: each wrong moment names the rule that says what comes first --
    ALLOWED = {
        DEAL: ("deal",), OPEN: ("open",), PLAY: ("play", "end_run", "draw", "fluke", "pass"),
        BREAK: ("break", "draw", "pass"), BLIND: ("blind",), OVER: ("deal",), QUICK: ("quick",),
        MATCH_OVER: (),
    }

    def check_phase(self, state: State, action: Action) -> None:
        kind = action.type
        if kind in self.ALLOWED[state.phase]:
            return
        names = state.players
        if state.phase == MATCH_OVER:
            if state.settings.scoring == "cards_left":
                raise IllegalAction(
                    _("the match is over: a player reached the penalty target of {target}",
                      target=state.settings.target), rule="CURDLE-SCORE-2")
            raise IllegalAction(
                _("the match is over: {player} has won {hands} hands",
                  player=names[state.match_winners[0]], hands=state.settings.hands),
                rule="CURDLE-SCORE-1")
        if state.phase == DEAL:
            raise IllegalAction(_("the hand has not started: {dealer} first turns up the card that "
                                  "starts bank A (deal)", dealer=names[state.dealer]),
                                rule="CURDLE-SETUP-2")
        if state.phase == OPEN:
            opener = names[(state.dealer + 1) % len(names)]
            raise IllegalAction(_("{opener} first starts bank B with any card from hand (open)",
                                  opener=opener), rule="CURDLE-SETUP-3")
        if state.phase == OVER:
            raise IllegalAction(
                _("the hand is over: {winner} played their last card; the next hand starts when "
                  "{dealer} deals", winner=names[_known(state.winner, "winner")],
                  dealer=names[(state.dealer + 1) % len(names)]), rule="CURDLE-TURN-4")
        if kind == "deal":
            raise IllegalAction(_("the hand is still going: it ends only when a player has played "
                                  "their last card"), rule="CURDLE-TURN-4")
        if kind == "open":
            raise IllegalAction(_("bank B has already been started this hand"), rule="CURDLE-SETUP-3")
        if state.phase == BREAK:
            raise IllegalAction(
                _("natural curdle ({a} and {b}): nobody can play a bridge; {curdler} first breaks "
                  "it with a card of another rank (break)", a=state.banks[0][-1],
                  b=state.banks[1][-1], curdler=names[_curdler(state)]), rule="CURDLE-CURDLE-2")
        if state.phase == BLIND:
            raise IllegalAction(
                _("blind curdle: {curdler} first takes the top cards of a bank and hands them out "
                  "(blind)", curdler=names[_curdler(state)]), rule="CURDLE-CURDLE-5")
        if kind == "break":
            bridge = bridge_text(bridge_values(*_tops(state)))
            raise IllegalAction(_("there is no natural curdle to break: the bridge is {bridge}",
                                  bridge=bridge), rule="CURDLE-CURDLE-2")
        raise IllegalAction(
            _("there is no blind curdle: it comes only when every other player has failed in turn "
              "since the curdler's last card ({failed} of {others} so far)", failed=state.failures,
              others=len(names) - 1),
            rule="CURDLE-CURDLE-4")

    def _check_moment(self, state: State, kind: str) -> None:
        """The refusals of an entry that need none of its fields, past the phase check: TURN-3
        (a run ends only after a starter; only a player without one draws, flukes or passes; a
        draw needs cards in the stock and a pass an empty one) and CURDLE-2 (a curdler whose
        hand count proves a break neither draws nor passes). The handlers ask it; legal()
        leaves out every type it refuses."""
        if kind == "end_run":
            self._check_run_has_starter(state)
        elif state.phase == BREAK and kind in ("draw", "pass"):
            self._check_break_is_sure(state, kind)
            stock = state.stock_count
            if kind == "draw" and not stock:
                raise IllegalAction(_("the stock is empty: a curdler who cannot break passes, "
                                      "and it becomes a blind curdle"), rule="CURDLE-CURDLE-2")
            if kind == "pass" and stock:
                raise IllegalAction(
                    n_("the stock has {n} card: a curdler who holds no card of another rank draws "
                       "until they can break",
                       "the stock has {n} cards: a curdler who holds no card of another rank draws "
                       "until they can break", stock, n=stock), rule="CURDLE-CURDLE-2")
        elif kind in ("draw", "fluke", "pass"):
            self._check_starter(state, kind)
            stock = state.stock_count
            if kind != "pass":
                self._check_stock_has_cards(state, kind)
            elif stock:
                raise IllegalAction(
                    n_("the stock still has {n} card: {player} draws instead of passing",
                       "the stock still has {n} cards: {player} draws instead of passing",
                       stock, n=stock, player=state.players[_run(state).player]), rule="CURDLE-TURN-3")

    def legal(self, state: State) -> list[str]:
        """The types the phase allows, less those the moment refuses whatever their fields
        (``_check_moment``). The phase's types are read from ``ALLOWED``, the table
        ``check_phase`` passes exactly, rather than by asking it once per type: each of its
        refusals words a message that nobody would read."""
        allowed = self.ALLOWED[state.phase]
        kinds = []
        for kind, move in self.moves.items():
            if kind not in allowed or state.mode not in move.modes:
                continue
            try:
                self._check_moment(state, kind)
            except RuleViolation:
                continue
            kinds.append(kind)
        return kinds

    # -- the hand's beginning --
    def _do_deal(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        card = action.card()
        deal, dealer = state.deal, state.dealer
        if state.phase == OVER:
            deal, dealer = deal + 1, _left_of(state, dealer)
        n = len(state.players)
        return replace(state, deal=deal, dealer=dealer, banks=((card,), ()), hands=(HAND_SIZE,) * n,
                       stock=((0, DECK_SIZE - HAND_SIZE * n - 1),), next_segment=1, gifts=(), claims=(),
                       curdles=(), run=None, curdler=None, failures=0, winner=None, deal_scores=None,
                       phase=OPEN), ()

    def _do_open(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        card = action.card()
        opener = _left_of(state, state.dealer)
        _check_entered(state, card, opener)
        state = replace(state, hands=_plus(state.hands, opener, -1), curdler=opener)
        state = replace(_place(state, card, 1, opener, seq), run=Run(opener))
        return self._after_card(state, seq), ()

    # -- a turn --
    def _do_play(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        card = action.card()
        bank = _bank(action)
        seat = _run(state).player
        _check_entered(state, card, seat)
        self._check_bridge(state, action, card, seat, fluke=False)
        state, found = _test_claims(state, seat, card, seq)
        state = self._lay(state, card, bank, seat, seq)
        won = self._won(state, seat)
        return (self._after_card(state, seq) if won is None else won), found

    def _do_fluke(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        card = action.card()
        bank = _bank(action)
        seat = _run(state).player
        self._check_moment(state, "fluke")
        state = _forget_claims(_take_from_stock(state, 1), seat)
        _check_entered(state, card, seat, drawn=True)
        self._check_bridge(state, action, card, seat, fluke=True)
        state = replace(state, hands=_plus(state.hands, seat, 1))     # drawn, and laid at once below
        state = self._lay(state, card, bank, seat, seq, drawn=True)
        return self._after_card(state, seq), ()

    def _do_end_run(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        seat = _run(state).player
        self._check_moment(state, "end_run")
        claim = Claim(seat, seq, "end_run", _bridge(state), None, _tops(state))
        return self._next_turn(replace(state, claims=state.claims + (claim,)), seat), ()

    def _check_run_has_starter(self, state: State) -> None:
        """TURN-3: a run ends only once its starter is down."""
        run = _run(state)
        player = state.players[run.player]
        if run.cards == 0:
            if state.stock_count:
                message = _("{player} has not played a card this turn: a player without a starter "
                            "draws from the stock", player=player)
            else:
                message = _("{player} has not played a card this turn: a player without a starter "
                            "passes (the stock is empty)", player=player)
            raise IllegalAction(message, rule="CURDLE-TURN-3")
        if not run.starter:
            # Ruling of 2026-11-23: the card that broke a natural curdle is not a bridge.
            if state.stock_count:
                message = _("{player} broke the curdle but has played no starter this turn: a break "
                            "card is not a bridge, so {player} plays a starter or, without one, "
                            "draws from the stock", player=player)
            else:
                message = _("{player} broke the curdle but has played no starter this turn: a break "
                            "card is not a bridge, so {player} plays a starter or, without one, "
                            "passes (the stock is empty)", player=player)
            raise IllegalAction(message, rule="CURDLE-TURN-3")

    def _do_draw(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        seat = self._turn_seat_of(state)
        self._check_moment(state, "draw")
        state = _take_from_stock(state, 1)
        state = _forget_claims(replace(state, hands=_plus(state.hands, seat, 1)), seat)
        if state.phase == BREAK:
            return state, ()
        return self._failed(state, seat, seq), ()

    def _do_pass(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        seat = self._turn_seat_of(state)
        self._check_moment(state, "pass")
        tops = _tops(state)
        if state.phase == BREAK:
            claim = Claim(seat, seq, "break_pass", (), tops[0].rank, tops)
            return self._declare_blind(replace(state, claims=state.claims + (claim,)), seq), ()
        claim = Claim(seat, seq, "pass", _bridge(state), None, tops)
        return self._failed(replace(state, claims=state.claims + (claim,)), seat, seq), ()

    # -- curdles --
    def _check_break_is_sure(self, state: State, kind: str) -> None:
        """CURDLE-2 ruling: a curdler holding more cards than there are copies of the curdled
        rank that could be in their hand provably holds a card that breaks: no draw, no pass."""
        if not can_surely_break(state):
            return
        seat = _curdler(state)
        held = state.hands[seat]
        rank = _tops(state)[0].rank
        free = unaccounted(state.banks, state.gifts, rank, seat)
        player, named = state.players[seat], rank_name(rank)
        if free == 0 and kind == "draw":
            message = n_(
                "{player} holds {n} card and every card of the curdled rank ({rank}) is accounted "
                "for, on the banks or handed to another player: it is of another rank, so {player} "
                "breaks the curdle with it instead of drawing",
                "{player} holds {n} cards and every card of the curdled rank ({rank}) is accounted "
                "for, on the banks or handed to another player: they are all of other ranks, so "
                "{player} breaks the curdle with one of them instead of drawing",
                held, player=player, n=held, rank=named)
        elif free == 0:
            message = n_(
                "{player} holds {n} card and every card of the curdled rank ({rank}) is accounted "
                "for, on the banks or handed to another player: it is of another rank, so {player} "
                "breaks the curdle with it instead of passing",
                "{player} holds {n} cards and every card of the curdled rank ({rank}) is accounted "
                "for, on the banks or handed to another player: they are all of other ranks, so "
                "{player} breaks the curdle with one of them instead of passing",
                held, player=player, n=held, rank=named)
        elif kind == "draw":
            message = n_(
                "{player} holds {n} cards, but only {free} card of the curdled rank ({rank}) is "
                "not accounted for (the others are on the banks or were handed to another player): "
                "at least one of {player}'s cards is of another rank, so {player} breaks the "
                "curdle with it instead of drawing",
                "{player} holds {n} cards, but only {free} cards of the curdled rank ({rank}) are "
                "not accounted for (the others are on the banks or were handed to another player): "
                "at least one of {player}'s cards is of another rank, so {player} breaks the "
                "curdle with it instead of drawing",
                free, player=player, n=held, free=free, rank=named)
        else:
            message = n_(
                "{player} holds {n} cards, but only {free} card of the curdled rank ({rank}) is "
                "not accounted for (the others are on the banks or were handed to another player): "
                "at least one of {player}'s cards is of another rank, so {player} breaks the "
                "curdle with it instead of passing",
                "{player} holds {n} cards, but only {free} cards of the curdled rank ({rank}) are "
                "not accounted for (the others are on the banks or were handed to another player): "
                "at least one of {player}'s cards is of another rank, so {player} breaks the "
                "curdle with it instead of passing",
                free, player=player, n=held, free=free, rank=named)
        raise IllegalAction(message, rule="CURDLE-CURDLE-2")

    def _do_break(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        card = action.card()
        bank = _bank(action)
        seat = _curdler(state)
        curdled = _tops(state)[0].rank
        if card.rank == curdled:
            raise IllegalAction(
                _("{card} is a {rank} like both tops ({tops}): it would curdle again. Break with a "
                  "card of any other rank (suits do not count)", card=card, rank=rank_name(curdled),
                  tops=tops_text(*_tops(state))),
                rule="CURDLE-CURDLE-2")
        _check_entered(state, card, seat)
        self._declared_value(action, card)
        state, found = _test_claims(state, seat, card, seq)
        state = self._lay(state, card, bank, seat, seq)
        won = self._won(state, seat)
        return (replace(state, phase=PLAY) if won is None else won), found

    def _do_blind(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        label = action.choice("bank", BANKS)
        bank = BANKS.index(label)
        receivers = action.names("to", state.players)
        restart = action.card("restart", optional=True)
        pile = state.banks[bank]
        taken = pile[::-1][:BLIND_TAKE]                         # top first
        make_up = min(BLIND_TAKE - len(taken), state.stock_count)
        count = len(taken) + make_up
        empties = len(taken) == len(pile)
        curdler = _curdler(state)
        names = state.players
        if len(receivers) != count:
            if make_up:
                source = _("{n} from bank {bank} and {more} from the stock", n=len(taken), bank=label,
                           more=make_up)
            else:
                source = _("{n} from bank {bank}", n=len(taken), bank=label)
            raise IllegalAction(
                n_("{player} takes {n} card ({source}): name one receiver per card, top card first, "
                   "not {named}",
                   "{player} takes {n} cards ({source}): name one receiver per card, top card first, "
                   "not {named}", count, player=names[curdler], n=count, source=source,
                   named=len(receivers)),
                rule="CURDLE-CURDLE-5")
        others = [r for r in receivers if r != names[curdler]]
        twice = sorted({r for r in others if others.count(r) > 1})
        if twice:
            raise IllegalAction(
                _("{players} would get more than one card: each other player can be given at most "
                  "one; the curdler keeps the rest", players=any_of(twice)), rule="CURDLE-CURDLE-5")
        if empties and restart is None:
            raise IllegalAction(
                _("bank {bank} is left empty: turn up the top card of the stock to restart it "
                  "(\"restart\")", bank=label), rule="CURDLE-CURDLE-5")
        if not empties and restart is not None:
            raise IllegalAction(
                _("bank {bank} keeps {n} card(s), so nothing is restarted: leave out \"restart\"",
                  bank=label, n=len(pile) - len(taken)), rule="CURDLE-CURDLE-5")
        segment = state.next_segment
        piles = list(state.banks)
        piles[bank] = pile[:len(pile) - len(taken)]
        state = _take_from_stock(replace(state, next_segment=segment + 1, banks=(piles[0], piles[1])), make_up)
        # A receiver may put under any card in hand, an earlier gift too.
        gifts = tuple(replace(g, segments=g.segments + (segment,)) if names[g.holder] in receivers else g
                      for g in state.gifts)
        gifts += tuple(Gift(card, names.index(receiver), (segment,), seq) for card, receiver in zip(taken, receivers))
        seats = {names.index(receiver) for receiver in receivers}
        # Each received card is matched by one from hand under the stock: counts stay as they are.
        state = replace(state, gifts=gifts, claims=tuple(c for c in state.claims if c.player not in seats),
                        stock=state.stock + ((segment, count),), failures=0, run=Run(curdler), phase=PLAY)
        if empties:
            state = _take_from_stock(state, 1)
            restart = _known(restart, "restart card")
            _check_entered(state, restart, curdler, drawn=True)
            state = _place(state, restart, bank, curdler, seq, drawn=True)     # notes a kingfisher it makes
        elif is_kingfisher(*_tops(state)):
            # Ruling of 2026-11-23: a kingfisher the blind curdle uncovers is recorded too.
            state = replace(state, curdles=state.curdles + (CurdleNote("kingfisher", curdler, seq),))
        return self._after_card(state, seq), ()

    # -- quick mode --
    def _do_quick(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        names = state.players
        winner = names.index(_known(action.player_name("winner", names), "winner"))
        left = self._read_cards_left(state, action, winner)
        if state.settings.scoring == "cards_left" and left is None:
            raise InvalidAction(_("with cards-left scoring “quick” needs \"cards_left\": "
                                  "{{name: cards left in hand}} for every loser"), rule="ACTION")
        deal = len(state.history)
        state = self._score_hand(replace(state, deal=deal, dealer=deal % len(names)), winner, left)
        # The state moves on to the next hand (what the next entry records); the view shows
        # the hand just recorded, as play mode shows a hand won before the next deal (view()).
        deal = len(state.history)
        state = replace(state, deal=deal, dealer=deal % len(names))
        if state.phase != MATCH_OVER:
            state = replace(state, phase=QUICK)
        return state, ()

    def _read_cards_left(self, state: State, action: Action, winner: int) -> tuple[int, ...] | None:
        raw = action.raw("cards_left")
        if raw is None:
            return None
        if not isinstance(raw, Mapping):
            raise InvalidAction(_("\"cards_left\" must be an object {{player name: cards left}}"),
                                rule="ACTION")
        names = state.players
        left = [0] * len(names)
        for name, count in raw.items():
            if name not in names:
                raise InvalidAction(_("{name} is not a player in this match", name=repr(name)),
                                    rule="ACTION")
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise InvalidAction(_("cards left for {name} must be a whole number of 0 or more",
                                      name=name), rule="ACTION")
            left[names.index(name)] = count
        if left[winner]:
            raise IllegalAction(_("{player} won the hand by playing their last card, so holds none, "
                                  "not {n}", player=names[winner], n=left[winner]),
                                rule="CURDLE-TURN-4")
        missing = [names[s] for s in range(len(names)) if s != winner and not left[s]]
        if missing:
            raise IllegalAction(
                _("every loser still holds at least one card: enter the cards left of {players}",
                  players=any_of(missing)), rule="CURDLE-SCORE-2")
        most = DECK_SIZE - 2     # one card at least on each bank
        if sum(left) > most:
            raise IllegalAction(_("{n} cards left in hands is more than the {most} cards that are "
                                  "not on the banks", n=sum(left), most=most), rule="CURDLE-SCORE-2")
        return tuple(left)

    # -- shared steps --
    def _turn_seat_of(self, state: State) -> int:
        return _curdler(state) if state.phase == BREAK else _run(state).player

    def _check_starter(self, state: State, kind: str) -> None:
        """TURN-3: only a player whose turn has no starter yet draws, flukes or passes. A card
        that broke a natural curdle is no starter (ruling of 2026-11-23)."""
        run = _run(state)
        if run.starter:
            n = run.cards
            player = state.players[run.player]
            if kind == "fluke":
                message = n_(
                    "{player} has already played {n} card this turn: only a player who cannot play "
                    "the starter may fluke; with no bridge left the run ends (end_run)",
                    "{player} has already played {n} cards this turn: only a player who cannot play "
                    "the starter may fluke; with no bridge left the run ends (end_run)",
                    n, player=player, n=n)
            elif kind == "draw":
                message = n_(
                    "{player} has already played {n} card this turn: only a player who cannot play "
                    "the starter may draw; with no bridge left the run ends (end_run)",
                    "{player} has already played {n} cards this turn: only a player who cannot play "
                    "the starter may draw; with no bridge left the run ends (end_run)",
                    n, player=player, n=n)
            else:
                message = n_(
                    "{player} has already played {n} card this turn: only a player who cannot play "
                    "the starter may pass; with no bridge left the run ends (end_run)",
                    "{player} has already played {n} cards this turn: only a player who cannot play "
                    "the starter may pass; with no bridge left the run ends (end_run)",
                    n, player=player, n=n)
            raise IllegalAction(message, rule="CURDLE-TURN-3")

    def _check_stock_has_cards(self, state: State, kind: str) -> None:
        if not state.stock_count:
            player = state.players[_run(state).player]
            if kind == "fluke":
                message = _("the stock is empty, so nobody can fluke: {player} passes", player=player)
            else:
                message = _("the stock is empty, so nobody can draw: {player} passes", player=player)
            raise IllegalAction(message, rule="CURDLE-TURN-3")

    def _declared_value(self, action: Action, card: Card) -> int | None:
        """The optional ``as``: the value the player says the card counts as."""
        raw = action.raw("as")
        if raw is None:
            return None
        if isinstance(raw, str):
            text = raw.strip()
            if text.lstrip("+-").isdecimal():
                raise InvalidAction(
                    _("\"as\" is a number, not text: send {number} without quotes ({card} "
                      "counts {values})", number=text, card=card, values=value_text(card)),
                    rule="ACTION")
            try:
                named = Card.parse(text)
            except InvalidAction:
                raise InvalidAction(
                    _("\"as\" is the value {card} counts as, a number ({values}), not “{text}”",
                      card=card, values=value_text(card), text=text[:20]), rule="ACTION") from None
            if card.is_joker:
                raise IllegalAction(_("a joker always counts 1 in Curdle: it cannot stand for "
                                      "{named}", named=named), rule="CURDLE-VALUE-1")
            raise IllegalAction(_("suits play no part in Curdle: give \"as\" as a number "
                                  "({card} counts {values})", card=card, values=value_text(card)),
                                rule="CURDLE-VALUE-3")
        value = action.integer("as", minimum=1, maximum=14)
        if value not in values(card):
            message = _("{card} counts {values}, not {value}", card=card, values=value_text(card),
                        value=value)
            if card.rank in SPLIT_RANKS:
                raise IllegalAction(message, rule="CURDLE-VALUE-2")
            raise IllegalAction(message, rule="CURDLE-VALUE-1")
        return value

    def _check_bridge(self, state: State, action: Action, card: Card, seat: int, *,
                      fluke: bool) -> None:
        declared = self._declared_value(action, card)
        tops = _tops(state)
        bridge = bridge_values(*tops)
        who = state.players[seat]
        if is_bridge(card, bridge):
            if declared is not None and declared not in bridge:
                raise IllegalAction(
                    _("{card} as {declared} is not a bridge, but as {value} it is: leave out \"as\" "
                      "or give that value", card=card, declared=declared,
                      value=next(v for v in values(card) if v in bridge)), rule="CURDLE-VALUE-2")
            return
        plain = card.rank.isdigit() or card.rank == "K"     # its value is on its face
        counts = "" if plain else _(" (it counts {values})", values=value_text(card))
        if fluke:
            raise IllegalAction(
                _("{card} is not a bridge{counts}, so it is no fluker: {player} needed {bridge}, "
                  "with {tops}. A drawn card that is not a bridge goes into the hand: enter draw",
                  card=card, counts=counts, player=who, bridge=bridge_text(bridge), tops=tops_text(*tops)),
                rule="CURDLE-TURN-3")
        if is_kingfisher(*tops):
            raise IllegalAction(
                _("{card} is not a bridge{counts}: {tops} make a kingfisher, and only a king "
                  "bridges it (14 − 1 = 13)", card=card, counts=counts, tops=tops_text(*tops)), rule="CURDLE-CURDLE-3")
        raise IllegalAction(_("{card} is not a bridge{counts}: {player} needs {bridge}, with {tops}",
                              card=card, counts=counts, player=who, bridge=bridge_text(bridge), tops=tops_text(*tops)),
                            rule="CURDLE-TURN-1")

    def _lay(self, state: State, card: Card, bank: int, seat: int, seq: int, *,
             drawn: bool = False) -> State:
        """``seat`` puts ``card`` on a bank: one card more in the run (a starter, unless it
        breaks a curdle), and ``seat`` is the curdler."""
        run = _run(state)
        state = replace(state, hands=_plus(state.hands, seat, -1), curdler=seat, failures=0,
                        run=Run(run.player, run.cards + 1, True if state.phase == PLAY else run.starter))
        return _place(state, card, bank, seat, seq, drawn=drawn)

    def _after_card(self, state: State, seq: int) -> State:
        """A new top is down: a natural curdle stops play until the curdler breaks it."""
        if is_natural_curdle(*_tops(state)):
            return replace(state, phase=BREAK,
                           curdles=state.curdles + (CurdleNote("natural", _curdler(state), seq),))
        return replace(state, phase=PLAY)

    def _won(self, state: State, seat: int) -> State | None:
        """The hand once ``seat`` has played their last card (TURN-4); None while they hold one."""
        if state.hands[seat]:
            return None
        return self._score_hand(replace(state, winner=seat, run=None), seat, state.hands)

    def _next_turn(self, state: State, seat: int) -> State:
        return replace(state, run=Run(_left_of(state, seat)), phase=PLAY)

    def _failed(self, state: State, seat: int, seq: int) -> State:
        """A drawn-and-kept card or a pass. When all the others have failed since the
        curdler's last card, nobody holds a bridge: a blind curdle (CURDLE-4)."""
        if seat != state.curdler:
            state = replace(state, failures=state.failures + 1)
        if state.failures >= len(state.players) - 1:
            return self._declare_blind(state, seq)
        return self._next_turn(state, seat)

    def _declare_blind(self, state: State, seq: int) -> State:
        curdler = _curdler(state)
        return replace(state, phase=BLIND, run=Run(curdler),
                       curdles=state.curdles + (CurdleNote("blind", curdler, seq),))

    def _score_hand(self, state: State, winner: int, left: tuple[int, ...] | None) -> State:
        settings = state.settings
        seats = range(len(state.players))
        if settings.scoring == "cards_left":
            held = _known(left, "cards left")      # play mode counts the hands; "quick" asks for them
            points = tuple(0 if s == winner else held[s] for s in seats)
        else:
            points = tuple(1 if s == winner else 0 for s in seats)
        scores = tuple(a + b for a, b in zip(state.scores, points))
        record = HandRecord(state.deal, state.dealer, winner, left, points, state.curdles)
        state = replace(state, scores=scores, deal_scores=points, winner=winner,
                        history=state.history + (record,), phase=OVER)
        if settings.scoring == "cards_left":
            if max(scores) >= settings.target:
                low = min(scores)
                state = replace(state, match_winners=tuple(s for s in seats if scores[s] == low),
                                phase=MATCH_OVER)
        elif settings.hands and scores[winner] >= settings.hands:
            state = replace(state, match_winners=(winner,), phase=MATCH_OVER)
        return state

    # -- the timeline --
    def describe(self, before: State, action: Action, after: State) -> str:
        """An entry in words: "Ben plays the starter 4♠ on bank A (bridge 4)"."""
        words = {
            "deal": self._deal_words, "open": self._open_words, "play": self._play_words,
            "fluke": self._fluke_words, "end_run": self._end_run_words, "draw": self._draw_words,
            "pass": self._pass_words, "break": self._break_words, "blind": self._blind_words,
            "quick": self._quick_words,
        }.get(action.type)
        if words is None:
            return super().describe(before, action, after)
        text = words(before, action, after)
        if action.type not in ("deal", "quick"):
            text = self._outcome_words(before, after, text)
        if after.phase == MATCH_OVER and before.phase != MATCH_OVER:
            winners = [after.players[s] for s in after.match_winners]
            text = n_("{entry}; the match is over: {winners} wins",
                      "{entry}; the match is over: {winners} share the win",
                      len(winners), entry=text, winners=all_of(winners))
        return str(text)

    def _outcome_words(self, before: State, after: State, text: Message) -> Message:
        """What the entry led to: a won hand, or each curdle it made."""
        if after.phase in (OVER, MATCH_OVER):
            return _("{entry} — {player} has played their last card and wins hand {number}",
                     entry=text, player=after.players[_known(after.winner, "winner")], number=after.deal + 1)
        for note in after.curdles[len(before.curdles):]:
            curdler = after.players[note.curdler]
            if note.kind == "natural":
                text = _("{entry} — a natural curdle: {curdler} breaks it", entry=text, curdler=curdler)
            elif note.kind == "kingfisher":
                text = _("{entry} — a kingfisher: only a king bridges", entry=text)
            else:
                text = _("{entry} — a blind curdle: nobody could play since {curdler}'s last card",
                         entry=text, curdler=curdler)
        return text

    def _deal_words(self, before: State, action: Action, after: State) -> Message:
        return _("{dealer} deals hand {number}: {card} starts bank A", dealer=after.players[after.dealer],
                 number=after.deal + 1, card=action.card("card"))

    def _open_words(self, before: State, action: Action, after: State) -> Message:
        return _("{player} starts bank B with {card}", player=self.turn(before), card=action.card("card"))

    @staticmethod
    def _card_words(action: Action) -> Card | Message:
        card = action.card()
        declared = action.raw("as")
        if isinstance(declared, int) and not isinstance(declared, bool):
            return _("{card} as {value}", card=card, value=declared)
        return card

    def _play_words(self, before: State, action: Action, after: State) -> Message:
        player, card, bank = self.turn(before), self._card_words(action), action.raw("bank")
        bridge = any_of(bridge_values(*_tops(before)))
        if _run(before).starter:
            return _("{player} plays {card} on bank {bank} (bridge {bridge})", player=player, card=card,
                     bank=bank, bridge=bridge)
        return _("{player} plays the starter {card} on bank {bank} (bridge {bridge})", player=player,
                 card=card, bank=bank, bridge=bridge)

    def _fluke_words(self, before: State, action: Action, after: State) -> Message:
        return _("{player} has no starter, draws {card}, a fluker, and plays it on bank {bank} "
                 "(bridge {bridge})", player=self.turn(before), card=self._card_words(action),
                 bank=action.raw("bank"), bridge=any_of(bridge_values(*_tops(before))))

    def _end_run_words(self, before: State, action: Action, after: State) -> Message:
        cards = _run(before).cards
        return n_("{player} ends the run after {n} card: no bridge left",
                  "{player} ends the run after {n} cards: no bridge left",
                  cards, player=self.turn(before), n=cards)

    def _draw_words(self, before: State, action: Action, after: State) -> Message:
        player, left = self.turn(before), after.stock_count
        if before.phase == BREAK:
            return n_("{player} holds only {ranks} and draws a card to break with ({n} card left in the "
                      "stock)",
                      "{player} holds only {ranks} and draws a card to break with ({n} cards left in the "
                      "stock)", left, player=player, ranks=rank_plural(before.banks[0][-1].rank), n=left)
        return n_("{player} has no starter, draws a card and keeps it ({n} card left in the stock)",
                  "{player} has no starter, draws a card and keeps it ({n} cards left in the stock)",
                  left, player=player, n=left)

    def _pass_words(self, before: State, action: Action, after: State) -> Message:
        player = self.turn(before)
        if before.phase == BREAK:
            return _("{player} holds only {ranks} and passes: the stock is empty", player=player,
                     ranks=rank_plural(before.banks[0][-1].rank))
        return _("{player} has no starter and passes: the stock is empty", player=player)

    def _break_words(self, before: State, action: Action, after: State) -> Message:
        return _("{player} breaks the natural curdle with {card} on bank {bank}", player=self.turn(before),
                 card=self._card_words(action), bank=action.raw("bank"))

    def _blind_words(self, before: State, action: Action, after: State) -> Message:
        label = action.raw("bank")
        curdler = before.players[_curdler(before)]
        taken = before.banks[BANKS.index(label)][::-1][:BLIND_TAKE]
        parts: list[Message] = []
        for index, receiver in enumerate(action.raw("to")):
            card = taken[index] if index < len(taken) else None
            if card is None and receiver == curdler:
                parts.append(_("keeps a card from the stock"))
            elif card is None:
                parts.append(_("a card from the stock to {player}", player=receiver))
            elif receiver == curdler:
                parts.append(_("keeps {card}", card=card))
            else:
                parts.append(_("{card} to {player}", card=card, player=receiver))
        text = _("{player} hands out the top of bank {bank}: {cards}", player=curdler, bank=label,
                 cards=Joined(tuple(parts), ", "))
        if action.has("restart"):
            text = _("{entry}; {card} turned up from the stock restarts bank {bank}", entry=text,
                     card=action.card("restart"), bank=label)
        return text

    def _quick_words(self, before: State, action: Action, after: State) -> Message:
        record = after.history[-1]
        text = _("{winner} wins hand {number}", winner=after.players[record.winner], number=record.deal + 1)
        if record.cards_left is not None:
            left = ", ".join(f"{after.players[s]} {n}" for s, n in enumerate(record.cards_left)
                             if s != record.winner)
            text = _("{entry}; cards left: {left}", entry=text, left=left)
        return text

    # -- the keys: cards the table has seen where they cannot come from --
    def unavailable(self, state: State) -> dict[str, Message]:
        """TURN-5: a card lying on a bank cannot be entered again, and a card handed to another
        player in a blind curdle cannot be entered by the player in turn until its put-under
        cards are reached. Only what the table has seen is listed; a new deal starts from the
        whole pack, and a joker is listed only when both are accounted for."""
        if state.mode != "play" or state.phase not in (OPEN, PLAY, BREAK, BLIND):
            return {}
        seat = self._turn_seat(state)
        reasons: dict[Card, list[Message]] = {}
        for label, pile in zip(BANKS, state.banks):
            for index, card in enumerate(pile):
                depth = len(pile) - 1 - index
                reasons.setdefault(card, []).append(
                    _("on bank {bank}, its top card", bank=label) if depth == 0 else
                    _("on bank {bank}, {ordinal} from the top", bank=label, ordinal=_ordinal(depth + 1)))
        if state.phase != BLIND:    # a restart card may be an earlier gift under the stock
            for gift in state.gifts:
                if gift.holder != seat:
                    reasons.setdefault(gift.card, []).append(
                        _("handed to {holder} in the blind curdle at entry {seq}",
                          holder=state.players[gift.holder], seq=gift.seq))
        out: dict[str, Message] = {}
        for card, places in reasons.items():
            if card.is_joker:
                if len(places) >= JOKER_COPIES:
                    out[CARD_TEXT[card]] = _("both jokers are accounted for: {places}",
                                             places=all_of(places))
            else:
                out[CARD_TEXT[card]] = places[0]
        return out

    # -- the ends: who won and why, the leader, the match as running totals --
    def running_totals(self, state: State) -> tuple[dict[str, int], ...]:
        """The match totals after each finished hand (hands won, or penalty points), oldest first."""
        totals, after = dict.fromkeys(state.players, 0), []
        for record in state.history:
            totals = {name: totals[name] + points for name, points in zip(state.players, record.scores)}
            after.append(totals)
        return tuple(after)

    @staticmethod
    def _best(state: State) -> int:
        """The leading total: the most hands won, or the fewest penalty points (SCORE-1/-2)."""
        return min(state.scores) if state.settings.scoring == "cards_left" else max(state.scores)

    def _leaders(self, state: State) -> list[str]:
        """Who leads the match now; nobody while every player is level."""
        if not state.scores or len(set(state.scores)) == 1:
            return []
        best = self._best(state)
        return [name for name, total in zip(state.players, state.scores) if total == best]

    def _outcome(self, state: State) -> dict[str, Any] | None:
        """The latest finished hand: who went out and what it scored, in Curdle's own terms
        (hands won, or cards left and penalty points)."""
        if not state.history:
            return None
        record = state.history[-1]
        # Every answer until the next hand ends shows the same outcome: worded once per wording.
        context = (state.players, state.settings.scoring, tuple(state.scores))
        return OUTCOMES.get(record, context, partial(self._worded_outcome, state, record))

    def _worded_outcome(self, state: State, record: HandRecord) -> dict[str, Any]:
        names = state.players
        winner = names[record.winner]
        number = record.deal + 1
        penalty = state.settings.scoring == "cards_left"
        totals = dict(zip(names, state.scores))   # the totals after the newest hand (_score_hand)
        left = record.cards_left
        if left is not None:
            others = [(names[s], n) for s, n in enumerate(left) if s != record.winner]
            counts = Joined(tuple(_("{player} {n}", player=name, n=n) for name, n in others), ", ")
            if penalty:
                headline = _("{winner} played their last card and wins hand {n}; the others take a "
                             "penalty point per card left: {counts}.", winner=winner, n=number, counts=counts)
            else:
                headline = _("{winner} played their last card and wins hand {n}; cards left: {counts}.",
                             winner=winner, n=number, counts=counts)
        else:
            headline = _("{winner} played their last card and wins hand {n}.", winner=winner, n=number)
        rows = []
        for seat, name in enumerate(names):
            held = "—" if left is None else left[seat]
            if penalty:
                cells: list[Any] = [held, record.scores[seat], totals[name]]
            else:
                cells = [held, totals[name]]
            rows.append({"who": name, "cells": cells})
        columns = ([_("Cards left"), _("Penalty points"), _("Penalty total")] if penalty else
                   [_("Cards left"), _("Hands won")])
        return {"unit": "hand", "number": number, "winners": [winner], "headline": str(headline),
                "breakdown": {"columns": [str(c) for c in columns], "rows": rows}}

    def _match_result(self, state: State) -> dict[str, Any]:
        """The match is over: the most hands won (house rule ``hands``) or the fewest penalty
        points once someone reached the target (SCORE-2); equal totals share."""
        winners = [state.players[s] for s in state.match_winners]
        best = state.scores[state.match_winners[0]]
        hands = len(state.history)
        after = n_("after {n} hand", "after {n} hands", hands, n=hands)
        if state.settings.scoring == "cards_left":
            headline = n_("{players} wins the match {after} with the fewest penalty points ({best}).",
                          "{players} share the match {after} with the fewest penalty points ({best}).",
                          len(winners), players=all_of(winners), after=after, best=best)
        elif len(winners) == 1:
            headline = n_("{players} wins the match {after} with {best} hand won.",
                          "{players} wins the match {after} with {best} hands won.",
                          best, players=all_of(winners), after=after, best=best)
        else:
            headline = n_("{players} share the match {after} with {best} hand won each.",
                          "{players} share the match {after} with {best} hands won each.",
                          best, players=all_of(winners), after=after, best=best)
        return {"winners": winners, "headline": str(headline)}

    def _next_dealer(self, state: State) -> str | None:
        """Who deals the next hand, between hands and once the match is over (a rematch seats
        them first). In quick mode every recorded hand is over, so, as in play mode after a
        hand is won, it is the seat left of the last recorded hand's dealer; nobody before the
        first, as in play mode before the first deal."""
        names = state.players
        if state.mode == "quick":
            return names[_left_of(state, state.history[-1].dealer)] if state.history else None
        if state.phase in (OVER, MATCH_OVER):
            return names[(state.dealer + 1) % len(names)]
        return None

    # -- the view --
    def view(self, state: State) -> dict[str, Any]:
        names = state.players
        tops = state.tops
        in_hand = state.mode == "play" and state.phase not in (DEAL,) and bool(state.hands)
        curdle = None
        if state.phase == BREAK:
            curdle = "natural"
        elif state.phase == BLIND:
            curdle = "blind"
        elif tops and is_kingfisher(*tops):
            curdle = "kingfisher"
        if state.mode == "quick" and state.history:
            # Quick mode never deals: each "quick" entry is a whole hand, over once entered. So
            # deal, dealer, deal_over and deal_scores all describe the last recorded hand, as
            # play mode shows a hand won until the next deal (and as Pontis and Ropebridge show
            # quick entries); the state itself already counts on to the next hand (_do_quick).
            # Only what is shown differs, never what is accepted.
            last = state.history[-1]
            deal, dealer, deal_over = last.deal, last.dealer, True
        else:
            deal, dealer = state.deal, state.dealer
            deal_over = state.phase in (OVER, MATCH_OVER) and bool(state.history)
        return {
            "game": self.name,
            "mode": state.mode,
            "players": list(names),
            "deal": deal,
            "phase": state.phase,
            "turn": self.turn(state),
            "dealer": names[dealer],
            "deal_over": deal_over,
            "match_over": state.phase == MATCH_OVER,
            "scores": dict(zip(names, state.scores)),
            "deal_scores": (None if state.deal_scores is None
                            else dict(zip(names, state.deal_scores))),
            "findings": [f.as_dict() for f in state.findings],
            "settings": state.settings.as_dict(),
            "banks": {label: _bank_view(pile) for label, pile in zip(BANKS, state.banks)},
            "bridge": list(bridge_values(*tops)) if tops else [],
            "hands": dict(zip(names, state.hands)) if in_hand else {n: 0 for n in names},
            "stock": state.stock_count if in_hand else 0,
            "curdle": curdle,
            "curdler": None if state.curdler is None else names[state.curdler],
            "winner": None if state.winner is None else names[state.winner],
            "legal": self.legal(state),
            "run": (None if state.run is None or state.phase not in (PLAY, BREAK, BLIND) else
                    {"player": names[state.run.player], "cards": state.run.cards,
                     "starter": state.run.starter}),
            "failures": state.failures,
            "blind_cards": _blind_view(state) if state.phase == BLIND else None,
            "next_dealer": self._next_dealer(state),
            "match_winners": [names[s] for s in state.match_winners],
            "leaders": self._leaders(state),
            "outcome": self._outcome(state),
            "match_result": self._match_result(state) if state.phase == MATCH_OVER else None,
            "history": Rows(state.history, lambda record: _hand_view(names, record)),
        }


def _bank_view(pile: tuple[Card, ...]) -> dict[str, Any]:
    top = pile[-1] if pile else None
    return {"top": None if top is None else CARD_TEXT[top], "count": len(pile),
            "values": list(values(top)) if top else [], "cards": [CARD_TEXT[c] for c in pile]}


def _blind_view(state: State) -> dict[str, Any]:
    view: dict[str, Any] = {"from_stock": {}, "restart": {}}
    for label, pile in zip(BANKS, state.banks):
        taken = pile[::-1][:BLIND_TAKE]
        view[label] = [str(c) for c in taken]
        view["from_stock"][label] = min(BLIND_TAKE - len(taken), state.stock_count)
        view["restart"][label] = len(taken) == len(pile)
    return view


def _hand_view(names: tuple[str, ...], record: HandRecord) -> dict[str, Any]:
    return {
        "deal": record.deal,
        "dealer": names[record.dealer],
        "winner": names[record.winner],
        "cards_left": (None if record.cards_left is None
                       else dict(zip(names, record.cards_left))),
        "scores": dict(zip(names, record.scores)),
        "curdles": [{"kind": note.kind, "curdler": names[note.curdler], "seq": note.seq}
                    for note in record.curdles],
    }


GAME = Curdle()
