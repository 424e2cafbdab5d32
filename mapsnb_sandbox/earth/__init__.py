"""The emulator's physical world: land and water, crossings over water, sun and moon."""
