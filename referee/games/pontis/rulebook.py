"""The rules of Pontis, in our own words, one entry per rule id the referee cites."""
from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="pontis",
    title="Pontis",
    summary=(
        "Everyone builds a pile of cards, called a bank. On your turn you try to put onto your "
        "bank the card whose value is the gap between your top card and the top card of the "
        "bank on your right. Get rid of your cards, collect suit points, and count your bank "
        "at the end."
    ),
    sections=(
        Section("Getting ready", (
            Rule("PONTIS-SETUP-1",
                 "Two to thirteen people can play. Sit in a circle; play goes clockwise (to the "
                 "left). The first game's dealer is the first player listed, and each new game "
                 "the deal moves one seat to the left. Each player has a bank, unless the table "
                 "chose a different number of banks (see Banks)."),
            Rule("PONTIS-SETUP-2",
                 "Use one ordinary pack of 52 cards with 2, 3 or 4 jokers (the table decides; "
                 "two is usual). A joker already on a bank cannot be played a second time."),
            Rule("PONTIS-SETUP-3",
                 "Before dealing, pick one suit: this game's foundation suit. Shuffle its 13 "
                 "cards on their own and give each bank one of them face down. That card is the "
                 "bank's foundation; only a card of the foundation suit can be turned up as one."),
            Rule("PONTIS-SETUP-4",
                 "Shuffle everything else together (the other three suits, the foundation-suit "
                 "cards nobody got, the jokers) and deal it out evenly. Cards that do not share "
                 "out evenly are put aside for the whole game. The referee knows how many cards "
                 "each player holds and counts them down as they are played, so nobody can play "
                 "a card they no longer have."),
        )),
        Section("What cards are worth", (
            Rule("PONTIS-VALUE-1",
                 "Number cards count their number. Jack counts 11, queen 12, king 13."),
            Rule("PONTIS-VALUE-2",
                 "An ace counts 1 or 14. On top of a bank it is both at once. Played on its own "
                 "it is only ever a 1. As one of the two cards of a sum play it may be either."),
            Rule("PONTIS-VALUE-3",
                 "A joker can be any card. When you play it, say which card it is (rank and "
                 "suit); from then on it is exactly that card, also for suit points and as the "
                 "top of your bank."),
        )),
        Section("Taking turns", (
            Rule("PONTIS-TURN-1",
                 "The bank on your right is your affecter. Your bridge is the difference "
                 "between the value of your own top card and the value of your affecter's top "
                 "card. With an ace on top there can be two possible bridges."),
            Rule("PONTIS-TURN-2",
                 "The dealer starts by turning up their foundation, and that is their whole "
                 "first turn. Every other player, on their first turn, turns up their "
                 "foundation and then, straight away, plays a bridge card if they can."),
            Rule("PONTIS-TURN-3",
                 "On your turn, either play one card whose value is your bridge onto your own "
                 "bank, or say “miss”. A bridge of 0 cannot be played with one card. Then the "
                 "turn passes to the left."),
            Rule("PONTIS-TURN-4",
                 "You may play a joker only when you do not have a real card of the bridge "
                 "value, and it must be named as a card of the bridge value. You never have to "
                 "play a joker: you may miss instead."),
            Rule("PONTIS-TURN-5",
                 "Every card in the pack exists once (apart from the jokers). A card that is "
                 "already on a bank cannot be entered again; the referee tells you where it was "
                 "seen. A joker may stand for any card, even one already on a bank, and a real "
                 "card can still be played after a joker stood for it."),
        )),
        Section("Suit points", (
            Rule("PONTIS-SUIT-1",
                 "If the bridge card you play has the same suit as your affecter's top card at "
                 "that moment, you score one suit point (tap your bank twice)."),
            Rule("PONTIS-SUIT-2",
                 "When two cards are played with the sum ability, each of them that matches "
                 "the affecter's suit scores a point. The table may instead decide that only "
                 "the card placed on top can score."),
        )),
        Section("The sum ability", (
            Rule("PONTIS-SUM-1",
                 "When every bank in turn has missed since the last card was played, the first "
                 "player who missed in that run gets the sum ability, and it is their turn. "
                 "Misses in the very first round count too. Nobody else may play two cards."),
            Rule("PONTIS-SUM-2",
                 "With the sum ability you play two cards whose sum or difference equals your "
                 "bridge. Here a bridge of 0 is fine (two cards of the same value), and an ace "
                 "may be 1 or 14. Both cards go on your bank and you say which one is on top. "
                 "Jokers cannot be used for this."),
            Rule("PONTIS-SUM-3",
                 "If you hold the sum ability but cannot use it, say “miss”: the ability goes "
                 "to the next player, who tries with their own bridge, and so on round the "
                 "table."),
            Rule("PONTIS-SUM-4",
                 "Once two cards have been played the ability is used up; the next player goes "
                 "back to playing single cards."),
            Rule("PONTIS-SUM-5",
                 "With only two players (however many banks): whoever makes a curdle gets the "
                 "sum ability at once. The other player still plays first (a king on two aces is "
                 "allowed); if they miss, the turn comes back to the curdle's maker, who now "
                 "holds the ability. On a curdle of two aces the maker may still answer with a "
                 "single king instead: the ability is a right, not a duty."),
        )),
        Section("Curdles", (
            Rule("PONTIS-CURDLE-1",
                 "A curdle is two neighbouring banks with top cards of the same value. No "
                 "single card can bridge a curdle, except a king between two aces (the "
                 "“kingfisher”, 14 − 1 = 13)."),
            Rule("PONTIS-CURDLE-2",
                 "A complete curdle is when every bank shows the same rank on top."),
        )),
        Section("The end of a game and the score", (
            Rule("PONTIS-END-1",
                 "A game ends at once when a player plays their last card, or when the sum "
                 "ability has gone all the way round the table with nobody able to use it."),
            Rule("PONTIS-END-2",
                 "Going out (playing your last card) earns a grand bonus of 4 points."),
            Rule("PONTIS-END-3",
                 "If play stops on a complete curdle, there is no bonus and no penalty."),
            Rule("PONTIS-END-4",
                 "If play stops because nobody can make a bridge, even with the sum ability, "
                 "and it is not a complete curdle, the first player who missed after the last "
                 "card was played loses 2 points."),
            Rule("PONTIS-END-5",
                 "Your score for a game is the number of cards in your bank (foundation "
                 "included), plus your suit points, plus any bonus or penalty, plus any points "
                 "for calling “liar!”. A match is several games; the scores add up, bonuses "
                 "included, and the highest total wins."),
        )),
        Section("Faking a miss", (
            Rule("PONTIS-LIAR-1",
                 "You may say “miss” while holding a card you could play. Unless the table "
                 "plays with liar points, that is allowed and costs nothing."),
            Rule("PONTIS-LIAR-2",
                 "Nobody draws cards in Pontis, so every card you play was in your hand all "
                 "game long. If you play a real card that would have bridged an earlier miss of "
                 "yours, or two cards that would have made an earlier sum-ability bridge you "
                 "passed on, or a real card that was a bridge when you played a joker, the "
                 "referee shows everyone the proof at that moment, naming both entries."),
            Rule("PONTIS-LIAR-3",
                 "If the table plays with liar points, anyone other than the faker (and their "
                 "bank partners) may call “liar!” on any proven fake not yet called, and gains "
                 "those points in that game. A call names the fake it is made on; without a "
                 "name it is made on the latest one the caller may call. A call with nothing "
                 "proven is turned down."),
        )),
        Section("Banks", (
            Rule("PONTIS-BANKS-1",
                 "The table may play with a different number of banks than players, as long as "
                 "one number divides the other: four players on two banks, eight on four or "
                 "two, two players with three banks each, and so on. The turn goes from bank to "
                 "bank clockwise, and the referee records who played on each turn."),
            Rule("PONTIS-BANKS-2",
                 "Partners on one bank either score it as a team (its cards and suit points "
                 "count for each of them) or each scores only the cards they put on banks "
                 "themselves."),
        )),
    ),
    decisions=(
        "The deal moves one seat to the left each game: the dealer of game k is seat k modulo "
        "the number of players.",
        "With shared banks, bank b belongs to seats b, b + banks, …; with several banks each, "
        "bank b belongs to seat b modulo the number of players, so turns go round the table "
        "in seat order either way.",
        "There is one foundation per bank, so the cards dealt out are the pack minus one "
        "foundation per bank, shared evenly between all players.",
        "On a shared bank any partner may act on its turn; a miss means none of the partners "
        "could play, so a card any of them plays later can prove it false.",
        "A joker must be named as a real card of a bridge value; it may be a card already on a "
        "bank (as itself or as another joker), and the real card stays playable afterwards.",
        "A foundation counts, in individual scoring, for the player who turned it up.",
        "The two-player curdle rule applies whenever the match has exactly two players, "
        "whatever the number of banks; a curdle is made with either neighbouring bank, by a "
        "single card or a pair, but playing a pair onto an existing curdle does not make a new "
        "one.",
        "If the other player answers a two-player curdle with a king, the maker's claim to the "
        "sum ability lapses and play goes on normally. A maker who holds the ability may answer "
        "a curdle of two aces with a single king too.",
        "Ending on a complete curdle is decided when the sum ability has gone all the way round "
        "unused while every top card has the same rank; going out always counts as going out.",
        "The −2 penalty goes to the player who declared the first miss after the last card was "
        "played (for a team bank, the whole team takes it).",
        "A “liar!” call can be made any time until the next game is dealt, on any proven fake "
        "not yet called (by default the latest one the caller may call); the faker and, in team "
        "scoring, their partners cannot call.",
        "In quick scoring a full bank (the whole hand and the foundation) belongs only to the "
        "player who went out, and only in a game that ended with going out.",
        "Calling “liar!” is only possible when the table chose liar points above 0.",
        "A game can be stopped after a fixed number of games (house rule games); otherwise the "
        "match goes on until the table stops.",
    ),
)
