"""Where words can stand: the topology of a grid (which cells there are and how they line up),
its shapes, and the working board the placement and fill steps write on."""

from wortsuche.grid import hexagons as hexagons  # the hexagonal kind of topology, by its name
