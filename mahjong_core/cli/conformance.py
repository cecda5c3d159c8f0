"""``mahjong conformance ID ...``: the conformance suite on installed rulesets, third-party ones too.

A ruleset author without a checkout of this project runs the same checks the
bundled rulesets pass; the exit status is pytest's, so CI can use it as is.
"""

from __future__ import annotations

import argparse


def cmd_conformance(args: argparse.Namespace) -> int:
    """Run the conformance checks (:func:`mahjong_core.conformance.run`) on the rulesets named."""
    from ..conformance import run

    return run(list(args.ruleset))
