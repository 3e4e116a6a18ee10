"""Step 3: fill the cells no word covers: a hidden message, decoys, filler letters."""
