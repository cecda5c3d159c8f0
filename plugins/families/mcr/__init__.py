"""The MCR scoring family: an exclusion-aware fan engine (the five principles) and MCR's settlement."""
