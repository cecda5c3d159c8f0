"""Reading untrusted input safely: size-bounded files, strict JSON, compiled schemas, installed entry points.

The bottom layer: it imports nothing of the core but :mod:`mahjong_core.errors`,
so every layer above may read files through it.
"""
