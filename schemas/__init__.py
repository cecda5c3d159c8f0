"""JSON Schemas shipped with mahjong_core (installed as ``mahjong_core.schemas``)."""
