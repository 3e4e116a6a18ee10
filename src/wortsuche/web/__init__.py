"""The browser app behind ``wortsuche serve``: create, play, share and print puzzles.

Needs the ``web`` extra (``pip install 'wortsuche[web]'``); the core never imports this package.
"""
