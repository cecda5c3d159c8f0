"""A small mjai bot for the tests: it wins when it can say so cheaply (never), and otherwise discards what it drew.

Run as ``python tsumogiri.py [MODE]``: ``MODE`` ``nonsense`` answers its first decision with words that are no
move, ``dies`` ends at its first decision, ``slow`` sleeps past any deadline at its first decision, ``slowstart``
takes 1.5 s to answer ``start_game`` (a program still starting).  It answers
every message with one line, as the mjai protocol asks; it reads only what it is sent.
"""

from __future__ import annotations

import json
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else ""
me = -1
decisions = 0
seen = open(sys.argv[2], "a", encoding="utf-8") if len(sys.argv) > 2 else None  # noqa: SIM115 -- for the test
for line in sys.stdin:
    message = json.loads(line)
    if seen is not None:
        seen.write(line)
        seen.flush()
    kind = message["type"]
    if kind == "start_game":
        me = message["id"]
        if mode == "slowstart":
            time.sleep(1.5)
    answer: dict = {"type": "none"}
    if kind == "tsumo" and message["actor"] == me:
        answer = {"type": "dahai", "actor": me, "pai": message["pai"], "tsumogiri": True}
    if answer["type"] != "none":
        decisions += 1
        if decisions == 1 and mode == "nonsense":
            print("I discard the east wind, please", flush=True)
            continue
        if decisions == 1 and mode == "dies":
            sys.exit(3)
        if decisions == 1 and mode == "slow":
            time.sleep(30)
    print(json.dumps(answer), flush=True)
