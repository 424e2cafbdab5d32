"""Synthetic, deterministic weather, air quality and pollen from climate data."""
