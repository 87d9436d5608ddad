"""Reverse Bridge: each partnership bids the number of tricks the OPPONENTS will take.

Rules: ``referee/games/reverse_bridge/rulebook.py`` (rule ids ``RB-...``). Four players in seat order North,
East, South, West; North-South ("NS") play East-West ("EW").

The referee never sees a hand. During play it checks only what the table can see: turn order,
the auction, cards already played, trick winners. A failure to follow suit is proved live
only when the same player later plays a card of the suit they showed out of. Once the 13th
trick is in, every card has been played, so every hand at every trick is known: the audit
then checks every play against the follow-suit and forced-capture rules and lists each breach.
The table may correct the opponents' trick count (``adjust``) before the next deal.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, partial
from typing import Any, Iterable, TypeVar

from referee.actions import Action
from referee.cards import SUIT_SYMBOLS, Card
from referee.engine import QUICK, TABLE, Finding, GameRules, Move, name_key
from referee.errors import IllegalAction, InvalidAction
from referee.frozen import replace
from referee.i18n import LANGUAGES, N_, Message, _, gettext, n_, speaking
from referee.rendered import Rendered, Rows
from referee.settings import Settings as BaseSettings
from referee.settings import house_rule

# --- rule tables ---------------------------------------------------------------------------

SEAT_NAMES = ("North", "East", "South", "West")
TEAMS = ("NS", "EW")
# A team in a narrow column ("NS", German "NS"/"OW"), and in a sentence ("North–South").
TEAM_NAMES = {"NS": N_("NS"), "EW": N_("EW")}
TEAM_WORDS = {"NS": N_("North–South"), "EW": N_("East–West")}
CARDS_PER_HAND = 13
TRICKS_PER_HAND = 13
MAX_LEVEL = 13

# Lowest to highest: the order a bid must climb (RB-AUCTION-1/2).
DENOMINATIONS = ("C", "D", "H", "S", "NT")
DENOMINATION_SUIT = {"C": "c", "D": "d", "H": "h", "S": "s", "NT": None}
DENOMINATION_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
# No trump written short, as bridge players of each language write it: 3NT, German 3SA.
NO_TRUMP_SHORT = N_("NT")
DENOMINATION_SPELLINGS = {
    "C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "N": "NT",
    "♣": "C", "♦": "D", "♥": "H", "♠": "S",
    "CLUBS": "C", "DIAMONDS": "D", "HEARTS": "H", "SPADES": "S", "NOTRUMP": "NT", "NO TRUMP": "NT",
}

# Ace high (RB-PLAY-3).
RANK_ORDER = {rank: i for i, rank in enumerate(
    ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))}

# RB-SCORE-2/3: the bidders' points per level when the opponents reach the level, the no
# trump bonus, and what each trick off the level pays the opponents.
POINTS_PER_LEVEL = {"C": 2, "D": 2, "H": 3, "S": 3, "NT": 3}
NO_TRUMP_BONUS = 1
POINTS_PER_TRICK_OFF = 5

# The columns of the source's Table 1: clubs and diamonds score alike, so do hearts and spades.
TABLE_GROUPS = (("C", "D"), ("H", "S"), ("NT",))


# --- settings ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Settings(BaseSettings):
    hands: int = house_rule(
        8, N_("Number of hands in the match (a multiple of 4, so everyone deals equally often)"),
        label=N_("Hands"), minimum=4, maximum=100)
    capture_over_partner: bool = house_rule(
        False, N_("Forced capture applies even when your partner is already winning the trick "
                  "(the first playtest rule)"), label=N_("Capture over partner"))
    no_forced_capture: bool = house_rule(
        False, N_("No forced capture: only follow suit, as in Whist"), label=N_("No forced capture"))

    def validate(self) -> None:
        if self.hands % 4:
            raise InvalidAction(
                _("the number of hands must be a multiple of 4 (4, 8, 12 …) so that everyone deals equally "
                  "often, not {hands}", hands=self.hands),
                rule="SETTINGS")
        if self.capture_over_partner and self.no_forced_capture:
            raise InvalidAction(
                _("choose either capture over partner or no forced capture, not both: "
                  "one strengthens forced capture, the other removes it"), rule="SETTINGS")


# --- values --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Call:
    """One call of the auction; a pass has no level."""

    seat: int
    seq: int
    level: int | None = None
    denomination: str | None = None

    @property
    def is_pass(self) -> bool:
        return self.level is None

    @property
    def bid(self) -> Bid | None:
        """The bid this call made; None for a pass."""
        if self.level is None or self.denomination is None:
            return None
        return Bid(self.level, self.denomination)


@dataclass(frozen=True)
class Bid:
    """A level and a denomination as people write them: "3♥", "2NT" (German "2SA"). A message
    parameter, so it is written in the language of whoever reads the message."""

    level: int
    denomination: str

    def __str__(self) -> str:
        return f"{self.level}{denomination_text(self.denomination)}"

    @property
    def rank(self) -> int:
        """Its place in the order a bid must climb (RB-AUCTION-2)."""
        return bid_rank(self.level, self.denomination)


@dataclass(frozen=True)
class Contract:
    level: int
    denomination: str
    team: str                        # the bidding team
    bidder: int | None = None        # seat that made the final bid (None: a quick entry named the team)
    first_bidder: int | None = None  # first seat to bid the final denomination (RB-AUCTION-5);
                                     # None in quick mode, where the auction is not entered

    @property
    def bid(self) -> Bid:
        return Bid(self.level, self.denomination)

    @property
    def leader(self) -> int | None:
        return None if self.first_bidder is None else left_of(self.first_bidder)

    @property
    def trump(self) -> str | None:
        # RB-AUCTION-4: the final bid's denomination is trumps (None in no trump); its level is
        # the opponents' tricks the bidders name, as score() reads it.
        return DENOMINATION_SUIT[self.denomination]


@dataclass(frozen=True)
class Play:
    seat: int
    card: Card
    seq: int


@dataclass(frozen=True)
class Trick:
    number: int                     # 1-based within the hand
    leader: int
    plays: tuple[Play, ...] = ()
    winner: int | None = None       # set when the fourth card is in

    @property
    def led_suit(self) -> str | None:
        return suit_of(self.plays[0].card) if self.plays else None

    @property
    def taker(self) -> int:
        """The seat that won this trick (a finished trick: its fourth card is in)."""
        if self.winner is None:
            raise ValueError(f"trick {self.number} is not finished")
        return self.winner

    @property
    def next_seat(self) -> int:
        """The seat that plays the next card to this trick (RB-PLAY-3: clockwise from the leader)."""
        return (self.leader + len(self.plays)) % 4


@dataclass(frozen=True)
class Breach:
    """A breach of RB-PLAY-1/2 in one hand, with the facts the score sheet prints."""

    rule: str
    message: Message    # shown in the language of whoever looks
    seq: int            # the entry that proved it
    trick: int
    seat: int
    card: Card          # the card played at the breach
    obliged: Message    # what the player had to play: "follow suit with a ♥"
    source: str         # "live" (proved by a later card) or "audit" (end of hand)
    confirmed: int | None = None    # a live breach: the entry whose end-of-hand audit confirmed it

    def finding(self) -> Finding:
        return Finding(self.rule, self.message, self.seq)


@dataclass(frozen=True)
class Adjustment:
    tricks: int         # the opponents' tricks the table settled on
    reason: str
    seq: int


@dataclass(frozen=True)
class HandRecord:
    """One finished hand (a passed-out hand is no hand and has no record)."""

    number: int                     # 0-based, passed-out hands not counted
    dealer: int
    contract: Contract
    taken: tuple[int, int]          # tricks NS, EW as played (or as entered in quick mode)
    calls: tuple[Call, ...] = ()
    tricks: tuple[Trick, ...] = ()
    breaches: tuple[Breach, ...] = ()
    adjustment: Adjustment | None = None
    quick: bool = False

    @property
    def played_opponents_tricks(self) -> int:
        return self.taken[1 - TEAMS.index(self.contract.team)]

    @property
    def opponents_tricks(self) -> int:
        if self.adjustment is not None:
            return self.adjustment.tricks
        return self.played_opponents_tricks

    @property
    def scores(self) -> dict[str, int]:
        bidders, opponents = score(self.contract.level, self.contract.denomination,
                                   self.opponents_tricks)
        if self.contract.team == "NS":
            return {"NS": bidders, "EW": opponents}
        return {"NS": opponents, "EW": bidders}


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    settings: Settings
    mode: str
    phase: str                      # "deal", "auction", "play", "audit", "match_over"
    dealer: int                     # of the hand in progress or just finished; in "deal": next
    calls: tuple[Call, ...] = ()
    contract: Contract | None = None
    tricks: tuple[Trick, ...] = ()  # finished tricks of the hand in progress or just finished
    current: Trick | None = None
    live_breaches: tuple[Breach, ...] = ()
    history: tuple[HandRecord, ...] = ()
    passed_out: int = 0
    findings: tuple[Finding, ...] = ()
    # The last hand was thrown in (four passes, or a quick entry with passed_out) and nothing
    # has been dealt or entered since. The view needs it in quick mode, where the phase stays
    # "deal" after every entry and cannot tell a thrown-in hand from a scored one.
    thrown_in: bool = False


# --- small pure helpers --------------------------------------------------------------------

def team_of(seat: int) -> str:
    return TEAMS[seat % 2]


def left_of(seat: int) -> int:
    """The next seat clockwise: who bids or deals after ``seat``, and who leads when ``seat``
    first named the final denomination (RB-AUCTION-5)."""
    return (seat + 1) % 4


def suit_of(card: Card) -> str:
    """The suit of a card in play. Reverse Bridge uses 52 cards without jokers (RB-SETUP-1): a
    joker is refused when it is entered, so every card that reaches a trick has a suit."""
    if card.suit is None:
        raise ValueError(f"{card} has no suit: Reverse Bridge uses no jokers")
    return card.suit


_Value = TypeVar("_Value")


def given(value: _Value | None, what: str) -> _Value:
    """A value that is set at this point: a field read as required (the reader has refused a
    missing one already), the bidder of a contract reached by an auction. Says so to the type
    checker, and raises if it is not."""
    if value is None:
        raise ValueError(f"{what} is missing")
    return value


def team_name(team: str) -> Message:
    """A partnership in a narrow column: "NS", "EW" (German: "NS", "OW"); the API keeps NS/EW."""
    return _(TEAM_NAMES[team])


def team_words(team: str) -> Message:
    """A partnership in a sentence: "North–South" (German "Nord–Süd")."""
    return _(TEAM_WORDS[team])


def label_key(text: str) -> str:
    """A name as compared with the teams' labels: ``name_key`` without spaces and punctuation,
    because "North–South", "north-south", "North South" and "N/S" all read as the same team."""
    return "".join(ch for ch in name_key(text) if not unicodedata.category(ch).startswith(("P", "Z")))


@cache  # the catalogs do not change while the app runs
def team_labels() -> dict[str, str]:
    """Every way the referee writes a partnership, in short and in words, in every language it
    speaks (``label_key``), and the team each one means: a reader of either language takes a
    player named like one of them for the team."""
    labels = {}
    for code in LANGUAGES:
        with speaking(code, ReverseBridge.name):
            for team in TEAMS:
                for text in (TEAM_NAMES[team], TEAM_WORDS[team]):
                    labels[label_key(gettext(text))] = team
    return labels


def team_label_of(name: str) -> str | None:
    """The team ("NS", "EW") that ``name`` is written like, or None for a name of its own."""
    return team_labels().get(label_key(name))


def other_team(team: str) -> str:
    return TEAMS[1 - TEAMS.index(team)]


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def auction_seat(state: State) -> int:
    """The seat that makes the next call: left of the dealer, then clockwise (RB-AUCTION-1)."""
    return (state.dealer + 1 + len(state.calls)) % 4


def in_play(state: State) -> tuple[Contract, Trick]:
    """The contract and the trick in progress of a hand being played (from the auction's last
    pass to the 13th trick). At any other moment: the refusal of a card entered then."""
    if state.contract is None or state.current is None:
        raise IllegalAction(_("no hand is in play: the dealer enters “deal” first"), rule="RB-SETUP-1")
    return state.contract, state.current


def tricks_taken(tricks: Iterable[Trick]) -> tuple[int, int]:
    """The finished tricks NS and EW won, in that order."""
    winners = [team_of(trick.taker) for trick in tricks]
    return winners.count("NS"), winners.count("EW")


def denomination_text(denomination: str) -> str:
    """♣ ♦ ♥ ♠, or no trump written short in the reader's language (NT, German SA)."""
    if denomination == "NT":
        return gettext(NO_TRUMP_SHORT)
    return DENOMINATION_SYMBOL[denomination]


def bid_text(level: int, denomination: str) -> str:
    return str(Bid(level, denomination))


def bid_words(level: int, denomination: str) -> Bid | Message:
    """A bid in a sentence: "2♦", and no trump in words: "1 no trump", "3 no trumps" (German
    "3 Sans Atout")."""
    if denomination == "NT":
        return n_("{level} no trump", "{level} no trumps", level, level=level)
    return Bid(level, denomination)


def bid_rank(level: int, denomination: str) -> int:
    return (level - 1) * len(DENOMINATIONS) + DENOMINATIONS.index(denomination)


def bid_from_rank(rank: int) -> tuple[int, str]:
    return rank // len(DENOMINATIONS) + 1, DENOMINATIONS[rank % len(DENOMINATIONS)]


def beats(card: Card, best: Card, trump: str | None) -> bool:
    """Does ``card`` take the trick from ``best``, the card winning it so far? (RB-PLAY-3)"""
    if card.suit == best.suit:
        return RANK_ORDER[card.rank] > RANK_ORDER[best.rank]
    return card.suit == trump


def winning_play(plays: Iterable[Play], trump: str | None) -> Play:
    best: Play | None = None
    for play in plays:
        if best is None or beats(play.card, best.card, trump):
            best = play
    assert best is not None
    return best


def score(level: int, denomination: str, opponents_tricks: int) -> tuple[int, int]:
    """RB-SCORE-2/3: (bidding team's points, opponents' points) for one hand."""
    # RB-SCORE-1: level is the final bid's level L, opponents_tricks the opponents' tricks T.
    # RB-SCORE-4: so score(7, "S", 9) == (21, 10), score(9, "D", 6) == (0, 15) and
    # score(1, "NT", 1) == (4, 0).
    if not 1 <= level <= MAX_LEVEL or denomination not in DENOMINATIONS:
        raise ValueError(f"no such bid: {level} {denomination}")
    if not 0 <= opponents_tricks <= TRICKS_PER_HAND:
        raise ValueError(f"a hand has {TRICKS_PER_HAND} tricks, not {opponents_tricks}")
    bidders = 0
    if opponents_tricks >= level:
        bidders = level * POINTS_PER_LEVEL[denomination]
        if denomination == "NT":
            bidders += NO_TRUMP_BONUS
    return bidders, POINTS_PER_TRICK_OFF * abs(opponents_tricks - level)  # RB-SCORE-3: 5 × |T − L|


def scoring_table() -> dict[str, Any]:
    """The whole scoring table as the source's Table 1 lays it out (RB-SCORE-5): one row per
    number of tricks the opponents took (0-13), one column per bid (13 levels × clubs or
    diamonds, hearts or spades, no trump = 39); each cell is [bidders, opponents]."""
    columns = []
    bids: list[tuple[int, str]] = []  # each column's level and the denomination that scores it
    for group in TABLE_GROUPS:
        for level in range(1, MAX_LEVEL + 1):
            columns.append({
                "level": level, "denominations": list(group),
                "label": f"{level} " + "/".join(denomination_text(d) for d in group),
            })
            bids.append((level, group[0]))
    rows = []
    for tricks in range(TRICKS_PER_HAND + 1):
        rows.append({"tricks": tricks, "cells": [
            list(score(level, denomination, tricks)) for level, denomination in bids]})
    return {"columns": columns, "rows": rows}


@dataclass(frozen=True)
class Duty:
    """What a player had to play at one moment: one of ``cards``."""

    cards: tuple[Card, ...]
    text: Message       # an infinitive phrase: "follow suit with a ♥"
    rule: str


def duty(hand: Iterable[Card], so_far: tuple[Play, ...], seat: int, trump: str | None,
         settings: Settings) -> Duty | None:
    """RB-PLAY-1/2: what ``seat``, holding ``hand``, must play onto the trick ``so_far``
    (None: any card). Used by the audit, where every hand is known."""
    if not so_far:
        return None                                     # the leader plays any card
    led = suit_of(so_far[0].card)
    winning = winning_play(so_far, trump)
    best = winning.card
    partner_winning = winning.seat == partner_of(seat)
    # RB-PLAY-4: no_forced_capture leaves only following suit; capture_over_partner forces a
    # capture even over a winning partner (Settings.validate allows at most one of the two).
    forced = not settings.no_forced_capture and (
        settings.capture_over_partner or not partner_winning)
    ordered = sorted(hand, key=lambda c: (c.suit, RANK_ORDER[c.rank]))
    following = tuple(c for c in ordered if c.suit == led)
    if following:
        if forced:
            winners = tuple(c for c in following if beats(c, best, trump))
            if winners:
                return Duty(winners, _("follow suit and win the trick with a {suit} higher than {card}",
                                       suit=SUIT_SYMBOLS[led], card=best), "RB-PLAY-2")
        return Duty(following, follow_suit(led), "RB-PLAY-1")
    if not forced or trump is None:
        return None
    trumps = tuple(c for c in ordered if c.suit == trump)
    if not trumps:
        return None
    over = tuple(c for c in trumps if beats(c, best, trump))
    if over and best.suit == trump:
        return Duty(over, _("overtrump {card} with a higher {suit}", card=best, suit=SUIT_SYMBOLS[trump]),
                    "RB-PLAY-2")
    if over:
        return Duty(over, _("trump with a {suit} to win the trick", suit=SUIT_SYMBOLS[trump]), "RB-PLAY-2")
    return Duty(trumps, _("trump with a {suit} even though it cannot beat {card} (a player who cannot "
                          "follow must trump)", suit=SUIT_SYMBOLS[trump], card=best), "RB-PLAY-2")


def follow_suit(suit: str) -> Message:
    """The duty of RB-PLAY-1 in words: "follow suit with a ♥"."""
    return _("follow suit with a {suit}", suit=SUIT_SYMBOLS[suit])


def hands_at(tricks: tuple[Trick, ...]) -> list[dict[int, tuple[Card, ...]]]:
    """Every seat's hand at the start of every trick of a fully played hand: the cards it
    played from that trick on."""
    result = []
    for index in range(len(tricks)):
        held: dict[int, list[Card]] = {seat: [] for seat in range(4)}
        for trick in tricks[index:]:
            for play in trick.plays:
                held[play.seat].append(play.card)
        result.append({seat: tuple(cards) for seat, cards in held.items()})
    return result


def audit(tricks: tuple[Trick, ...], trump: str | None, settings: Settings,
          players: tuple[str, ...], seq: int) -> tuple[Breach, ...]:
    """Check every play of a finished hand against RB-PLAY-1/2; one Breach per play that
    did not do what the player was obliged to do."""
    breaches = []
    for trick, hands in zip(tricks, hands_at(tricks)):
        for position, play in enumerate(trick.plays):
            owed = duty(hands[play.seat], trick.plays[:position], play.seat, trump, settings)
            if owed is None or play.card in owed.cards:
                continue
            led = trick.plays[0].card.suit
            rule = "RB-PLAY-1" if any(c.suit == led for c in owed.cards) and \
                play.card.suit != led else owed.rule
            name = players[play.seat]
            breaches.append(Breach(
                rule=rule, seq=seq, trick=trick.number, seat=play.seat, card=play.card,
                obliged=owed.text, source="audit",
                message=_("Trick {trick}: {player} played {card} (entry {entry}) but had to {obliged}, "
                          "holding {held}.", trick=trick.number, player=name, card=play.card,
                          entry=play.seq, obliged=owed.text, held=owed.cards),
            ))
    return tuple(breaches)


def confirm_live_breaches(live: tuple[Breach, ...], audited: tuple[Breach, ...],
                          seq: int) -> tuple[tuple[Breach, ...], tuple[Breach, ...]]:
    """One breach, one finding (RB-AUDIT): a revoke proved during play is confirmed by the audit
    at entry ``seq`` and keeps the entry that first proved it; only the breaches the audit found
    that nobody had proved yet are new. Returns (confirmed, new)."""
    proved = {(b.trick, b.seat, b.card) for b in live}
    confirmed = tuple(replace(b, confirmed=seq) for b in live)
    return confirmed, tuple(b for b in audited if (b.trick, b.seat, b.card) not in proved)


def in_play_order(breaches: tuple[Breach, ...], tricks: tuple[Trick, ...]) -> tuple[Breach, ...]:
    """Breaches in the order their cards were played."""
    entry = {(t.number, p.seat): p.seq for t in tricks for p in t.plays}
    return tuple(sorted(breaches, key=lambda b: (b.trick, entry.get((b.trick, b.seat), 0))))


def pending_show_outs(tricks: Iterable[Trick], seat: int) -> dict[str, list[tuple[Trick, Play]]]:
    """The times ``seat`` failed to follow each suit since it last played that suit: each is
    a revoke the moment the seat plays that suit again."""
    pending: dict[str, list[tuple[Trick, Play]]] = {}
    for trick in tricks:
        if not trick.plays:
            continue
        led = suit_of(trick.plays[0].card)
        for play in trick.plays:
            if play.seat != seat:
                continue
            suit = suit_of(play.card)
            pending.pop(suit, None)
            if suit != led:
                pending.setdefault(led, []).append((trick, play))
    return pending


# --- the engine ----------------------------------------------------------------------------

class ReverseBridge(GameRules):
    name = "reverse-bridge"
    title = "Reverse Bridge"
    rule_prefix = "RB"
    # Every rule this game cites, as the rules pages list them (each is written out where it
    # is raised or computed).
    rule_ids = (
        "RB-SETUP-1", "RB-AUCTION-1", "RB-AUCTION-2", "RB-AUCTION-3", "RB-AUCTION-4", "RB-AUCTION-5",
        "RB-PLAY-1", "RB-PLAY-2", "RB-PLAY-3", "RB-PLAY-4", "RB-SCORE-1", "RB-SCORE-2", "RB-SCORE-3",
        "RB-SCORE-4", "RB-SCORE-5", "RB-AUDIT", "RB-QUICK"
    )
    settings_type = Settings
    min_players = 4
    max_players = 4
    team_game = True
    unit = "hand"             # the timeline groups entries by hand, then by trick (``stage``)

    # The actions as data. Their order is the order of the view's "legal" list: bid before
    # pass in the auction, adjust before deal between hands (an API contract). An adjustment is
    # the whole table's decision: anyone at the table may enter it.
    moves = {
        "bid": Move("_bid"),
        "pass": Move("_pass"),
        "play": Move("_play"),
        "adjust": Move("_adjust", actor=TABLE),
        "deal": Move("_deal"),
        "quick": Move("_quick", frozenset({QUICK})),
    }

    # -- protocol --

    def start(self, players: tuple[str, ...], settings: BaseSettings, mode: str) -> State:
        if not isinstance(settings, Settings):
            raise TypeError(f"Reverse Bridge is started with its own house rules, not {type(settings).__name__}")
        return State(players=tuple(players), settings=settings, mode=mode, phase="deal", dealer=0)

    def check_new_players(self, names: tuple[str, ...]) -> None:
        """Refuse, for a match being created, a player named like a team (RB-SETUP-1): the score
        table and the messages name the teams, and "NS" beside "NS" cannot be told apart. Not part
        of ``start``, which also reads stored matches back: a match stored or exported before
        keeps the names it has and reads as it did."""
        for name in names:
            team = team_label_of(name)
            if team is not None:
                raise IllegalAction(
                    _("“{name}” cannot be a player's name: the score table and the messages use it for "
                      "the {team} team; give the player a name of their own", name=name.strip(),
                      team=team_words(team)),
                    rule="RB-SETUP-1")

    def turn(self, state: State) -> str | None:
        seat = self._turn_seat(state)
        return None if seat is None else state.players[seat]

    def check_phase(self, state: State, action: Action) -> None:
        """The moments each action belongs to, each refusal citing the rule that sets it."""
        kind = action.type
        if state.phase == "match_over" and kind != "adjust":
            raise IllegalAction(
                _("the match is over: all {hands} hands have been played", hands=state.settings.hands),
                rule="RB-SCORE-5")
        if kind == "deal" and state.phase in ("auction", "play"):
            raise IllegalAction(
                _("hand {hand} is still being played ({progress}): a new deal comes after its 13th trick",
                  hand=len(state.history) + 1, progress=self._progress(state)),
                rule="RB-SETUP-1")
        if kind in ("bid", "pass"):
            self._require_auction(state, kind)
        if kind == "play":
            if state.phase == "auction":
                raise IllegalAction(
                    _("the auction is not over: it ends when a bid is followed by three passes"),
                    rule="RB-AUCTION-3")
            if state.phase != "play":
                raise IllegalAction(_("no hand is in play: the dealer enters “deal” first"),
                                    rule="RB-SETUP-1")
        if kind == "adjust" and (state.phase not in ("audit", "match_over") or not state.history):
            raise IllegalAction(
                _("an adjustment is made after a hand's 13th trick and before the next deal"),
                rule="RB-AUDIT")

    def legal(self, state: State) -> list[str]:
        """The phase check lets a bid through for the whole auction; once 13NT has been bid
        no bid is high enough (RB-AUCTION-2), and only a pass is left."""
        kinds = super().legal(state)
        if state.phase == "auction" and min_bid(state.calls) is None:
            kinds.remove("bid")
        return kinds

    # -- dealing and the auction --

    def _deal(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        # From "audit" the deal passes on and accepts the last hand's result as it stands.
        dealer = (state.dealer + 1) % 4 if state.phase == "audit" else state.dealer
        return replace(
            state, phase="auction", dealer=dealer, calls=(), contract=None, tricks=(),
            current=None, live_breaches=(), thrown_in=False), ()

    def _bid(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        level = action.integer("level", minimum=-10**9)
        denomination = read_denomination(action)
        if not 1 <= level <= MAX_LEVEL:
            raise IllegalAction(
                _("a bid is a level from 1 to {top} (the tricks you predict the opponents take), not {level}",
                  top=MAX_LEVEL, level=level), rule="RB-AUCTION-1")
        last = last_bid(state.calls)
        if last is not None and bid_rank(level, denomination) <= last[1].rank:
            lowest = min_bid(state.calls)
            allowed = (_("bid {bid} or higher, or pass", bid=Bid(*lowest)) if lowest
                       else _("only a pass is possible now"))
            raise IllegalAction(
                _("{bid} is not higher than {last} ({player}'s bid): {allowed}",
                  bid=Bid(level, denomination), last=last[1],
                  player=state.players[last[0]], allowed=allowed), rule="RB-AUCTION-2")
        call = Call(seat=auction_seat(state), seq=seq, level=level, denomination=denomination)
        return replace(state, calls=state.calls + (call,)), ()

    def _pass(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        calls = state.calls + (Call(seat=auction_seat(state), seq=seq),)
        last = last_bid(calls)
        if last is None:
            if len(calls) == 4:
                # RB-AUCTION-3: passed out; not a hand, the next dealer deals.
                return replace(
                    state, phase="deal", dealer=(state.dealer + 1) % 4, calls=(),
                    passed_out=state.passed_out + 1, thrown_in=True), ()
            return replace(state, calls=calls), ()
        if len(calls) < 4 or not all(c.is_pass for c in calls[-3:]):
            return replace(state, calls=calls), ()
        bidder, final = last
        first = next(c for c in calls if c.denomination == final.denomination)
        contract = Contract(level=final.level, denomination=final.denomination, team=team_of(bidder),
                            bidder=bidder, first_bidder=first.seat)
        return replace(
            state, calls=calls, contract=contract, phase="play",
            current=Trick(number=1, leader=left_of(first.seat))), ()  # RB-AUCTION-5: contract.leader

    def _require_auction(self, state: State, what: str) -> None:
        if state.phase == "auction":
            return
        if state.phase == "play":
            raise IllegalAction(
                _("the auction is over (final bid {bid}): no more calls, play a card",
                  bid=in_play(state)[0].bid), rule="RB-AUCTION-3")
        if state.phase == "audit":
            message = (_("hand {hand} is over: the next dealer enters “deal” before anyone can bid",
                         hand=len(state.history)) if what == "bid" else
                       _("hand {hand} is over: the next dealer enters “deal” before anyone can pass",
                         hand=len(state.history)))
            raise IllegalAction(message, rule="RB-AUCTION-1")
        message = (_("no hand is dealt: the dealer enters “deal” before anyone can bid") if what == "bid"
                   else _("no hand is dealt: the dealer enters “deal” before anyone can pass"))
        raise IllegalAction(message, rule="RB-AUCTION-1")

    # -- the play --

    def _play(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        card = action.card("card")
        if card.is_joker:
            raise IllegalAction(_("Reverse Bridge uses 52 cards without jokers"), rule="RB-SETUP-1")
        self._check_unseen(state, card)
        contract, current = in_play(state)
        play = Play(seat=current.next_seat, card=card, seq=seq)
        live = self._proved_revokes(state, play)
        proved = tuple(b.finding() for b in live)

        trick = replace(current, plays=current.plays + (play,))
        new = replace(state, live_breaches=state.live_breaches + live,
                      findings=state.findings + proved)
        if len(trick.plays) < 4:
            return replace(new, current=trick), proved
        winner = winning_play(trick.plays, contract.trump).seat
        trick = replace(trick, winner=winner)
        tricks = state.tricks + (trick,)
        if len(tricks) < TRICKS_PER_HAND:
            return replace(
                new, tricks=tricks, current=Trick(number=trick.number + 1, leader=winner),
            ), proved
        return self._finish_hand(new, tricks, seq, proved)

    def _check_unseen(self, state: State, card: Card) -> None:
        for trick in state.tricks + ((state.current,) if state.current else ()):
            for play in trick.plays:
                if play.card != card:
                    continue
                if trick is state.current:
                    message = _("{card} was already played in this trick, by {player} (entry {entry}): "
                                "each card is in the pack once", card=card,
                                player=state.players[play.seat], entry=play.seq)
                else:
                    message = _("{card} was already played at trick {trick}, by {player} (entry {entry}): "
                                "each card is in the pack once", card=card, trick=trick.number,
                                player=state.players[play.seat], entry=play.seq)
                raise IllegalAction(message, rule="RB-SETUP-1")

    def _proved_revokes(self, state: State, play: Play) -> tuple[Breach, ...]:
        """A card of a suit the player showed out of proves each of those show-outs was a
        revoke (RB-PLAY-1). The card is real, so it stands; the breach is reported now."""
        pending = pending_show_outs(state.tricks + (in_play(state)[1],), play.seat)
        name = state.players[play.seat]
        breaches = []
        for trick, revoke in pending.get(suit_of(play.card), ()):
            led = suit_of(trick.plays[0].card)
            breaches.append(Breach(
                rule="RB-PLAY-1", seq=play.seq, trick=trick.number, seat=play.seat,
                card=revoke.card, obliged=follow_suit(led), source="live",
                message=_("Trick {trick}: {player} played {card} on a {suit} lead (entry {entry}) but had "
                          "to follow suit: {player}'s {later} now (entry {later_entry}) shows a {suit} was "
                          "in hand. That was a revoke.", trick=trick.number, player=name,
                          card=revoke.card, suit=SUIT_SYMBOLS[led], entry=revoke.seq, later=play.card,
                          later_entry=play.seq),
            ))
        return tuple(breaches)

    def _finish_hand(self, state: State, tricks: tuple[Trick, ...], seq: int,
                     proved: tuple[Finding, ...]) -> tuple[State, tuple[Finding, ...]]:
        """RB-SCORE and the audit, once the 13th trick is in."""
        contract = in_play(state)[0]
        taken = tricks_taken(tricks)
        confirmed, new = confirm_live_breaches(
            state.live_breaches, audit(tricks, contract.trump, state.settings, state.players, seq), seq)
        record = HandRecord(
            number=len(state.history), dealer=state.dealer, contract=contract, taken=taken,
            calls=state.calls, tricks=tricks, breaches=in_play_order(confirmed + new, tricks))
        history = state.history + (record,)
        phase = "match_over" if len(history) >= state.settings.hands else "audit"
        audited = tuple(b.finding() for b in new)
        return replace(
            state, phase=phase, tricks=tricks, current=None, history=history,
            findings=state.findings + audited,
        ), proved + audited

    # -- after the audit --

    def _adjust(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        tricks = action.integer("tricks", minimum=0, maximum=TRICKS_PER_HAND)
        # A missing reason is refused like a blank one: by the rule that asks for it.
        reason = action.text("reason", max_length=300, optional=True)
        record = state.history[-1]
        if not reason:
            # The table corrects the trick count (RB-AUDIT): the count it already has changes
            # nothing, so it is not asked for a reason. Only the message differs: such an entry
            # was refused before as well, and one with a reason is still taken (the table's
            # recount kept in the log), so no stored entry reads differently.
            if tricks == record.opponents_tricks and record.adjustment is None:
                raise IllegalAction(_("{tricks} is the count as played: nothing to adjust",
                                      tricks=tricks), rule="RB-AUDIT")
            if tricks == record.opponents_tricks:
                raise IllegalAction(_("{tricks} is already the count the table set (entry {entry}): "
                                      "nothing to adjust", tricks=tricks,
                                      entry=given(record.adjustment, "the last adjustment").seq),
                                    rule="RB-AUDIT")
            raise IllegalAction(_("say why the trick count changes: the reason is kept in the log"),
                                rule="RB-AUDIT")
        record = replace(record, adjustment=Adjustment(tricks, reason, seq))
        team = other_team(record.contract.team)
        points = record.scores
        finding = Finding("RB-AUDIT", _(
            "Hand {hand}: the table set the tricks of {team} to {tricks} ({played} as played): "
            "{reason}. Hand scores now {ns_team} {ns}, {ew_team} {ew}.", hand=record.number + 1,
            team=self._team_label(state, team), tricks=tricks, played=record.played_opponents_tricks,
            reason=reason, ns_team=team_name("NS"), ns=points["NS"], ew_team=team_name("EW"),
            ew=points["EW"]), seq)
        return replace(
            state, history=state.history[:-1] + (record,), findings=state.findings + (finding,),
        ), (finding,)

    # -- quick mode --

    def _quick(self, state: State, action: Action, seq: int) -> tuple[State, tuple[Finding, ...]]:
        passed_out = action.raw("passed_out", False)
        if not isinstance(passed_out, bool):
            raise InvalidAction(_("\"passed_out\" must be true or false"), rule="ACTION")
        if passed_out:
            return replace(state, dealer=(state.dealer + 1) % 4,
                           passed_out=state.passed_out + 1, thrown_in=True), ()
        team, bidder = self._bidding_side(state, action)
        level = action.integer("level", minimum=-10**9)
        denomination = read_denomination(action)
        if not 1 <= level <= MAX_LEVEL:
            raise IllegalAction(_("the final bid's level is 1 to {top}, not {level}", top=MAX_LEVEL, level=level),
                                rule="RB-AUCTION-1")
        tricks = action.integer("tricks", minimum=0, maximum=TRICKS_PER_HAND)
        contract = Contract(level=level, denomination=denomination, team=team, bidder=bidder)
        # The opponents took ``tricks``, the bidders the rest; in seat order NS, EW.
        taken = (TRICKS_PER_HAND - tricks, tricks) if contract.team == "NS" else (tricks, TRICKS_PER_HAND - tricks)
        record = HandRecord(number=len(state.history), dealer=state.dealer, contract=contract,
                            taken=taken, quick=True)
        history = state.history + (record,)
        phase = "match_over" if len(history) >= state.settings.hands else "deal"
        dealer = state.dealer if phase == "match_over" else (state.dealer + 1) % 4
        return replace(state, history=history, phase=phase, dealer=dealer, thrown_in=False), ()

    def _bidding_side(self, state: State, action: Action) -> tuple[str, int | None]:
        """RB-QUICK: the bidding team, named as such or by the player who made the final bid
        (exactly one of the two)."""
        by_team, by_bidder = action.has("team"), action.has("bidder")
        if by_team and by_bidder:
            raise InvalidAction(_("give the bidding team or the player who made the final bid, not both"),
                                rule="RB-QUICK")
        if by_team:
            return action.choice("team", TEAMS), None
        if by_bidder:
            bidder = state.players.index(given(action.player_name("bidder", state.players), "bidder"))
            return team_of(bidder), bidder
        raise InvalidAction(_("say who made the final bid: the bidding team, or the player who bid it"),
                            rule="RB-QUICK")

    # -- reading the state --

    def _turn_seat(self, state: State) -> int | None:
        if state.mode == "quick":
            return None
        if state.phase == "deal":
            return state.dealer
        if state.phase == "auction":
            return auction_seat(state)
        if state.phase == "play":
            return in_play(state)[1].next_seat
        if state.phase == "audit":
            return left_of(state.dealer)
        return None

    def _progress(self, state: State) -> Message:
        if state.phase == "auction":
            return _("the auction is on")
        return _("trick {trick} of {tricks}", trick=in_play(state)[1].number, tricks=TRICKS_PER_HAND)

    def _team_label(self, state: State, team: str) -> Message:
        first = TEAMS.index(team)
        return _("{team} ({first} and {second})", team=team_words(team), first=state.players[first],
                 second=state.players[first + 2])

    # -- the common hooks --

    def unavailable(self, state: State) -> dict[str, Message]:
        """The cards played this hand, while cards are entered: each is in the pack once
        (RB-SETUP-1). Only played cards: the table has seen them."""
        if state.phase != "play":
            return {}
        return {str(play.card): _("played in trick {trick}", trick=trick.number)
                for trick in state.tricks + (in_play(state)[1],) for play in trick.plays}

    def stage(self, state: State) -> Message | None:
        """Where in the hand the next entry falls, for grouping the timeline: the auction, then
        "Trick 1" to "Trick 13". None between hands (the next entry may be an adjustment of the
        hand just played or the deal that starts the next one) and in a results-only match."""
        if state.mode != "play":
            return None
        if state.phase == "auction":
            return _("Auction")
        if state.phase == "play":
            return _("Trick {trick}", trick=in_play(state)[1].number)
        return None

    def running_totals(self, state: State) -> tuple[dict[str, int], ...]:
        """The team totals after each finished hand (an adjusted hand as the table counted it)."""
        totals, after = {team: 0 for team in TEAMS}, []
        for record in state.history:
            totals = {team: totals[team] + record.scores[team] for team in TEAMS}
            after.append(totals)
        return tuple(after)

    def describe(self, before: State, action: Action, after: State) -> str:
        """An entry in words: "Eve bids 2♦", "Nora plays 9♠ and wins trick 7"."""
        words = {
            "deal": self._deal_words, "bid": self._bid_words, "pass": self._pass_words,
            "play": self._play_words, "adjust": self._adjust_words, "quick": self._quick_words,
        }.get(action.type)
        if words is None:
            return super().describe(before, action, after)
        return str(words(before, action, after))

    def _deal_words(self, before: State, action: Action, after: State) -> Message:
        return _("{dealer} deals hand {hand}", dealer=after.players[after.dealer], hand=len(after.history) + 1)

    def _bid_words(self, before: State, action: Action, after: State) -> Message:
        call = after.calls[-1]
        bid = given(call.bid, "the bid just made")
        return _("{player} bids {bid}", player=before.players[call.seat],
                 bid=bid_words(bid.level, bid.denomination))

    def _pass_words(self, before: State, action: Action, after: State) -> Message:
        player = before.players[auction_seat(before)]
        if after.passed_out > before.passed_out:
            return _("{player} passes: all four passed, the hand is thrown in and {dealer} deals",
                     player=player, dealer=after.players[after.dealer])
        if after.contract is not None and before.contract is None:
            contract, first = in_play(after)
            return _("{player} passes: {bidder}'s {bid} is the final bid, {leader} leads", player=player,
                     bidder=after.players[given(contract.bidder, "the final bidder")],
                     bid=bid_words(contract.level, contract.denomination), leader=after.players[first.leader])
        return _("{player} passes", player=player)

    def _play_words(self, before: State, action: Action, after: State) -> Message:
        contract, trick = in_play(before)
        seat = trick.next_seat
        card = Card.parse(action.raw("card"))
        player = before.players[seat]
        if len(trick.plays) < 3:
            return _("{player} plays {card}", player=player, card=card)
        winner = winning_play(trick.plays + (Play(seat, card, 0),), contract.trump).seat
        if winner == seat:
            words = _("{player} plays {card} and wins trick {trick}", player=player, card=card, trick=trick.number)
        else:
            words = _("{player} plays {card}; {winner} wins trick {trick}", player=player, card=card,
                      winner=before.players[winner], trick=trick.number)
        if trick.number < TRICKS_PER_HAND:
            return words
        record = after.history[-1]
        return _("{play}. Hand {hand} is over: {ns} {ns_tricks}, {ew} {ew_tricks} tricks", play=words,
                 hand=record.number + 1, ns=team_words("NS"), ns_tricks=record.taken[0], ew=team_words("EW"),
                 ew_tricks=record.taken[1])

    def _adjust_words(self, before: State, action: Action, after: State) -> Message:
        record = after.history[-1]
        adjustment = given(record.adjustment, "the adjustment just entered")
        tricks = adjustment.tricks
        return n_("The table counts {tricks} trick for {team} in hand {hand} ({played} as played): {reason}",
                  "The table counts {tricks} tricks for {team} in hand {hand} ({played} as played): {reason}",
                  tricks, tricks=tricks, team=team_words(other_team(record.contract.team)),
                  hand=record.number + 1, played=record.played_opponents_tricks, reason=adjustment.reason)

    def _quick_words(self, before: State, action: Action, after: State) -> Message:
        if after.passed_out > before.passed_out:
            return _("A hand thrown in after four passes; {dealer} deals next", dealer=after.players[after.dealer])
        record = after.history[-1]
        contract = record.contract
        side = team_words(contract.team)
        if contract.bidder is not None:
            side = _("{player} ({team})", player=after.players[contract.bidder], team=side)
        tricks = record.opponents_tricks
        return n_("Hand {hand}: {side} bid {bid}; {opponents} took {tricks} trick",
                  "Hand {hand}: {side} bid {bid}; {opponents} took {tricks} tricks", tricks,
                  hand=record.number + 1, side=side, bid=bid_words(contract.level, contract.denomination),
                  opponents=team_words(other_team(contract.team)), tricks=tricks)

    # -- the view --

    def view(self, state: State) -> dict[str, Any]:
        players = state.players
        history = state.history
        # Quick mode has no "audit" phase (the next result is taken at once), yet each entry is
        # a whole hand, over once entered: until the next entry the view shows the last hand
        # recorded as play mode shows a scored hand before the next deal (its number, dealer and
        # scores; next_dealer deals the next), as Pontis and Ropebridge do. After a thrown-in
        # hand it shows what play mode shows after four passes: no hand scored, the deal moved on.
        entered = state.mode == "quick" and bool(history) and not state.thrown_in
        finished = state.phase in ("audit", "match_over") or entered
        totals = {team: sum(r.scores[team] for r in history) for team in TEAMS}
        deal_scores = history[-1].scores if finished else None
        current = state.current
        if finished and state.mode == "play":
            taken = dict(zip(TEAMS, history[-1].taken))
        else:
            taken = dict(zip(TEAMS, tricks_taken(state.tricks)))
        lowest = min_bid(state.calls) if state.phase == "auction" else None
        winner = None
        if state.phase == "match_over":
            if totals["NS"] != totals["EW"]:
                winner = max(TEAMS, key=lambda t: totals[t])
        shown_out: dict[str, list[str]] = {name: [] for name in players}
        if state.phase in ("play", "audit", "match_over") and state.mode == "play":
            tricks = state.tricks + ((current,) if current else ())
            for seat, name in enumerate(players):
                suits = [s for s, times in pending_show_outs(tricks, seat).items() if times]
                shown_out[name] = sorted(suits, key="cdhs".index)
        return {
            "game": self.name,
            "mode": state.mode,
            "players": list(players),
            "seats": {SEAT_NAMES[i]: name for i, name in enumerate(players)},
            "teams": {team: [players[i], players[i + 2]] for i, team in enumerate(TEAMS)},
            "team_names": {team: str(team_words(team)) for team in TEAMS},
            "deal": len(history) - 1 if finished else len(history),
            "phase": state.phase,
            "turn": self.turn(state),
            # A finished hand's own dealer (in play mode the state's dealer until the next deal;
            # in quick mode the state's dealer has already moved on to the next hand).
            "dealer": players[history[-1].dealer if finished else state.dealer],
            # When the match is over: the dealer of the hand after it (a rematch seats that
            # player first, so they deal its hand 1).
            "next_dealer": players[state.dealer if state.phase == "deal" else (state.dealer + 1) % 4],
            "deal_over": finished or state.thrown_in,
            "match_over": state.phase == "match_over",
            "scores": totals,
            "deal_scores": deal_scores,
            "findings": [f.as_dict() for f in state.findings],
            "settings": state.settings.as_dict(),
            "legal": self.legal(state),
            "auction": [call_view(c, players) for c in state.calls],
            "min_bid": None if lowest is None else {"level": lowest[0], "denomination": lowest[1],
                                                    "text": bid_text(*lowest)},
            "contract": None if state.contract is None else contract_view(state.contract, players),
            "trick": [str(p.card) for p in current.plays] if current else [],
            "trick_cards": [play_view(p, players) for p in current.plays] if current else [],
            "trick_leader": players[current.leader] if current else None,
            "trick_number": current.number if current else None,
            "tricks": taken,
            "tricks_played": [trick_view(t, players) for t in state.tricks],
            "shown_out": shown_out,
            "hands": state.settings.hands,
            "hands_played": len(history),
            "passed_out": state.passed_out,
            "winner": winner,
            "history": Rows(history, lambda record: record_view(record, players), players),
            "leaders": leading_teams(totals) if history else [],
            # Every answer until the next hand ends shows the same outcome: worded once per wording.
            "outcome": OUTCOMES.get(history[-1], None, partial(hand_outcome, history[-1])) if history else None,
            "match_result": match_result(totals, len(history)) if state.phase == "match_over" else None,
        }


# --- how things stand ----------------------------------------------------------------------

def leading_teams(totals: dict[str, int]) -> list[str]:
    best = max(totals.values())
    return [team for team in TEAMS if totals[team] == best]


def hand_outcome(record: HandRecord) -> dict[str, Any]:
    """The view's ``outcome`` for the latest finished hand: who made or missed the contract,
    and a breakdown per team: the contract, the tricks, the scoring-table cell, the points."""
    contract = record.contract
    bidders, opponents = contract.team, other_team(contract.team)
    counted = record.opponents_tricks
    points = record.scores
    made = counted >= contract.level
    took = (n_("took {n} trick", "took {n} tricks", counted, n=counted) if record.adjustment is None else
            n_("are counted with {n} trick ({played} as played)", "are counted with {n} tricks ({played} as played)",
               counted, n=counted, played=record.played_opponents_tricks))
    headline = _(N_("{bidders} made {bid}: {opponents} {took}, at least the {level} bid.") if made else
                 N_("{bidders} missed {bid}: {opponents} {took}, fewer than the {level} bid."),
                 bidders=team_words(bidders), bid=contract.bid, opponents=team_words(opponents), took=took,
                 level=contract.level)
    cell = _("Bids in {symbols}: level {level}, opp. tricks {tricks}",
             symbols=table_group_symbols(contract.denomination), level=contract.level, tricks=counted)
    tricks: dict[str, int | Message] = dict(zip(TEAMS, record.taken))
    if record.adjustment is not None:
        tricks[opponents] = _("{n} counted ({played} played)", n=counted, played=record.played_opponents_tricks)
    rows = [
        {"who": bidders, "cells": [str(_("bid {bid}", bid=contract.bid)), str(tricks[bidders]), str(cell),
                                   points[bidders]]},
        {"who": opponents, "cells": [str(_("against {bid}", bid=contract.bid)), str(tricks[opponents]), str(cell),
                                     points[opponents]]},
    ]
    best = max(points.values())
    return {
        "unit": "hand", "number": record.number + 1,
        "winners": [team for team in TEAMS if points[team] == best],
        "headline": str(headline),
        "breakdown": {"columns": [str(_("Contract")), str(_("Tricks")), str(_("Scoring table")), str(_("Points"))],
                      "rows": rows},
    }


def match_result(totals: dict[str, int], hands: int) -> dict[str, Any]:
    winners = leading_teams(totals)
    if len(winners) > 1:
        headline = n_("A tie at {points} each after {n} hand.", "A tie at {points} each after {n} hands.", hands,
                      points=totals["NS"], n=hands)
    else:
        (winner,) = winners
        headline = n_("{team} win the match {won} to {lost} after {n} hand.",
                      "{team} win the match {won} to {lost} after {n} hands.", hands, team=team_words(winner),
                      won=totals[winner], lost=totals[other_team(winner)], n=hands)
    return {"winners": winners, "headline": str(headline)}


def table_group_symbols(denomination: str) -> str:
    """The scoring-table block a denomination scores in: "♣ / ♦", "♥ / ♠", "NT"."""
    group = next(g for g in TABLE_GROUPS if denomination in g)
    return " / ".join(denomination_text(d) for d in group)


# --- auction helpers -----------------------------------------------------------------------

def read_denomination(action: Action) -> str:
    raw = action.raw("denomination")
    if raw is None:
        raise InvalidAction(_("“{action}” needs the field \"{name}\"", action=action.type, name="denomination"),
                            rule="ACTION")
    key = raw.strip().upper() if isinstance(raw, str) else None
    if key not in DENOMINATION_SPELLINGS:
        raise InvalidAction(
            _("{text} is not a denomination: use C, D, H, S or NT", text=repr(str(raw)[:20])), rule="ACTION")
    return DENOMINATION_SPELLINGS[key]


def last_bid(calls: tuple[Call, ...]) -> tuple[int, Bid] | None:
    """The seat that made the highest bid so far, and that bid; None before the first bid."""
    for call in reversed(calls):
        if call.bid is not None:
            return call.seat, call.bid
    return None


def min_bid(calls: tuple[Call, ...]) -> tuple[int, str] | None:
    """The lowest sufficient bid now (RB-AUCTION-2), or None once 13NT has been bid."""
    last = last_bid(calls)
    if last is None:
        return 1, DENOMINATIONS[0]
    rank = last[1].rank + 1
    if rank >= MAX_LEVEL * len(DENOMINATIONS):
        return None
    return bid_from_rank(rank)


# --- view helpers --------------------------------------------------------------------------

def call_view(call: Call, players: tuple[str, ...]) -> dict[str, Any]:
    bid = call.bid
    if bid is None:
        return {"player": players[call.seat], "call": "pass", "text": str(_("Pass")), "seq": call.seq}
    return {"player": players[call.seat], "call": "bid", "level": bid.level,
            "denomination": bid.denomination, "text": str(bid), "seq": call.seq}


def seat_name(seat: int | None, players: tuple[str, ...]) -> str | None:
    return None if seat is None else players[seat]


def contract_view(contract: Contract, players: tuple[str, ...]) -> dict[str, Any]:
    return {
        "level": contract.level, "denomination": contract.denomination,
        "text": bid_text(contract.level, contract.denomination),
        "team": contract.team, "opponents": other_team(contract.team),
        "bidder": seat_name(contract.bidder, players),
        "first_bidder": seat_name(contract.first_bidder, players),
        "leader": seat_name(contract.leader, players),
        "trump": contract.trump,
    }


def play_view(play: Play, players: tuple[str, ...]) -> dict[str, Any]:
    return {"player": players[play.seat], "card": str(play.card), "seq": play.seq}


def trick_view(trick: Trick, players: tuple[str, ...]) -> dict[str, Any]:
    return {
        "number": trick.number, "leader": players[trick.leader],
        "cards": [play_view(p, players) for p in trick.plays],
        "winner": None if trick.winner is None else players[trick.winner],
    }


def breach_view(breach: Breach, players: tuple[str, ...]) -> dict[str, Any]:
    return {
        "rule": breach.rule, "message": str(breach.message), "seq": breach.seq,
        "trick": breach.trick, "player": players[breach.seat], "card": str(breach.card),
        "obliged": str(breach.obliged), "source": breach.source, "confirmed": breach.confirmed,
    }


# Finished hands never change (an adjustment makes a new record), yet every view of the match
# lists all of them: each is rendered once per wording (its findings are words for people) and
# shared by every view that lists it (read-only).
HANDS = Rendered(maxsize=20_000)
OUTCOMES = Rendered(maxsize=512)


def record_view(record: HandRecord, players: tuple[str, ...]) -> dict[str, Any]:
    return HANDS.get(record, players, partial(render_record, record, players))


def render_record(record: HandRecord, players: tuple[str, ...]) -> dict[str, Any]:
    adjustment = record.adjustment
    contract = contract_view(record.contract, players)
    return {
        "deal": record.number,
        "dealer": players[record.dealer],
        "quick": record.quick,
        "contract": contract,
        "bidding_team": record.contract.team,
        "auction": [call_view(c, players) for c in record.calls],
        "tricks": dict(zip(TEAMS, record.taken)),
        "opponents_tricks": record.opponents_tricks,
        "adjusted": None if adjustment is None else {
            "tricks": adjustment.tricks, "reason": adjustment.reason, "seq": adjustment.seq},
        "scores": record.scores,
        "findings": [breach_view(b, players) for b in record.breaches],
        "tricks_record": [trick_view(t, players) for t in record.tricks],
    }


GAME = ReverseBridge()
