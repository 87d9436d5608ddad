"""The rules of Curdle, in our own words, one entry per rule id the referee cites."""
from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="curdle",
    title="Curdle",
    summary=(
        "Two piles sit in the middle of the table: bank A and bank B. On your turn you play "
        "the card that fills the gap between their top cards, onto either bank, and keep going "
        "while you can. The first player to empty their hand wins the hand. Leave the banks so "
        "that nobody else can play (a curdle) and you are on your way."
    ),
    sections=(
        Section("Getting ready", (
            Rule("CURDLE-SETUP-1",
                 "Use one pack of 52 cards plus both jokers: 54 cards. Two to five people play. "
                 "Everyone gets ten cards; one card starts bank A and the rest is the stock, face "
                 "down (2 players: 33 cards, 3: 23, 4: 13, 5: only 3). Play goes clockwise, to "
                 "the left, and so does the deal: the next hand is dealt by the player on the "
                 "last dealer's left."),
            Rule("CURDLE-SETUP-2",
                 "After dealing, the dealer turns the top card of the stock face up in the "
                 "middle. That is bank A. Tell the referee which card it is (deal)."),
            Rule("CURDLE-SETUP-3",
                 "The player on the dealer's left puts any card they like from their hand next "
                 "to it: that is bank B (open). Then the same player takes an ordinary turn."),
        )),
        Section("What cards are worth", (
            Rule("CURDLE-VALUE-1",
                 "Number cards are worth their number, a king 13 and a joker 1."),
            Rule("CURDLE-VALUE-2",
                 "Jack, queen and ace are split cards with two values each: jack 11 or 3, "
                 "queen 12 or 2, ace 14 or 1. On top of a bank a split card is both values at "
                 "once; when you play one you may use whichever value works (you can tell the "
                 "referee which with \"as\", but you do not have to)."),
            Rule("CURDLE-VALUE-3",
                 "Suits never matter. A 7♣ and a 7♥ are the same card for every rule."),
        )),
        Section("Bridges and turns", (
            Rule("CURDLE-TURN-1",
                 "Take a value of bank A's top card and a value of bank B's top card; the "
                 "difference between them is a bridge. With split cards on top there can be "
                 "several. A card is a bridge when one of its values equals a bridge, and a "
                 "difference of 0 never counts."),
            Rule("CURDLE-TURN-2",
                 "On your turn you must play a bridge if you have one, onto whichever bank you "
                 "like. Then look again at the new tops: if you have another bridge you must "
                 "play it too, and so on. That string of cards is your run. When you hold no "
                 "bridge, say so (end of run) and the turn passes left. A card on a bank stays "
                 "there. The referee cannot see your hand, so this is on your honour, but if you "
                 "end a run or pass and later, without having taken any card since, play a card "
                 "that was a bridge at that moment, the referee notes it."),
            Rule("CURDLE-TURN-3",
                 "The first bridge of your turn is the starter. If you have none, draw the top "
                 "card of the stock. If the drawn card is a bridge (a fluker) you may play it "
                 "straight away and your run goes on; otherwise keep it and your turn is over. "
                 "Only a player who has no starter down yet this turn draws. When the stock is "
                 "empty you cannot draw: you pass. A card that breaks a natural curdle is not a "
                 "bridge, so it is no starter: after breaking you still need a starter, or draw."),
            Rule("CURDLE-TURN-4",
                 "The moment someone plays their last card, the hand is over and they have won "
                 "it. Nothing more is played; the next dealer deals the next hand."),
            Rule("CURDLE-TURN-5",
                 "Each card exists once (the two jokers twice). A card lying on a bank cannot "
                 "be played again, and the referee says where it lies. A card that went back "
                 "into a hand in a blind curdle, or under the stock, can come out again; until "
                 "someone draws from the cards put under the stock at that moment, only the "
                 "player who was given it can play it."),
        )),
        Section("Curdles", (
            Rule("CURDLE-CURDLE-1",
                 "The curdler is whoever last played a card onto a bank. Only the curdler "
                 "breaks a natural curdle or deals with a blind curdle."),
            Rule("CURDLE-CURDLE-2",
                 "A natural curdle: both tops are the same single-valued rank (7 and 7, king and "
                 "king, joker and joker), so every difference is 0 and nobody can play. The "
                 "curdler at once plays any card of a different rank onto either bank and then "
                 "carries on with their turn as usual; the breaking card is not a bridge, so it "
                 "does not count as the starter. A curdler who holds only cards of the curdled "
                 "rank draws from the stock until they can break; with an empty stock they pass, "
                 "and that becomes a blind curdle. But when the curdler holds more cards than "
                 "there are cards of that rank still unseen (the others lie on the banks, or were "
                 "handed to another player in a blind curdle), one of them must be of another "
                 "rank: the referee then refuses a draw or a pass."),
            Rule("CURDLE-CURDLE-3",
                 "A kingfisher: the tops are ace and ace, or ace and joker. The only bridge is "
                 "13 (14 − 1), so only a king can be played. It is not a natural curdle. Every "
                 "kingfisher is noted in the hand's record however it came about, also when a "
                 "blind curdle uncovers one."),
            Rule("CURDLE-CURDLE-4",
                 "A blind curdle: there is a bridge, but nobody holds one. The referee calls it "
                 "when, after the curdler's last card, every other player has had a turn and "
                 "failed (drew and kept the card, or passed on an empty stock)."),
            Rule("CURDLE-CURDLE-5",
                 "In a blind curdle the curdler picks a bank and takes its top four cards. Each "
                 "card is either kept or handed to another player, at most one card per other "
                 "player. For every card received (kept ones too) the receiver puts one card "
                 "from their hand at the bottom of the stock, so nobody's hand size changes. If "
                 "the bank had fewer than four cards, the missing ones come from the top of the "
                 "stock. If the bank is now empty, the top card of the stock is turned up to "
                 "start it again. Then the curdler takes a fresh turn."),
        )),
        Section("Scoring", (
            Rule("CURDLE-SCORE-1",
                 "Normally the score is simply how many hands each player has won. The table "
                 "can agree to stop when someone has won a set number of hands (house rule "
                 "“Hands to win”); 0 means play as long as you like."),
            Rule("CURDLE-SCORE-2",
                 "House rule scoring by cards left: when a hand ends, every other player takes "
                 "one penalty point per card still in their hand (the referee knows the counts). When "
                 "someone reaches the target (100 unless agreed otherwise), the match is over "
                 "and the lowest total wins; equal lowest totals share the win."),
        )),
    ),
    decisions=(
        "Seat order is clockwise; the first dealer is the first player listed.",
        "Bank B's opening card is not part of the opener's run: the opener still needs a "
        "starter (or draws) on the turn that follows.",
        "A card that breaks a natural curdle is not a bridge: it does not count as the starter. "
        "After it the curdler still needs a starter, or draws (passes on an empty stock), just "
        "as the opener does after starting bank B; a starter played earlier in the same turn "
        "still counts, and then the curdler may end the run.",
        "A curdler who holds only cards of the curdled rank draws until they can break; with an "
        "empty stock they pass, which makes it a blind curdle for them. When the hand count "
        "proves they can break (more cards in hand than unseen cards of that rank), drawing "
        "and passing are refused.",
        "A natural curdle made by a restart card in a blind curdle is broken by the curdler.",
        "The count towards a blind curdle restarts after each blind curdle; if the curdler then "
        "fails too and all others fail again, it is another blind curdle for the same curdler.",
        "When the stock cannot make up a short bank in a blind curdle, the curdler takes only "
        "the cards there are; the put-under cards always leave the stock with a card to restart "
        "an empty bank.",
        "The table says who gets each card of a blind curdle; those cards are then known to be "
        "in that player's hand or among that moment's put-under cards, and nobody else may play "
        "them until that part of the stock is reached.",
        "A false “no bridge” is reported whenever the proof comes, not only in the very next "
        "run; drawing a card or receiving one in a blind curdle ends what a claim can prove. "
        "Passing in a natural curdle counts as claiming to hold only the curdled rank.",
        "The optional \"as\" on a played card is a number, checked but changing nothing: a split "
        "card on top is always both of its values.",
        "Every curdle of a hand is recorded in its history and on the score sheet, however it "
        "came about: a kingfisher uncovered by a blind curdle too.",
        "With hands-won scoring the match ends when someone has won the number of hands in "
        "house rule “Hands to win” (0: never); that house rule cannot be combined with "
        "cards-left scoring.",
        "With cards-left scoring the target is checked after each hand; equal lowest totals "
        "share the win.",
        "In quick mode each entry records one hand: the winner and, for cards-left scoring, the "
        "cards left in every loser's hand (at least 1 each, at most 52 together).",
    ),
)
