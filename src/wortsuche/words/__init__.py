"""Step 1: words → normalise. Reading word input, normalising it, and the word set a
puzzle is made of (themes, alphabets, the offensive-word screen)."""
