"""The bundled scoring families: classical (points and doublings), Hong Kong (fan tables), MCR (exclusions),
riichi (han and fu), Taiwanese (tai added up)."""
