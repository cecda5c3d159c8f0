"""Running a study's games: in this process, or spread over Dask workers with the same results.

Games are cut into batches (the tasks); each task plays its games from their
own seeds and returns only their facts, so the results are the same -- the
same seeds, the same facts, in game order -- whatever runs them, and a
worker's memory holds one batch at a time however many games there are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .facts import GameFacts
from .play import play_batch

#: Games per task: small enough to spread over workers and to show progress, large enough to amortise a task.
BATCH = 8


def run_games(ruleset: str | Path, seed: int | str, games: int, bots: Sequence[str], *,
              max_deals: int | None = None, workers: int = 0, scheduler: str | None = None,
              progress: Callable[[int], object] | None = None) -> list[GameFacts]:
    """The facts of games ``0 .. games - 1``, in order.

    :param workers: 0 plays in this process; N > 0 starts a local Dask cluster of N worker processes.
    :param scheduler: the address of a running Dask scheduler (``tcp://host:port``) to use instead.
    :param progress: called with the number of games each finished task played.
    """
    batches = [list(range(i, min(i + BATCH, games))) for i in range(0, games, BATCH)]
    if not workers and scheduler is None:
        out: list[GameFacts] = []
        for batch in batches:
            out += play_batch(ruleset, seed, batch, bots, max_deals)
            if progress is not None:
                progress(len(batch))
        return out
    return _on_dask(str(ruleset), seed, batches, list(bots), max_deals, workers, scheduler, progress)


def _on_dask(ruleset: str, seed: int | str, batches: list[list[int]], bots: list[str], max_deals: int | None,
             workers: int, scheduler: str | None, progress: Callable[[int], object] | None) -> list[GameFacts]:
    from dask.distributed import Client, LocalCluster, as_completed

    cluster: Any = None
    if scheduler is None:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        futures = [client.submit(play_batch, ruleset, seed, batch, bots, max_deals, pure=False) for batch in batches]
        index = {f.key: k for k, f in enumerate(futures)}
        results: list[list[GameFacts] | None] = [None] * len(futures)
        for future in as_completed(futures):
            results[index[future.key]] = future.result()
            if progress is not None:
                progress(len(batches[index[future.key]]))
            future.release()
        return [g for batch in results if batch is not None for g in batch]
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
