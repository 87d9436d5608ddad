"""Die Regelseite von Counting."""
from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="counting",
    title="Counting",
    summary="Reihum nennt jeder eine Zahl, jede höher als die vorige.",
    sections=(
        Section("Spiel", (
            Rule("COUNT-1", "Wer dran ist, nennt eine ganze Zahl, die höher ist als die zuletzt genannte, "
                            "höchstens die vereinbarte Höchstzahl."),
            Rule("COUNT-2", "Ein Vielfaches von sieben darf man nennen, der Schiedsrichter vermerkt es aber als "
                            "Befund."),
        )),
    ),
)
