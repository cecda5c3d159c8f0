"""The two ways other tools write a three-player mjai game, for the tests that read and play both.

libriichi3p keeps four seats with the fourth empty and sets a North aside as ``nukidora``; RiichiEnv keeps three
seats and says ``kita``.  Our export and our mjai seat write the first; the tests make the second from it.
"""

from __future__ import annotations

from typing import Any

#: What libriichi3p writes for the empty fourth seat, by field.
EMPTY_FOURTH = {"names": "", "scores": 0, "deltas": 0, "tehais": ["?"] * 13}


def riichienv_layout(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """libriichi3p's messages in RiichiEnv's three-seat form: the fourth seat, asserted empty, dropped; ``kita``
    for ``nukidora``."""
    out = []
    for m in messages:
        m = dict(m)
        if m["type"] == "nukidora":
            m = {"type": "kita", "actor": m["actor"], "pai": "N"}
        for key, empty in EMPTY_FOURTH.items():
            if key in m:
                assert m[key][3] == empty, (key, m[key])
                m[key] = m[key][:3]
        out.append(m)
    return out
