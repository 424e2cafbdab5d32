"""The emulator's human world: towns, landmarks, place resolution, addresses, kinds, languages."""
