"""The live contract the emulator keeps: tool errors, input limits, argument access, ids and schemas."""
