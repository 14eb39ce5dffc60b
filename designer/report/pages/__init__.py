"""The kinds of sheet in a drawing set, one module each."""
