"""Running many independent tasks -- a study's games, a batch of simulations, audits of many logs --
in this process or spread over Dask workers, with the same results.

Every task carries what it needs to be run anywhere (a ruleset id or path,
seeds, a file name) and returns plain data, so the results are the same --
in the same order -- whatever runs them, and a worker's memory holds one task
at a time however many there are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from .facts import GameFacts
from .play import play_batch

#: Games per task: small enough to spread over workers and to show progress, large enough to amortise a task.
BATCH = 8

T = TypeVar("T")


def map_ordered(fn: Callable[..., T], tasks: Sequence[tuple[Any, ...]], *, workers: int = 0,
                scheduler: str | None = None, progress: Callable[[int], object] | None = None,
                sizes: Sequence[int] | None = None, on_result: Callable[[int, T], object] | None = None) -> list[T]:
    """``[fn(*task) for task in tasks]``, in this process or on Dask, in the tasks' order either way.

    :param workers: 0 runs here; N > 0 starts a local Dask cluster of N worker processes for the call.
    :param scheduler: the address of a running Dask scheduler (``tcp://host:port``) to use instead.
    :param progress: called with ``sizes[k]`` (default 1) as task ``k`` finishes.
    :param on_result: called with ``k`` and task ``k``'s result as it finishes (on Dask, in the order they
        finish), so a caller can keep each result the moment it exists (a soak's journal does).
    """
    if not workers and scheduler is None:
        out = []
        for k, task in enumerate(tasks):
            out.append(fn(*task))
            if on_result is not None:
                on_result(k, out[-1])
            if progress is not None:
                progress(sizes[k] if sizes else 1)
        return out
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        from mahjong_core import MahjongError

        raise MahjongError("--workers needs the 'study' extra (Dask): pip install 'mahjong-core[study]'",
                           place="--workers") from None

    cluster: Any = None
    if scheduler is None:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=":0")
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        futures = [client.submit(fn, *task, pure=False) for task in tasks]
        index = {f.key: k for k, f in enumerate(futures)}
        results: list[Any] = [None] * len(futures)
        for future in as_completed(futures):
            k = index[future.key]
            results[k] = future.result()
            future.release()
            if on_result is not None:
                on_result(k, results[k])
            if progress is not None:
                progress(sizes[k] if sizes else 1)
        return results
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run_games(ruleset: str | Path, seed: int | str, games: int, bots: Sequence[str], *,
              max_deals: int | None = None, workers: int = 0, scheduler: str | None = None,
              progress: Callable[[int], object] | None = None) -> list[GameFacts]:
    """The facts of a study's games ``0 .. games - 1``, in order (see :func:`map_ordered` for the options)."""
    batches = [list(range(i, min(i + BATCH, games))) for i in range(0, games, BATCH)]
    tasks = [(str(ruleset), seed, batch, list(bots), max_deals) for batch in batches]
    done = map_ordered(play_batch, tasks, workers=workers, scheduler=scheduler, progress=progress,
                       sizes=[len(b) for b in batches])
    return [g for batch in done for g in batch]
