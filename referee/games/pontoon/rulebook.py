"""The rules page of Pontoon and Shoot Pontoon, in our own words."""
from __future__ import annotations

from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="pontoon",
    title="Pontoon and Shoot Pontoon",
    summary=(
        "The British way of playing twenty-one. One player holds the bank and every other "
        "player bets against it, trying to get closer to 21 than the banker without going "
        "over. Shoot Pontoon adds side bets against a kitty the banker puts up. The referee "
        "checks every stake and every card, settles each bet and keeps the money ledger for "
        "the whole session."
    ),
    sections=(
        Section(
            title="Players and cards",
            rules=(
                Rule("PONTOON-SETUP-1",
                     "Two or more players, as many as the pack can serve with five cards each, "
                     "the banker included; five to eight play best. One of them is the banker. "
                     "Use one ordinary 52-card pack without jokers: it serves up to ten people. "
                     "From eight players on you may shuffle two packs together, which serve up "
                     "to twenty, and then every card exists twice. A card can only turn up as "
                     "often as it is in the pack during one deal, so the referee refuses a card "
                     "it has already seen too often, without saying where a face-down card is."),
                Rule("PONTOON-SETUP-2",
                     "Everyone cuts the pack; the highest card (aces high) takes the bank for "
                     "the first deal. If the highest cards tie, those players cut again. "
                     "Without a recorded cut the first player listed is the first banker."),
                Rule("PONTOON-SETUP-3",
                     "Before play, agree the smallest and largest first stake. Every player's "
                     "first stake must lie between them."),
            ),
        ),
        Section(
            title="Counting and ranking hands",
            rules=(
                Rule("PONTOON-HAND-1",
                     "An ace counts 1 or 11, whichever suits its holder. Kings, queens, jacks "
                     "and tens count 10, every other card its number."),
                Rule("PONTOON-HAND-2",
                     "From best to worst: a pontoon (an ace with a 10, J, Q or K as your first "
                     "two cards); a five card trick (five cards that together come to 21 or "
                     "less); 21 made with three or four cards; then any other total of 20 or "
                     "less in fewer than five cards, higher beating lower. A hand over 21 is "
                     "bust and worth nothing."),
                Rule("PONTOON-HAND-3",
                     "When a player's hand and the banker's are equally good, the banker wins."),
                Rule("PONTOON-HAND-4",
                     "A worked example: A♠ J♥ beats 7-3-4-2-2 (a five card trick), which beats "
                     "9-8-4 (21 in three cards), which beats 9-A (20)."),
            ),
        ),
        Section(
            title="The deal",
            rules=(
                Rule("PONTOON-DEAL-1",
                     "The banker deals everyone one card face down, starting on their left "
                     "and finishing with themselves. Every player but the banker looks at "
                     "their card and puts down a first stake within the agreed limits. The "
                     "banker never stakes."),
                Rule("PONTOON-DEAL-2",
                     "Then everyone gets a second face-down card. If the banker now holds a "
                     "pontoon, it is turned up straight away: every player pays the banker "
                     "twice their stake and the deal ends there."),
            ),
        ),
        Section(
            title="Your turn",
            intro="Players take their turns one after another, starting on the banker's left.",
            rules=(
                Rule("PONTOON-TURN-1",
                     "Holding an ace and a ten-card, declare your pontoon: lay the ace face up "
                     "and the ten-card face down on it. Your hand is finished and waits for the "
                     "banker; the ten-card stays face down until the deal is settled."),
                Rule("PONTOON-TURN-2",
                     "Two cards of exactly the same rank may be split (two queens yes, a "
                     "queen and a jack no). Lay them face up; each becomes a hand of its own "
                     "with a new card, and the new hand carries a stake equal to your first "
                     "one. If another card of that rank comes, you may split again, up to "
                     "four hands. The hands are played one at a time, in order."),
                Rule("PONTOON-TURN-3",
                     "While your hand counts less than 21 (aces counted as 1) you may buy a "
                     "card face down by adding to your stake. The first card you buy costs "
                     "between your first stake and twice it; every later one between your "
                     "first stake and what you paid for the card before. Example: first stake "
                     "6, third card bought for 10, so the fourth costs 6 to 10."),
                Rule("PONTOON-TURN-4",
                     "While your hand counts less than 21 you may twist instead: the card is "
                     "dealt face up and your stake stays as it is. Once you have twisted, any "
                     "further card on that hand must be twisted too, never bought."),
                Rule("PONTOON-TURN-5",
                     "You may stick, keeping your cards and stake, when your hand counts at "
                     "least 15 (the best count that is not over 21)."),
                Rule("PONTOON-TURN-6",
                     "If a card takes you over 21 you are bust: throw the hand in at once and "
                     "the banker takes your stake. A hand the referee can already see is over "
                     "21 is thrown in for you."),
                Rule("PONTOON-TURN-7",
                     "Five cards that are not over 21 are a five card trick, and that hand "
                     "takes no more cards."),
                Rule("PONTOON-TURN-8",
                     "Cards dealt face down need not be entered when they are dealt. They are "
                     "entered when the hand is revealed, which every hand still in must be "
                     "before the banker settles. Anything that depended on them (buying or "
                     "twisting under 21, sticking on enough, a legal burn) is checked then, "
                     "and a breach is written down as a finding against that hand."),
            ),
        ),
        Section(
            title="The banker's turn and settling up",
            rules=(
                Rule("PONTOON-SETTLE-1",
                     "When all players are done, the banker turns up both cards and may deal "
                     "themselves more, face up, one at a time, stopping whenever they like; "
                     "there is no total they must reach. The banker cannot take a card on 21 "
                     "or more, on a pontoon, or after five cards."),
                Rule("PONTOON-SETTLE-2",
                     "If the banker goes over 21, every player still in is paid their stake, "
                     "and twice their stake for a pontoon or a five card trick."),
                Rule("PONTOON-SETTLE-3",
                     "If the banker stops on 21 or less with four cards or fewer, players with "
                     "a better hand are paid their stake (twice for a pontoon or five card "
                     "trick) and players with the same or a worse hand pay the banker their "
                     "stake. A banker on 21 therefore pays only pontoons and five card "
                     "tricks. The number of cards matters only for those: 19 in two cards is "
                     "worth exactly 19 in four."),
                Rule("PONTOON-SETTLE-4",
                     "If the banker makes a five card trick, only pontoons are paid (twice "
                     "the stake). Everybody else still in, five card tricks included, pays the "
                     "banker twice their stake. A hand that went bust has already paid its "
                     "single stake and pays nothing more."),
            ),
        ),
        Section(
            title="Between deals",
            rules=(
                Rule("PONTOON-NEXT-1",
                     "If nobody had a pontoon, the used cards go to the bottom of the pack "
                     "without shuffling and the next deal starts. After any pontoon the pack "
                     "is shuffled and cut first. The referee tells the dealer which."),
                Rule("PONTOON-NEXT-2",
                     "A player who made a pontoon without splitting, when the banker had "
                     "none, takes over the bank from the next deal. If several did, the one "
                     "sitting nearest the banker's left takes it."),
                Rule("PONTOON-NEXT-3",
                     "After any deal the banker may sell the bank to another player for a "
                     "price they agree. The price is written into the ledger."),
            ),
        ),
        Section(
            title="House rules",
            intro="Agree these before the session; the referee shows and prints the ones in use.",
            rules=(
                Rule("PONTOON-VARIANT-1",
                     "Aces only: the only pair that may be split is a pair of aces."),
                Rule("PONTOON-VARIANT-2",
                     "Stick on 16: you need at least 16, not 15, to stick."),
                Rule("PONTOON-VARIANT-3",
                     "Banker doubling: once all first stakes are down, the banker, having "
                     "looked at their own first card, may double every bet. Ordinary wins "
                     "and losses then move twice the stake; pontoon and five card trick "
                     "payments stay at twice the stake rather than becoming four times."),
                Rule("PONTOON-VARIANT-4",
                     "Pontoon payouts: a player's pontoon may be paid once, twice (usual) or "
                     "three times the stake, and a banker's pontoon may collect twice (usual) "
                     "or only once from each player."),
                Rule("PONTOON-VARIANT-5",
                     "Four cards of 11 or less: such a hand is sure to make a five card "
                     "trick, so the fifth card may only be twisted, not bought."),
                Rule("PONTOON-VARIANT-6",
                     "Royal pontoon: three sevens in a player's hand (never the banker's) "
                     "beat everything and are paid three times the stake."),
                Rule("PONTOON-VARIANT-7",
                     "Ranking pontoons: all pontoons equal (usual); an ace with a picture "
                     "card beating an ace with a ten; ace and ten being an ordinary 21 rather "
                     "than a pontoon; or \"natural\" pontoons (ace with king or queen) beating "
                     "ordinary ones (ace with jack or ten)."),
                Rule("PONTOON-VARIANT-8",
                     "Burning: a player whose two cards make a hard 13 — or, by agreement, a "
                     "hard 14 — with no ace among them may show and throw them away and be "
                     "dealt two new ones, keeping the same stake. You may burn again, and "
                     "each split hand may burn."),
            ),
        ),
        Section(
            title="Shoot Pontoon",
            intro="Played when the house rule \"shoot\" is on.",
            rules=(
                Rule("PONTOON-SHOOT-1",
                     "Before the first deal the banker puts up a kitty of any amount within "
                     "agreed limits."),
                Rule("PONTOON-SHOOT-2",
                     "Once all first stakes are down, the shoot bets go round once, from the "
                     "banker's left: each player in turn makes a shoot bet against the kitty, "
                     "separate from their stake, or declines. All shoot bets still open "
                     "together may not be more than the kitty. Nobody has to shoot; the second "
                     "card closes the round for anyone not yet asked."),
                Rule("PONTOON-SHOOT-3",
                     "Then the second card. If the banker has a pontoon, every shoot bet goes "
                     "into the kitty and every player pays the banker twice their stake. "
                     "Shoot bets on the first card close when the second card is dealt."),
                Rule("PONTOON-SHOOT-4",
                     "With three cards counting under 21, a player about to take a fourth "
                     "card (by twisting, or buying if the third was bought) may first make "
                     "another shoot bet within the kitty, and must then take that card. There "
                     "is no shooting once the fourth card is seen, not even for a fifth. "
                     "Shooting on the first card and on the fourth are independent."),
                Rule("PONTOON-SHOOT-5",
                     "If a player who has shot splits, the shoot bet stays with the hand that "
                     "keeps the first card, and the player may make a new shoot bet, within "
                     "the kitty, on the other hand."),
                Rule("PONTOON-SHOOT-6",
                     "A hand that goes bust puts its shoot bet into the kitty straight away, "
                     "which leaves more room for later shoot bets."),
                Rule("PONTOON-SHOOT-7",
                     "At the settlement a hand that beats the banker's is paid its shoot bet "
                     "from the kitty, one for one; a hand that ties or loses puts its shoot "
                     "bet into the kitty."),
                Rule("PONTOON-SHOOT-8",
                     "Before each deal the banker may add to the kitty but never take from "
                     "it. The agreed limits count only the banker's own money in the kitty: a "
                     "kitty grown past them by lost shoot bets may still be topped up. If the "
                     "kitty is empty at the end of a deal, the banker puts up a new one or "
                     "sells the bank. When the bank changes hands, by a pontoon or a sale, the "
                     "old banker takes whatever is left in the kitty and the new banker puts "
                     "up a fresh one."),
            ),
        ),
        Section(
            title="Money",
            rules=(
                Rule("PONTOON-LEDGER-1",
                     "Every payment — a settled stake, a shoot bet won or lost, money put into "
                     "or taken out of the kitty, the price of the bank — is one line in the "
                     "ledger, from one party to another, in whole units. Everyone's balance is "
                     "added up from those lines."),
                Rule("PONTOON-LEDGER-2",
                     "Money is never made or lost: all balances plus the kitty always equal "
                     "what the players bought in with."),
                Rule("PONTOON-LEDGER-3",
                     "When the session ends, the kitty goes back to the banker and the "
                     "referee proposes who pays whom to square up, using as few payments as "
                     "it can."),
            ),
        ),
    ),
    decisions=(
        "As many players as the packs serve with five cards each, the banker included: ten "
        "with one pack, twenty with two.",
        "A player's first two cards are never entered when dealt; they become known when the "
        "player declares a pontoon, splits, burns (if entered), throws in a bust with its cards, "
        "or reveals the hand. The banker's come in when the bank shows a pontoon or turns up.",
        "A card entered with a buy is shown on the table view at once; leave it out to keep it "
        "private until the hand is revealed.",
        "A check that needs face-down cards runs once all of that hand's cards are known; a "
        "breach is a finding citing the rule broken, and the hand still settles on its real "
        "cards (a hand found to be over 21 loses its stake and shoot bet).",
        "When the cards already entered show a hand is over 21 even with each unknown card "
        "counted as 1, the referee throws it in at once.",
        "Every standing hand with unknown cards must be revealed before the banker settles; a "
        "bust hand may be revealed but need not be.",
        "First stakes may be entered in any order. First-card shoot bets are entered in seat "
        "order from the banker's left, a decline as a shoot bet of 0; the second card closes "
        "the round, so only the declines before a later player's bet need entering.",
        "Split cards are laid face up, so the pair must be entered to split. Burned cards may "
        "be entered at once or with the hand's reveal.",
        "Hand numbers start at 1 in the order played; a split hand's new partner is numbered "
        "straight after it.",
        "With banker doubling every ordinary payment is doubled, a bust included; pontoon, five "
        "card trick and royal pontoon payments and the banker's pontoon and five card trick "
        "collections are not doubled, but never come to less than a doubled ordinary payment.",
        "When pontoons are ranked (an ace and picture card above an ace and ten, or an ace with "
        "king or queen above the others), a player who shows a pontoon outranking the banker's "
        "pontoon at the second card is paid for it; everyone else pays.",
        "A banker's pontoon first noticed when the bank turns up is recorded as a finding and settles "
        "as a pontoon; the banker cannot draw to it.",
        "The banker may draw only while counting under 21 with aces low and fewer than five "
        "cards; after a bust or five cards, the bank stands and the deal is settled.",
        "A pontoon in a split hand is paid as a pontoon but does not take the bank. A royal "
        "pontoon counts as a pontoon for the shuffle and for taking the bank.",
        "The bank passes the moment the deal is settled; the old banker takes the kitty then, "
        "and the new banker puts up a new one before the next deal.",
        "A kitty top-up is allowed only between deals, while the banker's own money in the "
        "kitty stays within the largest kitty; shoot bets paid from the kitty come first out of what "
        "lost shoot bets put in.",
        "A declared pontoon shows its ace on the table view; its ten-card shows as unknown until "
        "the deal is settled, and no refusal says where a face-down card is.",
        "A player may shoot once before the fourth card and must then buy or twist it.",
        "A new shoot bet on a split hand is allowed only if the pair carried a shoot bet, while "
        "that hand still holds two cards.",
        "The cut is aces high, ties cut again, and it must come before the first deal and kitty.",
        "A bank may be given away for a price of 0; no ledger line is written then.",
        "Ending the session returns the kitty to the banker; the settle-up counts money in the "
        "kitty as the banker's.",
        "The settle-up finds the true minimum number of payments for up to twelve people owed "
        "or owing, and otherwise pairs the largest creditor with the largest debtor.",
        "In quick mode a hand's stake includes its buys, so it may be up to seven times the "
        "largest first stake.",
    ),
)
