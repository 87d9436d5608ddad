"""The rules pages in German: one module per game, the same rule ids as the English ones."""
