"""Die Regeln von Curdle auf Deutsch, in eigenen Worten: dieselben Regel-Ids wie die englische
Seite, in derselben Reihenfolge."""
from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="curdle",
    title="Curdle",
    summary=(
        "In der Tischmitte liegen zwei Stapel offen: Bank A und Bank B. Wer am Zug ist, legt "
        "eine Karte, die genau die Lücke zwischen den beiden obersten Karten füllt – auf "
        "welche Bank, ist egal – und legt weiter, solange es geht. Wer zuerst keine Karten "
        "mehr hat, gewinnt die Runde. Wer die Banken so hinterlässt, dass niemand mehr legen "
        "kann (ein Curdle, wörtlich: die Milch „gerinnt“), ist auf dem besten Weg dorthin."
    ),
    sections=(
        Section("Vorbereitung", (
            Rule("CURDLE-SETUP-1",
                 "Gespielt wird mit einem Blatt zu 52 Karten und beiden Jokern, also 54 Karten, "
                 "zu zweit bis zu fünft. Jeder bekommt zehn Karten; eine Karte eröffnet Bank A, "
                 "der Rest bildet verdeckt den Stapel (zu zweit 33 Karten, zu dritt 23, zu viert "
                 "13, zu fünft nur 3). Gespielt wird im Uhrzeigersinn, also nach links, und auch "
                 "das Geben wandert nach links: Die nächste Runde gibt, wer links vom letzten "
                 "Geber sitzt."),
            Rule("CURDLE-SETUP-2",
                 "Nach dem Austeilen deckt der Geber die oberste Karte des Stapels auf und legt "
                 "sie offen in die Mitte. Das ist Bank A. Sag dem Schiedsrichter, welche Karte es "
                 "ist (deal)."),
            Rule("CURDLE-SETUP-3",
                 "Wer links vom Geber sitzt, legt eine beliebige Karte aus der Hand daneben: Das "
                 "ist Bank B (open). Danach hat derselbe Spieler einen ganz normalen Zug."),
        )),
        Section("Was die Karten zählen", (
            Rule("CURDLE-VALUE-1",
                 "Zahlenkarten zählen ihren Augenwert, der König 13 und der Joker 1."),
            Rule("CURDLE-VALUE-2",
                 "Bube, Dame und Ass sind geteilte Karten mit je zwei Werten: Bube 11 oder 3, "
                 "Dame 12 oder 2, Ass 14 oder 1. Oben auf einer Bank gilt eine geteilte Karte als "
                 "beide Werte zugleich; spielst du eine aus, nimmst du den Wert, der gerade passt "
                 "(du kannst ihn dem Schiedsrichter mit \"as\" nennen, musst aber nicht)."),
            Rule("CURDLE-VALUE-3",
                 "Die Farbe spielt nie eine Rolle. Kreuz Sieben und Herz Sieben (7♣ und 7♥) sind "
                 "für jede Regel dieselbe Karte."),
        )),
        Section("Brücken und Züge", (
            Rule("CURDLE-TURN-1",
                 "Nimm einen Wert der obersten Karte von Bank A und einen Wert der obersten Karte "
                 "von Bank B; ihr Unterschied ist eine Brücke. Liegen geteilte Karten oben, kann es "
                 "mehrere Brücken geben. Eine Karte ist eine Brücke, wenn einer ihrer Werte einer "
                 "Brücke entspricht; ein Unterschied von 0 zählt nie."),
            Rule("CURDLE-TURN-2",
                 "Bist du am Zug und hast eine Brücke, musst du sie legen, auf eine Bank deiner "
                 "Wahl. Dann schau dir die neuen obersten Karten an: Hast du wieder eine Brücke, "
                 "musst du auch sie legen, und so weiter. Diese Folge von Karten ist deine Serie. "
                 "Hast du keine Brücke mehr, sagst du das (Serie beendet), und der Zug geht nach "
                 "links. Eine Karte auf einer Bank bleibt dort liegen. Der Schiedsrichter sieht "
                 "deine Hand nicht, das läuft also auf Ehrenwort. Beendest du aber eine Serie oder "
                 "passt und legst später, ohne inzwischen eine Karte aufgenommen zu haben, eine "
                 "Karte, die in jenem Moment eine Brücke war, hält der Schiedsrichter das fest."),
            Rule("CURDLE-TURN-3",
                 "Die erste Brücke deines Zugs ist der Starter. Hast du keinen, ziehst du die "
                 "oberste Karte vom Stapel. Ist die gezogene Karte eine Brücke (ein Fluker), darfst "
                 "du sie sofort legen, und deine Serie geht weiter; sonst nimmst du sie auf die "
                 "Hand, und dein Zug ist vorbei. Ziehen darf nur, wer in diesem Zug noch keinen "
                 "Starter gelegt hat. Ist der Stapel leer, kannst du nicht ziehen: Du passt. Eine "
                 "Karte, die einen natürlichen Curdle bricht, ist keine Brücke und damit kein "
                 "Starter: Nach dem Brechen brauchst du noch einen Starter, oder du ziehst."),
            Rule("CURDLE-TURN-4",
                 "Sobald jemand seine letzte Karte legt, ist die Runde vorbei, und er hat sie "
                 "gewonnen. Es wird nichts mehr gelegt; der nächste Geber gibt die nächste Runde."),
            Rule("CURDLE-TURN-5",
                 "Jede Karte gibt es nur einmal (den Joker zweimal). Eine Karte, die auf einer "
                 "Bank liegt, kann nicht noch einmal gespielt werden, und der Schiedsrichter sagt, "
                 "wo sie liegt. Eine Karte, die bei einem blinden Curdle wieder auf eine Hand oder "
                 "unter den Stapel gekommen ist, kann wieder auftauchen; bis jemand von den Karten "
                 "zieht, die damals unter den Stapel gelegt wurden, darf sie nur der Spieler "
                 "legen, der sie bekommen hat."),
        )),
        Section("Curdles", (
            Rule("CURDLE-CURDLE-1",
                 "Der Curdler ist, wer zuletzt eine Karte auf eine Bank gelegt hat. Nur der "
                 "Curdler bricht einen natürlichen Curdle oder führt einen blinden Curdle aus."),
            Rule("CURDLE-CURDLE-2",
                 "Ein natürlicher Curdle: Beide obersten Karten haben denselben Rang mit nur einem "
                 "Wert (7 und 7, König und König, Joker und Joker). Jeder Unterschied ist dann 0, "
                 "und niemand kann legen. Der Curdler legt sofort eine Karte eines anderen Rangs "
                 "auf eine der Banken und macht danach ganz normal mit seinem Zug weiter; die "
                 "brechende Karte ist keine Brücke und zählt nicht als Starter. Hat er nur Karten "
                 "des geronnenen Rangs, zieht er vom Stapel, bis er brechen kann; ist der Stapel "
                 "leer, passt er, und daraus wird ein blinder Curdle. Hält der Curdler aber mehr "
                 "Karten, als es von diesem Rang noch ungesehene gibt (die übrigen liegen auf den "
                 "Banken oder wurden bei einem blinden Curdle einem anderen Spieler gegeben), muss "
                 "eine davon einen anderen Rang haben: Dann weist der Schiedsrichter Ziehen und "
                 "Passen zurück."),
            Rule("CURDLE-CURDLE-3",
                 "Der Kingfisher („Eisvogel“): Oben liegen Ass und Ass oder Ass und Joker. Die "
                 "einzige Brücke ist dann 13 (14 − 1), also passt nur ein König. Ein natürlicher "
                 "Curdle ist das nicht. Jeder Kingfisher wird im Protokoll der Runde festgehalten, "
                 "wie auch immer er entsteht, auch wenn ein blinder Curdle ihn aufdeckt."),
            Rule("CURDLE-CURDLE-4",
                 "Ein blinder Curdle: Es gibt eine Brücke, aber keiner hat sie. Der Schiedsrichter "
                 "stellt ihn fest, wenn nach der letzten Karte des Curdlers alle anderen Spieler "
                 "einmal am Zug waren und nicht legen konnten (gezogen und behalten, oder bei "
                 "leerem Stapel gepasst)."),
            Rule("CURDLE-CURDLE-5",
                 "Beim blinden Curdle wählt der Curdler eine Bank und nimmt ihre obersten vier "
                 "Karten. Jede davon behält er oder gibt sie einem Mitspieler, aber jedem "
                 "Mitspieler höchstens eine. Für jede erhaltene Karte (auch für jede behaltene) "
                 "legt der Empfänger eine Karte aus seiner Hand unter den Stapel, so dass sich "
                 "keine Kartenzahl ändert. Lagen auf der Bank weniger als vier Karten, kommen die "
                 "fehlenden oben vom Stapel. Ist die Bank danach leer, wird die oberste Karte des "
                 "Stapels aufgedeckt und beginnt sie neu. Dann hat der Curdler einen neuen Zug."),
        )),
        Section("Wertung", (
            Rule("CURDLE-SCORE-1",
                 "Normalerweise zählt einfach, wie viele Runden jeder gewonnen hat. Ihr könnt "
                 "vereinbaren, aufzuhören, sobald jemand eine bestimmte Zahl von Runden gewonnen "
                 "hat (Hausregel „Runden zum Sieg“); 0 heißt: Spielt, so lange ihr wollt."),
            Rule("CURDLE-SCORE-2",
                 "Hausregel Wertung nach Restkarten: Am Ende einer Runde bekommt jeder andere "
                 "Spieler einen Strafpunkt pro Karte, die er noch auf der Hand hat (der "
                 "Schiedsrichter kennt die Anzahl). Erreicht jemand die Grenze (100, wenn nichts "
                 "anderes vereinbart ist), ist die Partie vorbei, und die niedrigste Summe gewinnt; "
                 "bei gleich niedriger Summe teilen sich die Spieler den Sieg."),
        )),
    ),
    decisions=(
        "Gespielt wird im Uhrzeigersinn; der erste Geber ist der erste Spieler in der Liste.",
        "Die Eröffnungskarte von Bank B gehört nicht zur Serie des Eröffners: Er braucht in dem "
        "Zug, der folgt, trotzdem einen Starter (oder zieht).",
        "Eine Karte, die einen natürlichen Curdle bricht, ist keine Brücke: Sie zählt nicht als "
        "Starter. Danach braucht der Curdler noch einen Starter oder zieht (bei leerem Stapel "
        "passt er), genau wie der Eröffner, nachdem er Bank B begonnen hat; ein Starter, der "
        "früher im selben Zug gelegt wurde, zählt weiter, und dann darf er die Serie beenden.",
        "Ein Curdler, der nur Karten des geronnenen Rangs hat, zieht, bis er brechen kann; bei "
        "leerem Stapel passt er, und für ihn wird daraus ein blinder Curdle. Beweist die "
        "Kartenzahl, dass er brechen kann (mehr Karten auf der Hand als ungesehene Karten dieses "
        "Rangs), werden Ziehen und Passen zurückgewiesen.",
        "Entsteht ein natürlicher Curdle durch die Karte, die bei einem blinden Curdle eine "
        "leere Bank neu beginnt, bricht ihn der Curdler.",
        "Nach jedem blinden Curdle wird neu gezählt; scheitert danach auch der Curdler und "
        "wieder alle anderen, ist es ein weiterer blinder Curdle für denselben Curdler.",
        "Kann der Stapel eine zu kurze Bank beim blinden Curdle nicht auffüllen, nimmt der "
        "Curdler nur die Karten, die da sind; durch die daruntergelegten Karten bleibt immer "
        "eine Karte übrig, um eine leere Bank neu zu beginnen.",
        "Der Tisch sagt, wer welche Karte eines blinden Curdles bekommt. Diese Karten sind dann "
        "bekanntermaßen in der Hand dieses Spielers oder unter den damals daruntergelegten "
        "Karten, und niemand sonst darf sie legen, bis dieser Teil des Stapels erreicht ist.",
        "Ein falsches „keine Brücke“ wird gemeldet, wann immer der Beweis kommt, nicht nur in "
        "der gleich folgenden Serie; wer eine Karte zieht oder bei einem blinden Curdle eine "
        "bekommt, beendet, was seine Aussage beweisen kann. Wer in einem natürlichen Curdle "
        "passt, sagt damit, nur Karten des geronnenen Rangs zu haben.",
        "Das freiwillige \"as\" bei einer gelegten Karte ist eine Zahl; es wird geprüft, ändert "
        "aber nichts: Eine geteilte Karte oben auf einer Bank hat immer beide Werte.",
        "Jeder Curdle einer Runde steht in ihrem Protokoll und auf dem Spielbericht, wie auch "
        "immer er entstanden ist: auch ein Kingfisher, den ein blinder Curdle aufdeckt.",
        "Bei Wertung nach gewonnenen Runden endet die Partie, sobald jemand so viele Runden "
        "gewonnen hat, wie die Hausregel „Runden zum Sieg“ sagt (0: nie); diese Hausregel "
        "lässt sich nicht mit der "
        "Wertung nach Restkarten verbinden.",
        "Bei Wertung nach Restkarten wird die Grenze nach jeder Runde geprüft; bei gleich "
        "niedriger Summe teilen sich die Spieler den Sieg.",
        "Im Modus „Nur Ergebnisse“ hält jeder Eintrag eine Runde fest: den Gewinner und, bei "
        "Wertung nach Restkarten, die Restkarten jedes Verlierers (jeweils mindestens 1, "
        "zusammen höchstens 52).",
    ),
)
