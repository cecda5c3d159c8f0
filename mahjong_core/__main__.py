"""``python -m mahjong_core`` is the ``mahjong`` command."""

import sys

from .cli import main

sys.exit(main())
