"""The version of mapsnb."""

__version__ = "0.1.0"
