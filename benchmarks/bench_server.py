"""Capacity of one live server process: tables of four bots at a human pace, watched over websockets.

Run: ``python benchmarks/bench_server.py [--tables 200,400,600,800] [--seconds 20] [--pace 1.0]``.

For each number of tables, a fresh ``mahjong serve`` process (its own data
folder, on an ephemeral loopback port, started with ``--stamp-events``) opens
that many tables of four greedy bots, each playing at a human pace (a bot's
turn takes ``--pace`` seconds of real time: about one turn decision a second
a table), and this process watches every table over one websocket each, as a
spectator.  The figure measured is the time from a decision (the engine's
emission of its event, stamped by the server on the system's monotonic clock)
to its arrival at the watcher, for every turn decision during ``--seconds``
after a warm-up.  Both processes read the same clock (CLOCK_MONOTONIC), so the
difference is the server's whole path: the log line written and flushed, the
table's view built, the hand-over to the event loop, the per-seat redaction,
the JSON encoding and the websocket send, plus the watcher's receive.

It prints, per step, tables, decisions a second, the 50th, 99th and largest
latency, and the CPU use of the server and of this watching process (in
per cent of one core); then ``tables sustained at p99 < 100 ms``:
the largest step whose p99 stayed under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

TARGET_MS = 100.0


def start(data: Path, pace: float) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "mahjong_core", "serve", "--port", "0", "--data", str(data),
                             "--bot-pace", str(pace), "--deal-pause", "0", "--stamp-events"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("serving on "):
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, line.split()[2]


def open_table(url: str, seed: int) -> str:
    body = json.dumps({"ruleset": "chinese_classical", "length": "game", "seed": seed,
                       "seats": [{"kind": "greedy"}] * 4}).encode()
    request = urllib.request.Request(url + "/api/tables", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return str(json.loads(response.read())["table"])


async def watch(ws_url: str, table: str, until: float, warm: float, out: list[float]) -> None:
    async with websockets.connect(f"{ws_url}/ws/{table}", max_queue=None) as ws:
        await ws.send(json.dumps({"type": "join"}))
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return
            try:
                text = await asyncio.wait_for(ws.recv(), left)
            except TimeoutError:
                return
            now = time.monotonic_ns()
            if '"mono_ns"' not in text or '"phase":"turn"' not in text:
                continue
            message: dict[str, Any] = json.loads(text)
            if message["event"]["type"] == "decision" and time.monotonic() >= warm:
                out.append((now - message["mono_ns"]) / 1e6)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def step(tables: int, seconds: float, pace: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start(Path(tmp), pace)
        try:
            ids = [open_table(url, seed) for seed in range(tables)]
            warm_s = min(5.0, 1.0 + seconds / 4)
            latencies: list[float] = []

            async def run() -> tuple[float, float]:
                begin = time.monotonic()
                warm, until = begin + warm_s, begin + warm_s + seconds
                cpu0 = 0.0
                tasks = [asyncio.create_task(watch(url.replace("http://", "ws://"), t, until, warm, latencies))
                         for t in ids]
                await asyncio.sleep(warm_s)
                cpu0 = cpu_seconds(proc.pid)
                mine0 = time.process_time()
                await asyncio.gather(*tasks)
                client.append((time.process_time() - mine0) / seconds)
                return cpu0, cpu_seconds(proc.pid)

            client: list[float] = []
            cpu0, cpu1 = asyncio.run(run())
        finally:
            proc.terminate()
            proc.wait(30)
    latencies.sort()
    count = len(latencies)

    def pct(p: float) -> float:
        return latencies[min(count - 1, int(p * count))] if count else float("nan")

    return {"tables": tables, "decisions_per_s": count / seconds, "p50": pct(0.50), "p99": pct(0.99),
            "max": latencies[-1] if count else float("nan"), "cpu": (cpu1 - cpu0) / seconds,
            "client_cpu": client[0] if client else float("nan")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="200,400,600,800", help="comma-separated numbers of tables to try")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per step (default: 20)")
    parser.add_argument("--pace", type=float, default=1.0, help="real seconds of a bot's turn (default: 1)")
    args = parser.parse_args(argv)
    sustained = 0
    print(f"{'tables':>7} {'decisions/s':>12} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'server CPU':>11} "
          f"{'watcher CPU':>12}")
    for n in [int(x) for x in args.tables.split(",")]:
        r = step(n, args.seconds, args.pace)
        print(f"{n:>7} {r['decisions_per_s']:>12.1f} {r['p50']:>8.1f} {r['p99']:>8.1f} {r['max']:>8.1f} "
              f"{r['cpu'] * 100:>10.0f}% {r['client_cpu'] * 100:>11.0f}%", flush=True)
        if r["p99"] < TARGET_MS and r["decisions_per_s"] > 0:
            sustained = n
        else:
            break
    print(f"tables sustained at p99 < {TARGET_MS:g} ms: {sustained}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
