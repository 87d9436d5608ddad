"""Ropebridge: two players race to match, left to right, every card of a shared row.

Rules: ``referee/games/ropebridge/rulebook.py`` (rule ids ``ROPE-...``). The referee sees the face-up row, every
matched card, the discard pile and the stock count. Hands are counted, not seen: a card drawn
from the stock is unknown until it is played or discarded (or shown when drawn), while a card
taken from the discard pile is known to be in that hand. Every physical card exists once, so a
card entered at the table is checked against every place the table has seen it.

A game moves through the phases ``deal`` (waiting for the deal), ``play``, ``reveal`` (a match
reached a new row card and the next face-down card must be entered before anything else),
``over`` (won or tied, waiting for the next deal) and ``match_over`` (``target_wins`` reached).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import partial
from itertools import product
from typing import Any, Iterable

from referee.actions import Action
from referee.archive import Archive
from referee.cards import JOKER, SUITS, Card
from referee.engine import QUICK, TABLE, Finding, GameRules, Move
from referee.errors import IllegalAction, InvalidAction, RuleViolation
from referee.frozen import replace
from referee.i18n import N_, Joined, Listing, Message, _, all_of, any_of, n_
from referee.rendered import Rendered, Rows
from referee.settings import Settings as BaseSettings
from referee.settings import house_rule

# --- rule tables ---------------------------------------------------------------------------

PLAYERS = 2
HAND_SIZE = 7        # ROPE-SETUP-2: seven cards each
HAND_LIMIT = 7       # ROPE-TURN-3: at most seven at the end of a turn
PACK_SIZE = 52
PACK_JOKERS = 2      # ROPE-SETUP-1
COPIES_PER_RANK = 4
MATCHES_PER_TURN = 2  # ROPE-TURN-2 (one with the one_step house rule)

COURTS = ("J", "Q", "K")

# ROPE-MATCH-1: pip values of number cards (courts count 10 only with courts_ten).
PIPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
COURT_VALUE = 10     # ROPE-VARIANT-5
ACE_HIGH = 11        # ROPE-VARIANT-4

COMBOS = ("standard", "harder", "simpler")
COMBO_WORDS = {  # ROPE-MATCH-2, ROPE-VARIANT-2, ROPE-VARIANT-3
    "standard": N_("Standard: one red and one black"),
    "harder": N_("Harder: same colour adds, red and black subtract"),
    "simpler": N_("Simpler: any two number cards"),
}

TIES = ("unbeatable", "stalemate")


# --- settings ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Settings(BaseSettings):
    row_length: int = house_rule(
        10, N_("How many cards make the ropebridge row"), label=N_("Row length"), minimum=7, maximum=12)
    exposed: int = house_rule(
        4, N_("How many row cards lie face up ahead of the leading player (at most the row length)"),
        label=N_("Face-up cards"), minimum=1, maximum=10)
    jokers: bool = house_rule(
        True, N_("Play with the two jokers (off: a plain 52-card pack)"), label=N_("Jokers"))
    combo: str = house_rule(
        "standard", N_("How two number cards from hand match one row card, by their sum or difference"),
        label=N_("Two-card matches"), choices=COMBOS, words=COMBO_WORDS)
    ace_eleven: bool = house_rule(
        False, N_("An ace counts 1 or 11, in the row and in the hand"), label=N_("Ace is 1 or 11"))
    courts_ten: bool = house_rule(
        False, N_("Jacks, queens and kings are number cards worth 10"), label=N_("Court cards are 10"))
    one_step: bool = house_rule(
        False, N_("Match at most one row card per turn"), label=N_("One step at a time"))
    target_wins: int = house_rule(
        0, N_("The match ends when a player reaches this many wins (0: no target)"),
        label=N_("Wins to take the match"), minimum=0, maximum=99, words={0: N_("no target")})

    def validate(self) -> None:
        if self.exposed > self.row_length:
            raise InvalidAction(
                _("{exposed} face-up cards are more than the row length ({length}): at most "
                  "every row card starts face up",
                  exposed=self.exposed, length=self.row_length), rule="SETTINGS")

    def as_dict(self) -> dict[str, Any]:
        # Flat fields only: cheaper than dataclasses.asdict, and the view asks on every entry.
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def pack_size(self) -> int:
        return PACK_SIZE + (PACK_JOKERS if self.jokers else 0)

    @property
    def matches_per_turn(self) -> int:
        return 1 if self.one_step else MATCHES_PER_TURN


# --- state ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """One row card matched: who matched it, with what, on which turn of the game."""

    seat: int
    row_index: int
    cards: tuple[Card, ...]
    turn: int


@dataclass(frozen=True)
class Game:
    """One game on the table, in play or just finished (kept on show until the next deal)."""

    number: int
    dealer: int
    row: tuple[Card, ...]                        # the face-up row cards, leftmost first
    positions: tuple[int, int]                   # next row index each seat must match
    hands: tuple[int, int]                       # cards held
    known: tuple[tuple[Card, ...], tuple[Card, ...]]  # held cards the table saw go in
    plays: tuple[Play, ...]
    discard: tuple[Card, ...]                    # bottom first
    stock: int
    current: int
    deal_seq: int
    drawn: bool = False
    matches: int = 0                             # row cards matched this turn
    turn_no: int = 1
    turns: tuple[int, int] = (0, 0)              # turns completed per seat
    passes: int = 0                              # ROPE-TURN-7: passes in a row
    reported_stuck: tuple[bool, bool] = (False, False)
    winner: int | None = None
    tie: str | None = None
    reason: str | Message = ""
    end_rule: str | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None or self.tie is not None


@dataclass(frozen=True)
class Record:
    """A finished game as the score sheet prints it."""

    deal: int
    dealer: int
    row: tuple[Card, ...]
    plays: tuple[Play, ...]
    turns: tuple[int, int]
    positions: tuple[int, int]
    winner: int | None
    tie: str | None
    reason: str | Message
    rule: str | None


@dataclass(frozen=True)
class State:
    players: tuple[str, str]
    settings: Settings
    mode: str
    number: int = 0                  # the game in play or last finished (quick: games recorded)
    game: Game | None = None
    wins: tuple[int, int] = (0, 0)
    ties: int = 0
    history: Archive[Record] = Archive()   # sealed in chunks: a long match reads back its newest games only
    findings: tuple[Finding, ...] = ()


# --- small pure helpers --------------------------------------------------------------------

def _with(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _is_court(settings: Settings, card: Card) -> bool:
    """A card with no pip value (ROPE-MATCH-1), unless courts count ten (ROPE-VARIANT-5)."""
    return card.rank in COURTS and not settings.courts_ten


def pip_values(settings: Settings, card: Card) -> frozenset[int]:
    """What a number card is worth: usually one value, an ace 1 or 11 with ace_eleven."""
    if card.is_joker or _is_court(settings, card):
        return frozenset()
    if card.rank in COURTS:
        return frozenset({COURT_VALUE})
    if card.rank == "A" and settings.ace_eleven:
        return frozenset({PIPS["A"], ACE_HIGH})
    return frozenset({PIPS[card.rank]})


def _say_values(values: Iterable[int]) -> Message | Any:
    """Values as words: "3", "1 or 11", or "nothing"."""
    ordered = sorted(values)
    if not ordered:
        return _("nothing")
    return any_of(ordered)


def _another(rank: str) -> Message:
    """ "another jack": what else matches a court card besides a joker (ROPE-MATCH-3)."""
    if rank == "J":
        return _("another jack")
    if rank == "Q":
        return _("another queen")
    return _("another king")


def _only_in_row(rank: str) -> Message:
    """What a court card from hand can match (ROPE-MATCH-1)."""
    if rank == "J":
        return _("only a jack in the row")
    if rank == "Q":
        return _("only a queen in the row")
    return _("only a king in the row")


def _all_four(rank: str) -> Message:
    if rank == "J":
        return _("all four jacks")
    if rank == "Q":
        return _("all four queens")
    return _("all four kings")


def _others_left(rank: str, spare: int) -> Message:
    """ROPE-TIE-1: how many copies of a court rank can still be drawn or held."""
    if rank == "J":
        return (_("no other jack is left") if not spare else
                n_("only {n} other jack is left", "only {n} other jacks are left", spare, n=spare))
    if rank == "Q":
        return (_("no other queen is left") if not spare else
                n_("only {n} other queen is left", "only {n} other queens are left", spare, n=spare))
    return (_("no other king is left") if not spare else
            n_("only {n} other king is left", "only {n} other kings are left", spare, n=spare))


def _shortfall(rank: str, ahead: int, left: Message) -> Message:
    """ROPE-TIE-1: why one court rank in the row cannot be matched without jokers."""
    if rank == "J":
        return n_("{n} jack in the row needs a matching card and {left}",
                  "{n} jacks in the row need {n} matching cards and {left}", ahead, n=ahead, left=left)
    if rank == "Q":
        return n_("{n} queen in the row needs a matching card and {left}",
                  "{n} queens in the row need {n} matching cards and {left}", ahead, n=ahead, left=left)
    return n_("{n} king in the row needs a matching card and {left}",
              "{n} kings in the row need {n} matching cards and {left}", ahead, n=ahead, left=left)


def _shortfall_ahead(rank: str, ahead: int, left: Message, leaders: Listing) -> Message:
    """ROPE-TIE-1, when the leading player has already passed some of this rank's row cards."""
    if rank == "J":
        return n_("{n} jack still ahead of {players} needs a matching card and {left}",
                  "{n} jacks still ahead of {players} need {n} matching cards and {left}",
                  ahead, n=ahead, players=leaders, left=left)
    if rank == "Q":
        return n_("{n} queen still ahead of {players} needs a matching card and {left}",
                  "{n} queens still ahead of {players} need {n} matching cards and {left}",
                  ahead, n=ahead, players=leaders, left=left)
    return n_("{n} king still ahead of {players} needs a matching card and {left}",
              "{n} kings still ahead of {players} need {n} matching cards and {left}",
              ahead, n=ahead, players=leaders, left=left)


def _colour(card: Card) -> Message:
    return _("red") if card.colour == "red" else _("black")


def _row_place(index: int) -> Message:
    return _("in the row (row card {n})", n=index + 1)


def _pair_makes(settings: Settings, a: Card, b: Card) -> tuple[frozenset[int], Message]:
    """The values two number cards make under the combo rule, and the rule's words."""
    same_colour = a.colour == b.colour
    sums, differences = set(), set()
    for x, y in product(pip_values(settings, a), pip_values(settings, b)):
        sums.add(x + y)
        if x != y:
            differences.add(abs(x - y))
    if settings.combo == "harder":
        if same_colour:
            how = (_("two red cards count only as their sum") if a.colour == "red"
                   else _("two black cards count only as their sum"))
            return frozenset(sums), how
        return frozenset(differences), _("a red and a black card count only as their difference")
    return frozenset(sums | differences), _("sum or difference")


def _failure_rule(settings: Settings, row_card: Card, cards: tuple[Card, ...]) -> str:
    """Which rule a wrong-value match breaks: the house rule that shaped the values, if any."""
    involved = (row_card,) + cards
    if settings.courts_ten and any(c.rank in COURTS for c in involved):
        return "ROPE-VARIANT-5"
    if settings.ace_eleven and any(c.rank == "A" for c in involved):
        return "ROPE-VARIANT-4"
    if len(cards) == 2 and settings.combo == "harder":
        return "ROPE-VARIANT-2"
    if len(cards) == 2 and settings.combo == "simpler":
        return "ROPE-VARIANT-3"
    return "ROPE-MATCH-2"


def check_match(settings: Settings, row_card: Card | str, cards: Iterable[Card | str]) -> None:
    """Do these one or two cards from hand match this row card? Returns None or raises
    IllegalAction citing the rule (the phone calls it before sending a match)."""
    target = row_card if isinstance(row_card, Card) else Card.parse(row_card)
    picked = tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)
    _check_picked(settings, target, picked)


def _check_picked(settings: Settings, row_card: Card, cards: tuple[Card, ...]) -> None:
    """``check_match`` on parsed cards."""
    if not 1 <= len(cards) <= 2:
        raise InvalidAction(_("a match is one or two cards from hand"), rule="ACTION")

    if row_card.is_joker:  # ROPE-MATCH-4
        if len(cards) == 1:
            return
        raise IllegalAction(
            _("a joker in the row is matched by exactly one card (any card will do), not two "
              "({cards})", cards=cards), rule="ROPE-MATCH-4")

    if _is_court(settings, row_card):  # ROPE-MATCH-3
        if len(cards) == 2:
            raise IllegalAction(
                _("{row_card} is a court card: it takes one card, {another} or a joker, never two "
                  "({cards})", row_card=row_card, another=_another(row_card.rank), cards=cards),
                rule="ROPE-MATCH-3")
        card = cards[0]
        if card.is_joker or card.rank == row_card.rank:
            return
        raise IllegalAction(
            _("{card} does not match {row_card}: a court card is matched only by {another} or a "
              "joker", card=card, row_card=row_card, another=_another(row_card.rank)),
            rule="ROPE-MATCH-3")

    needs = pip_values(settings, row_card)
    if len(cards) == 1:
        card = cards[0]
        if card.is_joker:  # ROPE-MATCH-2: a joker matches any number card
            return
        if _is_court(settings, card):
            raise IllegalAction(
                _("{card} is a court card with no pip value: it cannot match the number card "
                  "{row_card} ({only})", card=card, row_card=row_card, only=_only_in_row(card.rank)),
                rule="ROPE-MATCH-1")
        if pip_values(settings, card) & needs:
            return
        raise IllegalAction(
            _("{card} is worth {values} but {row_card} needs {needs}: one card must have the same "
              "pip value", card=card, values=_say_values(pip_values(settings, card)),
              row_card=row_card, needs=_say_values(needs)),
            rule=_failure_rule(settings, row_card, cards))

    a, b = cards
    for card in cards:
        if card.is_joker:
            raise IllegalAction(
                _("a joker always matches alone, never as one of two cards ({cards})", cards=cards),
                rule="ROPE-MATCH-5")
        if _is_court(settings, card):
            raise IllegalAction(
                _("{card} is a court card: court cards never join a two-card match ({cards})",
                  card=card, cards=cards), rule="ROPE-MATCH-5")
    if a == b:
        raise IllegalAction(_("{card} is entered twice: there is only one {card}", card=a),
                            rule="ROPE-SETUP-1")
    if settings.combo == "standard" and a.colour == b.colour:
        raise IllegalAction(
            _("{a} and {b} are both {colour}: two cards must be one red and one black",
              a=a, b=b, colour=_colour(a)), rule="ROPE-MATCH-2")
    makes, how = _pair_makes(settings, a, b)
    if makes & needs:
        return
    raise IllegalAction(
        _("{a} and {b} make {values} ({how}) but {row_card} needs {needs}",
          a=a, b=b, values=_say_values(makes), how=how, row_card=row_card, needs=_say_values(needs)),
        rule=_failure_rule(settings, row_card, cards))


def unbeatable(settings: Settings, row: Iterable[Card], matched: Iterable[Card] = (),
               furthest: int = 0, leaders: Iterable[str] = ()) -> Message | None:
    """ROPE-TIE-1: the explanation if no player can match the face-up row, else None.

    ``matched`` are the cards in both players' matched piles, ``furthest`` the position of the
    leading player(s) ``leaders``. Only the leader's count matters: whoever is behind has every
    row card still ahead of the leader ahead of them too, and the same cards left to use.
    A court rank with k copies ahead of the leader needs k matching cards: the copies of that
    rank that are neither in the row nor matched, and for the rest jokers that are neither in
    the row nor matched (shared by all such ranks)."""
    row = tuple(row)
    if settings.courts_ten:
        return None
    gone = row + tuple(matched)
    free_jokers = (PACK_JOKERS if settings.jokers else 0) - gone.count(JOKER)
    shortfalls = []
    needed = 0
    for rank in COURTS:
        ahead = sum(1 for c in row[furthest:] if c.rank == rank)
        spare = COPIES_PER_RANK - sum(1 for c in gone if c.rank == rank)
        if ahead <= spare:
            continue
        needed += ahead - spare
        left = _others_left(rank, spare)
        if ahead == sum(1 for c in row if c.rank == rank):
            shortfalls.append(_shortfall(rank, ahead, left))
        else:
            shortfalls.append(_shortfall_ahead(rank, ahead, left, all_of(leaders)))
    if needed <= free_jokers:
        return None
    if not settings.jokers:
        jokers = _("this match plays without jokers")
    elif free_jokers:
        jokers = n_("only {n} joker is left outside the row and the matched piles",
                    "only {n} jokers are left outside the row and the matched piles",
                    free_jokers, n=free_jokers)
    else:
        jokers = _("no joker is left outside the row and the matched piles")
    return n_("unbeatable row: {shortfalls}, so {n} joker would be needed, but {jokers}",
              "unbeatable row: {shortfalls}, so {n} jokers would be needed, but {jokers}",
              needed, shortfalls=Joined(tuple(shortfalls)), n=needed, jokers=jokers)


def _tie_word(tie: str | None) -> Message:
    return _("unbeatable row") if tie == "unbeatable" else _("stalemate")


def _pending(settings: Settings, game: Game) -> int:
    """ROPE-TURN-5: face-up count = min(row length, exposed + furthest position)."""
    wanted = min(settings.row_length, settings.exposed + max(game.positions))
    return wanted - len(game.row)


def _matched_by(game: Game, seat: int) -> list[Play]:
    return [p for p in game.plays if p.seat == seat]


def _sightings(players: tuple[str, str], game: Game) -> dict[Card, list[Message]]:
    """Every card the table has seen in this game, and where."""
    seen: dict[Card, list[Message]] = {}
    for i, card in enumerate(game.row):
        seen.setdefault(card, []).append(_row_place(i))
    for play in game.plays:
        for card in play.cards:
            seen.setdefault(card, []).append(
                _("matched by {player} on row card {n}", player=players[play.seat], n=play.row_index + 1))
    for i, card in enumerate(game.discard):
        where = (_("on top of the discard pile") if i == len(game.discard) - 1
                 else _("in the discard pile"))
        seen.setdefault(card, []).append(where)
    for seat, cards in enumerate(game.known):
        for card in cards:
            seen.setdefault(card, []).append(
                _("in {player}'s hand (the table saw it go there)", player=players[seat]))
    return seen


def _check_unseen(settings: Settings, card: Card, seen: dict[Card, list[Message]],
                  entered: list[Card]) -> None:
    """A card coming from somewhere unseen (stock, face-down row, an unknown hand card) must
    still be unseen: every physical card exists once (ROPE-SETUP-1)."""
    if card.is_joker and not settings.jokers:
        raise IllegalAction(_("this match plays without jokers (a house rule)"),
                            rule="ROPE-VARIANT-1")
    places = seen.get(card, []) + [_("entered just now")] * entered.count(card)
    limit = PACK_JOKERS if card.is_joker else 1
    if len(places) < limit:
        return
    if card.is_joker:
        raise IllegalAction(_("both jokers are already seen: {places}", places=all_of(places)),
                            rule="ROPE-SETUP-1")
    raise IllegalAction(_("there is only one {card} and it is already {place}", card=card, place=places[0]),
                        rule="ROPE-SETUP-1")


def _take_from_hand(state: State, game: Game, seat: int,
                    cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Check that these cards can be in this seat's hand; return its known cards without
    them. Known cards are used first; the rest must be unseen cards among the unknown ones."""
    name = state.players[seat]
    held = game.hands[seat]
    if len(cards) > held:
        if held == 0:
            raise IllegalAction(_("{player} has no cards in hand, and hands are not refilled", player=name),
                                rule="ROPE-TURN-4")
        raise IllegalAction(n_("{player} holds only {n} card, not {wanted}",
                               "{player} holds only {n} cards, not {wanted}",
                               held, player=name, n=held, wanted=len(cards)), rule="ROPE-TURN-4")
    for i, card in enumerate(cards):
        if not card.is_joker and card in cards[:i]:
            raise IllegalAction(_("{card} is entered twice: there is only one {card}", card=card),
                                rule="ROPE-SETUP-1")
    known = list(game.known[seat])
    unknown = held - len(known)
    seen = _sightings(state.players, game)
    entered: list[Card] = []
    for card in cards:
        if card in known:
            known.remove(card)
            continue
        _check_unseen(state.settings, card, seen, entered)
        if unknown == 0:
            raise IllegalAction(
                _("{card} cannot be in {player}'s hand: the table saw every card {player} holds go "
                  "in ({cards})", card=card, player=name, cards=game.known[seat]), rule="ROPE-SETUP-1")
        unknown -= 1
        entered.append(card)
    return tuple(known)


def _matched_cards(game: Game) -> tuple[Card, ...]:
    return tuple(card for play in game.plays for card in play.cards)


def _unbeatable_now(state: State, game: Game) -> Message | None:
    """ROPE-TIE-1 for the game on the table: the face-up row against the cards still to be
    drawn or held (a card or joker in a matched pile is gone too)."""
    furthest = max(game.positions)
    leaders = [name for name, position in zip(state.players, game.positions) if position == furthest]
    return unbeatable(state.settings, game.row, _matched_cards(game), furthest, leaders)


def _blocked(settings: Settings, game: Game, seat: int, gone: tuple[Card, ...]) -> Card | None:
    """The court card this seat must match next if every card that could match it is gone,
    else None. Only a court card can be proved out of reach (ROPE-MATCH-3)."""
    position = game.positions[seat]
    if position >= len(game.row):
        return None
    needed = game.row[position]
    if needed.is_joker or not _is_court(settings, needed):
        return None
    if any(Card(needed.rank, suit) not in gone for suit in SUITS):
        return None
    if gone.count(JOKER) < (PACK_JOKERS if settings.jokers else 0):
        return None
    return needed


def _can_keep_a_draw(settings: Settings, game: Game, seat: int, gone: tuple[Card, ...]) -> bool:
    """Can this seat ever again end a turn with a drawn card still in hand, and so take a card
    off the discard pile for good? Yes while it can end a turn below seven cards (a player who
    drew this turn may still discard), or while it may yet match and so make room."""
    held = game.hands[seat] - (1 if seat == game.current and game.drawn else 0)
    return held < HAND_LIMIT or _blocked(settings, game, seat, gone) is None


def _stuck(state: State, game: Game) -> tuple[Message | None, ...]:
    """ROPE-TIE-2: for each seat, why it can never match its next card, or None.

    Cards in the row and in the matched piles are gone. A card under the top of the discard
    pile is not: taking the top exposes the next card, so a player who can keep a drawn card
    can dig down to it. It is gone only when no player can ever keep a drawn card again: both
    hold seven and neither can match, counting the buried cards as gone."""
    settings = state.settings
    used = game.row + _matched_cards(game)
    buried = game.discard[:-1]
    buried_for_good = bool(buried) and not any(
        _can_keep_a_draw(settings, game, seat, used + buried) for seat in range(PLAYERS))
    gone = used + buried if buried_for_good else used
    reasons = []
    for seat in range(PLAYERS):
        needed = _blocked(settings, game, seat, gone)
        reasons.append(None if needed is None else
                       _stuck_reason(state, game, seat, needed, buried_for_good))
    return tuple(reasons)


def _stuck_reason(state: State, game: Game, seat: int, needed: Card, buried_for_good: bool) -> Message:
    settings = state.settings
    wanted = [Card(needed.rank, suit) for suit in SUITS] + ([JOKER] if settings.jokers else [])
    out_of_reach = [_all_four(needed.rank)] + ([_("both jokers")] if settings.jokers else [])
    places = []
    if any(card in game.row for card in wanted):
        places.append(_("in the row"))
    if any(card in _matched_cards(game) for card in wanted):
        places.append(_("in the matched piles"))
    if buried_for_good and any(card in game.discard[:-1] for card in wanted):
        places.append(_("buried in the discard pile"))
        return _("{player} is stuck for good on {card}: {gone} are {places}, and neither player can "
                 "keep a drawn card to dig them out", player=state.players[seat], card=needed,
                 gone=all_of(out_of_reach), places=any_of(places))
    return _("{player} is stuck for good on {card}: {gone} are {places}", player=state.players[seat],
             card=needed, gone=all_of(out_of_reach), places=any_of(places))


def rope_settings(settings: BaseSettings) -> Settings:
    """The house rules as Ropebridge reads them: a match's settings are always Ropebridge's own
    (``settings_type.from_dict`` makes them)."""
    if not isinstance(settings, Settings):
        raise TypeError(f"Ropebridge reads its own house rules, not {type(settings).__name__}")
    return settings


def _game(state: State) -> Game:
    """The game on the table; before the first deal there is none, and the entry is refused
    as every entry before the deal is (ROPE-SETUP-2)."""
    game = state.game
    if game is None:
        raise IllegalAction(_("deal first: enter the face-up row cards and the discard"),
                            rule="ROPE-SETUP-2")
    return game


Outcome = tuple[State, tuple[Finding, ...]]


def _noted(state: State, findings: tuple[Finding, ...]) -> State:
    """The state with this entry's findings kept with it (shown in the dispute view)."""
    return replace(state, findings=state.findings + findings) if findings else state


# --- the engine ----------------------------------------------------------------------------

class Ropebridge(GameRules):
    name = "ropebridge"
    title = "Ropebridge"
    unit = "game"             # as its results say: the timeline and the score table count games
    rule_prefix = "ROPE"
    # Every rule this game cites, as the rules pages list them (each is written out where it
    # is raised or computed).
    rule_ids = (
        "ROPE-SETUP-1", "ROPE-SETUP-2", "ROPE-SETUP-3", "ROPE-SETUP-4", "ROPE-MATCH-1", "ROPE-MATCH-2",
        "ROPE-MATCH-3", "ROPE-MATCH-4", "ROPE-MATCH-5", "ROPE-MATCH-6", "ROPE-TURN-1", "ROPE-TURN-2",
        "ROPE-TURN-3", "ROPE-TURN-4", "ROPE-TURN-5", "ROPE-TURN-6", "ROPE-TURN-7", "ROPE-TIE-1", "ROPE-TIE-2",
        "ROPE-VARIANT-1", "ROPE-VARIANT-2", "ROPE-VARIANT-3", "ROPE-VARIANT-4", "ROPE-VARIANT-5"
    )
    settings_type = Settings
    min_players = PLAYERS
    max_players = PLAYERS
    # 2: matched cards leave the unbeatable count, made after every match too (ROPE-TIE-1), and
    # a card under the discard top stays within reach while a player can dig (ROPE-TIE-2).
    rules_version = 2

    # The deal, a reveal, a stalemate and a quick result are entered for the table: any player
    # may be named. Draws, matches, discards and the end of a turn are the player in turn's.
    moves = {
        "deal": Move("_do_deal", actor=TABLE),
        "reveal": Move("_do_reveal", actor=TABLE),
        "draw": Move("_do_draw"),
        "match": Move("_do_match"),
        "discard": Move("_do_discard"),
        "end_turn": Move("_do_end_turn"),
        "stalemate": Move("_do_stalemate", actor=TABLE),
        "quick": Move("_do_quick", frozenset({QUICK}), actor=TABLE),
    }

    def start(self, players: tuple[str, ...], settings: BaseSettings, mode: str) -> State:
        first, second = players
        return State(players=(first, second), settings=rope_settings(settings), mode=mode)

    # --- phases and turns --------------------------------------------------------------

    @staticmethod
    def match_over(state: State) -> bool:
        target = state.settings.target_wins
        return bool(target) and max(state.wins) >= target

    def phase(self, state: State) -> str:
        if self.match_over(state):
            return "match_over"
        game = state.game
        if game is None or state.mode == "quick":
            return "deal"
        if game.over:
            return "over"
        if _pending(state.settings, game):
            return "reveal"
        return "play"

    def turn(self, state: State) -> str | None:
        if self.phase(state) in ("play", "reveal"):
            return state.players[_game(state).current]
        return None

    def not_in_turn(self, state: State, action: Action, named: str) -> RuleViolation:
        """A player's own entry (a draw, a match, a discard, the end of a turn) by someone who
        is not in turn: on the first turn the dealer is told the other player starts."""
        player = action.raw("player")
        if player not in state.players:
            return InvalidAction(_("{name} is not a player in this match", name=repr(player)), rule="ACTION")
        game = _game(state)
        expected = self.turn(state)
        if game.turn_no == 1 and state.players.index(player) == game.dealer:
            return IllegalAction(_("{dealer} dealt, so {player} plays first", dealer=player, player=expected),
                                 rule="TURN", cites="ROPE-SETUP-4")
        return IllegalAction(_("it is {expected}'s turn, not {named}'s", expected=expected, named=player),
                             rule="TURN")

    def legal(self, state: State) -> list[str]:
        """The phase check's list, less a draw when both piles are empty (ROPE-TURN-4) and a
        match when the player in turn holds no cards: those are refused only once the entry's
        fields are read."""
        kinds = super().legal(state)
        game = state.game
        if game is None or self.phase(state) != "play":
            return kinds
        piles = bool(game.stock or game.discard)
        held = game.hands[game.current]
        return [kind for kind in kinds
                if not (kind == "draw" and not piles) and not (kind == "match" and not held)]

    def check_phase(self, state: State, action: Action) -> None:
        """Reject an action the current phase or the turn so far does not take, citing why."""
        named = action.raw("player")
        if named is not None and named not in state.players:
            # A player's own entry between games has no player in turn to compare with.
            raise InvalidAction(_("{name} is not a player in this match", name=repr(named)), rule="ACTION")
        kind = action.type
        phase = self.phase(state)
        if phase == "match_over":
            leader = state.players[state.wins.index(max(state.wins))]
            target = state.settings.target_wins
            raise IllegalAction(
                n_("the match is over: {player} has {n} win, the target",
                   "the match is over: {player} has {n} wins, the target", target, player=leader, n=target),
                rule="ROPE-TURN-6")
        if state.mode == "quick":
            return
        if kind == "deal":
            if phase in ("play", "reveal"):
                raise IllegalAction(_("game {n} is already dealt and in play", n=state.number + 1),
                                    rule="ROPE-SETUP-2")
            return
        game = _game(state)  # before the first deal: "deal first" (ROPE-SETUP-2)
        if phase == "over":
            raise IllegalAction(_("game {n} is over ({reason}); enter the next deal",
                                  n=state.number + 1, reason=game.reason),
                                rule=game.end_rule or "ROPE-TURN-6")
        if phase == "reveal" and kind != "reveal":
            raise IllegalAction(
                _("first turn up row card {n} and enter it", n=len(game.row) + 1),
                rule="ROPE-TURN-5")
        if phase == "play" and kind == "reveal":
            raise IllegalAction(
                _("no row card is waiting to be turned up: a card turns up only when a match "
                  "reaches a row card neither player had reached"), rule="ROPE-TURN-5")
        if phase == "play":
            self._check_turn_so_far(state, game, kind)

    def _check_turn_so_far(self, state: State, game: Game, kind: str) -> None:
        """What the player in turn has done this turn decides what may come next."""
        settings = state.settings
        seat = game.current
        name = state.players[seat]
        if kind == "draw":
            if game.drawn:
                raise IllegalAction(_("{player} has already drawn this turn: one card per turn", player=name),
                                    rule="ROPE-TURN-1")
            if game.matches:
                raise IllegalAction(_("{player} has already matched this turn: a draw comes first, "
                                      "before any match", player=name), rule="ROPE-TURN-1")
        elif kind == "match":
            if game.matches >= settings.matches_per_turn:
                if settings.one_step:
                    raise IllegalAction(
                        _("one step at a time: {player} has matched a row card this turn; end the "
                          "turn or discard", player=name), rule="ROPE-VARIANT-1")
                raise IllegalAction(_("{player} has matched two row cards this turn, the most a turn "
                                      "allows; end the turn or discard", player=name), rule="ROPE-TURN-2")
        elif kind == "discard":
            if not game.drawn:
                raise IllegalAction(
                    _("{player} has not drawn this turn: a card goes on the discard pile only in "
                      "exchange for a drawn card", player=name), rule="ROPE-TURN-3")
        elif kind == "end_turn":
            held = game.hands[seat]
            if held > HAND_LIMIT:
                raise IllegalAction(
                    _("{player} holds {n} cards, more than {limit}: must match or discard before the "
                      "turn ends", player=name, n=held, limit=HAND_LIMIT), rule="ROPE-TURN-3")
            passed = not game.drawn and not game.matches
            if passed and (game.stock or game.discard):
                options = []
                if game.stock:
                    options.append(_("draw from the stock ({n} left)", n=game.stock))
                if game.discard:
                    options.append(_("take {card} from the discard pile", card=game.discard[-1]))
                raise IllegalAction(
                    _("{player} has neither drawn nor matched: match, {options}; a player passes only "
                      "when both piles are empty", player=name, options=any_of(options)),
                    rule="ROPE-TURN-1")

    # --- the entries -------------------------------------------------------------------

    def _do_deal(self, state: State, action: Action, seq: int) -> Outcome:
        settings = state.settings
        row = action.cards("row", minimum=1)
        top = action.card("discard")
        if len(row) != settings.exposed:
            raise IllegalAction(
                _("the first {n} row cards are dealt face up, so enter {n}, not {got}",
                  n=settings.exposed, got=len(row)), rule="ROPE-SETUP-3")
        seen: dict[Card, list[Message]] = {}
        for i, card in enumerate(row):
            _check_unseen(settings, card, seen, [])
            seen.setdefault(card, []).append(_row_place(i))
        _check_unseen(settings, top, seen, [])

        number = state.number + 1 if state.game is not None else state.number
        dealer = number % PLAYERS
        stock = settings.pack_size - settings.row_length - PLAYERS * HAND_SIZE - 1
        game = Game(
            number=number, dealer=dealer, row=row, positions=(0, 0),
            hands=(HAND_SIZE, HAND_SIZE), known=((), ()), plays=(), discard=(top,),
            stock=stock, current=1 - dealer, deal_seq=seq)
        state = replace(state, number=number, game=game)
        return self._settle(state, game, seq)

    def _do_reveal(self, state: State, action: Action, seq: int) -> Outcome:
        game = _game(state)
        card = action.card("card")
        _check_unseen(state.settings, card, _sightings(state.players, game), [])
        game = replace(game, row=game.row + (card,))
        return self._settle(state, game, seq)

    def _do_draw(self, state: State, action: Action, seq: int) -> Outcome:
        game = _game(state)
        seat = game.current
        source = action.choice("from", ("discard", "stock"))
        shown = action.card("card", optional=True)
        known = game.known[seat]
        if source == "discard":
            if not game.discard:
                raise IllegalAction(
                    _("the discard pile is empty and is not refilled; draw from the stock "
                      "({n} left)", n=game.stock) if game.stock else
                    _("the discard pile is empty and is not refilled, and so is the stock"),
                    rule="ROPE-TURN-4")
            top = game.discard[-1]
            if shown is not None and shown != top:
                raise IllegalAction(_("the top of the discard pile is {top}, not {card}", top=top, card=shown),
                                    rule="ROPE-TURN-1")
            game = replace(game, discard=game.discard[:-1], known=_with(game.known, seat, known + (top,)))
        else:
            if not game.stock:
                raise IllegalAction(
                    _("the stock is used up; take the top of the discard pile")
                    if game.discard else _("the stock and the discard pile are both empty"),
                    rule="ROPE-TURN-4")
            if shown is not None:
                _check_unseen(state.settings, shown, _sightings(state.players, game), [])
                game = replace(game, known=_with(game.known, seat, known + (shown,)))
            game = replace(game, stock=game.stock - 1)
        game = replace(game, drawn=True, hands=_with(game.hands, seat, game.hands[seat] + 1))
        return self._settle(state, game, seq)

    def _do_match(self, state: State, action: Action, seq: int) -> Outcome:
        settings = state.settings
        game = _game(state)
        seat = game.current
        name = state.players[seat]
        position = game.positions[seat]
        needed = game.row[position]
        if action.has("row_index"):
            index = action.integer("row_index", maximum=settings.row_length - 1)
            if index != position:
                raise IllegalAction(
                    _("{player} must match {card} (row card {n}) next; row cards are matched one "
                      "by one from the left", player=name, card=needed, n=position + 1),
                    rule="ROPE-MATCH-6")
        cards = action.cards("cards", minimum=1, maximum=2)
        known = _take_from_hand(state, game, seat, cards)
        check_match(settings, needed, cards)

        play = Play(seat=seat, row_index=position, cards=cards, turn=game.turn_no)
        game = replace(
            game, plays=game.plays + (play,), matches=game.matches + 1,
            positions=_with(game.positions, seat, position + 1),
            hands=_with(game.hands, seat, game.hands[seat] - len(cards)),
            known=_with(game.known, seat, known))
        if position + 1 == settings.row_length:  # ROPE-TURN-6
            return self._finish(state, game, winner=seat, tie=None, rule_id=None, seq=seq,
                                reason=_("{player} matched the last row card", player=name))
        return self._settle(state, game, seq)

    def _do_discard(self, state: State, action: Action, seq: int) -> Outcome:
        game = _game(state)
        seat = game.current
        card = action.card("card")
        known = _take_from_hand(state, game, seat, (card,))
        game = replace(game, discard=game.discard + (card,), known=_with(game.known, seat, known),
                       hands=_with(game.hands, seat, game.hands[seat] - 1))
        return self._next_turn(state, game, seq, passed=False)

    def _do_end_turn(self, state: State, action: Action, seq: int) -> Outcome:
        game = _game(state)
        passed = not game.drawn and not game.matches
        return self._next_turn(state, game, seq, passed=passed)

    def _do_stalemate(self, state: State, action: Action, seq: int) -> Outcome:
        game = _game(state)
        reason = _("{first} and {second} declared a stalemate", first=state.players[0], second=state.players[1])
        return self._tie(state, game, "stalemate", reason, "ROPE-TIE-2", seq)

    def _do_quick(self, state: State, action: Action, seq: int) -> Outcome:
        winner = action.player_name("winner", state.players, optional=True)
        tie = action.choice("tie", TIES, optional=True)
        if (winner is None) == (tie is None):
            raise InvalidAction(_("“quick” needs either a \"winner\" or a \"tie\" "
                                  "(unbeatable or stalemate), not both"), rule="ACTION")
        seat = None if winner is None else state.players.index(winner)
        reason = _("{player} won", player=winner) if winner else _("tie ({kind})", kind=_tie_word(tie))
        record = Record(
            deal=state.number, dealer=state.number % PLAYERS, row=(), plays=(), turns=(0, 0),
            positions=(0, 0), winner=seat, tie=tie, reason=reason, rule=None)
        return self._record(replace(state, number=state.number + 1), record), ()

    # --- turn and game endings ---------------------------------------------------------

    def _next_turn(self, state: State, game: Game, seq: int, *, passed: bool) -> Outcome:
        seat = game.current
        passes = game.passes + 1 if passed else 0
        game = replace(
            game, current=1 - seat, drawn=False, matches=0, turn_no=game.turn_no + 1,
            turns=_with(game.turns, seat, game.turns[seat] + 1), passes=passes)
        if passes >= PLAYERS:  # ROPE-TURN-7
            reason = _("stalemate: both players passed in a row (neither could match and both "
                       "piles are empty)")
            return self._tie(state, game, "stalemate", reason, "ROPE-TURN-7", seq)
        return self._settle(state, game, seq)

    def _settle(self, state: State, game: Game, seq: int) -> Outcome:
        """After every change on the table, once no row card waits to be turned up: tie an
        unbeatable row (ROPE-TIE-1), report players stuck for good (ROPE-TIE-2) and tie the
        game when both are."""
        if _pending(state.settings, game):
            return replace(state, game=game), ()
        why = _unbeatable_now(state, game)
        if why:
            return self._tie(state, game, "unbeatable", why, "ROPE-TIE-1", seq)
        reasons = _stuck(state, game)
        findings = tuple(
            Finding("ROPE-TIE-2", why, seq) for seat, why in enumerate(reasons)
            if why and not game.reported_stuck[seat])
        first, second = (bool(why) or was for why, was in zip(reasons, game.reported_stuck))
        game = replace(game, reported_stuck=(first, second))
        if all(reasons):
            state, more = self._tie(_noted(state, findings), game, "stalemate",
                                    _("stalemate: both players are stuck for good"), "ROPE-TIE-2", seq)
            return state, findings + more
        return _noted(replace(state, game=game), findings), findings

    def _tie(self, state: State, game: Game, kind: str, reason: Message, rule_id: str, seq: int) -> Outcome:
        state, _none = self._finish(state, game, winner=None, tie=kind, rule_id=rule_id,
                                    reason=reason, seq=seq)
        findings = (Finding(rule_id, _("game {n} is a tie — {reason}", n=game.number + 1, reason=reason), seq),)
        return _noted(state, findings), findings

    def _finish(self, state: State, game: Game, *, winner: int | None, tie: str | None,
                rule_id: str | None, reason: str | Message, seq: int) -> Outcome:
        if game.drawn or game.matches:  # the turn in progress counts
            game = replace(game, turns=_with(game.turns, game.current, game.turns[game.current] + 1))
        game = replace(game, winner=winner, tie=tie, reason=reason, end_rule=rule_id,
                       drawn=False, matches=0)
        record = Record(
            deal=game.number, dealer=game.dealer, row=game.row, plays=game.plays,
            turns=game.turns, positions=game.positions, winner=winner, tie=tie,
            reason=reason, rule=rule_id)
        return self._record(replace(state, game=game), record), ()

    @staticmethod
    def _record(state: State, record: Record) -> State:
        wins, ties = state.wins, state.ties
        if record.winner is None:
            ties += 1
        else:
            wins = _with(wins, record.winner, wins[record.winner] + 1)
        return replace(state, wins=wins, ties=ties, history=state.history + (record,))

    # --- what the phone and the chart ask --------------------------------------------

    def unavailable(self, state: State) -> dict[str, Message]:
        """Cards the table has seen that no card field on the screen can take now, with where
        they are. While a row card waits to be turned up, every seen card (the reveal takes an
        unseen one). In play the match and discard fields take the player's own known cards
        and unseen ones, and the draw takes the discard top only before anything else this
        turn. A new deal starts from a fresh pack: nothing is unavailable then."""
        phase = self.phase(state)
        if phase not in ("play", "reveal"):
            return {}
        game = _game(state)
        legal = self.legal(state)
        takes: set[Card] = set()
        if "match" in legal or "discard" in legal:
            takes.update(game.known[game.current])
        if "draw" in legal and game.discard:
            takes.add(game.discard[-1])
        unavailable: dict[str, Message] = {}
        for card, places in _sightings(state.players, game).items():
            if card in takes:
                continue
            if card.is_joker:
                if len(places) >= PACK_JOKERS:  # both seen, neither where a field takes it
                    unavailable[str(card)] = _("both jokers are already seen: {places}", places=all_of(places))
                continue
            unavailable[str(card)] = places[0]
        return unavailable

    def stage(self, state: State) -> Message | None:
        """The turn the next entry falls in, for grouping the timeline ("Dee's turn 3"): each
        player's turns are counted within the game; a reveal belongs to the turn whose match
        reached the new row card. None between games and in a results-only match."""
        if state.mode != "play" or self.phase(state) not in ("play", "reveal"):
            return None
        game = _game(state)
        seat = game.current
        return _("{player}'s turn {n}", player=state.players[seat], n=game.turns[seat] + 1)

    def running_totals(self, state: State) -> tuple[dict[str, int], ...]:
        """Wins per player after each finished game."""
        wins = [0] * PLAYERS
        totals = []
        for record in state.history:
            if record.winner is not None:
                wins[record.winner] += 1
            totals.append(dict(zip(state.players, wins)))
        return tuple(totals)

    def describe(self, before: State, action: Action, after: State) -> str:
        """One entry in words for the timeline: "Ben matches row card 2, 8♥, with 5♠ and 3♥"."""
        words = _entry_words(before, action, after)
        ended = (action.type not in ("stalemate", "quick") and after.game is not None
                 and after.game.over and (before.game is None or not before.game.over
                                          or after.game.number != before.game.number))
        if ended:
            words = _("{entry} — {ending}", entry=words, ending=_ending_words(after))
        return str(words)

    # --- view --------------------------------------------------------------------------

    def view(self, state: State) -> dict[str, Any]:
        settings = state.settings
        players = state.players
        game = state.game
        phase = self.phase(state)
        names = list(players)

        def per_player(values) -> dict[str, Any]:
            return dict(zip(names, values))

        deal = state.number
        if game is None or state.mode == "quick":
            row: list[str | None] = [None] * settings.row_length
            positions = per_player((0, 0))
            hands = per_player((0, 0))
            stock, discard, known, matched = 0, [], per_player(([], [])), per_player(([], []))
            pending, dealer, turn_state = 0, state.number % PLAYERS, {"drawn": False, "matches": 0}
            winner = tie = None
            deal_scores = None
            deal_over = phase == "match_over"
            stuck = per_player((False, False))
            turn_no = 0
            if state.mode == "quick" and state.history:
                # A quick entry is a whole game, over once entered: shown as play mode shows a
                # finished game until the next deal (its number, dealer, result and scores).
                # The phase stays "deal" (the next result is taken at once) and next_dealer
                # names who deals the game after it.
                last = state.history[-1]
                deal, dealer = last.deal, last.dealer
                winner = None if last.winner is None else players[last.winner]
                tie = last.tie
                deal_scores = _game_scores(players, last.winner)
                deal_over = True
        else:
            row = [str(c) for c in game.row] + [None] * (settings.row_length - len(game.row))
            positions = per_player(game.positions)
            hands = per_player(game.hands)
            stock = game.stock
            discard = [str(c) for c in game.discard]
            known = per_player([str(c) for c in cards] for cards in game.known)
            matched = per_player(
                [[p.row_index, [str(c) for c in p.cards]] for p in _matched_by(game, seat)]
                for seat in range(PLAYERS))
            pending = _pending(settings, game)
            dealer = game.dealer
            turn_state = {"drawn": game.drawn, "matches": game.matches}
            winner = None if game.winner is None else players[game.winner]
            tie = game.tie
            deal_scores = _game_scores(players, game.winner) if game.over else None
            deal_over = game.over
            stuck = per_player(game.reported_stuck)
            turn_no = game.turn_no
        next_card = {}
        for name, index in positions.items():
            next_card[name] = row[index] if index < len(row) else None
        return {
            "game": self.name,
            "mode": state.mode,
            "players": names,
            "deal": deal,
            "phase": phase,
            "turn": self.turn(state),
            "dealer": players[dealer],
            "next_dealer": players[(deal + 1) % PLAYERS] if deal_over else players[dealer],
            "deal_over": deal_over,
            "match_over": phase == "match_over",
            "scores": per_player(state.wins),
            "deal_scores": deal_scores,
            "findings": [f.as_dict() for f in state.findings],
            "settings": settings.as_dict(),
            "legal": self.legal(state),
            "row": row,
            "face_up": settings.row_length - row.count(None),
            "positions": positions,
            "next_card": next_card,
            "pending_reveals": pending,
            "discard_top": discard[-1] if discard else None,
            "discard_pile": discard,
            "stock": stock,
            "hands": hands,
            "known_hand_cards": known,
            "matched": matched,
            "turn_state": turn_state,
            "turn_number": turn_no,
            "stuck": stuck,
            "winner": winner,
            "tie": tie,
            "wins": per_player(state.wins),
            "ties": state.ties,
            "history": Rows(state.history, partial(self._record_view, players), players),
            "leaders": _leaders(state),
            "outcome": _outcome(state),
            "match_result": _match_result(state) if phase == "match_over" else None,
        }

    @staticmethod
    def _record_view(players: tuple[str, str], record: Record) -> dict[str, Any]:
        # A finished game never changes: rendered once per wording (its reason is words), then
        # shared by every view that lists it (read-only).
        return RECORDS.get(record, players, partial(_record_dict, players, record))


# --- how things stand, in words ----------------------------------------------------------

def _leaders(state: State) -> list[str]:
    """The players with the most wins; nobody before a game is won."""
    best = max(state.wins)
    if not best:
        return []
    return [name for name, wins in zip(state.players, state.wins) if wins == best]


def _outcome(state: State) -> dict[str, Any] | None:
    """The latest finished game: who crossed, or the tie and why, and where each player got."""
    if not state.history:
        return None
    record = state.history[-1]
    # Every answer until the next game ends shows the same outcome: worded once per wording.
    context = (state.players, state.mode, state.settings.row_length, tuple(state.wins))
    return OUTCOMES.get(record, context, partial(_worded_outcome, state, record))


def _worded_outcome(state: State, record: Record) -> dict[str, Any]:
    players = state.players
    number = record.deal + 1
    if state.mode == "quick":
        return {"unit": "game", "number": number,
                "winners": [] if record.winner is None else [players[record.winner]],
                "headline": str(_game_result(state, record)),
                "breakdown": {"columns": [str(_("Result")), str(_("Wins"))],
                              "rows": [{"who": name, "cells": [str(_seat_result(record, seat)), state.wins[seat]]}
                                       for seat, name in enumerate(players)]}}
    length = state.settings.row_length
    rows = []
    for seat, name in enumerate(players):
        position = record.positions[seat]
        if position >= length:
            reached = _("across")
        elif position < len(record.row):
            reached = _("row card {n}, {card}", n=position + 1, card=record.row[position])
        else:
            reached = _("row card {n}", n=position + 1)
        laid = sum(len(play.cards) for play in record.plays if play.seat == seat)
        rows.append({"who": name, "cells": [
            str(reached), str(_("{n} of {total}", n=position, total=length)), laid, state.wins[seat]]})
    return {"unit": "game", "number": number,
            "winners": [] if record.winner is None else [players[record.winner]],
            "headline": str(_game_result(state, record)),
            "breakdown": {"columns": [str(_("Reached")), str(_("Row cards matched")),
                                      str(_("Cards laid down")), str(_("Wins"))],
                          "rows": rows}}


def _game_result(state: State, record: Record) -> Message:
    """One finished game in a sentence: who crossed, or the tie and why."""
    number = record.deal + 1
    if record.winner is None:
        if state.mode == "quick":
            return _("Game {n} is a tie ({kind})", n=number, kind=_tie_word(record.tie))
        # A dash, not a colon: the reason has a colon of its own ("unbeatable row: …"), and
        # brackets would nest with the ones some reasons hold (ROPE-TURN-7).
        return _("Game {n} is a tie — {reason}", n=number, reason=record.reason)
    winner = state.players[record.winner]
    if state.mode == "quick":
        return _("{player} wins game {n}", player=winner, n=number)
    turns = record.turns[record.winner]
    return n_("{player} crossed the bridge first and wins game {n}, in {turns} turn",
              "{player} crossed the bridge first and wins game {n}, in {turns} turns",
              turns, player=winner, n=number, turns=turns)


def _seat_result(record: Record, seat: int) -> Message:
    if record.winner is None:
        return _("tie")
    return _("won") if record.winner == seat else _("lost")


def _match_result(state: State) -> dict[str, Any]:
    """The match is over: the player who reached the target number of wins."""
    seat = state.wins.index(max(state.wins))
    winner = state.players[seat]
    wins, against = state.wins[seat], state.wins[1 - seat]
    if state.ties:
        headline = n_("{player} wins the match {wins} to {against}, with {n} tied game",
                      "{player} wins the match {wins} to {against}, with {n} tied games",
                      state.ties, player=winner, wins=wins, against=against, n=state.ties)
    else:
        headline = _("{player} wins the match {wins} to {against}", player=winner, wins=wins, against=against)
    return {"winners": [winner], "headline": str(headline)}


# --- the timeline ---------------------------------------------------------------------------

def _entry_words(before: State, action: Action, after: State) -> Message:
    """What one entry did, in words (before the rules judged how the game ends)."""
    kind = action.type
    if kind == "quick":
        record = after.history[-1]
        return _game_result(after, record)
    if kind == "deal":
        game = _game(after)
        return _("{dealer} deals game {n}: {row} face up in the row, {card} turned up on the "
                 "discard pile", dealer=after.players[game.dealer], n=game.number + 1,
                 row=tuple(Card.parse(c) for c in action.raw("row")), card=Card.parse(action.raw("discard")))
    game = _game(before)
    if kind == "reveal":
        return _("Row card {n} is turned up: {card}", n=len(game.row) + 1, card=Card.parse(action.raw("card")))
    if kind == "stalemate":
        return _("{first} and {second} declare a stalemate: game {n} is a tie",
                 first=before.players[0], second=before.players[1], n=game.number + 1)
    player = before.players[game.current]
    now = _game(after)
    held = now.hands[game.current]
    if kind == "draw":
        if action.raw("from") == "discard":
            return _("{player} takes {card} from the discard pile", player=player, card=game.discard[-1])
        if action.has("card"):
            return _("{player} draws {card} from the stock and shows it", player=player,
                     card=Card.parse(action.raw("card")))
        return n_("{player} draws a card from the stock ({n} card left there)",
                  "{player} draws a card from the stock ({n} cards left there)",
                  now.stock, player=player, n=now.stock)
    if kind == "match":
        position = game.positions[game.current]
        cards = tuple(Card.parse(c) for c in action.raw("cards"))
        if len(cards) == 2:
            return _("{player} matches row card {n}, {row_card}, with the pair {first} and {second}",
                     player=player, n=position + 1, row_card=game.row[position], first=cards[0], second=cards[1])
        return _("{player} matches row card {n}, {row_card}, with {card}",
                 player=player, n=position + 1, row_card=game.row[position], card=cards[0])
    if kind == "discard":
        return n_("{player} discards {card} and ends the turn holding {n} card",
                  "{player} discards {card} and ends the turn holding {n} cards",
                  held, player=player, card=Card.parse(action.raw("card")), n=held)
    if not game.drawn and not game.matches:
        return _("{player} passes: both piles are empty", player=player)
    return n_("{player} ends the turn holding {n} card", "{player} ends the turn holding {n} cards",
              held, player=player, n=held)


def _ending_words(after: State) -> Message:
    """How the entry ended the game: a crossing or a tie."""
    game = _game(after)
    if game.winner is not None:
        return _("{player} is across and wins game {n}", player=after.players[game.winner], n=game.number + 1)
    return _("game {n} is a tie — {reason}", n=game.number + 1, reason=game.reason)


RECORDS = Rendered(maxsize=20_000)
OUTCOMES = Rendered(maxsize=512)


def _record_dict(players: tuple[str, str], record: Record) -> dict[str, Any]:
    return {
        "deal": record.deal,
        "dealer": players[record.dealer],
        "row": [str(c) for c in record.row],
        "matches": [
            {"player": players[p.seat], "row_index": p.row_index,
             "cards": [str(c) for c in p.cards], "turn": p.turn}
            for p in record.plays],
        "turns": dict(zip(players, record.turns)),
        "positions": dict(zip(players, record.positions)),
        "winner": None if record.winner is None else players[record.winner],
        "tie": record.tie,
        "reason": str(record.reason),
        "rule": record.rule,
        "scores": _game_scores(players, record.winner),
    }


def _game_scores(players: tuple[str, str], winner: int | None) -> dict[str, int]:
    """A game scores 1 for its winner, 0 for the loser and for both after a tie."""
    return {name: int(seat == winner) for seat, name in enumerate(players)}


GAME = Ropebridge()
