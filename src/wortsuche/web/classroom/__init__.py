"""The classroom: a teacher makes an assignment, pupils join under a pseudonym and play, the
teacher reads the results.

One job a module: :mod:`.assignments` (codes, tokens, joining, results, the sweep of ended
classes), :mod:`.context` (what the routes share in one app, as a FastAPI dependency),
:mod:`.routes` (the API under ``/api/assignments``), :mod:`.cards` (the teacher's card and the
pupils' name cards), :mod:`.pages` (the HTML pages), :mod:`.schemas` (JSON bodies),
:mod:`.export` (CSV and XLSX), :mod:`.pdf` (the printed results and cards). The tables are in
:mod:`wortsuche.web.storage.classroom`, beside the puzzles' in the one database.

The classroom builds on the web's shared parts (checks, selection, making, pages, rates) and
never on the puzzles' API, nor that on it.
"""
