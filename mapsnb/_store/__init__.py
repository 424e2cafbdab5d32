"""What outlives a call: the call key, the on-disk cache and recordings for replay."""
