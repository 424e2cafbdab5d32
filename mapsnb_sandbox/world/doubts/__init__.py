"""How sure a read town is: namesakes of like size, regions and islands of its name, Chinese
counties the index lacks (:mod:`.towns`); townships and small places the index lacks
(:mod:`.lacked`)."""

from mapsnb_sandbox.world.doubts.towns import (
    UNCOUNTED_PEOPLE,
    bare_guess,
    common_pinyin_read,
    county_elsewhere,
    lacked_elsewhere,
    lacked_outweighs,
    latin_words_apart,
    named_so,
    rivalled,
    section_in_country,
    small_place_elsewhere,
    small_under_region,
    town_population,
    unsure_namesake,
    within_a_city,
)

__all__ = [
    "UNCOUNTED_PEOPLE",
    "bare_guess",
    "common_pinyin_read",
    "county_elsewhere",
    "lacked_elsewhere",
    "lacked_outweighs",
    "latin_words_apart",
    "named_so",
    "rivalled",
    "section_in_country",
    "small_place_elsewhere",
    "small_under_region",
    "town_population",
    "unsure_namesake",
    "within_a_city",
]
