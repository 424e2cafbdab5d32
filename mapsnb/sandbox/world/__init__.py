"""The emulator's human world: towns, landmarks, addresses, kinds of places, texts and languages, units."""
