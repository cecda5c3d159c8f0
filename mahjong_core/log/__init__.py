"""The replay log: its format, the seal, strict reading, the fold of events into table state, redaction, audit.

Above the engine: an audit re-plays a log through the same engine that wrote it.
"""
