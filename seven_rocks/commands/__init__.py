"""The ``seven-rocks`` subcommands, one module each, each with ``register(subparsers)``."""
