"""Pontis: every bank plays, onto itself, the card that bridges its top card and the top card
of the bank before it (its affecter).

The engine is built around banks, not players (PONTIS-BANKS-2): with the default one bank per
player the two are the same, but a table may share a bank between partners or give each player
several banks. Bank ``b`` is shared by the seats ``b, b + banks, ...`` when there are fewer
banks than players, and belongs to seat ``b mod players`` when there are more, so that going
clockwise bank to bank also goes clockwise round the table.

The referee never sees a hand. It knows how many cards each player holds, every card turned up
on a bank, and every miss. "Must play if possible" can only be proved later: a card played now
was in the player's hand at every earlier moment, so it can show that an earlier miss (or an
earlier joker) was not honest (PONTIS-LIAR-2). Those proofs are findings, never rejections.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, TypeVar

from referee.actions import Action
from referee.archive import Archive
from referee.cards import SUIT_SYMBOLS, Card
from referee.engine import ARGUMENT, QUICK, Finding, GameRules, Move
from referee.errors import IllegalAction, InvalidAction
from referee.frozen import replace
from referee.i18n import N_, Message, _, all_of, any_of, n_
from referee.points import signed
from referee.rendered import Rendered, Rows
from referee.settings import Settings as BaseSettings
from referee.settings import house_rule

T = TypeVar("T")

PACK = 52
SUIT_SIZE = 13                # a foundation suit has one card per bank, so at most 13 banks
GRAND_BONUS = 4               # PONTIS-END-2
BLOCKED_PENALTY = -2          # PONTIS-END-4
ENDINGS = ("out", "complete_curdle", "blocked")

# PONTIS-VALUE-1/2: what a rank is worth. An ace is worth both as a bank top and inside a pair.
RANK_VALUES: dict[str, tuple[int, ...]] = {
    "A": (1, 14), "2": (2,), "3": (3,), "4": (4,), "5": (5,), "6": (6,), "7": (7,),
    "8": (8,), "9": (9,), "10": (10,), "J": (11,), "Q": (12,), "K": (13,),
}

# The view's phases: what the table is waiting for.
PHASE_DEAL, PHASE_REVEAL, PHASE_PLAY, PHASE_SUM, PHASE_OVER = "deal", "reveal", "play", "sum", "over"
# How a game ended, in words (the timeline, the score sheet).
ENDING_WORDS = {"out": N_("went out"), "complete_curdle": N_("complete curdle"),
                "blocked": N_("nobody could bridge")}
ENDED = "ended"  # a game's own phase once it is finished; the view shows "deal" or "over"

# --- house rules ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Settings(BaseSettings):
    jokers: int = house_rule(
        2, N_("How many jokers are shuffled in with the 52 cards."), label=N_("Jokers"),
        choices=(2, 3, 4))
    pair_suit_points: str = house_rule(
        "each", N_("In a two-card play, does each matching card score a suit point, or only the "
                   "card placed on top?"), label=N_("Suit points for a pair"), choices=("each", "top"),
        words={"each": N_("each matching card"), "top": N_("the top card only")})
    liar_points: int = house_rule(
        0, N_("Points for calling “liar!” on a proven fake miss or joker (0 = calling is off)."),
        label=N_("Liar points"), minimum=0, maximum=20, words={0: N_("off")})
    banks: int = house_rule(
        0, N_("Number of banks (0 = one per player). It must divide the number of players or be "
              "a multiple of it."), label=N_("Banks"), minimum=0, maximum=SUIT_SIZE,
        words={0: N_("one per player")})
    bank_scoring: str = house_rule(
        "team", N_("Partners on a shared bank score it together, or each scores the cards they put "
                   "on it themselves."), label=N_("Bank scoring"),
        choices=("team", "individual"),
        words={"team": N_("together, as a team"), "individual": N_("each their own cards")})
    games: int = house_rule(
        0, N_("Games in the match (0 = no limit: keep going until you stop)."), label=N_("Games"),
        minimum=0, maximum=100, words={0: N_("no limit")})


# The choices of the house rules above, as words to show (the form shows the value itself).
CHOICE_WORDS = {"each": N_("each"), "top": N_("top"), "team": N_("team"), "individual": N_("individual")}


# --- state ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Placed:
    """One card on a bank. A joker keeps ``card`` = JOKER and counts as ``counts_as``."""

    card: Card
    counts_as: Card
    player: int               # seat credited with it (for a foundation: who turned it up)
    seq: int
    suit_point: bool = False
    foundation: bool = False


@dataclass(frozen=True)
class Doubt:
    """A moment a later card may prove dishonest: a miss, a sum-miss, or a joker."""

    kind: str                 # "miss", "sum_miss" or "joker"
    seq: int
    player: int               # who declared the miss or played the joker
    bank: int
    targets: frozenset[int]   # what would have been playable then
    tops: tuple[Placed, Placed]  # the bank's top and its affecter's then: the need, worded if a fake is proven
    joker_as: Card | None = None


@dataclass(frozen=True)
class Fake:
    """A proven fake (PONTIS-LIAR-2 or an illegal joker, PONTIS-TURN-4)."""

    seq: int                  # the entry whose card proved it
    doubt_seq: int            # the entry of the miss or joker it proves
    player: int
    rule: str
    message: Message
    caller: int | None = None


@dataclass(frozen=True)
class Game:
    number: int
    dealer: int
    start_bank: int
    foundation_suit: str
    hand_size: int
    out_of_play: int
    banks: tuple[tuple[Placed, ...], ...]   # bottom first; empty while the foundation is face down
    hands: tuple[int, ...]
    bank_in_turn: int
    phase: str                              # "reveal", "play", "sum" or ENDED
    misses_in_row: int = 0                  # single misses since the last card was played
    run_first: tuple[int, int, int] | None = None   # (bank, seat, seq) of the run's first miss
    sum_holder: int | None = None           # bank holding the sum ability
    sum_misses: int = 0                     # holders who could not use it, in a row
    curdle_claim: int | None = None         # PONTIS-SUM-5: bank that made a curdle (two players)
    sum_by_curdle: bool = False             # the holder got the ability by making a curdle
    jokers_played: int = 0
    turns: int = 0                          # turns finished this game (the timeline's rounds)
    doubts: tuple[Doubt, ...] = ()          # not yet proven
    fakes: tuple[Fake, ...] = ()
    ending: str | None = None
    ended_by: int | None = None


@dataclass(frozen=True)
class Row:
    player: int
    bank_cards: int
    suit_points: int
    bonus: int
    liar_points: int

    @property
    def score(self) -> int:
        return self.bank_cards + self.suit_points + self.bonus + self.liar_points


@dataclass(frozen=True)
class Result:
    number: int
    dealer: int
    foundation_suit: str | None
    ending: str
    ended_by: int | None
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class PontisState:
    players: tuple[str, ...]
    settings: Settings
    mode: str
    bank_count: int
    game: Game | None = None                # the game in progress, or the last one finished
    results: Archive[Result] = Archive()
    # The match totals by seat (PONTIS-END-5), carried beside the results so that the view of
    # a long match reads them without a pass over every game.
    totals: tuple[int, ...] = ()
    findings: tuple[Finding, ...] = ()

    # seats and banks -----------------------------------------------------------------------
    def bank_players(self, bank: int) -> tuple[int, ...]:
        return bank_players(len(self.players), self.bank_count, bank)

    def banks_of(self, seat: int) -> tuple[int, ...]:
        return banks_of(len(self.players), self.bank_count, seat)

    def partners(self, seat: int) -> tuple[int, ...]:
        return partners(len(self.players), self.bank_count, seat)

    def bank_label(self, bank: int) -> Message:
        return bank_label(self.players, self.bank_count, bank)

    def bank_owner_text(self, bank: int) -> str:
        names = [self.players[p] for p in self.bank_players(bank)]
        return names[0] if len(names) == 1 else " & ".join(names)

    @property
    def match_over(self) -> bool:
        return self.settings.games > 0 and len(self.results) >= self.settings.games

    @property
    def playing(self) -> Game | None:
        """The game being played; None before the first deal and between games."""
        return self.game if self.game is not None and self.game.phase != ENDED else None

    @property
    def in_progress(self) -> bool:
        return self.playing is not None


# What a handler returns: the next state and the findings the entry proved.
Outcome = tuple[PontisState, tuple[Finding, ...]]
# A refusal of the moment, worded only when it is raised (``check_phase``); ``legal`` only asks
# whether there is one.
Refusal = Callable[[], IllegalAction]


# --- pure helpers --------------------------------------------------------------------------

@lru_cache(maxsize=None)
def bank_players(players: int, banks: int, bank: int) -> tuple[int, ...]:
    """Seats playing on ``bank``: partners sit ``banks`` seats apart (PONTIS-BANKS-1)."""
    if banks >= players:
        return (bank % players,)
    return tuple(range(bank, players, banks))


# Refusals and doubts name banks all the time, a view's probes of what may be entered next too.
@lru_cache(maxsize=4096)
def bank_label(players: tuple[str, ...], banks: int, bank: int) -> Message:
    names = [players[p] for p in bank_players(len(players), banks, bank)]
    if banks == len(players):
        return _("{name}'s bank", name=names[0])
    return _("bank {number} ({names})", number=bank + 1, names=" & ".join(names))


@lru_cache(maxsize=None)
def banks_of(players: int, banks: int, seat: int) -> tuple[int, ...]:
    if banks >= players:
        return tuple(range(seat, banks, players))
    return (seat % banks,)


@lru_cache(maxsize=None)
def partners(players: int, banks: int, seat: int) -> tuple[int, ...]:
    """Everyone who shares a bank with ``seat`` (``seat`` included)."""
    return tuple(sorted({p for bank in banks_of(players, banks, seat)
                         for p in bank_players(players, banks, bank)}))


def top_values(card: Card) -> tuple[int, ...]:
    """PONTIS-VALUE-2: an ace on top of a bank is 1 and 14 at once."""
    return RANK_VALUES[card.rank]


def single_value(card: Card) -> int:
    """PONTIS-VALUE-2: a card played alone counts its lowest value (an ace is 1)."""
    return RANK_VALUES[card.rank][0]


def bridge_values(own: Card, affecter: Card) -> frozenset[int]:
    """PONTIS-TURN-1: every difference between a value of one's own top and the affecter's."""
    return frozenset(abs(a - b) for a in top_values(own) for b in top_values(affecter))


def pair_values(first: Card, second: Card) -> frozenset[int]:
    """PONTIS-SUM-2: every sum or difference two cards make, an ace being 1 or 14."""
    made = set()
    for a in top_values(first):
        for b in top_values(second):
            made.add(a + b)
            made.add(abs(a - b))
    return frozenset(made)


def say_values(values) -> Message | Any:
    """Values as "2, 7 or 11" in the language shown (a Listing), or "nothing"."""
    ordered = sorted(values)
    if not ordered:
        return _("nothing")
    return any_of(ordered)


def say_card(placed: Placed) -> Message | Card:
    if placed.card.is_joker:
        return _("Joker as {card}", card=placed.counts_as)
    return placed.card


def affecter_of(bank: int, bank_count: int) -> int:
    return (bank - 1) % bank_count


def is_curdle(a: Placed, b: Placed) -> bool:
    """PONTIS-CURDLE-1: equal values on top (ranks carry one value each; two aces match)."""
    return a.counts_as.rank == b.counts_as.rank


def tops(game: Game) -> list[Placed | None]:
    return [bank[-1] if bank else None for bank in game.banks]


# --- the engine ----------------------------------------------------------------------------

class PontisGame(GameRules):
    name = "pontis"
    title = "Pontis"
    rule_prefix = "PONTIS"
    # Every rule this game cites, as the rules pages list them (each is written out where it
    # is raised or computed).
    rule_ids = (
        "PONTIS-SETUP-1", "PONTIS-SETUP-2", "PONTIS-SETUP-3", "PONTIS-SETUP-4", "PONTIS-VALUE-1",
        "PONTIS-VALUE-2", "PONTIS-VALUE-3", "PONTIS-TURN-1", "PONTIS-TURN-2", "PONTIS-TURN-3", "PONTIS-TURN-4",
        "PONTIS-TURN-5", "PONTIS-SUIT-1", "PONTIS-SUIT-2", "PONTIS-SUM-1", "PONTIS-SUM-2", "PONTIS-SUM-3",
        "PONTIS-SUM-4", "PONTIS-SUM-5", "PONTIS-CURDLE-1", "PONTIS-CURDLE-2", "PONTIS-END-1", "PONTIS-END-2",
        "PONTIS-END-3", "PONTIS-END-4", "PONTIS-END-5", "PONTIS-LIAR-1", "PONTIS-LIAR-2", "PONTIS-LIAR-3",
        "PONTIS-BANKS-1", "PONTIS-BANKS-2"
    )
    settings_type = Settings
    min_players = 2
    max_players = 13
    unit = "game"             # the timeline groups entries by game, then by round (``stage``)
    # 2: a joker may stand for a card already on a bank (PONTIS-TURN-5); the two-player curdle
    # rule follows the number of players, not banks (PONTIS-SUM-5), and its maker may still
    # answer an ace curdle with a single king (PONTIS-CURDLE-1); a "liar" call may name the fake
    # it is made on and by default takes the latest one the caller may call (PONTIS-LIAR-3);
    # quick mode refuses a full bank for anyone but the player who went out (PONTIS-END-1).
    rules_version = 2

    # setup ---------------------------------------------------------------------------------
    def start(self, players: tuple[str, ...], settings: BaseSettings, mode: str) -> PontisState:
        assert isinstance(settings, Settings), settings  # settings_type.from_dict made them
        players = tuple(players)
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            raise InvalidAction(_("Pontis is for 2 to 13 players, not {n}", n=n), rule="PONTIS-SETUP-1")
        banks = settings.banks or n
        if banks == 1:
            raise InvalidAction(_("Pontis needs at least two banks"), rule="PONTIS-BANKS-1")
        if n % banks and banks % n:
            raise InvalidAction(
                _("{banks} banks do not fit {n} players: the number of banks must divide the "
                  "number of players or be a multiple of it", banks=banks, n=n), rule="PONTIS-BANKS-1")
        if banks > SUIT_SIZE:
            raise InvalidAction(
                _("{banks} banks need {banks} foundations, but a suit has only 13 cards", banks=banks),
                rule="PONTIS-BANKS-1")
        return PontisState(players=players, settings=settings, mode=mode, bank_count=banks,
                           totals=(0,) * len(players))

    # the actions, as data ------------------------------------------------------------------
    # The order is the order of the view's "legal" list: in the sum phase "pair" comes before
    # a curdle maker's single "play", and "miss" after both. A "liar" call names its caller,
    # who may be anyone at the table but the faker and their partners (PONTIS-LIAR-3).
    moves = {
        "deal": Move("_deal"),
        "reveal": Move("_reveal"),
        "pair": Move("_pair"),
        "play": Move("_play"),
        "miss": Move("_miss"),
        "liar": Move("_liar", actor=ARGUMENT),
        "quick": Move("_quick", frozenset({QUICK})),
    }

    # whose turn ----------------------------------------------------------------------------
    def _seats_in_turn(self, state: PontisState) -> tuple[int, ...]:
        """The seats that may enter now: the partners of the bank in turn, or the next dealer;
        nobody in quick mode or once the match is over."""
        if state.mode == QUICK or state.match_over and not state.in_progress:
            return ()
        playing = state.playing
        if playing is None:
            return (len(state.results) % len(state.players),)
        return state.bank_players(playing.bank_in_turn)

    def actors(self, state: PontisState) -> tuple[str, ...]:
        """Partners sharing the bank in turn may each act for it (PONTIS-BANKS-1)."""
        return tuple(state.players[p] for p in self._seats_in_turn(state))

    def turn(self, state: PontisState) -> str | None:
        actors = self.actors(state)
        return actors[0] if actors else None

    # the moment ----------------------------------------------------------------------------
    def check_phase(self, state: PontisState, action: Action) -> None:
        """Refuse an action the moment does not allow, citing the rule (PONTIS-SETUP-3,
        PONTIS-END-1/5, PONTIS-TURN-2, PONTIS-SUM-1/2, PONTIS-LIAR-3)."""
        refusal = self._phase_refusal(state, action.type, action)
        if refusal is not None:
            raise refusal()

    def legal(self, state: PontisState) -> list[str]:
        """What ``GameRules.legal`` answers, from the same refusals as ``check_phase``, asked
        without being worded: the view asks on every answer, and making and dropping one
        refusal per action type cost a tenth of an action."""
        return [kind for kind, move in self.moves.items()
                if state.mode in move.modes and self._phase_refusal(state, kind, None) is None]

    def _phase_refusal(self, state: PontisState, kind: str, action: Action | None) -> Refusal | None:
        """How ``check_phase`` refuses action type ``kind`` now, or None where the moment allows
        it. ``action``: the entry, or None to ask for an action type with no fields."""
        if kind == "quick":
            return self._match_over_refusal(state)
        if kind == "deal":
            playing = state.playing
            if playing is not None:
                return lambda: IllegalAction(
                    _("game {number} is still being played: a game ends only when a player goes out "
                      "or nobody can bridge even with the sum ability", number=playing.number + 1),
                    rule="PONTIS-END-1")
            return self._match_over_refusal(state)
        if kind == "liar":
            return self._call_refusal(state, action)
        game = state.game
        if game is None:
            return self._no_game_refusal
        if game.phase == ENDED:  # a card entry between games
            return self._match_over_refusal(state) or (lambda: IllegalAction(
                _("game {number} is over ({ending}); deal the next game", number=game.number + 1,
                  ending=self._ending_text(state, game)), rule="PONTIS-END-1"))
        bank = game.bank_in_turn
        if kind == "reveal":
            if game.phase != PHASE_REVEAL:
                return lambda: IllegalAction(
                    _("the foundation of {bank} is already face up ({card}): play a bridge card or miss",
                      bank=state.bank_label(bank), card=game.banks[bank][0].card), rule="PONTIS-TURN-2")
        elif game.phase == PHASE_REVEAL:
            return lambda: IllegalAction(
                _("first turn up the foundation of {bank}", bank=state.bank_label(bank)),
                rule="PONTIS-TURN-2")
        elif kind == "play" and game.phase == PHASE_SUM and not self._single_in_sum(state):
            return lambda: IllegalAction(
                _("{owner} holds the sum ability: play two cards (“pair”) or miss",
                  owner=state.bank_owner_text(bank)), rule="PONTIS-SUM-2")
        elif kind == "pair" and game.phase != PHASE_SUM:
            return lambda: IllegalAction(
                _("{owner} does not hold the sum ability: it comes only after every bank has missed "
                  "in a row; play one card or miss", owner=state.bank_owner_text(bank)),
                rule="PONTIS-SUM-1")
        return None

    @staticmethod
    def _match_over_refusal(state: PontisState) -> Refusal | None:
        if not state.match_over:
            return None
        return lambda: IllegalAction(
            n_("the match is over: it was set to {games} game",
               "the match is over: it was set to {games} games", state.settings.games,
               games=state.settings.games),
            rule="PONTIS-END-5")

    @staticmethod
    def _no_game_refusal() -> IllegalAction:
        return IllegalAction(_("no game has been dealt yet: start one with “deal”"), rule="PONTIS-SETUP-3")

    def _game(self, state: PontisState) -> Game:
        """The game dealt (in progress or the last one finished)."""
        if state.game is None:
            raise self._no_game_refusal()
        return state.game

    @staticmethod
    def _turn_passed(done: Outcome) -> Outcome:
        """Count a finished turn (the timeline's rounds, ``stage``)."""
        state, findings = done
        if state.game is None:
            return done
        return replace(state, game=replace(state.game, turns=state.game.turns + 1)), findings

    def _actor(self, state: PontisState, action: Action) -> int:
        """Which seat is acting for the bank in turn: the named partner, else the first."""
        game = self._game(state)
        seats = state.bank_players(game.bank_in_turn)
        name = action.player_name("player", state.players, optional=True)
        if name is None:
            return seats[0]
        seat = state.players.index(name)
        if seat not in seats:
            raise IllegalAction(
                _("it is the turn of {bank}, and {name} does not play on it",
                  bank=state.bank_label(game.bank_in_turn), name=name), rule="TURN")
        return seat

    # deal ----------------------------------------------------------------------------------
    def _deal(self, state: PontisState, action: Action, seq: int) -> Outcome:
        suit = action.suit("foundation_suit")
        number = len(state.results)
        n = len(state.players)
        dealer = number % n
        hand_size, out_of_play = divmod(PACK + state.settings.jokers - state.bank_count, n)
        game = Game(
            number=number, dealer=dealer, start_bank=dealer % state.bank_count,
            foundation_suit=suit, hand_size=hand_size, out_of_play=out_of_play,
            banks=((),) * state.bank_count, hands=(hand_size,) * n,
            bank_in_turn=dealer % state.bank_count, phase=PHASE_REVEAL,
        )
        return replace(state, game=game), ()

    # card tracking (PONTIS-TURN-5) -----------------------------------------------------------
    def _where_seen(self, state: PontisState, card: Card) -> Message | None:
        for bank, pile in enumerate(self._game(state).banks):
            for placed in pile:
                if placed.card == card:
                    if placed.foundation:
                        return _("{card} is already on {bank} (turned up at entry {seq})",
                                 card=card, bank=state.bank_label(bank), seq=placed.seq)
                    return _("{card} is already on {bank} (played at entry {seq})",
                             card=card, bank=state.bank_label(bank), seq=placed.seq)
        return None

    def _check_new_real_card(self, state: PontisState, card: Card) -> None:
        seen = self._where_seen(state, card)
        if seen:
            raise IllegalAction(_("{seen}: every card exists once", seen=seen), rule="PONTIS-TURN-5")
        game = self._game(state)
        if card.suit == game.foundation_suit:
            # Only 13 - banks cards of the foundation suit were dealt into hands; the rest are
            # face-down foundations and cannot be played from a hand.
            from_hands = sum(1 for pile in game.banks for p in pile
                             if not p.foundation and not p.card.is_joker
                             and p.card.suit == game.foundation_suit)
            spare = SUIT_SIZE - state.bank_count
            if from_hands >= spare:
                suit = SUIT_SYMBOLS[game.foundation_suit]
                if spare == 0:
                    raise IllegalAction(
                        _("{card} cannot be in a hand: with {banks} banks every {suit} card is a "
                          "foundation, so no {suit} card was dealt into a hand",
                          card=card, banks=state.bank_count, suit=suit), rule="PONTIS-TURN-5")
                raise IllegalAction(
                    n_("{card} cannot be in a hand: only {spare} {suit} card was dealt into a hand "
                       "and it is already on a bank; the other {suit} cards are foundations",
                       "{card} cannot be in a hand: only {spare} {suit} cards were dealt into hands "
                       "and all of them are already on banks; the other {suit} cards are foundations",
                       spare, card=card, spare=spare, suit=suit), rule="PONTIS-TURN-5")

    def _check_hand(self, state: PontisState, seat: int, cards: int) -> None:
        held = self._game(state).hands[seat]
        if held < cards:
            name = state.players[seat]
            if held == 0:
                raise IllegalAction(_("{name} has no cards left", name=name), rule="PONTIS-SETUP-4")
            raise IllegalAction(_("{name} has only {held} card left, not {cards}", name=name,
                                  held=held, cards=cards), rule="PONTIS-SETUP-4")

    # reveal --------------------------------------------------------------------------------
    def _reveal(self, state: PontisState, action: Action, seq: int) -> Outcome:
        game = self._game(state)
        bank = game.bank_in_turn
        seat = self._actor(state, action)
        card = action.card("card")
        suit = SUIT_SYMBOLS[game.foundation_suit]
        if card.is_joker or card.suit != game.foundation_suit:
            raise IllegalAction(
                _("{card} cannot be a foundation: this game's foundations are all {suit}",
                  card=card, suit=suit), rule="PONTIS-SETUP-3")
        seen = self._where_seen(state, card)
        if seen:
            raise IllegalAction(_("{seen}: every card exists once", seen=seen), rule="PONTIS-TURN-5")
        placed = Placed(card=card, counts_as=card, player=seat, seq=seq, foundation=True)
        banks = _put(game.banks, bank, (placed,))
        if bank == game.start_bank:
            # PONTIS-TURN-2: the dealer's first turn is only the turning up; it is a turn.
            nxt = (bank + 1) % state.bank_count
            game = replace(game, banks=banks, bank_in_turn=nxt, phase=PHASE_REVEAL)
            return self._turn_passed((replace(state, game=game), ()))
        game = replace(game, banks=banks, phase=PHASE_PLAY)
        return replace(state, game=game), ()

    # the bridge ----------------------------------------------------------------------------
    def _bridge(self, state: PontisState, bank: int) -> frozenset[int]:
        """All values (0 included) between the bank's top and its affecter's top."""
        game = self._game(state)
        own, aff = game.banks[bank], game.banks[affecter_of(bank, state.bank_count)]
        if not own or not aff:
            return frozenset()
        return bridge_values(own[-1].counts_as, aff[-1].counts_as)

    def _tops(self, state: PontisState, bank: int) -> tuple[Placed, Placed]:
        """The bank's top card and its affecter's, which the bridge is read from."""
        banks = self._game(state).banks
        return banks[bank][-1], banks[affecter_of(bank, state.bank_count)][-1]

    def _need_text(self, state: PontisState, bank: int, values, tops: tuple[Placed, Placed] | None = None) -> Message:
        own, other = self._tops(state, bank) if tops is None else tops
        aff = affecter_of(bank, state.bank_count)
        return _("{values} ({other_card} on {other_bank}, {own_card} on {own_bank})",
                 values=say_values(values), other_card=say_card(other), other_bank=state.bank_label(aff),
                 own_card=say_card(own), own_bank=state.bank_label(bank))

    def _needed(self, state: PontisState, doubt: Doubt) -> Message:
        """What the doubted player needed at that moment, as a proven fake's finding says it."""
        return self._need_text(state, doubt.bank, doubt.targets, doubt.tops)

    def _curdle_text(self, state: PontisState, bank: int) -> Message:
        game = self._game(state)
        aff = affecter_of(bank, state.bank_count)
        return _("{own_card} on {own_bank} and {other_card} on {other_bank} are a curdle",
                 own_card=say_card(game.banks[bank][-1]), own_bank=state.bank_label(bank),
                 other_card=say_card(game.banks[aff][-1]), other_bank=state.bank_label(aff))

    def _suit_point(self, state: PontisState, bank: int, card: Card) -> bool:
        """PONTIS-SUIT-1: the played card's suit matches the affecter's top card."""
        aff = self._game(state).banks[affecter_of(bank, state.bank_count)]
        return card.suit == aff[-1].counts_as.suit

    # single card ---------------------------------------------------------------------------
    def _play(self, state: PontisState, action: Action, seq: int) -> Outcome:
        game = self._game(state)
        bank = game.bank_in_turn
        seat = self._actor(state, action)
        name = state.players[seat]
        self._check_hand(state, seat, 1)
        card = action.card("card")
        if card.is_joker and game.phase == PHASE_SUM:
            raise IllegalAction(_("a joker cannot be used with the sum ability"),
                                rule="PONTIS-SUM-2")
        if card.is_joker:
            if game.jokers_played >= state.settings.jokers:
                raise IllegalAction(
                    _("all {jokers} jokers of this pack are already on banks", jokers=state.settings.jokers),
                    rule="PONTIS-SETUP-2")
            if not action.has("as"):
                raise IllegalAction(
                    _("name the card the joker stands for (“as”), e.g. 7c"), rule="PONTIS-VALUE-3")
            counts_as = action.card("as")
            if counts_as.is_joker:
                raise IllegalAction(_("a joker must be named as a real card, not as a joker"),
                                    rule="PONTIS-VALUE-3")
            # PONTIS-TURN-5 (ruling 2026-11-23): a joker may stand for any card, even one already
            # on a bank or named by another joker; and the real card stays legal after it.
        else:
            if action.has("as"):
                raise IllegalAction(
                    _("only a joker is named as another card; {card} is itself", card=card),
                    rule="PONTIS-VALUE-3")
            self._check_new_real_card(state, card)
            counts_as = card
        bridge = self._bridge(state, bank) - {0}
        value = single_value(counts_as)
        if not bridge:
            raise IllegalAction(
                _("{curdle}: no single card bridges them (only a king, and only between two aces), "
                  "so {name} can only miss", curdle=self._curdle_text(state, bank), name=name),
                rule="PONTIS-CURDLE-1")
        if value not in bridge:
            need = self._need_text(state, bank, bridge)
            if card.is_joker:
                raise IllegalAction(
                    _("a joker may only be named as a bridge card, and {card} is not one: "
                      "{name} needs {need}", card=counts_as, name=name, need=need), rule="PONTIS-TURN-4")
            if card.rank == "A":
                raise IllegalAction(
                    _("{card} played alone counts 1, which is not a bridge: {name} needs {need}",
                      card=card, name=name, need=need), rule="PONTIS-VALUE-2")
            raise IllegalAction(_("{card} is not a bridge: {name} needs {need}", card=card, name=name,
                                  need=need), rule="PONTIS-TURN-3")
        placed = Placed(card=card, counts_as=counts_as, player=seat, seq=seq,
                        suit_point=self._suit_point(state, bank, counts_as))
        doubts = game.doubts
        fakes: tuple[Fake, ...] = ()
        if card.is_joker:
            doubts = doubts + (Doubt(
                kind="joker", seq=seq, player=seat, bank=bank, targets=bridge,
                tops=self._tops(state, bank), joker_as=counts_as),)
            game = replace(game, doubts=doubts, jokers_played=game.jokers_played + 1)
        else:
            game, fakes = self._prove(state, seat, (card,), seq)
        return self._turn_passed(self._after_cards(state, game, bank, seat, (placed,), fakes))

    def _single_in_sum(self, state: PontisState) -> bool:
        """PONTIS-CURDLE-1 with PONTIS-SUM-5 (ruling 2026-11-23): a curdle maker who holds the
        sum ability may still answer an ace curdle with a single king; the ability is a right,
        not a duty. A holder by PONTIS-SUM-1 or -3 has already missed on the same tops."""
        game = self._game(state)
        return (game.phase == PHASE_SUM and game.sum_by_curdle
                and bool(self._bridge(state, game.bank_in_turn) - {0}))

    # two cards with the sum ability --------------------------------------------------------
    def _pair(self, state: PontisState, action: Action, seq: int) -> Outcome:
        game = self._game(state)
        bank = game.bank_in_turn
        seat = self._actor(state, action)
        name = state.players[seat]
        self._check_hand(state, seat, 2)
        first, second = action.cards("cards", count=2)
        top = action.card("top")
        if first.is_joker or second.is_joker:
            raise IllegalAction(_("a joker cannot be used with the sum ability"),
                                rule="PONTIS-SUM-2")
        if first == second:
            raise IllegalAction(_("{card} was entered twice: every card exists once", card=first),
                                rule="PONTIS-TURN-5")
        if top not in (first, second):
            raise IllegalAction(
                _("the top card must be one of the two played ({cards}), not {top}",
                  cards=any_of([first, second]), top=top), rule="PONTIS-SUM-2")
        self._check_new_real_card(state, first)
        self._check_new_real_card(state, second)
        if first.suit == second.suit == game.foundation_suit:
            # both from the spare cards of the foundation suit: check the second after the first
            probe = replace(state, game=replace(game, banks=_put(game.banks, bank, (
                Placed(card=first, counts_as=first, player=seat, seq=seq),))))
            self._check_new_real_card(probe, second)
        bridge = self._bridge(state, bank)
        made = pair_values(first, second)
        if not made & bridge:
            raise IllegalAction(
                _("{first} and {second} make {made}, not a bridge: {name} needs {need}",
                  first=first, second=second, made=say_values(made & set(range(14))), name=name,
                  need=self._need_text(state, bank, bridge)), rule="PONTIS-SUM-2")
        under = second if top == first else first
        # PONTIS-SUIT-2: both cards of a pair may score a suit point, or only the top one (house rule).
        each = state.settings.pair_suit_points == "each"
        placed = (
            Placed(card=under, counts_as=under, player=seat, seq=seq,
                   suit_point=each and self._suit_point(state, bank, under)),
            Placed(card=top, counts_as=top, player=seat, seq=seq,
                   suit_point=self._suit_point(state, bank, top)),
        )
        game, fakes = self._prove(state, seat, (first, second), seq)
        return self._turn_passed(self._after_cards(state, game, bank, seat, placed, fakes))

    # after any card ------------------------------------------------------------------------
    def _after_cards(self, state: PontisState, game: Game, bank: int, seat: int,
                     placed: tuple[Placed, ...], fakes: tuple[Fake, ...]) -> Outcome:
        before = tops(game)
        banks = _put(game.banks, bank, placed)
        hands = _add(game.hands, seat, -len(placed))
        claim = None
        if len(state.players) == 2:
            # PONTIS-SUM-5 (ruling 2026-11-23: two players, whatever the number of banks):
            # making a curdle with a neighbouring bank earns the sum ability at once.
            count = state.bank_count
            for other in sorted({(bank - 1) % count, (bank + 1) % count}):
                if not banks[other]:
                    continue
                own_top, other_top = before[bank], before[other]
                was = own_top is not None and other_top is not None and is_curdle(own_top, other_top)
                if not was and is_curdle(banks[bank][-1], banks[other][-1]):
                    claim = bank
        # PONTIS-SUM-4: any card laid, a pair included, uses up the sum ability (sum_holder=None),
        # so the next bank goes back to single cards.
        game = replace(game, banks=banks, hands=hands, misses_in_row=0, run_first=None,
                       sum_holder=None, sum_by_curdle=False, sum_misses=0, curdle_claim=claim)
        findings = tuple(Finding(f.rule, f.message, f.seq) for f in fakes)
        if hands[seat] == 0:
            game = replace(game, phase=ENDED, ending="out", ended_by=seat)  # PONTIS-END-1
            return self._finish(state, game, findings)
        nxt = (bank + 1) % state.bank_count
        phase = PHASE_PLAY if game.banks[nxt] else PHASE_REVEAL
        game = replace(game, bank_in_turn=nxt, phase=phase)
        return replace(state, game=game, findings=state.findings + findings), findings

    # miss ----------------------------------------------------------------------------------
    def _miss(self, state: PontisState, action: Action, seq: int) -> Outcome:
        return self._turn_passed(self._missed(state, action, seq))

    def _missed(self, state: PontisState, action: Action, seq: int) -> Outcome:
        game = self._game(state)
        bank = game.bank_in_turn
        seat = self._actor(state, action)
        nxt = (bank + 1) % state.bank_count
        full = self._bridge(state, bank)
        if game.phase == PHASE_SUM:
            # PONTIS-SUM-3: the holder cannot make the bridge with two cards; it passes on.
            doubt = Doubt(kind="sum_miss", seq=seq, player=seat, bank=bank, targets=full,
                          tops=self._tops(state, bank))
            game = replace(game, doubts=game.doubts + (doubt,), sum_misses=game.sum_misses + 1)
            if game.sum_misses >= state.bank_count:
                return self._blocked(state, game)
            game = replace(game, sum_holder=nxt, sum_by_curdle=False, bank_in_turn=nxt)
            return replace(state, game=game), ()
        # PONTIS-LIAR-1: a miss is never refused, even by a player who could play; it is only
        # recorded as a doubt that a later card may prove fake (PONTIS-LIAR-2).
        single = full - {0}
        doubt = Doubt(kind="miss", seq=seq, player=seat, bank=bank, targets=single,
                      tops=self._tops(state, bank))
        run_first = game.run_first or (bank, seat, seq)
        game = replace(game, doubts=game.doubts + (doubt,), misses_in_row=game.misses_in_row + 1,
                       run_first=run_first)
        if game.curdle_claim is not None and game.curdle_claim != bank:
            # PONTIS-SUM-5: the opponent could not answer the curdle; its maker holds the ability.
            game = replace(game, sum_holder=game.curdle_claim, sum_by_curdle=True, curdle_claim=None,
                           bank_in_turn=game.curdle_claim, phase=PHASE_SUM, sum_misses=0)
        elif game.misses_in_row >= state.bank_count:
            # PONTIS-SUM-1: everyone missed; the first of the run gets the ability (and is next).
            game = replace(game, sum_holder=run_first[0], bank_in_turn=run_first[0],
                           phase=PHASE_SUM, sum_misses=0, curdle_claim=None)
        else:
            phase = PHASE_PLAY if game.banks[nxt] else PHASE_REVEAL
            game = replace(game, bank_in_turn=nxt, phase=phase)
        return replace(state, game=game), ()

    def _blocked(self, state: PontisState, game: Game) -> Outcome:
        """PONTIS-END-1/3/4: the sum ability went all the way round unused."""
        ranks = {pile[-1].counts_as.rank for pile in game.banks}
        if len(ranks) == 1:  # PONTIS-CURDLE-2: every bank shows the same rank on top
            game = replace(game, phase=ENDED, ending="complete_curdle", ended_by=None)
        else:
            game = replace(game, phase=ENDED, ending="blocked", ended_by=_required(game.run_first)[1])
        return self._finish(state, game, ())

    def _finish(self, state: PontisState, game: Game, findings: tuple[Finding, ...]) -> Outcome:
        game = replace(game, sum_holder=None, sum_by_curdle=False, curdle_claim=None)
        state = replace(state, game=game, findings=state.findings + findings,
                        **self._recorded(state, self._result(state, game)))
        return state, findings

    # proofs (PONTIS-LIAR-2, PONTIS-TURN-4) -------------------------------------------------
    def _prove(self, state: PontisState, seat: int, new: tuple[Card, ...],
               seq: int) -> tuple[Game, tuple[Fake, ...]]:
        """Cards ``seat`` plays now were in their hand at every earlier moment of the game:
        check them against the player's earlier misses and jokers."""
        game = self._game(state)
        name = state.players[seat]
        kept, fakes = [], []
        for doubt in game.doubts:
            proof = None
            if doubt.kind == "joker":
                if doubt.player == seat:
                    held = [c for c in new if single_value(c) in doubt.targets]
                    if held:
                        proof = Fake(
                            seq=seq, doubt_seq=doubt.seq, player=seat, rule="PONTIS-TURN-4",
                            message=_(
                                "{name}'s joker at entry {joker_seq} (as {joker_as}) was not "
                                "allowed: {name} needed {needed} and held {card}, a real bridge "
                                "card, played at entry {seq}", name=name, joker_seq=doubt.seq,
                                joker_as=doubt.joker_as, needed=self._needed(state, doubt), card=held[0], seq=seq))
            elif seat in state.bank_players(doubt.bank):
                if doubt.kind == "miss":
                    held = [c for c in new if single_value(c) in doubt.targets]
                    if held:
                        proof = Fake(
                            seq=seq, doubt_seq=doubt.seq, player=seat, rule="PONTIS-LIAR-2",
                            message=_(
                                "{name} faked a miss: at entry {miss_seq} {owner} missed needing "
                                "{needed}, but {name} held {card}, played at entry {seq}",
                                name=name, miss_seq=doubt.seq, owner=state.bank_owner_text(doubt.bank),
                                needed=self._needed(state, doubt), card=held[0], seq=seq))
                else:
                    made = self._pair_since(state, seat, doubt, new)
                    if made:
                        proof = Fake(
                            seq=seq, doubt_seq=doubt.seq, player=seat, rule="PONTIS-LIAR-2",
                            message=_(
                                "{name} faked a miss with the sum ability: at entry {miss_seq} "
                                "{owner} passed it on needing {needed}, but {name} held {first} "
                                "and {second}, which make it (played by entry {seq})",
                                name=name, miss_seq=doubt.seq, owner=state.bank_owner_text(doubt.bank),
                                needed=self._needed(state, doubt), first=made[0], second=made[1], seq=seq))
            if proof is None:
                kept.append(doubt)
            else:
                fakes.append(proof)
        game = replace(game, doubts=tuple(kept), fakes=game.fakes + tuple(fakes))
        return game, tuple(fakes)

    def _pair_since(self, state: PontisState, seat: int, doubt: Doubt,
                    new: tuple[Card, ...]) -> tuple[Card, Card] | None:
        earlier = [p.card for pile in self._game(state).banks for p in pile
                   if p.player == seat and p.seq > doubt.seq and not p.foundation
                   and not p.card.is_joker]
        for i, card in enumerate(new):
            for other in earlier + list(new[i + 1:]):
                if pair_values(card, other) & doubt.targets:
                    return (other, card)
        return None

    # liar ----------------------------------------------------------------------------------
    @staticmethod
    def _call_refusal(state: PontisState, action: Action | None) -> Refusal | None:
        """PONTIS-LIAR-3: a call is possible only with calling on and a proof not yet called
        (a call naming its proof is judged by the handler)."""
        if state.settings.liar_points == 0:
            return lambda: IllegalAction(
                _("calling “liar!” is off in this match (house rule liar_points is 0): "
                  "faking a miss is allowed and unpunished"), rule="PONTIS-LIAR-3")
        names_proof = action is not None and action.has("missed_at")
        if not names_proof and not (state.game is not None and any(f.caller is None for f in state.game.fakes)):
            return lambda: IllegalAction(
                _("there is nothing to call: no fake miss or joker of this game has been proved "
                  "by a card played since, or every proof was already called"),
                rule="PONTIS-LIAR-3")
        return None

    def _liar(self, state: PontisState, action: Action, seq: int) -> Outcome:
        caller = state.players.index(_required(action.player_name("caller", state.players)))
        fakes = state.game.fakes if state.game is not None else ()
        # PONTIS-LIAR-3 (ruling 2026-11-23): a call names the fake it is made on ("missed_at":
        # the entry of the miss or joker a later card proved); without a name it takes the
        # latest proven, uncalled fake the caller may call.
        named = action.integer("missed_at", minimum=1, optional=True)
        waiting = [i for i, f in enumerate(fakes) if f.caller is None]
        if named is not None:
            index = next((i for i, f in enumerate(fakes) if f.doubt_seq == named), None)
            if index is None:
                raise IllegalAction(
                    _("there is no proven fake at entry {seq}: a call names the entry of a miss or "
                      "joker that a card played since has proved", seq=named), rule="PONTIS-LIAR-3")
            fake = fakes[index]
            if fake.caller is not None:
                raise IllegalAction(
                    _("the fake at entry {seq} was already called by {name}", seq=named,
                      name=state.players[fake.caller]), rule="PONTIS-LIAR-3")
            self._check_caller(state, caller, fake)
        else:
            callable_ = [i for i in waiting if self._may_call(state, caller, fakes[i])]
            if not callable_:
                self._check_caller(state, caller, fakes[waiting[-1]])
            index = callable_[-1]
            fake = fakes[index]
        game = self._game(state)  # a proven fake was found, so a game was dealt
        fakes = game.fakes[:index] + (replace(fake, caller=caller),) + game.fakes[index + 1:]
        game = replace(game, fakes=fakes)
        if game.phase == ENDED:
            # The proving card ended the game; the call still counts in that game.
            return replace(state, game=game, **self._recorded(state, self._result(state, game), replacing=True)), ()
        return replace(state, game=game), ()

    def _may_call(self, state: PontisState, caller: int, fake: Fake) -> bool:
        if caller == fake.player:
            return False
        return not (state.settings.bank_scoring == "team" and caller in state.partners(fake.player))

    def _check_caller(self, state: PontisState, caller: int, fake: Fake) -> None:
        """PONTIS-LIAR-3: anyone but the faker and, in team scoring, their bank partners."""
        faker = state.players[fake.player]
        if caller == fake.player:
            raise IllegalAction(_("{name} cannot call “liar!” on their own fake", name=faker),
                                rule="PONTIS-LIAR-3")
        if state.settings.bank_scoring == "team" and caller in state.partners(fake.player):
            raise IllegalAction(
                _("{caller} shares a bank with {faker} and cannot call “liar!” on a partner",
                  caller=state.players[caller], faker=faker), rule="PONTIS-LIAR-3")

    # scoring (PONTIS-END-5, PONTIS-BANKS-2) --------------------------------------------------
    def _rows(self, state: PontisState, cards: list[int], suits: list[int], liar: list[int],
              ending: str | None, ended_by: int | None) -> tuple[Row, ...]:
        n = len(state.players)
        # Partners score together only where banks are shared (fewer banks than players).
        team = state.settings.bank_scoring == "team" and state.bank_count < n
        rows = []
        for seat in range(n):
            if team:
                group = state.partners(seat)
                bank_cards, suit_points = sum(cards[p] for p in group), sum(suits[p] for p in group)
            else:  # every view counts these rows: no sums over a bank of one
                group = (seat,)
                bank_cards, suit_points = cards[seat], suits[seat]
            bonus = 0
            if ended_by is not None and ended_by in group:
                bonus = GRAND_BONUS if ending == "out" else BLOCKED_PENALTY if ending == "blocked" else 0
            rows.append(Row(player=seat, bank_cards=bank_cards, suit_points=suit_points, bonus=bonus,
                            liar_points=liar[seat]))
        return tuple(rows)

    def _game_rows(self, state: PontisState, game: Game) -> tuple[Row, ...]:
        """The rows of ``game`` so far. A view asks twice for the same (frozen) state and game
        (its own rows and the leaders'): the last answer is kept, by identity, for the second."""
        global _LAST_ROWS
        last = _LAST_ROWS
        if last is not None and last[0] is state and last[1] is game:
            return last[2]
        rows = self._count_game_rows(state, game)
        _LAST_ROWS = (state, game, rows)
        return rows

    def _count_game_rows(self, state: PontisState, game: Game) -> tuple[Row, ...]:
        n = len(state.players)
        cards, suits, liar = [0] * n, [0] * n, [0] * n
        for pile in game.banks:
            for placed in pile:
                cards[placed.player] += 1
                suits[placed.player] += placed.suit_point
        for fake in game.fakes:
            if fake.caller is not None:
                liar[fake.caller] += state.settings.liar_points
        return self._rows(state, cards, suits, liar, game.ending, game.ended_by)

    def _result(self, state: PontisState, game: Game) -> Result:
        return Result(number=game.number, dealer=game.dealer, foundation_suit=game.foundation_suit,
                      ending=_required(game.ending), ended_by=game.ended_by,
                      rows=self._game_rows(state, game))

    # quick scoring -------------------------------------------------------------------------
    def _quick(self, state: PontisState, action: Action, seq: int) -> Outcome:
        n = len(state.players)
        cards = _per_player(state, action, "bank_cards", required=True)
        suits = _per_player(state, action, "suit_points", required=False)
        calls = _per_player(state, action, "liar_calls", required=False)
        ending = action.choice("ending", ENDINGS)
        ended_name = action.player_name("ended_by", state.players, optional=True)
        ended_by = None if ended_name is None else state.players.index(ended_name)
        suit = action.suit("foundation_suit") if action.has("foundation_suit") else None
        if ending == "out" and ended_by is None:
            raise IllegalAction(_("say who went out (“ended_by”)"), rule="PONTIS-END-2")
        if ending == "blocked" and ended_by is None:
            raise IllegalAction(
                _("say who takes the −2 (“ended_by”): the first player who missed after the last "
                  "card was played"), rule="PONTIS-END-4")
        if ending == "complete_curdle" and ended_by is not None:
            raise IllegalAction(
                _("a game ending on a complete curdle has no bonus and no penalty: leave "
                  "“ended_by” out"), rule="PONTIS-END-3")
        if any(calls) and state.settings.liar_points == 0:
            raise IllegalAction(_("calling “liar!” is off in this match (house rule liar_points "
                                  "is 0)"), rule="PONTIS-LIAR-3")
        hand_size, out_of_play = divmod(PACK + state.settings.jokers - state.bank_count, n)
        # Check the entries against what a game can hold, per group of bank sharers.
        groups = sorted({state.partners(p) for p in range(n)})
        for group in groups:
            names = " & ".join(state.players[p] for p in group)
            foundations = len({b for p in group for b in state.banks_of(p)})
            held = sum(cards[p] for p in group)
            full = hand_size * len(group) + foundations
            if not foundations <= held <= full:
                raise IllegalAction(
                    n_("{names}: {held} bank cards is impossible; the bank holds from {least} to "
                       "{most} cards",
                       "{names}: {held} bank cards is impossible; the banks hold from {least} to "
                       "{most} cards", foundations, names=names, held=held, least=foundations,
                       most=full),
                    rule="PONTIS-END-5")
            # PONTIS-END-1 (ruling 2026-11-23): the game ends as soon as a hand is empty, so
            # only the player who went out has played every card; everyone else keeps one.
            went_out = ending == "out" and ended_by in group
            most = full - len(group) + (1 if went_out else 0)
            if held > most:
                raise IllegalAction(
                    n_("{names}: {held} bank cards would leave no card in hand, but only the player "
                       "who went out ends with an empty hand; here the bank holds at most {most}",
                       "{names}: {held} bank cards would leave no card in hand, but only the player "
                       "who went out ends with an empty hand; here the banks hold at most {most}",
                       foundations, names=names, held=held, most=most), rule="PONTIS-END-1")
            if went_out and len(group) > 1 and held < hand_size + foundations:
                raise IllegalAction(
                    _("{names}: {name} went out, so all {hand_size} cards of that hand are on the "
                      "bank with the foundation: at least {least} cards, not {held}", names=names,
                      name=state.players[_required(ended_by)], hand_size=hand_size,
                      least=hand_size + foundations, held=held), rule="PONTIS-END-2")
            if sum(suits[p] for p in group) > held - foundations:
                raise IllegalAction(
                    _("{names}: more suit points than cards played onto the bank", names=names),
                    rule="PONTIS-SUIT-1")
            if ending == "out" and ended_by in group and len(group) == 1 and held != most:
                raise IllegalAction(
                    n_("{names} went out, so all {hand_size} cards of the hand and {foundations} "
                       "foundation are on the bank: {most} cards, not {held}",
                       "{names} went out, so all {hand_size} cards of the hand and {foundations} "
                       "foundations are on the bank: {most} cards, not {held}", foundations,
                       names=names, hand_size=hand_size, foundations=foundations, most=most, held=held),
                    rule="PONTIS-END-2")
        liar = [c * state.settings.liar_points for c in calls]
        number = len(state.results)
        result = Result(number=number, dealer=number % n, foundation_suit=suit, ending=ending,
                        ended_by=ended_by,
                        rows=self._rows(state, cards, suits, liar, ending, ended_by))
        return replace(state, **self._recorded(state, result)), ()

    # view ----------------------------------------------------------------------------------
    def _ending_text(self, state: PontisState, game: Game) -> Message:
        if game.ending == "out":
            return _("{name} went out", name=state.players[_required(game.ended_by)])
        if game.ending == "complete_curdle":
            return _("complete curdle")
        return _("blocked, −2 for {name}", name=state.players[_required(game.ended_by)])

    def _phase(self, state: PontisState) -> str:
        playing = state.playing
        if playing is not None:
            return playing.phase
        return PHASE_OVER if state.match_over else PHASE_DEAL

    def describe(self, before: PontisState, action: Action, after: PontisState) -> str:
        """An entry in words for the timeline: "Ben played 7♣ on his bank — bridge 7, suit point"."""
        was, now = self.view(before), self.view(after)
        actor = action.raw("player") or was["turn"] or ""
        kind = action.type
        text: Message
        if kind == "deal":
            raw_suit = action.raw("foundation_suit")
            text = _("{dealer} deals game {number}: foundation suit {suit}", dealer=now["dealer"],
                     number=len(was["history"]) + 1, suit=SUIT_SYMBOLS.get(str(raw_suit), raw_suit))
        elif kind == "reveal":
            text = _("{player} turns up {card} as the foundation", player=actor,
                     card=Card.parse(action.raw("card")))
        elif kind == "play":
            card = Card.parse(action.raw("card"))
            shown = _("the joker as {card}", card=Card.parse(action.raw("as"))) if card.is_joker else card
            if now["suit_points"].get(actor, 0) > was["suit_points"].get(actor, 0):
                text = _("{player} played {card} — bridge {bridge}, suit point", player=actor,
                         card=shown, bridge=say_values(was["bridge"]))
            else:
                text = _("{player} played {card} — bridge {bridge}", player=actor, card=shown,
                         bridge=say_values(was["bridge"]))
        elif kind == "pair":
            first, second = (Card.parse(c) for c in action.raw("cards"))
            text = _("{player} used the sum ability: {first} and {second}, {top} on top", player=actor,
                     first=first, second=second, top=Card.parse(action.raw("top")))
        elif kind == "miss":
            if was["phase"] == PHASE_SUM:
                text = _("{player} passed on the sum ability", player=actor)
            elif was["bridge"]:
                text = _("{player} missed (needed {bridge})", player=actor, bridge=say_values(was["bridge"]))
            else:
                text = _("{player} missed (needed a bridge; there was none)", player=actor)
        elif kind == "liar":
            called = [f for f, old in zip(now["fakes"], was["fakes"])
                      if f["called_by"] and not old["called_by"]]
            if called:
                text = _("{player} called “liar!” on {faker} (entry {seq})",
                         player=action.raw("caller"), faker=called[0]["player"],
                         seq=called[0]["missed_at"])
            else:
                text = _("{player} called “liar!”", player=action.raw("caller"))
        else:
            text = _("Result of game {number} entered", number=len(was["history"]) + 1)
        if now["ending"] and not was["ending"]:
            text = _("{entry} — the game ends: {ending}", entry=text, ending=self._ending_words(now))
        return str(text)

    @staticmethod
    def _ending_words(view: dict[str, Any]) -> Message | str:
        words = ENDING_WORDS.get(view["ending"])
        ending = _(words) if words else view["ending"]
        if view.get("ended_by"):
            return _("{ending} ({name})", ending=ending, name=view["ended_by"])
        return ending

    # the ends of games: who won and why, the leader, the match as running totals ------------
    def stage(self, state: PontisState) -> Message | None:
        """The round of the game in progress, for grouping the timeline ("Round 3"): every bank
        has had a turn once per round (the first round begins with the dealer's turning up)."""
        playing = state.playing
        if state.mode != "play" or playing is None:
            return None
        return _("Round {n}", n=playing.turns // state.bank_count + 1)

    def running_totals(self, state: PontisState) -> tuple[dict[str, int], ...]:
        """The match totals after each finished game (PONTIS-END-5: every game's score, bonus or
        penalty and liar points included), oldest first."""
        return TOTALS.get(state.results, state.players, lambda: self._running_totals(state))

    def _running_totals(self, state: PontisState) -> tuple[dict[str, int], ...]:
        totals, after = dict.fromkeys(state.players, 0), []
        for result in state.results:
            totals = {name: totals[name] + row.score
                      for name, row in zip(state.players, self._ordered(result.rows))}
            after.append(totals)
        return tuple(after)

    def _match_totals(self, state: PontisState) -> dict[str, int]:
        """The match totals of the finished games (PONTIS-END-5), as the last of the running
        totals: carried in the state, added up as each game was recorded."""
        return dict(zip(state.players, state.totals))

    @staticmethod
    def _recorded(state: PontisState, result: Result, replacing: bool = False) -> dict[str, Any]:
        """The results with ``result`` added (or in place of the last, when ``replacing``), and
        the match totals by seat that go with them."""
        totals = list(state.totals)
        if replacing:
            for row in state.results[-1].rows:
                totals[row.player] -= row.score
            results = state.results.with_last(result)
        else:
            results = state.results + (result,)
        for row in result.rows:
            totals[row.player] += row.score
        return {"results": results, "totals": tuple(totals)}

    @staticmethod
    def _ordered(rows: tuple[Row, ...]) -> list[Row]:
        return sorted(rows, key=lambda row: row.player)

    def _leaders(self, state: PontisState) -> list[str]:
        """Who leads the match now: the highest total of the finished games plus, while a game
        is played, the cards and suit points each has in it so far. Nobody while all are level."""
        now = dict(self._match_totals(state))
        playing = state.playing
        if playing is not None:
            for row in self._game_rows(state, playing):
                now[state.players[row.player]] += row.score
        best = max(now.values())
        if all(total == best for total in now.values()):
            return []
        return [name for name in state.players if now[name] == best]

    def _why(self, state: PontisState, result: Result) -> Message:
        """How a game ended and what that did to the scores (PONTIS-END-2/3/4)."""
        if result.ending == "out":
            return _("{name} went out and takes the grand bonus of +{bonus}",
                     name=state.players[_required(result.ended_by)], bonus=GRAND_BONUS)
        if result.ending == "complete_curdle":
            return _("the game ended on a complete curdle, with no bonus and no penalty")
        return _("nobody could bridge, even with the sum ability; {name} missed first and takes "
                 "−{penalty}", name=state.players[_required(result.ended_by)], penalty=-BLOCKED_PENALTY)

    def _game_headline(self, state: PontisState, result: Result) -> tuple[list[str], Message]:
        rows = self._ordered(result.rows)
        best = max(row.score for row in rows)
        winners = [state.players[row.player] for row in rows if row.score == best]
        number = result.number + 1
        if result.ending == "out" and winners == [state.players[_required(result.ended_by)]]:
            return winners, n_(
                "{player} went out and wins game {n} with {points} point, the grand bonus of "
                "+{bonus} included.",
                "{player} went out and wins game {n} with {points} points, the grand bonus of "
                "+{bonus} included.", best, player=winners[0], n=number, points=best,
                bonus=GRAND_BONUS)
        if len(winners) == 1:
            won = n_("{player} wins game {n} with {points} point",
                     "{player} wins game {n} with {points} points", best,
                     player=winners[0], n=number, points=best)
        else:
            won = n_("{players} tie for game {n} with {points} point each",
                     "{players} tie for game {n} with {points} points each", best,
                     players=all_of(winners), n=number, points=best)
        return winners, _("{result}: {why}.", result=won, why=self._why(state, result))

    def _outcome(self, state: PontisState) -> dict[str, Any] | None:
        """The latest finished game: who won and why, and each player's score in Pontis's own
        terms (PONTIS-END-5), from the same rows as the score sheet's. It depends only on the
        tuple of results, the players and whether liar points are on: kept per tuple of results
        (see referee.rendered), as the history is. Shared: read-only."""
        if not state.results:
            return None
        liar_on = state.settings.liar_points > 0
        return OUTCOMES.get(state.results, (state.players, liar_on), lambda: self._build_outcome(state))

    def _build_outcome(self, state: PontisState) -> dict[str, Any]:
        result = state.results[-1]
        winners, headline = self._game_headline(state, result)
        match = self._match_totals(state)
        liar = state.settings.liar_points > 0 or any(row.liar_points for row in result.rows)
        columns = [_("Bank cards"), _("Suit points"), _("Bonus or penalty")]
        if liar:
            columns.append(_("Liar points"))
        columns += [_("Game"), _("Match")]
        rows = []
        for row in self._ordered(result.rows):
            name = state.players[row.player]
            cells: list[Any] = [row.bank_cards, row.suit_points, signed(row.bonus)]
            if liar:
                cells.append(row.liar_points)
            rows.append({"who": name, "cells": cells + [row.score, match[name]]})
        return {"unit": "game", "number": result.number + 1, "winners": winners,
                "headline": str(headline), "ending": result.ending,
                "breakdown": {"columns": [str(c) for c in columns], "rows": rows}}

    def _match_result(self, state: PontisState) -> dict[str, Any]:
        """The match is over (house rule ``games``): the highest total wins (PONTIS-END-5)."""
        totals = self._match_totals(state)
        best = max(totals.values())
        winners = [name for name in state.players if totals[name] == best]
        games = len(state.results)
        after = n_("after {n} game", "after {n} games", games, n=games)
        if len(winners) == 1:
            headline = n_("{player} wins the match {after} with {points} point.",
                          "{player} wins the match {after} with {points} points.", best,
                          player=winners[0], after=after, points=best)
        else:
            headline = n_("{players} share the match {after} with {points} point each.",
                          "{players} share the match {after} with {points} points each.", best,
                          players=all_of(winners), after=after, points=best)
        return {"winners": winners, "headline": str(headline)}

    def unavailable(self, state: PontisState) -> dict[str, Message]:
        """Cards already on a bank (a foundation or a card played), with whose bank: one pack
        holds each real card once, so none of them can be turned up or played again this game.
        The jokers are off once every joker of the pack is down. A joker's stand-in is not
        judged by this: it may name a card on a bank (PONTIS-TURN-5)."""
        game = state.game
        if game is None or game.phase == ENDED:
            return {}
        off: dict[str, Message] = {}
        jokers = 0
        for bank, pile in enumerate(game.banks):
            owners = all_of([state.players[seat] for seat in state.bank_players(bank)])
            for placed in pile:
                if placed.card.is_joker:
                    jokers += 1
                else:
                    off[str(placed.card)] = _("already on {owners}'s bank", owners=owners)
        if jokers >= state.settings.jokers:
            off["JK"] = _("every joker of the pack is already on a bank")
        return off

    def _history(self, state: PontisState) -> Rows[dict[str, Any]]:
        """The view's ``history``: one entry per finished game, each rendered when it is read
        and then kept per result (an answer that shows the newest few renders only those).
        Shared: read-only."""
        players = state.players
        return Rows(state.results,
                    lambda result: ENTRIES.get(result, players, partial(self._history_entry, state, result)),
                    players)

    def _history_entry(self, state: PontisState, result: Result) -> dict[str, Any]:
        players = state.players
        scores = {players[r.player]: r.score for r in result.rows}
        winners, headline = self._game_headline(state, result)
        return {
            "deal": result.number, "dealer": players[result.dealer],
            "foundation_suit": result.foundation_suit, "ending": result.ending,
            "ended_by": None if result.ended_by is None else players[result.ended_by],
            "rows": [{"player": players[r.player], "bank_cards": r.bank_cards,
                      "suit_points": r.suit_points, "bonus": r.bonus,
                      "liar_points": r.liar_points, "score": r.score} for r in result.rows],
            "scores": scores,
            "winners": winners,
            "headline": str(headline),
        }

    def view(self, state: PontisState) -> dict[str, Any]:
        players = state.players
        n = len(players)
        game = state.game
        phase = self._phase(state)
        single_in_sum = phase == PHASE_SUM and self._single_in_sum(state)
        actors = self._seats_in_turn(state)
        history = self._history(state)
        totals = dict(self._match_totals(state))
        rows = self._game_rows(state, game) if game is not None else None
        playing = state.playing
        in_turn = playing.bank_in_turn if playing is not None else None
        bridge: list[int] = []
        pair_targets: list[int] = []
        if in_turn is not None and phase in (PHASE_PLAY, PHASE_SUM):
            full = self._bridge(state, in_turn)
            # In phase sum only a curdle maker's single king can be played alone.
            if phase == PHASE_PLAY or single_in_sum:
                bridge = sorted(full - {0})
            if phase == PHASE_SUM:
                pair_targets = sorted(full)
        banks = []
        for bank in range(state.bank_count):
            pile = game.banks[bank] if game is not None else ()
            top = pile[-1] if pile else None
            seats = state.bank_players(bank)
            banks.append({
                "bank": bank, "player": players[seats[0]], "players": [players[p] for p in seats],
                "top": None if top is None else str(top.counts_as),
                "joker": bool(top is not None and top.card.is_joker),
                "count": len(pile) if pile or game is None or state.mode == "quick" else 1,
                "values": [] if top is None else list(top_values(top.counts_as)),
            })
        holder = None
        if playing is not None and playing.sum_holder is not None:
            holder = playing.sum_holder
        elif playing is not None and playing.curdle_claim is not None:
            holder = playing.curdle_claim
        # Quick mode never deals (state.game stays None): each "quick" entry is a whole game,
        # so between entries the table stands where play mode stands after a game has ended and
        # before the next deal. The quick rules say nothing of the deal, so the view shows the
        # last recorded game as play mode shows its last game: its number, its dealer (seat
        # game number mod players: seat 0 deals first, PONTIS-SETUP-1, and the deal passes
        # left; ``next_dealer`` names who deals next), its scores, and ``deal_over`` true. Only
        # what is shown changes, not what is accepted.
        last = state.results[-1] if game is None and state.mode == QUICK and state.results else None
        deal_rows: Sequence[Row] | None
        if game is not None:
            number, dealer, deal_rows = game.number, game.dealer, rows
        elif last is not None:
            number, dealer, deal_rows = last.number, last.dealer, self._ordered(last.rows)
        else:                   # before the first game: seat 0 deals it (PONTIS-SETUP-1)
            number, dealer, deal_rows = 0, 0, None
        fakes = [] if game is None else [
            {"seq": f.seq, "missed_at": f.doubt_seq, "player": players[f.player], "rule": f.rule,
             "message": str(f.message),
             "called_by": None if f.caller is None else players[f.caller]} for f in game.fakes]
        return {
            "game": self.name,
            "mode": state.mode,
            "players": list(players),
            "deal": number,
            "games_played": len(state.results),
            "phase": phase,
            "turn": players[actors[0]] if actors else None,
            "turn_players": [players[p] for p in actors],
            "dealer": players[dealer],
            # The deal moves one seat left each game; once the match is over, the dealer of
            # the game after it (a rematch starts with them).
            "next_dealer": players[(len(state.results) + state.in_progress) % n],
            "deal_over": (bool(state.results) if state.mode == "quick"
                          else game is not None and game.phase == ENDED),
            "match_over": state.match_over,
            "scores": totals,
            "deal_scores": None if deal_rows is None else {players[r.player]: r.score for r in deal_rows},
            "findings": [f.as_dict() for f in state.findings],
            "settings": state.settings.as_dict(),
            "legal": self.legal(state),
            "bank_count": state.bank_count,
            "banks": banks,
            "bank_in_turn": in_turn,
            "hands": {players[p]: (game.hands[p] if game is not None and state.mode == "play" else 0)
                      for p in range(n)},
            "hand_size": 0 if game is None else game.hand_size,
            "out_of_play": 0 if game is None else game.out_of_play,
            "foundation_suit": None if game is None else game.foundation_suit,
            "suit_points": {players[r.player]: r.suit_points for r in rows} if rows
            else {name: 0 for name in players},
            "bridge": bridge,
            "pair_targets": pair_targets,
            "sum_ability": None if holder is None else players[state.bank_players(holder)[0]],
            "misses_in_row": playing.misses_in_row if playing is not None else 0,
            "jokers_left": (state.settings.jokers - game.jokers_played) if game is not None
            else state.settings.jokers,
            "ending": None if game is None else game.ending,
            "ended_by": None if game is None or game.ended_by is None else players[game.ended_by],
            "fakes": fakes,
            "history": history,
            "leaders": self._leaders(state),
            "outcome": self._outcome(state),
            "match_result": self._match_result(state) if state.match_over else None,
        }


# --- small tuple helpers -------------------------------------------------------------------

def _required(value: T | None) -> T:
    """A value that is never None where it is read: a field read without ``optional`` (``Action``
    refuses it when missing), or what the rules guarantee (a finished game's ending, the player
    who went out)."""
    assert value is not None
    return value


def _put(banks: tuple[tuple[Placed, ...], ...], bank: int,
         placed: tuple[Placed, ...]) -> tuple[tuple[Placed, ...], ...]:
    return banks[:bank] + (banks[bank] + placed,) + banks[bank + 1:]


def _add(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return values[:index] + (values[index] + delta,) + values[index + 1:]


def _per_player(state: PontisState, action: Action, name: str, *, required: bool) -> list[int]:
    """A quick-scoring field: {player name: whole number >= 0}."""
    raw = action.raw(name)
    if raw is None:
        if required:
            raise InvalidAction(_("“quick” needs the field \"{name}\": {{player: number}}", name=name),
                                rule="ACTION")
        return [0] * len(state.players)
    if not isinstance(raw, dict):
        raise InvalidAction(_("\"{name}\" must be an object {{player name: number}}", name=name),
                            rule="ACTION")
    values = [0] * len(state.players)
    for key, value in raw.items():
        if key not in state.players:
            raise InvalidAction(_("{key} in \"{name}\" is not a player in this match", key=repr(key),
                                  name=name), rule="ACTION")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise InvalidAction(_("\"{name}\" for {key} must be a whole number from 0", name=name,
                                  key=key), rule="ACTION")
        values[state.players.index(key)] = value
    if required:
        missing = [p for p in state.players if p not in raw]
        if missing:
            raise InvalidAction(_("\"{name}\" needs a number for {players}", name=name,
                                  players=", ".join(missing)), rule="ACTION")
    return values


# Kept renderings (see referee.rendered): one history entry per finished game, and per tuple
# of results the running totals and the latest outcome. Shared between answers: read-only.
ENTRIES = Rendered(maxsize=20_000)
TOTALS = Rendered(maxsize=512)
OUTCOMES = Rendered(maxsize=512)
# The last state, game and rows _game_rows gave (immutable, so shared safely between threads).
_LAST_ROWS: tuple[PontisState, Game, tuple[Row, ...]] | None = None

GAME = PontisGame()
