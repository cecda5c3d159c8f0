"""``python -m mahjong_core.cli`` is the ``mahjong`` command, as ``python -m mahjong_core`` is."""

import sys

from mahjong_core.cli import main

sys.exit(main())
