"""The Hong Kong scoring family: fan tables, a fan-to-points table, and fan-laak payments."""
