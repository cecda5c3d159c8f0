"""``python -m mahjong_core`` is the ``mahjong`` command."""

import sys

from mahjong_core.cli import main

sys.exit(main())
