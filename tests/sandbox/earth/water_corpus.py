"""Independent truth for the emulator's water and roads (issue 29): written by hand from
well-known published figures (national road atlases, operators' timetables), not from any
file the emulator reads. Coordinates are town or port centres (degrees)."""

from __future__ import annotations

Point = tuple[float, float]

#: Points well inside lakes and inland seas (the lake itself is the truth).
LAKE_POINTS: dict[str, Point] = {
    "Lake Geneva": (46.45, 6.55),
    "Lake Constance": (47.60, 9.40),
    "Lake Garda": (45.65, 10.68),
    "Lake Titicaca": (-15.80, -69.40),
    "Lake Victoria": (-1.00, 33.00),
    "Lake Baikal": (53.50, 108.20),
    "Caspian Sea": (42.00, 51.00),
    "Lake Superior": (47.70, -87.50),
    "Lake Michigan": (43.50, -87.00),
    "Lake Ladoga": (61.00, 31.50),
    "Lake Tahoe": (39.09, -120.04),
    "Lake Tanganyika": (-6.50, 29.60),
    "Lake Malawi": (-12.00, 34.50),
    "Lake Balaton": (46.80, 17.70),
    "Lake Van": (38.65, 42.90),
    "Lake Winnipeg": (52.50, -97.50),
    "Lake Onega": (61.70, 35.50),
    "Lake Erie": (42.20, -81.20),
}

#: Towns facing each other across a lake or an inland sea: no walk or ride straight across.
LAKE_PAIRS: list[tuple[str, Point, Point]] = [
    ("Lausanne–Évian (Geneva)", (46.519, 6.633), (46.401, 6.590)),
    ("Friedrichshafen–Romanshorn (Constance)", (47.654, 9.479), (47.565, 9.379)),
    ("Salò–Garda (Garda)", (45.607, 10.521), (45.575, 10.708)),
    ("Puno–Copacabana (Titicaca)", (-15.840, -70.022), (-16.166, -69.086)),
    ("Port Bell–Mwanza (Victoria)", (0.289, 32.653), (-2.516, 32.900)),
    ("Listvyanka–Tankhoy (Baikal)", (51.868, 104.833), (51.553, 105.120)),
    ("Baku–Türkmenbaşy (Caspian)", (40.409, 49.867), (40.022, 52.955)),
    ("Chicago–Muskegon (Michigan)", (41.878, -87.630), (43.234, -86.248)),
    ("Toronto–Rochester (Ontario)", (43.653, -79.383), (43.157, -77.609)),
    ("Priozersk–Sortavala (Ladoga)", (61.036, 30.128), (61.703, 30.691)),
    ("South Lake Tahoe–Tahoe City (Tahoe)", (38.933, -119.984), (39.168, -120.145)),
    ("Kigoma–Kalemie (Tanganyika)", (-4.877, 29.627), (-5.947, 29.194)),
    ("Nkhata Bay–Mbamba Bay (Malawi)", (-11.607, 34.296), (-11.283, 34.768)),
    ("Siófok–Balatonfüred (Balaton)", (46.904, 18.058), (46.960, 17.891)),
    ("Van–Tatvan (Van)", (38.501, 43.373), (38.507, 42.282)),
    ("Gimli–Victoria Beach (Winnipeg)", (50.633, -96.990), (50.703, -96.557)),
    ("Cleveland–Port Stanley (Erie)", (41.499, -81.694), (42.664, -81.213)),
    ("Horgen–Meilen (Zurich)", (47.259, 8.598), (47.270, 8.645)),
    ("Konstanz–Meersburg (Constance)", (47.660, 9.175), (47.694, 9.271)),
    ("Petrozavodsk–Shoksha (Onega)", (61.785, 34.346), (61.500, 35.100)),
    ("Duluth–Thunder Bay (Superior)", (46.787, -92.100), (48.382, -89.247)),
]

#: Coastal and lake-shore drives: the road stays ashore (at most 5 % of it 3 km off land).
COASTAL_DRIVES: list[tuple[str, Point, Point]] = [
    ("Christchurch–Dunedin", (-43.532, 172.637), (-45.879, 170.503)),
    ("Lima–Ica", (-12.046, -77.043), (-14.068, -75.726)),
    ("Athens–Thessaloniki", (37.984, 23.728), (40.640, 22.944)),
    ("Lisbon–Porto", (38.722, -9.139), (41.158, -8.629)),
    ("Naples–Reggio Calabria", (40.852, 14.268), (38.111, 15.647)),
    ("Sydney–Brisbane", (-33.869, 151.209), (-27.470, 153.026)),
    ("Rio de Janeiro–São Paulo", (-22.907, -43.173), (-23.551, -46.633)),
    ("Vancouver–Seattle", (49.283, -123.121), (47.606, -122.332)),
    ("Oslo–Bergen", (59.914, 10.752), (60.393, 5.324)),
    ("Mumbai–Goa (Panaji)", (19.076, 72.878), (15.491, 73.828)),
    ("Istanbul–İzmir", (41.008, 28.978), (38.424, 27.143)),
    ("Marseille–Genoa", (43.296, 5.370), (44.406, 8.934)),
    ("Adelaide–Melbourne", (-34.929, 138.601), (-37.814, 144.963)),
    ("Boston–Portland (Maine)", (42.360, -71.059), (43.659, -70.257)),
    ("Split–Dubrovnik", (43.508, 16.440), (42.650, 18.094)),
    ("Valparaíso–La Serena", (-33.047, -71.613), (-29.904, -71.249)),
    ("Hanoi–Da Nang", (21.028, 105.834), (16.054, 108.202)),
    ("Lausanne–Évian", (46.519, 6.633), (46.401, 6.590)),
    ("Toronto–Rochester", (43.653, -79.383), (43.157, -77.609)),
    ("Chicago–Muskegon", (41.878, -87.630), (43.234, -86.248)),
    ("Cape Town–Port Elizabeth", (-33.925, 18.424), (-33.961, 25.602)),
    ("Tokyo–Osaka", (35.690, 139.692), (34.694, 135.502)),
]

#: Car-ferry crossings: (name, origin, destination, published sailing hours). Not Dover–Calais:
#: by car the Channel Tunnel's Le Shuttle is the faster way there, and the planner takes it.
FERRIES: list[tuple[str, Point, Point, float]] = [
    ("Wellington–Picton (Interislander)", (-41.286, 174.776), (-41.291, 174.001), 3.5),
    ("Helsinki–Tallinn", (60.170, 24.938), (59.437, 24.754), 2.0),
    ("Holyhead–Dublin", (53.309, -4.633), (53.350, -6.260), 3.25),
    ("Barcelona–Palma", (41.385, 2.173), (39.570, 2.650), 7.0),
    ("Piraeus–Heraklion", (37.942, 23.646), (35.339, 25.144), 9.0),
    ("Baku–Türkmenbaşy", (40.409, 49.867), (40.022, 52.955), 12.0),
    ("Cairnryan–Belfast", (54.972, -5.018), (54.597, -5.930), 2.25),
    ("Nynäshamn–Visby", (58.903, 17.948), (57.634, 18.295), 3.25),
]

#: Road distances in km as published (road atlases, route planners): (name, a, b, km).
ROADS: list[tuple[str, Point, Point, float]] = [
    ("Paris–Lyon", (48.857, 2.352), (45.764, 4.836), 465),
    ("Paris–Marseille", (48.857, 2.352), (43.296, 5.370), 775),
    ("Madrid–Barcelona", (40.417, -3.704), (41.385, 2.173), 620),
    ("Madrid–Seville", (40.417, -3.704), (37.389, -5.984), 530),
    ("Berlin–Munich", (52.520, 13.405), (48.137, 11.576), 585),
    ("Hamburg–Berlin", (53.551, 9.994), (52.520, 13.405), 290),
    ("Rome–Milan", (41.903, 12.496), (45.464, 9.190), 575),
    ("Rome–Naples", (41.903, 12.496), (40.852, 14.268), 225),
    ("London–Manchester", (51.507, -0.128), (53.481, -2.242), 335),
    ("London–Edinburgh", (51.507, -0.128), (55.953, -3.189), 650),
    ("Zurich–Milan", (47.377, 8.541), (45.464, 9.190), 280),
    ("Vienna–Prague", (48.208, 16.373), (50.076, 14.438), 330),
    ("Warsaw–Kraków", (52.230, 21.012), (50.065, 19.945), 295),
    ("Moscow–Saint Petersburg", (55.756, 37.617), (59.939, 30.316), 710),
    ("Lima–Cusco", (-12.046, -77.043), (-13.532, -71.967), 1105),
    ("Lima–Arequipa", (-12.046, -77.043), (-16.409, -71.537), 1010),
    ("Quito–Guayaquil", (-0.180, -78.468), (-2.170, -79.922), 420),
    ("Bogotá–Medellín", (4.711, -74.072), (6.244, -75.581), 415),
    ("La Paz–Santa Cruz", (-16.500, -68.150), (-17.784, -63.182), 850),
    ("Santiago–Valparaíso", (-33.449, -70.669), (-33.047, -71.613), 120),
    ("Buenos Aires–Córdoba", (-34.604, -58.382), (-31.420, -64.189), 700),
    ("São Paulo–Rio de Janeiro", (-23.551, -46.633), (-22.907, -43.173), 430),
    ("New York–Boston", (40.713, -74.006), (42.360, -71.059), 345),
    ("Los Angeles–San Francisco", (34.052, -118.244), (37.775, -122.419), 615),
    ("Chicago–Detroit", (41.878, -87.630), (42.331, -83.046), 455),
    ("Denver–Salt Lake City", (39.739, -104.990), (40.761, -111.891), 840),
    ("Mexico City–Guadalajara", (19.433, -99.133), (20.660, -103.350), 540),
    ("Delhi–Agra", (28.614, 77.209), (27.177, 78.008), 230),
    ("Mumbai–Pune", (19.076, 72.878), (18.520, 73.857), 150),
    ("Kathmandu–Pokhara", (27.717, 85.324), (28.210, 83.986), 200),
    ("Beijing–Shanghai", (39.904, 116.407), (31.230, 121.474), 1210),
    ("Sydney–Melbourne", (-33.869, 151.209), (-37.814, 144.963), 880),
    ("Nairobi–Mombasa", (-1.286, 36.817), (-4.043, 39.668), 485),
    ("Johannesburg–Durban", (-26.204, 28.047), (-29.858, 31.021), 570),
    ("Cairo–Alexandria", (30.044, 31.236), (31.200, 29.919), 220),
    ("Istanbul–Ankara", (41.008, 28.978), (39.934, 32.860), 450),
    ("Tehran–Isfahan", (35.689, 51.389), (32.654, 51.668), 440),
    ("Almaty–Bishkek", (43.238, 76.946), (42.875, 74.570), 235),
    ("Christchurch–Dunedin", (-43.532, 172.637), (-45.879, 170.503), 360),
    ("Athens–Thessaloniki", (37.984, 23.728), (40.640, 22.944), 500),
    ("Lima–Ica", (-12.046, -77.043), (-14.068, -75.726), 300),
    ("Lisbon–Porto", (38.722, -9.139), (41.158, -8.629), 315),
    ("Oslo–Bergen", (59.914, 10.752), (60.393, 5.324), 465),
    ("Lausanne–Évian", (46.519, 6.633), (46.401, 6.590), 75),
    ("Toronto–Rochester", (43.653, -79.383), (43.157, -77.609), 260),
]

#: Short city trips (1-8 km) for the shape test: (city, a, b).
CITY_TRIPS: list[tuple[str, Point, Point]] = [
    ("Nairobi", (-1.2864, 36.8172), (-1.2630, 36.8030)),
    ("Lima", (-12.0464, -77.0428), (-12.1211, -77.0297)),
    ("Paris", (48.8566, 2.3522), (48.8738, 2.2950)),
    ("Tokyo", (35.6812, 139.7671), (35.6586, 139.7454)),
    ("São Paulo", (-23.5505, -46.6333), (-23.5874, -46.6576)),
    ("Chicago", (41.8781, -87.6298), (41.9214, -87.6513)),
    ("Cairo", (30.0444, 31.2357), (30.0626, 31.2497)),
    ("Sydney", (-33.8688, 151.2093), (-33.8915, 151.2767)),
]
