"""Die Regelseite von Pontoon und Shoot Pontoon, in eigenen Worten (dieselben Regel-Ids wie
die englische Seite ``referee/games/pontoon/rulebook.py``)."""
from __future__ import annotations

from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="pontoon",
    title="Pontoon und Shoot Pontoon",
    summary=(
        "Einundzwanzig auf britische Art. Einer hält die Bank, alle anderen spielen gegen sie: "
        "Wer näher an 21 kommt als der Bankhalter, ohne darüber zu gehen, gewinnt. Bei Shoot "
        "Pontoon kommen Nebenwetten gegen eine Kitty dazu, die der Bankhalter einlegt. Der "
        "Schiedsrichter prüft jeden Einsatz und jede Karte, rechnet jede Wette ab und führt das "
        "Kassenbuch für die ganze Sitzung."
    ),
    sections=(
        Section(
            title="Spieler und Karten",
            rules=(
                Rule("PONTOON-SETUP-1",
                     "Ab zwei Personen spielen so viele mit, wie die Karten mit je fünf Karten "
                     "bedienen können, den Bankhalter eingeschlossen; am schönsten sind fünf bis "
                     "acht. Eine Person ist Bankhalter. Gespielt wird mit einem gewöhnlichen Blatt "
                     "zu 52 Karten ohne Joker; es reicht für bis zu zehn Personen. Ab acht "
                     "Personen darf man zwei Blätter zusammenmischen, die für bis zu zwanzig "
                     "reichen; dann gibt es jede Karte zweimal. In einer Runde kann eine Karte "
                     "nur so oft auftauchen, wie sie im Stapel liegt; eine Karte, die schon zu oft "
                     "gesehen wurde, weist der Schiedsrichter zurück, ohne zu verraten, wo eine "
                     "verdeckte Karte liegt."),
                Rule("PONTOON-SETUP-2",
                     "Alle heben ab; wer die höchste Karte zieht (Ass hoch), hält in der ersten "
                     "Runde die Bank. Bei Gleichstand heben diese Spieler noch einmal ab. Wird "
                     "kein Abheben eingetragen, beginnt die zuerst genannte Person als Bankhalter."),
                Rule("PONTOON-SETUP-3",
                     "Vor dem Spiel legt der Tisch den kleinsten und den größten Ersteinsatz fest. "
                     "Jeder Ersteinsatz muss dazwischen liegen."),
            ),
        ),
        Section(
            title="Zählen und Rang der Hände",
            rules=(
                Rule("PONTOON-HAND-1",
                     "Ein Ass zählt 1 oder 11, ganz wie es seinem Besitzer passt. König, Dame, "
                     "Bube und Zehn zählen 10, alle anderen Karten ihren Zahlenwert."),
                Rule("PONTOON-HAND-2",
                     "Von der besten zur schlechtesten Hand: der Pontoon (Ass und 10, B, D oder K "
                     "als die ersten beiden Karten); der Fünfkartentrick (fünf Karten, die "
                     "zusammen höchstens 21 zählen); 21 mit drei oder vier Karten; danach jede "
                     "andere Summe bis 20 mit weniger als fünf Karten, die höhere vor der "
                     "niedrigeren. Wer über 21 kommt, hat sich überkauft, und die Hand ist nichts "
                     "mehr wert."),
                Rule("PONTOON-HAND-3",
                     "Sind die Hand eines Spielers und die des Bankhalters gleich gut, gewinnt "
                     "der Bankhalter."),
                Rule("PONTOON-HAND-4",
                     "Zum Beispiel: A♠ B♥ schlägt 7-3-4-2-2 (ein Fünfkartentrick), das schlägt "
                     "9-8-4 (21 mit drei Karten), und das wiederum schlägt 9-A (20)."),
            ),
        ),
        Section(
            title="Das Geben",
            rules=(
                Rule("PONTOON-DEAL-1",
                     "Der Bankhalter gibt reihum jedem eine verdeckte Karte, links von sich "
                     "beginnend und mit sich selbst endend. Alle außer dem Bankhalter sehen sich "
                     "ihre Karte an und setzen einen Ersteinsatz innerhalb der vereinbarten "
                     "Grenzen. Der Bankhalter setzt nie."),
                Rule("PONTOON-DEAL-2",
                     "Danach bekommt jeder eine zweite verdeckte Karte. Hat der Bankhalter jetzt "
                     "einen Pontoon, deckt er ihn sofort auf: Alle Spieler zahlen ihm den "
                     "doppelten Einsatz, und die Runde ist vorbei."),
            ),
        ),
        Section(
            title="Wenn du dran bist",
            intro="Die Spieler kommen nacheinander an die Reihe, links vom Bankhalter beginnend.",
            rules=(
                Rule("PONTOON-TURN-1",
                     "Mit Ass und Zehnerkarte meldest du deinen Pontoon: Das Ass liegt offen, "
                     "die Zehnerkarte verdeckt darauf. Deine Hand ist dann fertig und wartet auf "
                     "den Bankhalter; die Zehnerkarte bleibt verdeckt, bis die Runde abgerechnet "
                     "ist."),
                Rule("PONTOON-TURN-2",
                     "Zwei Karten genau gleichen Rangs darfst du teilen (zwei Damen ja, Dame und "
                     "Bube nein). Du legst sie offen hin; jede wird mit einer neuen Karte zu einer "
                     "eigenen Hand, und die neue Hand trägt einen Einsatz in Höhe deines "
                     "Ersteinsatzes. Kommt noch eine Karte desselben Rangs, darfst du weiter "
                     "teilen, bis zu vier Hände. Gespielt wird eine Hand nach der anderen."),
                Rule("PONTOON-TURN-3",
                     "Solange deine Hand unter 21 zählt (Asse als 1 gerechnet), darfst du eine "
                     "Karte verdeckt kaufen und erhöhst dafür deinen Einsatz. Die erste gekaufte "
                     "Karte kostet zwischen deinem Ersteinsatz und dem Doppelten davon, jede "
                     "weitere zwischen dem Ersteinsatz und dem, was du für die vorige bezahlt "
                     "hast. Beispiel: Ersteinsatz 6, dritte Karte für 10 gekauft, also kostet die "
                     "vierte 6 bis 10."),
                Rule("PONTOON-TURN-4",
                     "Solange deine Hand unter 21 zählt, darfst du stattdessen drehen: Die Karte "
                     "kommt offen, und dein Einsatz bleibt, wie er ist. Hast du einmal gedreht, "
                     "musst du auf dieser Hand auch jede weitere Karte drehen und kannst keine "
                     "mehr kaufen."),
                Rule("PONTOON-TURN-5",
                     "Stehen bleiben, also Karten und Einsatz behalten, darfst du, sobald deine "
                     "Hand mindestens 15 zählt (die beste Zählung, die nicht über 21 geht)."),
                Rule("PONTOON-TURN-6",
                     "Bringt dich eine Karte über 21, hast du dich überkauft: Du wirfst die Hand "
                     "sofort weg, und der Bankhalter nimmt deinen Einsatz. Sieht der "
                     "Schiedsrichter schon an den eingegebenen Karten, dass eine Hand über 21 "
                     "liegt, wirft er sie für dich weg."),
                Rule("PONTOON-TURN-7",
                     "Fünf Karten, die nicht über 21 gehen, sind ein Fünfkartentrick; diese Hand "
                     "nimmt keine Karte mehr."),
                Rule("PONTOON-TURN-8",
                     "Verdeckt gegebene Karten müssen nicht beim Geben eingetragen werden. Man "
                     "trägt sie ein, wenn die Hand aufgedeckt wird, und das muss jede Hand im "
                     "Spiel, bevor der Bankhalter abrechnet. Was von ihnen abhing (Kaufen oder "
                     "Drehen unter 21, Stehenbleiben mit genug Punkten, ein erlaubtes "
                     "Verbrennen), wird dann geprüft; ein Verstoß wird als Feststellung gegen "
                     "diese Hand vermerkt."),
            ),
        ),
        Section(
            title="Der Bankhalter ist dran, die Abrechnung",
            rules=(
                Rule("PONTOON-SETTLE-1",
                     "Wenn alle Spieler fertig sind, deckt der Bankhalter seine beiden Karten auf "
                     "und darf sich weitere Karten offen geben, eine nach der anderen, und "
                     "aufhören, wann er will; eine Mindestsumme gibt es für ihn nicht. Bei 21 "
                     "oder mehr, mit einem Pontoon oder nach fünf Karten nimmt er keine Karte "
                     "mehr."),
                Rule("PONTOON-SETTLE-2",
                     "Überkauft sich der Bankhalter, bekommt jeder Spieler, der noch im Spiel "
                     "ist, seinen Einsatz ausgezahlt, mit Pontoon oder Fünfkartentrick den "
                     "doppelten."),
                Rule("PONTOON-SETTLE-3",
                     "Bleibt der Bankhalter mit höchstens vier Karten bei 21 oder weniger stehen, "
                     "bekommen Spieler mit einer besseren Hand ihren Einsatz (doppelt für Pontoon "
                     "oder Fünfkartentrick), und Spieler mit gleicher oder schlechterer Hand "
                     "zahlen dem Bankhalter ihren Einsatz. Steht der Bankhalter auf 21, zahlt er "
                     "also nur Pontoons und Fünfkartentricks aus. Die Zahl der Karten zählt nur "
                     "bei diesen beiden: 19 mit zwei Karten ist genauso viel wert wie 19 mit "
                     "vier."),
                Rule("PONTOON-SETTLE-4",
                     "Macht der Bankhalter einen Fünfkartentrick, werden nur Pontoons bezahlt "
                     "(mit dem doppelten Einsatz). Alle anderen, die noch im Spiel sind, "
                     "Fünfkartentricks eingeschlossen, zahlen dem Bankhalter den doppelten "
                     "Einsatz. Eine Hand, die sich überkauft hat, hat ihren einfachen Einsatz "
                     "schon bezahlt und zahlt nichts mehr."),
            ),
        ),
        Section(
            title="Zwischen den Runden",
            rules=(
                Rule("PONTOON-NEXT-1",
                     "Hatte niemand einen Pontoon, kommen die gespielten Karten ungemischt unter "
                     "den Stapel, und die nächste Runde beginnt. Gab es einen Pontoon, wird vorher "
                     "gemischt und abgehoben. Der Schiedsrichter sagt dem Geber, was gilt."),
                Rule("PONTOON-NEXT-2",
                     "Wer einen Pontoon ohne Teilen gemacht hat, während der Bankhalter keinen "
                     "hatte, übernimmt ab der nächsten Runde die Bank. Waren es mehrere, bekommt "
                     "sie der, der links vom Bankhalter am nächsten sitzt."),
                Rule("PONTOON-NEXT-3",
                     "Nach jeder Runde darf der Bankhalter die Bank an einen anderen Spieler "
                     "verkaufen, zu einem Preis, auf den sich beide einigen. Der Preis kommt ins "
                     "Kassenbuch."),
            ),
        ),
        Section(
            title="Hausregeln",
            intro="Vor der Sitzung vereinbaren; der Schiedsrichter zeigt und druckt die geltenden.",
            rules=(
                Rule("PONTOON-VARIANT-1",
                     "Nur Asse: Das einzige Paar, das geteilt werden darf, ist ein Paar Asse."),
                Rule("PONTOON-VARIANT-2",
                     "Stehen ab 16: Zum Stehenbleiben braucht man mindestens 16 statt 15."),
                Rule("PONTOON-VARIANT-3",
                     "Verdoppeln durch die Bank: Sobald alle Ersteinsätze liegen, darf der "
                     "Bankhalter nach einem Blick auf seine erste Karte alle Einsätze verdoppeln. "
                     "Gewöhnliche Gewinne und Verluste bewegen dann den doppelten Einsatz; "
                     "Zahlungen für Pontoon und Fünfkartentrick bleiben beim doppelten Einsatz "
                     "und werden nicht vierfach."),
                Rule("PONTOON-VARIANT-4",
                     "Auszahlung für Pontoons: Der Pontoon eines Spielers kann einfach, doppelt "
                     "(üblich) oder dreifach bezahlt werden, und der Pontoon der Bank kann von "
                     "jedem Spieler den doppelten (üblich) oder nur den einfachen Einsatz "
                     "kassieren."),
                Rule("PONTOON-VARIANT-5",
                     "Vier Karten bis 11: Eine solche Hand wird sicher ein Fünfkartentrick, "
                     "deshalb darf die fünfte Karte nur gedreht, nicht gekauft werden."),
                Rule("PONTOON-VARIANT-6",
                     "Royal Pontoon: Drei Siebenen in der Hand eines Spielers (nie des "
                     "Bankhalters) schlagen alles und werden dreifach bezahlt."),
                Rule("PONTOON-VARIANT-7",
                     "Rangfolge der Pontoons: alle Pontoons gleich (üblich); Ass mit Bildkarte "
                     "schlägt Ass mit Zehn; Ass und Zehn gelten nur als gewöhnliche 21 und nicht "
                     "als Pontoon; oder „natürliche“ Pontoons (Ass mit König oder Dame) schlagen "
                     "gewöhnliche (Ass mit Bube oder Zehn)."),
                Rule("PONTOON-VARIANT-8",
                     "Verbrennen: Wer mit zwei Karten eine harte 13 hat – oder, wenn so "
                     "vereinbart, eine harte 14 –, also ohne Ass, darf sie zeigen, abwerfen und "
                     "sich zwei neue geben lassen; der Einsatz bleibt derselbe. Man darf mehrmals "
                     "verbrennen, und jede geteilte Hand darf verbrennen."),
            ),
        ),
        Section(
            title="Shoot Pontoon",
            intro="Gilt, wenn die Hausregel „shoot“ eingeschaltet ist.",
            rules=(
                Rule("PONTOON-SHOOT-1",
                     "Vor der ersten Runde legt der Bankhalter eine Kitty ein, in beliebiger Höhe "
                     "innerhalb der vereinbarten Grenzen."),
                Rule("PONTOON-SHOOT-2",
                     "Sobald alle Ersteinsätze liegen, gehen die Shoot-Wetten einmal reihum, links "
                     "vom Bankhalter beginnend: Jeder Spieler schließt der Reihe nach eine "
                     "Shoot-Wette gegen die Kitty ab, getrennt von seinem Einsatz, oder verzichtet. "
                     "Alle noch offenen Shoot-Wetten zusammen dürfen die Kitty nicht übersteigen. "
                     "Schießen muss niemand; die zweite Karte beendet die Runde für alle, die noch "
                     "nicht gefragt wurden."),
                Rule("PONTOON-SHOOT-3",
                     "Dann kommt die zweite Karte. Hat der Bankhalter einen Pontoon, wandern alle "
                     "Shoot-Wetten in die Kitty, und jeder Spieler zahlt dem Bankhalter den "
                     "doppelten Einsatz. Mit der zweiten Karte endet das Schießen auf die erste "
                     "Karte."),
                Rule("PONTOON-SHOOT-4",
                     "Wer mit drei Karten unter 21 zählt und eine vierte nehmen will (durch "
                     "Drehen, oder durch Kaufen, wenn die dritte gekauft war), darf vorher noch "
                     "eine Shoot-Wette im Rahmen der Kitty setzen und muss die Karte dann auch "
                     "nehmen. Ist die vierte Karte gesehen, wird nicht mehr geschossen, auch nicht "
                     "für eine fünfte. Schießen auf die erste und auf die vierte Karte sind "
                     "voneinander unabhängig."),
                Rule("PONTOON-SHOOT-5",
                     "Teilt ein Spieler, der geschossen hat, bleibt die Shoot-Wette bei der Hand "
                     "mit der ersten Karte; auf die andere Hand darf er eine neue Shoot-Wette im "
                     "Rahmen der Kitty setzen."),
                Rule("PONTOON-SHOOT-6",
                     "Überkauft sich eine Hand, geht ihre Shoot-Wette sofort in die Kitty; damit "
                     "ist für spätere Shoot-Wetten mehr Platz."),
                Rule("PONTOON-SHOOT-7",
                     "Bei der Abrechnung bekommt eine Hand, die den Bankhalter schlägt, ihre "
                     "Shoot-Wette eins zu eins aus der Kitty ausgezahlt; eine Hand, die gleichauf "
                     "liegt oder verliert, gibt ihre Shoot-Wette in die Kitty."),
                Rule("PONTOON-SHOOT-8",
                     "Vor jeder Runde darf der Bankhalter in die Kitty nachlegen, aber nie etwas "
                     "herausnehmen. Die vereinbarten Grenzen zählen nur sein eigenes Geld in der "
                     "Kitty: Ist sie durch verlorene Shoot-Wetten darüber hinausgewachsen, darf er "
                     "trotzdem nachlegen. Ist die Kitty am Ende einer Runde leer, legt er eine neue ein "
                     "oder verkauft die Bank. Wechselt die Bank durch einen Pontoon oder einen "
                     "Verkauf, nimmt der alte Bankhalter, was in der Kitty übrig ist, und der neue "
                     "legt eine frische ein."),
            ),
        ),
        Section(
            title="Geld",
            rules=(
                Rule("PONTOON-LEDGER-1",
                     "Jede Zahlung – ein abgerechneter Einsatz, eine gewonnene oder verlorene "
                     "Shoot-Wette, Geld in die Kitty oder aus ihr, der Preis der Bank – ist eine "
                     "Buchung im Kassenbuch, von einer Partei an eine andere, in ganzen "
                     "Einheiten. Jeder Stand wird aus diesen Buchungen zusammengezählt."),
                Rule("PONTOON-LEDGER-2",
                     "Geld entsteht nie und geht nie verloren: Alle Stände und die Kitty ergeben "
                     "zusammen immer das, was die Spieler eingebracht haben."),
                Rule("PONTOON-LEDGER-3",
                     "Am Ende der Sitzung geht die Kitty an den Bankhalter zurück, und der "
                     "Schiedsrichter schlägt vor, wer wem wie viel zahlt, damit alle quitt sind – "
                     "mit so wenigen Zahlungen wie möglich."),
            ),
        ),
    ),
    decisions=(
        "Es spielen so viele mit, wie die Blätter mit je fünf Karten bedienen, den Bankhalter "
        "eingeschlossen: zehn mit einem Blatt, zwanzig mit zwei.",
        "Die ersten zwei Karten eines Spielers werden beim Geben nie eingetragen; bekannt werden "
        "sie, wenn er einen Pontoon meldet, teilt, verbrennt (falls eingetragen), eine "
        "überkaufte Hand mit ihren Karten wegwirft oder die Hand aufdeckt. Die Karten der Bank "
        "kommen dazu, wenn die Bank einen Pontoon zeigt oder aufdeckt.",
        "Eine beim Kaufen eingetragene Karte ist sofort auf dem Tisch zu sehen; wer sie bis zum "
        "Aufdecken geheim halten will, lässt sie weg.",
        "Eine Prüfung, die verdeckte Karten braucht, läuft, sobald alle Karten dieser Hand "
        "bekannt sind; ein Verstoß wird als Feststellung mit der gebrochenen Regel vermerkt, und "
        "die Hand wird trotzdem nach ihren wirklichen Karten abgerechnet (eine Hand, die sich als "
        "überkauft herausstellt, verliert Einsatz und Shoot-Wette).",
        "Zeigen die schon eingetragenen Karten, dass eine Hand über 21 liegt, selbst wenn jede "
        "unbekannte Karte nur 1 zählt, wirft der Schiedsrichter sie sofort weg.",
        "Jede stehende Hand mit unbekannten Karten muss aufgedeckt werden, bevor der Bankhalter "
        "abrechnet; eine überkaufte Hand darf aufgedeckt werden, muss aber nicht.",
        "Ersteinsätze dürfen in beliebiger Reihenfolge eingetragen werden. Shoot-Wetten auf die "
        "erste Karte werden in Sitzreihenfolge links vom Bankhalter eingetragen, ein Verzicht als "
        "Shoot-Wette von 0; die zweite Karte beendet die Runde, deshalb müssen nur die Verzichte "
        "vor der Wette eines späteren Spielers eingetragen werden.",
        "Geteilte Karten liegen offen, deshalb muss das Paar zum Teilen eingetragen werden. "
        "Verbrannte Karten dürfen sofort oder beim Aufdecken der Hand eingetragen werden.",
        "Hände werden ab 1 in der Reihenfolge des Spielens nummeriert; die neue Partnerhand einer "
        "geteilten Hand bekommt die Nummer direkt danach.",
        "Beim Verdoppeln durch die Bank wird jede gewöhnliche Zahlung verdoppelt, auch beim "
        "Überkaufen; Zahlungen für Pontoon, Fünfkartentrick und Royal Pontoon sowie das, was "
        "Pontoon und Fünfkartentrick der Bank kassieren, werden nicht verdoppelt, betragen aber "
        "nie weniger als eine verdoppelte gewöhnliche Zahlung.",
        "Wenn Pontoons untereinander gewertet werden (Ass mit Bildkarte vor Ass mit Zehn, oder "
        "Ass mit König oder Dame vor den anderen), wird ein Spieler, der bei der zweiten Karte "
        "einen Pontoon zeigt, der über dem Pontoon der Bank steht, dafür bezahlt; alle anderen "
        "zahlen.",
        "Ein Pontoon der Bank, der erst beim Aufdecken der Bank auffällt, wird als Feststellung "
        "vermerkt und als Pontoon abgerechnet; der Bankhalter kann darauf nicht mehr ziehen.",
        "Der Bankhalter darf nur ziehen, solange er mit Assen als 1 unter 21 zählt und weniger "
        "als fünf Karten hat; nach dem Überkaufen oder mit fünf Karten bleibt die Bank stehen und "
        "die Runde wird abgerechnet.",
        "Ein Pontoon in einer geteilten Hand wird als Pontoon bezahlt, bringt aber nicht die Bank. "
        "Ein Royal Pontoon zählt beim Mischen und beim Übernehmen der Bank wie ein Pontoon.",
        "Die Bank wechselt, sobald die Runde abgerechnet ist; der alte Bankhalter nimmt dann die "
        "Kitty, und der neue legt vor der nächsten Runde eine neue ein.",
        "In die Kitty nachlegen geht nur zwischen zwei Runden und nur, solange das eigene Geld "
        "des Bankhalters in der Kitty die größte Kitty nicht übersteigt; Shoot-Wetten, die aus der "
        "Kitty bezahlt werden, gehen zuerst von dem ab, was verlorene Shoot-Wetten hineingebracht "
        "haben.",
        "Ein gemeldeter Pontoon zeigt auf der Tischansicht sein Ass; die Zehnerkarte erscheint "
        "als unbekannt, bis die Runde abgerechnet ist, und keine Zurückweisung verrät, wo eine "
        "verdeckte Karte liegt.",
        "Ein Spieler darf vor der vierten Karte einmal schießen und muss sie dann kaufen oder "
        "drehen.",
        "Eine neue Shoot-Wette auf eine geteilte Hand ist nur erlaubt, wenn auf dem Paar eine "
        "Shoot-Wette lag, und nur solange diese Hand zwei Karten hält.",
        "Beim Abheben ist das Ass hoch, bei Gleichstand wird noch einmal abgehoben, und es kommt "
        "vor der ersten Runde und vor der Kitty.",
        "Die Bank darf für 0 verschenkt werden; dann gibt es keine Buchung.",
        "Wer die Sitzung beendet, gibt die Kitty an den Bankhalter zurück; die Schlussabrechnung "
        "zählt Geld in der Kitty als Geld des Bankhalters.",
        "Die Schlussabrechnung findet bei bis zu zwölf Beteiligten, die Geld bekommen oder "
        "schulden, wirklich die kleinste Zahl von Zahlungen; bei mehr bringt sie jeweils den "
        "größten Gläubiger mit dem größten Schuldner zusammen.",
        "Im Modus „nur Ergebnisse“ enthält der Einsatz einer Hand ihre Käufe, er darf also bis "
        "zum Siebenfachen des größten Ersteinsatzes betragen.",
    ),
)
