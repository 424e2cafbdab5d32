"""nbval runs the teaching notebooks on the built-in emulator, never against Google.

Notebook kernels inherit this process's environment when nbval starts them, so removing the key
here (at collection, before any kernel starts) makes every notebook's ``mapsnb.Client()`` the
emulator, with the fixed clock each notebook passes as ``now=``.
"""

from __future__ import annotations

import os

os.environ.pop("GOOGLE_MAPS_API_KEY", None)
os.environ.pop("MAPSNB_RECORD", None)  # nor a recording: the saved outputs are the emulator's
