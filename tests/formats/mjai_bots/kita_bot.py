"""A small mjai bot for the three-player tests: it sets a North aside (``nukidora``) whenever it draws one, and
otherwise discards what it drew.

Run as ``python kita_bot.py TOLD``: every message it is sent is appended to the file ``TOLD``, for the test to
read.  It answers every message with one line, as the mjai protocol asks; it reads only what it is sent.
"""

from __future__ import annotations

import json
import sys

me = -1
told = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115 -- held open for the bot's whole run
for line in sys.stdin:
    message = json.loads(line)
    told.write(line)
    told.flush()
    answer: dict = {"type": "none"}
    if message["type"] == "start_game":
        me = message["id"]
    elif message["type"] == "tsumo" and message["actor"] == me:
        if message["pai"] == "N":
            answer = {"type": "nukidora", "actor": me, "pai": "N"}
        else:
            answer = {"type": "dahai", "actor": me, "pai": message["pai"], "tsumogiri": True}
    print(json.dumps(answer), flush=True)
