"""Names of towns as one country's own lists and scripts write them: Korea's Hangul names with
their units' words and by their romanization (:mod:`.korean`)."""
