"""``python -m tapiz_rules.cli``: la misma orden que ``tapiz``."""

import sys

from tapiz_rules.cli import main

sys.exit(main())
