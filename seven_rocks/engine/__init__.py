"""The rules of Seven Rocks: tiles, moves, the table, rounds, games, views, events, records.

Standard library only, so the same code runs in CPython and in the browser under Pyodide.
The rules themselves are written once, in :mod:`.kernel`; everything else here (and the bots,
the geometry and the page) asks it rather than working a rule out again.
"""
