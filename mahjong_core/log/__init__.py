"""The replay log: its format, the seal, strict reading, the fold of events into table state, redaction, and
the seeded simulations that write logs.

Above the engine, whose events it records; the audit that re-plays a log sits above it (:mod:`mahjong_core.audit`).
"""
