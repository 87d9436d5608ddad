"""The Ropebridge rules page, in our own words."""
from __future__ import annotations

from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="ropebridge",
    title="Ropebridge",
    summary=(
        "A race for two. A row of cards is the bridge; both players cross it from the left, "
        "one card at a time, by laying cards from their hand that match each bridge card. "
        "The first to match the last card of the row wins the game."
    ),
    sections=(
        Section(
            title="Setting up",
            rules=(
                Rule("ROPE-SETUP-1",
                     "Two players and one pack of 52 cards plus its two jokers (without jokers "
                     "if the house rule says so). Each card exists once: the referee refuses a "
                     "card it has already seen somewhere else, and says where it saw it."),
                Rule("ROPE-SETUP-2",
                     "Deal the bridge: a row of cards face down, 10 unless the house rule says "
                     "otherwise. Then seven cards to each player. The rest is the stock; turn its "
                     "top card face up to start the discard pile. Enter the deal before anything "
                     "else."),
                Rule("ROPE-SETUP-3",
                     "Turn up the first cards of the row from the left: four, or as many as the "
                     "house rule says. Enter exactly those cards and the card on the discard "
                     "pile."),
                Rule("ROPE-SETUP-4",
                     "The player who did not deal goes first. The deal changes hands every "
                     "game."),
            ),
        ),
        Section(
            title="Matching a bridge card",
            intro="You always match your own next bridge card, with one or two cards from your "
                  "hand.",
            rules=(
                Rule("ROPE-MATCH-1",
                     "Aces count 1 and the cards 2 to 10 count their number. Jacks, queens and "
                     "kings count nothing: they are court cards."),
                Rule("ROPE-MATCH-2",
                     "A number card on the bridge is matched by one card of the same number, by "
                     "one joker, or by two number cards, one red (♥ ♦) and one black (♣ ♠), "
                     "whose sum or difference is that number. Example: 5♠ and 3♥ match an 8 or "
                     "a 2."),
                Rule("ROPE-MATCH-3",
                     "A court card on the bridge takes one card only: a court card of the same "
                     "rank (any suit) or a joker."),
                Rule("ROPE-MATCH-4",
                     "A joker on the bridge takes any one card."),
                Rule("ROPE-MATCH-5",
                     "Jokers and court cards from your hand always match alone; they never make "
                     "one half of a pair."),
                Rule("ROPE-MATCH-6",
                     "Each player crosses on their own: your next bridge card is the leftmost one "
                     "you have not matched yet, and you cannot skip it. Both players match every "
                     "bridge card, each with their own cards, which stay in front of them."),
            ),
        ),
        Section(
            title="Taking turns",
            rules=(
                Rule("ROPE-TURN-1",
                     "On your turn, either match, or draw one card first and then match if you "
                     "can. Draw the top card of the stock or of the discard pile (everyone sees "
                     "which one you take from the discard pile). A draw always comes before any "
                     "match, and a turn with neither a draw nor a match is allowed only when "
                     "both piles are empty."),
                Rule("ROPE-TURN-2",
                     "Match at most two bridge cards in one turn: your next one, then the one "
                     "after it."),
                Rule("ROPE-TURN-3",
                     "End your turn with at most seven cards in hand. If a draw takes you to "
                     "eight, match or put a card face up on the discard pile. A discard ends your "
                     "turn, and you may discard only in a turn in which you drew."),
                Rule("ROPE-TURN-4",
                     "Nobody refills a hand after matching. When the discard pile or the stock "
                     "is empty it stays empty."),
                Rule("ROPE-TURN-5",
                     "When a match reaches a bridge card that neither player had reached before, "
                     "turn up the next face-down bridge card and enter it before going on. So the "
                     "face-up cards always reach as far ahead of the leading player as at the "
                     "start of the game."),
                Rule("ROPE-TURN-6",
                     "Whoever first matches the last bridge card wins the game."),
                Rule("ROPE-TURN-7",
                     "If you cannot match and both piles are empty, you pass. When both players "
                     "pass one after the other, the game is a stalemate: a tie."),
            ),
        ),
        Section(
            title="Tied games",
            rules=(
                Rule("ROPE-TIE-1",
                     "Unbeatable bridge: if the face-up bridge can never be crossed, the game is "
                     "a tie and you deal again. The referee counts each time a bridge card is "
                     "turned up or matched. For every court rank with k cards on the bridge still "
                     "ahead of the leading player, that player needs k matching cards: the other "
                     "copies of that rank, and jokers for the rest. A card or joker lying on the "
                     "bridge or already matched is gone; only cards that can still be drawn or "
                     "held count. With all four kings on the bridge, for example, four jokers "
                     "would be needed."),
                Rule("ROPE-TIE-2",
                     "Stalemate: when each player holds the cards the other one needs, nobody "
                     "can get across. The players may declare a stalemate at any time during "
                     "play; the game is then a tie. The referee also notices on its own when a "
                     "player's next bridge card is a court card and every card that could match "
                     "it is gone: on the bridge or already matched. A card under the top of the "
                     "discard pile is not gone, because taking the top uncovers the next card and "
                     "a player who can keep a drawn card can dig down to it; it is gone only when "
                     "no player can ever keep a drawn card again. That player is stuck for good; "
                     "when both are, the game is a tie."),
            ),
        ),
        Section(
            title="House rules",
            intro="Chosen when the match is created, shown on the match page and on the score "
                  "sheet.",
            rules=(
                Rule("ROPE-VARIANT-1",
                     "A bridge of 7 to 12 cards; 1 to 10 of them face up at the start (never more "
                     "than the bridge is long); with or without the jokers; and 'one step at a "
                     "time', where you match at most one bridge card per turn."),
                Rule("ROPE-VARIANT-2",
                     "Harder pairs: two cards of the same colour count only as their sum, a red "
                     "and a black card only as their difference. 4♠ and 3♠ match a 7; 4♠ and 3♥ "
                     "match an ace."),
                Rule("ROPE-VARIANT-3",
                     "Simpler pairs: any two number cards match their sum or their difference, "
                     "whatever their colours."),
                Rule("ROPE-VARIANT-4",
                     "Ace 1 or 11: an ace counts 1 or 11, on the bridge and in your hand. A 4 and "
                     "a 7 can then match an ace."),
                Rule("ROPE-VARIANT-5",
                     "Court cards are 10: jacks, queens and kings become number cards worth 10, "
                     "matched like any number card and usable in pairs."),
            ),
        ),
    ),
    decisions=(
        "The deal alternates every game, a tied game included: the redeal after an "
        "unbeatable bridge is dealt by the other player.",
        "A match may name the bridge card it is for; that is only a check: it must be the "
        "player's next bridge card (ROPE-MATCH-6). Without it the match is on the next card.",
        "A player may discard only in a turn in which they drew (the discard is an exchange for "
        "the drawn card), whether or not they are over seven cards, and the discard ends the "
        "turn; a player who drew may also match first and then discard.",
        "A pass is ending the turn with neither a draw nor a match; it is accepted only when the "
        "stock and the discard pile are both empty. Two passes in a row tie the game.",
        "A declared stalemate is the players' joint declaration: it is accepted at any moment of "
        "play (not while a bridge card waits to be turned up) and ends the game as a tie.",
        "A card seen twice, or a card that cannot be in the hand it is played from, is refused "
        "under ROPE-SETUP-1 (each card exists once); a joker in a match without jokers is "
        "refused under ROPE-VARIANT-1.",
        "The unbeatable count (ROPE-TIE-1) is made for the player furthest along: court cards "
        "that player has already passed need nothing more, and whoever is behind needs at least "
        "as much. It is made after every deal, turned-up card and match, because a match can use "
        "up the last card or joker the bridge needs. Cards in the discard pile can still be drawn "
        "and count as left.",
        "Stuck for good (ROPE-TIE-2) counts a card under the top of the discard pile as gone only "
        "when both players hold seven cards and neither can match: whatever either of them draws "
        "must then go back on the pile. A player who drew this turn may still discard, so counts "
        "with one card fewer. Stuck for good is reported once per player per game, and the game "
        "ties when both players are stuck at the same moment. When even the player furthest "
        "along can never match the bridge, the unbeatable bridge (ROPE-TIE-1) is declared first.",
        "A wrong-value match is cited under the house rule that shaped the values (courts worth "
        "10, then ace 1 or 11, then the harder or simpler pairs), otherwise ROPE-MATCH-2.",
        "A drawn stock card may be shown and entered; it then counts as a known card of that "
        "hand, like a card taken from the discard pile.",
        "A game scores 1 for its winner and 0 otherwise; a tie scores 0 for both and is "
        "counted among the ties.",
    ),
)
