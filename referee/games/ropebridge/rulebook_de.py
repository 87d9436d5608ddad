"""Die Regeln von Ropebridge (Hängebrücke), in unseren eigenen Worten."""
from __future__ import annotations

from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="ropebridge",
    title="Ropebridge (Hängebrücke)",
    summary=(
        "Ein Wettlauf zu zweit. Eine Reihe aus Karten bildet die Hängebrücke; beide Spieler "
        "überqueren sie von links, Karte für Karte, indem sie jede Karte der Reihe mit Karten "
        "aus der Hand bedienen. Wer zuerst die letzte Karte der Reihe bedient, gewinnt das Spiel."
    ),
    sections=(
        Section(
            title="Vorbereitung",
            rules=(
                Rule("ROPE-SETUP-1",
                     "Zwei Spieler, ein Blatt mit 52 Karten und seine beiden Joker (ohne Joker, "
                     "wenn die Hausregel es so will). Jede Karte gibt es nur einmal: Eine Karte, "
                     "die der Schiedsrichter schon an anderer Stelle gesehen hat, weist er zurück "
                     "und sagt dazu, wo sie liegt."),
                Rule("ROPE-SETUP-2",
                     "Zuerst wird die Hängebrücke ausgelegt: eine Reihe verdeckter Karten, 10 Stück, "
                     "sofern die Hausregel nichts anderes festlegt. Danach bekommt jeder Spieler "
                     "sieben Karten. Der Rest ist der Nachziehstapel; seine oberste Karte wird "
                     "aufgedeckt und beginnt den Ablagestapel. Das Geben wird vor allem anderen "
                     "eingegeben."),
                Rule("ROPE-SETUP-3",
                     "Von links werden die ersten Karten der Reihe aufgedeckt: vier, oder so viele, "
                     "wie die Hausregel vorgibt. Eingegeben werden genau diese Karten und die Karte "
                     "auf dem Ablagestapel."),
                Rule("ROPE-SETUP-4",
                     "Wer nicht gegeben hat, beginnt. Der Geber wechselt von Spiel zu Spiel."),
            ),
        ),
        Section(
            title="Eine Karte der Reihe bedienen",
            intro="Du bedienst immer deine eigene nächste Karte der Reihe, mit einer oder zwei "
                  "Karten aus deiner Hand.",
            rules=(
                Rule("ROPE-MATCH-1",
                     "Ein Ass zählt 1, die Karten 2 bis 10 zählen ihre Zahl. Bube, Dame und König "
                     "haben keinen Augenwert: Sie sind Bildkarten."),
                Rule("ROPE-MATCH-2",
                     "Eine Zahlenkarte in der Reihe bedienst du mit einer Karte derselben Zahl, mit "
                     "einem Joker oder mit zwei Zahlenkarten, einer roten (♥ ♦) und einer schwarzen "
                     "(♣ ♠), deren Summe oder Differenz diese Zahl ergibt. Beispiel: 5♠ und 3♥ "
                     "bedienen eine 8 oder eine 2."),
                Rule("ROPE-MATCH-3",
                     "Eine Bildkarte in der Reihe nimmt nur eine einzige Karte: eine Bildkarte "
                     "desselben Rangs (in beliebiger Farbe) oder einen Joker."),
                Rule("ROPE-MATCH-4",
                     "Einen Joker in der Reihe deckt jede beliebige einzelne Karte ab."),
                Rule("ROPE-MATCH-5",
                     "Joker und Bildkarten aus der Hand bedienen immer allein; sie sind nie die "
                     "Hälfte eines Paares."),
                Rule("ROPE-MATCH-6",
                     "Jeder geht für sich über die Brücke: Deine nächste Karte der Reihe ist die am "
                     "weitesten links, die du noch nicht bedient hast, und du darfst sie nicht "
                     "überspringen. Beide Spieler bedienen jede Karte der Reihe, jeder mit eigenen "
                     "Karten, die vor ihm liegen bleiben."),
            ),
        ),
        Section(
            title="Der Spielzug",
            rules=(
                Rule("ROPE-TURN-1",
                     "Wenn du am Zug bist, bedienst du entweder gleich, oder du ziehst zuerst eine "
                     "Karte und bedienst danach, falls du kannst. Gezogen wird die oberste Karte "
                     "des Nachziehstapels oder des Ablagestapels (welche Karte du vom Ablagestapel "
                     "nimmst, sehen alle). Gezogen wird immer vor dem Bedienen, und ein Zug ganz "
                     "ohne Ziehen und ohne Bedienen ist nur erlaubt, wenn beide Stapel leer sind."),
                Rule("ROPE-TURN-2",
                     "In einem Zug bedienst du höchstens zwei Karten der Reihe: deine nächste und "
                     "die darauf folgende."),
                Rule("ROPE-TURN-3",
                     "Am Ende deines Zugs hast du höchstens sieben Karten auf der Hand. Bringt dich "
                     "das Ziehen auf acht, musst du bedienen oder eine Karte offen auf den "
                     "Ablagestapel legen. Das Ablegen beendet deinen Zug, und ablegen darfst du nur "
                     "in einem Zug, in dem du gezogen hast."),
                Rule("ROPE-TURN-4",
                     "Nach dem Bedienen wird die Hand nicht wieder aufgefüllt. Sind Ablagestapel "
                     "oder Nachziehstapel leer, bleiben sie leer."),
                Rule("ROPE-TURN-5",
                     "Erreicht jemand beim Bedienen eine Karte der Reihe, bis zu der noch keiner "
                     "von beiden gekommen war, wird die nächste verdeckte Karte der Reihe aufgedeckt "
                     "und eingegeben, bevor es weitergeht. So reichen die offenen Karten immer "
                     "genauso weit vor den führenden Spieler wie zu Beginn des Spiels."),
                Rule("ROPE-TURN-6",
                     "Wer als Erster die letzte Karte der Reihe bedient, gewinnt das Spiel."),
                Rule("ROPE-TURN-7",
                     "Kannst du nicht bedienen und sind beide Stapel leer, passt du. Passen beide "
                     "Spieler direkt nacheinander, endet das Spiel im Patt: unentschieden."),
            ),
        ),
        Section(
            title="Unentschiedene Spiele",
            rules=(
                Rule("ROPE-TIE-1",
                     "Unschlagbare Reihe: Lässt sich die offene Reihe niemals überqueren, ist das "
                     "Spiel unentschieden, und es wird neu gegeben. Der Schiedsrichter zählt nach, "
                     "wann immer eine Karte der Reihe aufgedeckt oder bedient wird. Liegen von einem "
                     "Bildkarten-Rang noch k Karten vor dem führenden Spieler, braucht er k passende "
                     "Karten: die übrigen Karten dieses Rangs und für den Rest Joker. Eine Karte "
                     "oder ein Joker, die in der Reihe liegen oder schon zum Bedienen gelegt wurden, "
                     "sind weg; es zählen nur Karten, die noch gezogen oder gehalten werden können. "
                     "Liegen zum Beispiel alle vier Könige in der Reihe, wären vier Joker nötig."),
                Rule("ROPE-TIE-2",
                     "Patt: Hält jeder Spieler die Karten, die der andere braucht, kommt keiner "
                     "hinüber. Die Spieler können jederzeit während des Spiels ein Patt erklären; "
                     "das Spiel ist dann unentschieden. Der Schiedsrichter merkt es auch von selbst, "
                     "wenn die nächste Karte eines Spielers eine Bildkarte ist und jede Karte, die "
                     "sie bedienen könnte, weg ist: in der Reihe oder schon zum Bedienen gelegt. "
                     "Eine Karte unter der obersten Karte des Ablagestapels ist nicht weg: Wer die "
                     "oberste Karte nimmt, legt die nächste frei, und wer eine gezogene Karte "
                     "behalten kann, gräbt sich so zu ihr durch. Weg ist sie erst, wenn keiner mehr "
                     "jemals eine gezogene Karte behalten kann. Dann kommt dieser Spieler "
                     "endgültig nicht weiter; trifft das auf beide zu, ist das Spiel "
                     "unentschieden."),
            ),
        ),
        Section(
            title="Hausregeln",
            intro="Sie werden beim Anlegen der Partie gewählt und stehen auf der Seite der Partie "
                  "und auf dem Spielbericht.",
            rules=(
                Rule("ROPE-VARIANT-1",
                     "Eine Hängebrücke aus 7 bis 12 Karten; davon zu Beginn 1 bis 10 offen (nie mehr, "
                     "als die Reihe lang ist); mit oder ohne Joker; und „Schritt für Schritt“: Dann "
                     "bedienst du pro Zug höchstens eine Karte der Reihe."),
                Rule("ROPE-VARIANT-2",
                     "Schwierigere Paare: Zwei Karten derselben Farbe zählen nur als ihre Summe, "
                     "eine rote und eine schwarze nur als ihre Differenz. 4♠ und 3♠ bedienen eine 7; "
                     "4♠ und 3♥ bedienen ein Ass."),
                Rule("ROPE-VARIANT-3",
                     "Einfachere Paare: Zwei beliebige Zahlenkarten bedienen ihre Summe oder ihre "
                     "Differenz, ganz gleich, welche Farben sie haben."),
                Rule("ROPE-VARIANT-4",
                     "Ass zählt 1 oder 11: Ein Ass zählt 1 oder 11, in der Reihe wie auf der Hand. "
                     "Eine 4 und eine 7 können dann ein Ass bedienen."),
                Rule("ROPE-VARIANT-5",
                     "Bildkarten zählen 10: Bube, Dame und König werden Zahlenkarten mit dem Wert "
                     "10, werden wie jede Zahlenkarte bedient und dürfen in Paaren vorkommen."),
            ),
        ),
    ),
    decisions=(
        "Der Geber wechselt nach jedem Spiel, auch nach einem unentschiedenen: Nach einer "
        "unschlagbaren Reihe gibt der andere Spieler neu.",
        "Beim Bedienen darf man angeben, welche Karte der Reihe gemeint ist; das ist nur eine "
        "Kontrolle: Es muss die nächste Karte der Reihe dieses Spielers sein (ROPE-MATCH-6). "
        "Fehlt die Angabe, wird die nächste Karte bedient.",
        "Ablegen darf ein Spieler nur in einem Zug, in dem er gezogen hat (das Ablegen ist der "
        "Tausch gegen die gezogene Karte), egal ob er über sieben Karten hat oder nicht, und das "
        "Ablegen beendet den Zug; wer gezogen hat, darf auch zuerst bedienen und dann ablegen.",
        "Passen heißt, den Zug ohne Ziehen und ohne Bedienen zu beenden; das wird nur "
        "angenommen, wenn Nachziehstapel und Ablagestapel beide leer sind. Zweimal Passen "
        "hintereinander macht das Spiel unentschieden.",
        "Ein erklärtes Patt ist die gemeinsame Erklärung beider Spieler: Sie wird in jedem "
        "Moment des Spiels angenommen (nur nicht, solange eine Karte der Reihe aufs Aufdecken "
        "wartet) und beendet das Spiel unentschieden.",
        "Eine Karte, die zweimal auftaucht, oder eine Karte, die nicht auf der Hand sein kann, "
        "aus der sie gespielt wird, wird nach ROPE-SETUP-1 zurückgewiesen (jede Karte gibt es "
        "nur einmal); ein Joker in einer Partie ohne Joker nach ROPE-VARIANT-1.",
        "Bei der unschlagbaren Reihe (ROPE-TIE-1) zählen wir für den Spieler, der am weitesten "
        "vorn ist: Bildkarten, an denen er schon vorbei ist, brauchen nichts mehr, und wer "
        "zurückliegt, braucht mindestens genauso viel. Gezählt wird nach jedem Geben, jedem "
        "Aufdecken und jedem Bedienen, denn auch beim Bedienen kann die letzte Karte oder der "
        "letzte Joker verbraucht werden, den die Reihe braucht. Karten im Ablagestapel können "
        "noch gezogen werden und zählen als übrig.",
        "„Endgültig nicht weiter“ (ROPE-TIE-2) zählt eine Karte unter der obersten Karte des "
        "Ablagestapels nur dann als weg, wenn beide Spieler sieben Karten halten und keiner "
        "bedienen kann: Was immer einer von ihnen zieht, muss dann zurück auf den Stapel. Wer "
        "in diesem Zug gezogen hat, darf noch ablegen und zählt deshalb mit einer Karte weniger. "
        "Es wird pro Spieler und Spiel einmal gemeldet, und das Spiel ist unentschieden, wenn "
        "beide im selben Moment festsitzen. Kann selbst der Spieler, der am weitesten vorn ist, "
        "die Reihe nie mehr bedienen, wird zuerst die unschlagbare Reihe (ROPE-TIE-1) erklärt.",
        "Wer mit dem falschen Wert bedient, verstößt gegen die Hausregel, die die Werte bestimmt "
        "hat (zuerst Bildkarten zählen 10, dann Ass 1 oder 11, dann die schwierigeren oder "
        "einfacheren Paare), sonst gegen ROPE-MATCH-2.",
        "Eine vom Nachziehstapel gezogene Karte darf vorgezeigt und eingegeben werden; sie gilt "
        "dann als bekannte Karte dieser Hand, wie eine Karte vom Ablagestapel.",
        "Ein Spiel bringt dem Sieger 1 Punkt und sonst 0; ein unentschiedenes Spiel bringt beiden "
        "0 und wird bei den Unentschieden gezählt.",
    ),
)
