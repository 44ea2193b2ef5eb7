"""``python -m seven_rocks`` runs the command line."""

import sys

from .cli import main

sys.exit(main())
