"""Texts in the asked language: summaries, hints, conditions, units and formats."""
