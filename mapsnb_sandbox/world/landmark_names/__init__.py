"""Famous places' names as texts say them: their case forms, their leads, their spellings."""
