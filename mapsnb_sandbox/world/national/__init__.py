"""Names of towns as one country's own lists and scripts write them: Spain's co-official names
and Mexico's short and official long names (:mod:`.names`), Korea's Hangul names with their
units' words and by their romanizations (:mod:`.korean`)."""
