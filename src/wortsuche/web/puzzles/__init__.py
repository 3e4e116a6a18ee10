"""The web's puzzles: a request becomes a :class:`~wortsuche.spec.PuzzleSpec`, a worker makes it,
the store keeps it, and a player fetches, checks, reveals and prints it.

One job a module: :mod:`.request` (the body read into one spec, under the web's limits),
:mod:`.making` (the spec to a worker, its refusals said for the form), :mod:`.stored` (what a
player may see of a stored puzzle), :mod:`.selection` (which words a selection finds),
:mod:`.dependencies` (the app's storage, generator and rates for a request), and the routes:
:mod:`.routes` (create, fetch, play) and :mod:`.downloads` (sheets and packages).
"""
