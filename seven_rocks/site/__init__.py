"""The site tooling: build the static site, serve it, make its Pyodide snapshot and icons.

Desktop only: none of this is shipped to the browser (the engine zip is built by inclusion
of ``engine/``, ``bots/`` and ``app/``).
"""
