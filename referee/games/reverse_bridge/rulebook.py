"""The rules page of Reverse Bridge, in our own words."""
from __future__ import annotations

from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="reverse-bridge",
    title="Reverse Bridge",
    summary=(
        "A Whist-like trick-taking game for two partnerships, where the auction is turned "
        "around: each side bids how many tricks the OTHER side will take. Taking tricks is "
        "mostly bad news, and forced capture makes you take them anyway."
    ),
    sections=(
        Section(
            title="Setup",
            rules=(
                Rule("RB-SETUP-1",
                     "Four players: North and South are partners against East and West. Use "
                     "one ordinary pack of 52 cards, no jokers, and deal 13 cards to each "
                     "player. Each card is in the pack once, so a card can be played only "
                     "once per hand. The deal moves one seat clockwise after every hand, and a "
                     "new hand is dealt only once the last one's 13 tricks are played."),
            ),
        ),
        Section(
            title="Auction",
            intro="Bids predict the opponents' tricks, not your own.",
            rules=(
                Rule("RB-AUCTION-1",
                     "The player on the dealer's left calls first, then calls go round "
                     "clockwise. A call is either a pass or a bid. A bid has a level from 1 to "
                     "13 and a denomination; the denominations rank clubs ♣ (lowest), "
                     "diamonds ♦, hearts ♥, spades ♠, then no trump (highest)."),
                Rule("RB-AUCTION-2",
                     "Every bid must beat the bid before it: either a higher level, or the "
                     "same level in a higher denomination. There is no double or redouble."),
                Rule("RB-AUCTION-3",
                     "Once somebody has bid, the auction stops when three players in a row "
                     "pass. The last bid is the final bid, and the side that made it is the "
                     "bidding team. If all four players pass without a bid, the hand is "
                     "thrown in: nobody scores, it does not count as one of the match's "
                     "hands, and the next player deals."),
                Rule("RB-AUCTION-4",
                     "The final bid's denomination is trumps for the hand (no trumps at all "
                     "in no trump). Its level is how many tricks the bidding team says their "
                     "opponents will take."),
                Rule("RB-AUCTION-5",
                     "The opening lead belongs to the player sitting left of whoever was the "
                     "first to name the final bid's denomination in this auction. That can "
                     "be a player of either side."),
            ),
        ),
        Section(
            title="Play",
            rules=(
                Rule("RB-PLAY-1",
                     "The leader may lead any card. Everyone else, in clockwise order, must "
                     "play a card of the suit led if they have one. Not following when you "
                     "could is a revoke."),
                Rule("RB-PLAY-2",
                     "Forced capture: if you can win the trick you must, unless your partner "
                     "is winning it at that moment. Any card that wins will do, high or low. "
                     "In practice: if you hold a card of the led suit that beats the card "
                     "winning so far (and no trump has been played to the trick), play one "
                     "of those. If you have none of the led suit but hold trumps, you must "
                     "trump, and must beat any trump already in the trick if you can; if "
                     "your trumps are all too low you still have to play one. When your "
                     "partner is winning, all of this is lifted except following suit."),
                Rule("RB-PLAY-3",
                     "If no forced play applies, play any card. A trick goes to the highest "
                     "trump in it, or if there is none, to the highest card of the suit led; "
                     "aces are high. The winner of a trick leads to the next."),
                Rule("RB-PLAY-4",
                     "Two house rules change forced capture. \"Capture over partner\" (how the "
                     "game was first played) makes you win the trick even when your partner "
                     "is already winning it. \"No forced capture\" leaves only the duty to "
                     "follow suit, as in Whist. A match uses at most one of the two."),
            ),
        ),
        Section(
            title="Scoring",
            rules=(
                Rule("RB-SCORE-1",
                     "Call the final bid's level L, and the number of tricks taken by the "
                     "bidding team's opponents T."),
                Rule("RB-SCORE-2",
                     "If the opponents take at least L tricks, the bidding team scores: 2 "
                     "points per level in clubs or diamonds, 3 per level in hearts or spades, "
                     "and 3 per level plus 1 in no trump. If the opponents take fewer, the "
                     "bidding team scores nothing."),
                Rule("RB-SCORE-3",
                     "The opponents score 5 points for every trick they are away from the "
                     "level, in either direction: 5 × the difference between T and L. So a "
                     "bid that is exactly right gives them nothing."),
                Rule("RB-SCORE-4",
                     "Examples. Bid 7♠ and the opponents take 9: the bidders get 21, the "
                     "opponents 10. Bid 9♦ and the opponents take 6: the bidders get 0, the "
                     "opponents 15. Bid 1 no trump and the opponents take 1: 4 to 0."),
                Rule("RB-SCORE-5",
                     "A match lasts a set number of hands, chosen in advance as a multiple "
                     "of four so every player deals equally often (8 unless the table picks "
                     "another number). The side with more points at the end wins. The "
                     "scoring table shows every result for every bid."),
            ),
        ),
        Section(
            title="What the referee checks",
            intro=(
                "The referee only knows the cards entered at the table. While the hand is "
                "played it checks whose turn it is, the auction, that no card turns up twice, "
                "and who wins each trick. If a player who failed to follow a suit later plays "
                "a card of that suit, the earlier revoke is reported at once."
            ),
            rules=(
                Rule("RB-AUDIT",
                     "After the 13th trick every card has been seen, so the referee knows "
                     "exactly what each player held at every trick. It checks every play "
                     "against the follow-suit and forced-capture rules and lists each breach: "
                     "the trick, the player, the card played and what they should have "
                     "played. One breach is one finding: a revoke already proved during the "
                     "hand is confirmed by the audit, not listed again, and keeps the entry "
                     "that first proved it. The table then decides: it can correct the "
                     "opponents' trick count, giving a reason that is kept in the log and "
                     "printed, or simply deal the next hand, which accepts the result as it "
                     "stands."),
            ),
        ),
        Section(
            title="Results only",
            intro="For tables that keep the score without entering every card.",
            rules=(
                Rule("RB-QUICK",
                     "Each hand is entered whole, once it is played: the final bid, which side "
                     "made it, and how many tricks the other side took. The side can be named "
                     "directly (North–South or East–West) or through the player who made the "
                     "final bid; one of the two is given, not both. The hand is then scored "
                     "exactly as if it had been played card by card. A hand thrown in after "
                     "four passes can be entered too, so the deal moves on."),
            ),
        ),
    ),
    decisions=(
        "A failure to follow suit is never refused while the hand is played, because the "
        "referee cannot see hands; it is reported as soon as a later card proves it, and the "
        "end-of-hand audit confirms that report instead of making a second one.",
        "A card that has already been played this hand is refused, citing RB-SETUP-1.",
        "Forced capture is judged against the card winning the trick at the moment a player "
        "plays, so the second and third players are bound by it as well as the fourth.",
        "When the led suit is trumps, a player who can beat the winning trump with a higher "
        "one must do so, like any other suit.",
        "Under \"no forced capture\" a player who cannot follow suit may discard even when "
        "holding trumps.",
        "A breach is cited as RB-PLAY-1 when the player did not follow suit although able, and "
        "as RB-PLAY-2 when they followed suit or were void but did not win, trump or overtrump "
        "as forced capture required.",
        "The table may adjust the opponents' trick count (0 to 13) after any hand, with or "
        "without findings; a later adjustment of the same hand replaces the earlier one, and "
        "each one is logged and listed with the findings.",
        "The last hand of a match can still be adjusted after the match is over.",
        "The hand number shown counts only hands actually played; thrown-in (passed-out) hands "
        "are counted separately.",
        "In a results-only match a thrown-in hand can be entered to move the deal on.",
        "A results-only hand that names both the bidding team and the player who made the final "
        "bid is refused, even when the two agree: one way of saying it keeps the record "
        "unambiguous.",
        "A tie on points at the end of the match is shown as a tie.",
        "A new match refuses a player named like a team, citing RB-SETUP-1: NS, EW, North–South "
        "or East–West, or the German NS, OW, Nord–Süd or Ost–West, in any case and with any "
        "dash, space or slash (\"N/S\"). The score table and the messages name the teams so, "
        "and a player could not be told from a team. A match stored or imported earlier keeps "
        "its names.",
    ),
)
