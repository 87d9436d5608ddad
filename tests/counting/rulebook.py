"""The rules page of Counting."""
from referee.rulebook import Book, Rule, Section

BOOK = Book(
    game="counting",
    title="Counting",
    summary="Players take turns naming a number, each higher than the one before.",
    sections=(
        Section("Play", (
            Rule("COUNT-1", "On your turn name a whole number higher than the last one named, up to the "
                            "highest number the table agreed."),
            Rule("COUNT-2", "A multiple of seven may be named, but the referee notes it as a finding."),
        )),
    ),
)
