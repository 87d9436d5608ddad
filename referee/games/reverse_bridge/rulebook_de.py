"""Die Regelseite von Reverse Bridge auf Deutsch, in eigenen Worten (dieselben Regel-Ids wie
``referee/games/reverse_bridge/rulebook.py``)."""
from __future__ import annotations

from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="reverse-bridge",
    title="Reverse Bridge",
    summary=(
        "Ein Stichspiel für zwei Partnerschaften, verwandt mit Whist, bei dem die Reizung auf "
        "den Kopf gestellt ist: Jede Partei bietet, wie viele Stiche die ANDERE Partei macht. "
        "Stiche sind hier meist eine schlechte Nachricht – und der Stichzwang sorgt dafür, dass "
        "man sie trotzdem nehmen muss."
    ),
    sections=(
        Section(
            title="Vorbereitung",
            rules=(
                Rule("RB-SETUP-1",
                     "Vier Spieler: Nord und Süd spielen zusammen gegen Ost und West. Gespielt "
                     "wird mit einem gewöhnlichen Paket zu 52 Karten ohne Joker; jeder bekommt "
                     "13 Karten. Jede Karte gibt es nur einmal, also kann sie in einer Runde "
                     "auch nur einmal gespielt werden. Der Geber wechselt nach jeder Runde "
                     "einen Platz im Uhrzeigersinn weiter, und neu gegeben wird erst, wenn alle "
                     "13 Stiche der letzten Runde gespielt sind."),
            ),
        ),
        Section(
            title="Reizung",
            intro="Ein Gebot sagt die Stiche der Gegner voraus, nicht die eigenen.",
            rules=(
                Rule("RB-AUCTION-1",
                     "Der Spieler links vom Geber sagt als Erster an, danach geht es im "
                     "Uhrzeigersinn weiter. Jede Ansage ist entweder Passe oder ein Gebot. Ein "
                     "Gebot besteht aus einer Stufe von 1 bis 13 und einer Farbe; die Farben "
                     "steigen von Kreuz ♣ (niedrigste) über Karo ♦, Herz ♥ und Pik ♠ bis Sans "
                     "Atout, kurz SA (höchste)."),
                Rule("RB-AUCTION-2",
                     "Jedes Gebot muss das vorige überbieten: entweder mit einer höheren Stufe "
                     "oder auf derselben Stufe mit einer höheren Farbe. Kontra und Rekontra "
                     "gibt es nicht."),
                Rule("RB-AUCTION-3",
                     "Sobald jemand geboten hat, endet die Reizung, wenn drei Spieler "
                     "hintereinander passen. Das letzte Gebot ist das Endgebot, und die Partei, "
                     "die es abgegeben hat, ist die bietende Partei. Passen alle vier, ohne dass "
                     "geboten wurde, wird die Runde eingeworfen: Niemand bekommt Punkte, sie "
                     "zählt nicht zu den Runden der Partie, und der nächste Spieler gibt."),
                Rule("RB-AUCTION-4",
                     "Die Farbe des Endgebots ist für diese Runde Trumpf (bei Sans Atout gibt "
                     "es keinen). Die Stufe gibt an, wie viele Stiche die bietende Partei ihren "
                     "Gegnern voraussagt."),
                Rule("RB-AUCTION-5",
                     "Zum ersten Stich spielt der Spieler aus, der links von demjenigen sitzt, "
                     "der die Farbe des Endgebots in dieser Reizung als Erster genannt hat. Das "
                     "kann ein Spieler jeder der beiden Parteien sein."),
            ),
        ),
        Section(
            title="Spielverlauf",
            rules=(
                Rule("RB-PLAY-1",
                     "Wer ausspielt, darf jede Karte spielen. Alle anderen müssen der Reihe nach "
                     "im Uhrzeigersinn Farbe bekennen, wenn sie die ausgespielte Farbe haben. "
                     "Wer bedienen könnte und es nicht tut, verleugnet die Farbe (Revoke)."),
                Rule("RB-PLAY-2",
                     "Stichzwang: Wer den Stich gewinnen kann, muss ihn gewinnen – außer der "
                     "eigene Partner liegt in diesem Moment vorn. Jede Karte, die gewinnt, ist "
                     "recht, ob hoch oder niedrig. Praktisch heißt das: Hast du eine Karte der "
                     "ausgespielten Farbe, die die bisher höchste Karte schlägt (und es liegt "
                     "noch kein Trumpf im Stich), musst du eine davon spielen. Hast du die "
                     "ausgespielte Farbe nicht, aber Trumpf, musst du trumpfen, und einen schon "
                     "liegenden Trumpf musst du übertrumpfen, wenn du kannst; sind alle deine "
                     "Trümpfe zu niedrig, musst du trotzdem einen spielen. Liegt dein Partner "
                     "vorn, fällt all das weg – nur Farbe bekennen musst du weiterhin."),
                Rule("RB-PLAY-3",
                     "Greift kein Zwang, spielst du eine beliebige Karte. Den Stich gewinnt der "
                     "höchste Trumpf darin, sonst die höchste Karte der ausgespielten Farbe; "
                     "das Ass ist hoch. Wer den Stich gewinnt, spielt zum nächsten aus."),
                Rule("RB-PLAY-4",
                     "Zwei Hausregeln ändern den Stichzwang. „Stichzwang auch über den Partner“ "
                     "(so wurde das Spiel ursprünglich gespielt) verlangt, den Stich auch dann "
                     "zu gewinnen, wenn der Partner schon vorn liegt. „Kein Stichzwang“ lässt "
                     "nur die Pflicht, Farbe zu bekennen, wie beim Whist. Eine Partie verwendet "
                     "höchstens eine der beiden."),
            ),
        ),
        Section(
            title="Wertung",
            rules=(
                Rule("RB-SCORE-1",
                     "L sei die Stufe des Endgebots, T die Zahl der Stiche, die die Gegner der "
                     "bietenden Partei gemacht haben."),
                Rule("RB-SCORE-2",
                     "Machen die Gegner mindestens L Stiche, punktet die bietende Partei: 2 "
                     "Punkte je Stufe in Kreuz oder Karo, 3 je Stufe in Herz oder Pik und 3 je "
                     "Stufe plus 1 bei Sans Atout. Machen die Gegner weniger, bekommt die "
                     "bietende Partei nichts."),
                Rule("RB-SCORE-3",
                     "Die Gegner bekommen 5 Punkte für jeden Stich, um den sie von der Stufe "
                     "abweichen, egal in welche Richtung: 5 × den Unterschied zwischen T und L. "
                     "Ein genau richtiges Gebot bringt ihnen also nichts."),
                Rule("RB-SCORE-4",
                     "Beispiele: Geboten 7♠, die Gegner machen 9 Stiche – die bietende Partei "
                     "bekommt 21, die Gegner 10. Geboten 9♦, die Gegner machen 6 – die bietende "
                     "Partei bekommt 0, die Gegner 15. Geboten 1 Sans Atout, die Gegner machen "
                     "1 – 4 zu 0."),
                Rule("RB-SCORE-5",
                     "Eine Partie hat eine vorher festgelegte Zahl von Runden, ein Vielfaches "
                     "von vier, damit jeder gleich oft gibt (8, wenn der Tisch nichts anderes "
                     "wählt). Es gewinnt die Partei mit mehr Punkten am Ende. Die "
                     "Wertungstabelle zeigt jedes Ergebnis für jedes Gebot."),
            ),
        ),
        Section(
            title="Was der Schiedsrichter prüft",
            intro=(
                "Der Schiedsrichter kennt nur die Karten, die am Tisch eingetragen werden. "
                "Während der Runde prüft er, wer an der Reihe ist, die Reizung, dass keine "
                "Karte doppelt auftaucht und wer jeden Stich gewinnt. Spielt jemand, der in "
                "einer Farbe nicht bedient hat, später doch eine Karte dieser Farbe, meldet er "
                "die Farbverleugnung sofort."
            ),
            rules=(
                Rule("RB-AUDIT",
                     "Nach dem 13. Stich sind alle Karten gesehen, also weiß der Schiedsrichter "
                     "genau, was jeder Spieler bei jedem Stich in der Hand hatte. Er prüft jede "
                     "gespielte Karte gegen Farbzwang und Stichzwang und listet jeden Verstoß "
                     "auf: Stich, Spieler, gespielte Karte und was stattdessen Pflicht gewesen "
                     "wäre. Ein Verstoß ist ein Befund: Eine Farbverleugnung, die schon während "
                     "der Runde bewiesen wurde, bestätigt die Prüfung, statt sie ein zweites Mal "
                     "aufzuführen, und sie behält den Eintrag, der sie zuerst bewiesen hat. "
                     "Dann entscheidet der Tisch: Er kann die Stichzahl der Gegner "
                     "korrigieren – mit einer Begründung, die im Protokoll steht und gedruckt "
                     "wird – oder einfach die nächste Runde geben und damit das Ergebnis so "
                     "annehmen, wie es ist."),
            ),
        ),
        Section(
            title="Nur Ergebnisse",
            intro="Für Tische, die den Punktestand führen, ohne jede Karte einzutragen.",
            rules=(
                Rule("RB-QUICK",
                     "Jede Runde wird nach dem Spiel als Ganzes eingetragen: das Endgebot, "
                     "welche Partei es abgegeben hat, und wie viele Stiche die andere Partei "
                     "gemacht hat. Die Partei wird direkt genannt (Nord–Süd oder Ost–West) "
                     "oder über den Spieler, der das Endgebot abgegeben hat – eines von beiden, "
                     "nicht beides. Gewertet wird genau so, als wäre Karte für Karte "
                     "eingetragen worden. Auch eine nach vier Pässen eingeworfene Runde kann "
                     "eingetragen werden, damit der Geber weiterrückt."),
            ),
        ),
    ),
    decisions=(
        "Eine Farbverleugnung wird während der Runde nie abgelehnt, denn der Schiedsrichter "
        "sieht die Blätter nicht; sie wird gemeldet, sobald eine spätere Karte sie beweist, und "
        "die Prüfung nach der Runde bestätigt diese Meldung, statt eine zweite zu machen.",
        "Eine Karte, die in dieser Runde schon gespielt wurde, wird mit Verweis auf RB-SETUP-1 "
        "abgelehnt.",
        "Der Stichzwang richtet sich nach der Karte, die den Stich in dem Moment hält, in dem "
        "ein Spieler seine Karte legt – er gilt also für den zweiten und dritten Spieler genauso "
        "wie für den vierten.",
        "Ist Trumpf ausgespielt, muss ein Spieler, der den höchsten Trumpf im Stich mit einem "
        "höheren schlagen kann, das auch tun – wie bei jeder anderen Farbe.",
        "Mit „Kein Stichzwang“ darf ein Spieler, der nicht bedienen kann, abwerfen, auch wenn er "
        "Trumpf hat.",
        "Ein Verstoß wird als RB-PLAY-1 gemeldet, wenn der Spieler nicht Farbe bekannt hat, "
        "obwohl er konnte, und als RB-PLAY-2, wenn er zwar bedient hat oder blank war, aber "
        "nicht gewonnen, getrumpft oder übertrumpft hat, wie es der Stichzwang verlangte.",
        "Der Tisch kann die Stichzahl der Gegner (0 bis 13) nach jeder Runde korrigieren, mit "
        "oder ohne gemeldete Verstöße; eine spätere Korrektur derselben Runde ersetzt die "
        "frühere, und jede wird protokolliert und bei den Verstößen aufgeführt.",
        "Die letzte Runde einer Partie kann auch nach dem Ende der Partie noch korrigiert werden.",
        "Die angezeigte Rundennummer zählt nur tatsächlich gespielte Runden; eingeworfene Runden "
        "(alle haben gepasst) werden getrennt gezählt.",
        "In einer Partie, in der nur Ergebnisse notiert werden, kann eine eingeworfene Runde "
        "eingetragen werden, damit der Geber weiterrückt.",
        "Eine Runde im Modus „Nur Ergebnisse“, die sowohl die bietende Partei als auch den "
        "Spieler des Endgebots nennt, wird abgelehnt, selbst wenn beide zusammenpassen: eine "
        "einzige Angabe hält den Eintrag eindeutig.",
        "Gleichstand nach Punkten am Ende der Partie wird als Unentschieden angezeigt.",
        "Eine neue Partie lehnt einen Spieler ab, der wie eine Partei heißt, mit Verweis auf "
        "RB-SETUP-1: NS, OW, Nord–Süd oder Ost–West, oder englisch NS, EW, North–South oder "
        "East–West, in beliebiger Groß- und Kleinschreibung und mit beliebigem Strich, "
        "Leerzeichen oder Schrägstrich („N/S“). So heißen die Parteien auf dem Punkteblatt und "
        "in den Meldungen, und ein Spieler wäre von einer Partei nicht zu unterscheiden. Eine "
        "früher gespeicherte oder importierte Partie behält ihre Namen.",
    ),
)
