import sys

from wortsuche.cli import main

sys.exit(main())
