"""The browser worker's service: the game session, its JSON protocol, the table geometry,
hints and the rule book's worked examples (shipped to the browser with the engine)."""
