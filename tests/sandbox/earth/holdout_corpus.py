"""A holdout for the water check (issue 40, class 5): crossings in places ``crossings_corpus.py``
lacks, written after the emulator's fixes were chosen, to see whether they hold as a class.

46 pairs across fjords, archipelagos, lagoons, river cities and harbours (Venice's islands,
Bergen, Helsinki's Suomenlinna, the Golden Horn, Lagos, Abidjan, Manila Bay, Mumbai, Dhaka,
Bangkok, Sydney Harbour, Vancouver, Seattle, ...). Coordinates are typed by hand (town centres,
squares, ferry quays), each checked to lie on OpenStreetMap land (moved to the nearest land
cell when not), so that a route may start and end dry. The truth is the water itself, measured
the same way as the corpus (``water_truth.bin``, OSM land polygons through
``roaring-landmask``, ``tools/build_water_truth.py``): a route may cross it only on a bridge,
tunnel or ferry that carries its mode, or there is no route. No road distances here.
"""

from __future__ import annotations

Point = tuple[float, float]

#: (name, continent, a, b): places across water (the name says which water).
HOLDOUT: list[tuple[str, str, Point, Point]] = [
    ("Venice Rialto–Lido (Venetian Lagoon)", "EU", (45.438, 12.336), (45.405, 12.368)),
    ("Venice San Marco–Giudecca (Giudecca Canal)", "EU", (45.434, 12.339), (45.427, 12.329)),
    ("Bergen Bryggen–Laksevåg (Puddefjorden)", "EU", (60.3981, 5.3274), (60.388, 5.29)),
    ("Bergen–Kleppestø (Byfjorden, Askøy)", "EU", (60.393, 5.324), (60.408, 5.2265)),
    ("Helsinki Market Square–Suomenlinna", "EU", (60.1675, 24.9502), (60.1458, 24.9881)),
    ("Helsinki–Espoo Tapiola (Laajalahti)", "EU", (60.17, 24.938), (60.175, 24.805)),
    ("Eminönü–Karaköy (Golden Horn)", "EU", (41.017, 28.97), (41.024, 28.9778)),
    ("Balat–Hasköy (Golden Horn)", "EU", (41.03, 28.948), (41.04, 28.956)),
    ("Stockholm Gamla stan–Djurgården", "EU", (59.325, 18.071), (59.326, 18.11)),
    ("Copenhagen Nyhavn–Christianshavn", "EU", (55.68, 12.5904), (55.672, 12.593)),
    ("Amsterdam Centraal–Noord (IJ)", "EU", (52.378, 4.9), (52.39, 4.915)),
    ("Hamburg Landungsbrücken–Steinwerder (Elbe)", "EU", (53.546, 9.968), (53.536, 9.96)),
    ("St Petersburg Vasilievsky–Palace Square (Neva)", "EU", (59.941, 30.28), (59.939, 30.315)),
    ("Oslo–Nesoddtangen (Oslofjord)", "EU", (59.911, 10.74), (59.8676, 10.6616)),
    ("Como Bellagio–Varenna (Lake Como)", "EU", (45.987, 9.261), (46.01, 9.284)),
    ("Kotor–Tivat (Bay of Kotor)", "EU", (42.424, 18.771), (42.435, 18.696)),
    ("Ålesund–Molde (Romsdalsfjord)", "EU", (62.472, 6.155), (62.737, 7.16)),
    ("Lagos Victoria Island–Ikoyi (Five Cowrie Creek)", "AF", (6.4281, 3.4219), (6.452, 3.435)),
    ("Lagos Island–Apapa (Lagos Harbour)", "AF", (6.455, 3.39), (6.449, 3.364)),
    ("Abidjan Plateau–Treichville (Ébrié Lagoon)", "AF", (5.325, -4.02), (5.3, -4.005)),
    ("Zamalek–Downtown Cairo (Nile)", "AF", (30.06, 31.22), (30.045, 31.24)),
    (
        "Manila Intramuros–Mall of Asia (Manila Bay shore)",
        "AS",
        (14.59, 120.975),
        (14.535, 120.983),
    ),
    ("Mumbai Colaba–Worli (Back Bay)", "AS", (18.915, 72.826), (19.017, 72.817)),
    ("Dhaka Sadarghat–Keraniganj (Buriganga)", "AS", (23.708, 90.407), (23.695, 90.4)),
    ("Bangkok Rattanakosin–Thonburi (Chao Phraya)", "AS", (13.75, 100.492), (13.73, 100.476)),
    ("Kolkata BBD Bagh–Howrah (Hooghly)", "AS", (22.5726, 88.3494), (22.585, 88.342)),
    ("Shanghai Bund–Lujiazui (Huangpu)", "AS", (31.24, 121.488), (31.238, 121.503)),
    ("Singapore HarbourFront–Sentosa", "AS", (1.265, 103.822), (1.249, 103.83)),
    ("Miyajimaguchi–Miyajima (Itsukushima)", "AS", (34.312, 132.303), (34.295, 132.3205)),
    ("Tokyo Shibaura–Odaiba (Tokyo Bay)", "AS", (35.64, 139.755), (35.627, 139.776)),
    ("Sydney Circular Quay–Manly (Port Jackson)", "OC", (-33.861, 151.211), (-33.797, 151.285)),
    ("Sydney Balmain–Barangaroo (Darling Harbour)", "OC", (-33.858, 151.18), (-33.862, 151.201)),
    ("Brisbane CBD–Kangaroo Point (Brisbane River)", "OC", (-27.47, 153.026), (-27.478, 153.036)),
    ("Perth–South Perth (Swan River)", "OC", (-31.953, 115.857), (-31.975, 115.862)),
    ("Auckland CBD–Takapuna (Waitematā)", "OC", (-36.848, 174.763), (-36.787, 174.77)),
    ("Vancouver Downtown–Kitsilano (False Creek)", "NA", (49.283, -123.121), (49.268, -123.155)),
    ("Vancouver–Richmond (Fraser River)", "NA", (49.263, -123.114), (49.167, -123.137)),
    ("Seattle–Kirkland (Lake Washington)", "NA", (47.606, -122.332), (47.681, -122.209)),
    ("Seattle–Bainbridge Island (Puget Sound)", "NA", (47.603, -122.338), (47.626, -122.521)),
    ("Old San Juan–Cataño (San Juan Bay)", "NA", (18.466, -66.117), (18.44, -66.118)),
    ("Chicago Loop–Evanston (Lake Michigan shore)", "NA", (41.881, -87.628), (42.045, -87.688)),
    ("South Lake Tahoe–Tahoe City (Lake Tahoe)", "NA", (38.933, -119.984), (39.168, -120.145)),
    ("Cartagena Old Town–Bocagrande", "SA", (10.423, -75.548), (10.4, -75.555)),
    ("Florianópolis mainland–island (Baía Norte)", "SA", (-27.595, -48.62), (-27.597, -48.549)),
    ("Guayaquil–Durán (Guayas)", "SA", (-2.19, -79.887), (-2.17, -79.83)),
    ("Salvador–Itaparica (Bay of All Saints)", "SA", (-12.971, -38.511), (-12.887, -38.68)),
]
