"""Reading payloads: the one reader of payload dicts, attributions (credits), summaries."""
