"""Die Regeln von Pontis auf Deutsch, in eigenen Worten: dieselben Regel-IDs wie die englische Seite."""
from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="pontis",
    title="Pontis",
    summary=(
        "Jeder baut einen eigenen Kartenstapel auf, die Bank. Wer dran ist, versucht, auf die "
        "eigene Bank genau die Karte zu legen, deren Wert der Abstand zwischen der eigenen "
        "obersten Karte und der obersten Karte der Bank rechts daneben ist – die Brücke. Werde "
        "deine Karten los, sammle Farbpunkte, und am Ende zählt, wie hoch deine Bank ist."
    ),
    sections=(
        Section("Vorbereitung", (
            Rule("PONTIS-SETUP-1",
                 "Es spielen zwei bis dreizehn Personen im Kreis; gespielt wird im Uhrzeigersinn, "
                 "also nach links. Im ersten Spiel gibt, wer als Erster in der Spielerliste steht; "
                 "danach wandert das Geben mit jedem Spiel einen Platz nach links. Jeder hat eine "
                 "eigene Bank, außer der Tisch hat eine andere Zahl von Banken vereinbart (siehe "
                 "Banken)."),
            Rule("PONTIS-SETUP-2",
                 "Man braucht ein gewöhnliches Blatt mit 52 Karten und dazu 2, 3 oder 4 Joker – "
                 "das legt der Tisch fest, üblich sind zwei. Ein Joker, der schon auf einer Bank "
                 "liegt, kann kein zweites Mal gespielt werden."),
            Rule("PONTIS-SETUP-3",
                 "Vor dem Geben wird eine Farbe gewählt: die Fundamentfarbe dieses Spiels. Ihre 13 "
                 "Karten werden für sich gemischt, und jede Bank bekommt eine davon verdeckt. Diese "
                 "Karte ist das Fundament der Bank; als Fundament aufgedeckt werden kann nur eine "
                 "Karte der Fundamentfarbe."),
            Rule("PONTIS-SETUP-4",
                 "Alles Übrige wird zusammengemischt – die anderen drei Farben, die nicht verteilten "
                 "Karten der Fundamentfarbe und die Joker – und gleichmäßig ausgeteilt. Was dabei "
                 "nicht aufgeht, bleibt das ganze Spiel über beiseite. Der Schiedsrichter weiß, wie "
                 "viele Karten jeder auf der Hand hat, und zählt beim Legen mit; niemand kann also "
                 "eine Karte legen, die er gar nicht mehr hat."),
        )),
        Section("Kartenwerte", (
            Rule("PONTIS-VALUE-1",
                 "Zahlenkarten zählen ihre Zahl. Bube zählt 11, Dame 12, König 13."),
            Rule("PONTIS-VALUE-2",
                 "Ein Ass zählt 1 oder 14. Oben auf einer Bank gilt es als beides zugleich. Allein "
                 "gelegt ist es immer nur eine 1. Als eine der beiden Karten beim Summenrecht darfst "
                 "du es als 1 oder als 14 rechnen."),
            Rule("PONTIS-VALUE-3",
                 "Ein Joker kann jede Karte sein. Wer ihn legt, sagt an, welche Karte er darstellt "
                 "(Rang und Farbe); ab dann ist er genau diese Karte – auch für Farbpunkte und als "
                 "oberste Karte der Bank."),
        )),
        Section("Der Spielzug", (
            Rule("PONTIS-TURN-1",
                 "Die Bank rechts von dir ist deine Vorbank. Deine Brücke ist der Unterschied "
                 "zwischen dem Wert deiner obersten Karte und dem Wert der obersten Karte deiner "
                 "Vorbank. Liegt oben ein Ass, kann es zwei mögliche Brücken geben."),
            Rule("PONTIS-TURN-2",
                 "Der Geber beginnt und deckt sein Fundament auf – das ist schon sein ganzer erster "
                 "Zug. Alle anderen decken bei ihrem ersten Zug ihr Fundament auf und legen dann "
                 "sofort eine Brückenkarte, wenn sie eine haben."),
            Rule("PONTIS-TURN-3",
                 "Wenn du dran bist, legst du entweder eine Karte, deren Wert deine Brücke ist, auf "
                 "deine eigene Bank, oder du sagst „passe“. Eine Brücke von 0 lässt sich mit einer "
                 "einzelnen Karte nicht legen. Danach ist der Nächste links dran."),
            Rule("PONTIS-TURN-4",
                 "Einen Joker darfst du nur legen, wenn du keine echte Karte mit dem Wert der Brücke "
                 "hast, und du musst ihn als Karte mit dem Brückenwert ansagen. Einen Joker legen "
                 "musst du nie: du darfst stattdessen passen."),
            Rule("PONTIS-TURN-5",
                 "Jede Karte gibt es im Spiel nur einmal (außer den Jokern). Eine Karte, die schon "
                 "auf einer Bank liegt, kann nicht noch einmal eingetragen werden; der "
                 "Schiedsrichter sagt dir, wo sie schon liegt. Ein Joker darf für jede Karte "
                 "stehen, auch für eine, die schon auf einer Bank liegt, und die echte Karte darf "
                 "danach trotzdem gelegt werden."),
        )),
        Section("Farbpunkte", (
            Rule("PONTIS-SUIT-1",
                 "Hat deine Brückenkarte dieselbe Farbe wie in diesem Moment die oberste Karte "
                 "deiner Vorbank, bekommst du einen Farbpunkt (klopf dazu zweimal auf deine Bank)."),
            Rule("PONTIS-SUIT-2",
                 "Werden mit dem Summenrecht zwei Karten gelegt, zählt jede von ihnen, die die "
                 "Farbe der Vorbank trifft, einen Punkt. Der Tisch kann stattdessen vereinbaren, "
                 "dass nur die oben liegende Karte punkten kann."),
        )),
        Section("Das Summenrecht", (
            Rule("PONTIS-SUM-1",
                 "Haben seit der letzten gelegten Karte alle Banken der Reihe nach gepasst, bekommt "
                 "derjenige das Summenrecht, der in dieser Runde als Erster gepasst hat, und er ist "
                 "dran. Auch Passen in der allerersten Runde zählt dafür. Niemand sonst darf zwei "
                 "Karten legen."),
            Rule("PONTIS-SUM-2",
                 "Mit dem Summenrecht legst du zwei Karten, deren Summe oder Differenz deine Brücke "
                 "ergibt. Hier ist auch eine Brücke von 0 erlaubt (zwei Karten gleichen Werts), und "
                 "ein Ass darf 1 oder 14 sein. Beide Karten kommen auf deine Bank, und du sagst, "
                 "welche oben liegt. Joker sind dabei nicht erlaubt."),
            Rule("PONTIS-SUM-3",
                 "Hast du das Summenrecht, kannst es aber nicht nutzen, sag „passe“: Das Recht geht "
                 "an den Nächsten, der es mit seiner eigenen Brücke versucht, und so weiter um den "
                 "Tisch."),
            Rule("PONTIS-SUM-4",
                 "Sobald zwei Karten gelegt sind, ist das Summenrecht verbraucht; der Nächste legt "
                 "wieder einzelne Karten."),
            Rule("PONTIS-SUM-5",
                 "Bei nur zwei Spielern (egal mit wie vielen Banken) gilt: Wer einen Curdle bildet, "
                 "bekommt sofort das Summenrecht. Der andere Spieler spielt trotzdem zuerst (ein "
                 "König auf zwei Asse ist erlaubt); passt er, kommt der Zug zum Urheber des Curdles "
                 "zurück, der jetzt das Summenrecht hat. Bei einem Curdle aus zwei Assen darf der "
                 "Urheber stattdessen auch mit einem einzelnen König antworten: das Summenrecht ist "
                 "ein Recht, keine Pflicht."),
        )),
        Section("Curdles", (
            Rule("PONTIS-CURDLE-1",
                 "Ein Curdle (etwa: „Gerinnsel“) sind zwei benachbarte Banken, deren oberste Karten "
                 "gleich viel wert sind. Einen Curdle kann keine einzelne Karte überbrücken – außer "
                 "einem König zwischen zwei Assen, dem „Kingfisher“ (Eisvogel): 14 − 1 = 13."),
            Rule("PONTIS-CURDLE-2",
                 "Ein vollständiger Curdle liegt vor, wenn auf allen Banken oben derselbe Rang "
                 "liegt."),
        )),
        Section("Spielende und Wertung", (
            Rule("PONTIS-END-1",
                 "Ein Spiel endet sofort, wenn jemand seine letzte Karte legt, oder wenn das "
                 "Summenrecht einmal ganz um den Tisch gegangen ist, ohne dass es jemand nutzen "
                 "konnte."),
            Rule("PONTIS-END-2",
                 "Wer ausgeht, also seine letzte Karte legt, bekommt einen großen Bonus von 4 "
                 "Punkten."),
            Rule("PONTIS-END-3",
                 "Endet das Spiel mit einem vollständigen Curdle, gibt es weder Bonus noch Strafe."),
            Rule("PONTIS-END-4",
                 "Endet das Spiel, weil niemand mehr eine Brücke legen kann, auch nicht mit dem "
                 "Summenrecht, und ist es kein vollständiger Curdle, verliert 2 Punkte, wer nach der "
                 "letzten gelegten Karte als Erster gepasst hat."),
            Rule("PONTIS-END-5",
                 "Deine Punkte für ein Spiel: die Zahl der Karten in deiner Bank (Fundament "
                 "mitgezählt), dazu deine Farbpunkte, ein etwaiger Bonus oder eine Strafe und "
                 "Punkte für „Lügner!“-Rufe. Eine Partie besteht aus mehreren Spielen; die Punkte "
                 "werden samt Boni zusammengezählt, und die höchste Summe gewinnt."),
        )),
        Section("Falsches Passen", (
            Rule("PONTIS-LIAR-1",
                 "Du darfst „passe“ sagen, obwohl du eine passende Karte hättest. Solange der Tisch "
                 "nicht mit Lügnerpunkten spielt, ist das erlaubt und kostet nichts."),
            Rule("PONTIS-LIAR-2",
                 "Bei Pontis zieht niemand Karten nach; jede Karte, die du legst, hattest du also "
                 "das ganze Spiel über auf der Hand. Legst du eine echte Karte, die bei einem "
                 "früheren Passen von dir eine Brücke gewesen wäre, oder zwei Karten, die eine "
                 "früher weitergegebene Summenrecht-Brücke ergeben hätten, oder eine echte Karte, "
                 "die schon eine Brücke war, als du einen Joker gelegt hast, dann zeigt der "
                 "Schiedsrichter allen in diesem Moment den Beweis und nennt beide Einträge."),
            Rule("PONTIS-LIAR-3",
                 "Spielt der Tisch mit Lügnerpunkten, darf jeder außer dem Schwindler (und seinen "
                 "Bankpartnern) bei jeder bewiesenen, noch nicht gerufenen Täuschung „Lügner!“ "
                 "rufen und bekommt diese Punkte im laufenden Spiel. Ein Ruf nennt die Täuschung, "
                 "auf die er sich bezieht; ohne Angabe gilt er der zuletzt bewiesenen, die der "
                 "Rufende rufen darf. Ein Ruf, obwohl nichts bewiesen ist, wird abgewiesen."),
        )),
        Section("Banken", (
            Rule("PONTIS-BANKS-1",
                 "Der Tisch kann mit einer anderen Zahl von Banken als Spielern spielen, solange die "
                 "eine Zahl die andere teilt: vier Spieler an zwei Banken, acht an vier oder zwei, "
                 "zwei Spieler mit je drei Banken und so weiter. Der Zug geht im Uhrzeigersinn von "
                 "Bank zu Bank, und der Schiedsrichter hält fest, wer in jedem Zug gespielt hat."),
            Rule("PONTIS-BANKS-2",
                 "Partner an einer gemeinsamen Bank werten sie entweder als Team (ihre Karten und "
                 "Farbpunkte zählen für jeden von ihnen), oder jeder wertet nur die Karten, die er "
                 "selbst auf Banken gelegt hat."),
        )),
    ),
    decisions=(
        "Das Geben wandert jedes Spiel einen Platz nach links: Im Spiel k gibt der Platz k modulo "
        "Spielerzahl.",
        "Bei geteilten Banken gehört Bank b den Plätzen b, b + Bankzahl, …; hat jeder mehrere "
        "Banken, gehört Bank b dem Platz b modulo Spielerzahl. So geht der Zug in beiden Fällen "
        "in Sitzreihenfolge um den Tisch.",
        "Jede Bank hat ein Fundament; ausgeteilt wird also das Blatt ohne die Fundamente, "
        "gleichmäßig an alle Spieler.",
        "An einer geteilten Bank darf jeder Partner den Zug ausführen; Passen heißt, dass keiner "
        "der Partner legen konnte – eine Karte, die einer von ihnen später legt, kann das also "
        "widerlegen.",
        "Ein Joker muss als echte Karte mit einem Brückenwert angesagt werden; das darf auch eine "
        "Karte sein, die schon auf einer Bank liegt (selbst oder als anderer Joker), und die echte "
        "Karte bleibt danach spielbar.",
        "Bei Einzelwertung zählt ein Fundament für den, der es aufgedeckt hat.",
        "Die Curdle-Regel für zwei Spieler gilt immer, wenn genau zwei Spieler in der Partie sind, "
        "egal mit wie vielen Banken; ein Curdle entsteht mit jeder der beiden Nachbarbanken, aus "
        "einer einzelnen Karte wie aus einem Paar, aber ein Paar auf einen schon bestehenden "
        "Curdle bildet keinen neuen.",
        "Antwortet der andere Spieler auf einen Curdle bei zwei Spielern mit einem König, verfällt "
        "der Anspruch auf das Summenrecht, und es geht normal weiter. Hat der Urheber das "
        "Summenrecht schon, darf auch er auf einen Curdle aus zwei Assen mit einem einzelnen "
        "König antworten.",
        "Ein Ende mit vollständigem Curdle liegt vor, wenn das Summenrecht ungenutzt ganz um den "
        "Tisch gegangen ist und alle obersten Karten denselben Rang haben; Ausgehen zählt immer "
        "als Ausgehen.",
        "Die −2 bekommt, wer nach der letzten gelegten Karte als Erster gepasst hat (bei einer "
        "Team-Bank das ganze Team).",
        "„Lügner!“ kann man rufen, bis das nächste Spiel gegeben wird, und zwar bei jeder "
        "bewiesenen, noch nicht gerufenen Täuschung (ohne Angabe bei der zuletzt bewiesenen, die "
        "der Rufende rufen darf); der Schwindler und bei Teamwertung seine Partner können nicht "
        "rufen.",
        "In der Schnellwertung gehört eine volle Bank (die ganze Hand und das Fundament) nur dem, "
        "der ausgegangen ist, und nur in einem Spiel, das mit Ausgehen geendet hat.",
        "„Lügner!“ rufen geht nur, wenn der Tisch Lügnerpunkte über 0 gewählt hat.",
        "Eine Partie kann nach einer festen Zahl von Spielen enden (Hausregel „Spiele“); sonst "
        "geht sie weiter, bis der Tisch aufhört.",
    ),
)
