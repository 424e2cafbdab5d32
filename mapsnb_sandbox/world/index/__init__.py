"""The indexes' parts (split from ``geodata.py`` and ``landmarks.py``, round 25): text folding
and Latin letters (:mod:`.letters`), the town index's columns (:mod:`.town_table`) and build
(:mod:`.town_build`), the landmark tables' rows (:mod:`.landmark_rows`)."""
