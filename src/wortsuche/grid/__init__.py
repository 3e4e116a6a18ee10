"""Where words can stand: the topology of a grid (which cells there are and how they line up),
its shapes, and the working board the placement and fill steps write on."""

# the kinds of topology past flat, each registered in KINDS by its name when imported
from wortsuche.grid import hexagons as hexagons
from wortsuche.grid import torus as torus
