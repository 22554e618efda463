"""Opening a game from its data directory, for the server and the shell tools alike.

``net/runner.py`` (serve) and ``cli.py`` (create-admin, bans, import-hdc) both call
:func:`open_game`; neither imports the other.
"""

from __future__ import annotations

from pathlib import Path

from .configfile import ServerConfig, default_config_text

__all__ = ["DB_FILE", "LOCK_FILE", "is_postgresql", "open_game", "open_store"]

DB_FILE = "game.sqlite3"
#: held (fcntl) by whoever writes the game: one server or shell tool at a time
LOCK_FILE = "server.lock"


def open_store(data_dir: Path, server: ServerConfig, retention=None):  # a Store
    """The store the config names: ``store: postgresql://...`` (psycopg imported only then), or
    the SQLite file in the data directory.

    Raises:
        StoreError: one line: the server cannot be reached, psycopg is not installed, ...
    """
    if is_postgresql(server.store):
        try:
            from .store.postgres import PostgresStore
        except ImportError as exc:
            from .store.base import StoreError

            raise StoreError("store: postgresql needs psycopg: pip install 'champions-mush[postgresql]'") from exc
        return PostgresStore(server.store, retention=retention)
    if server.store:
        from .configfile import ConfigError

        raise ConfigError(f"'store' must be empty (SQLite in the data directory) or a postgresql:// address, "
                          f"not {server.store!r}")
    from .store.sqlite import SqliteStore

    return SqliteStore(data_dir / DB_FILE, synchronous=server.sqlite_synchronous, retention=retention)


def is_postgresql(address: str) -> bool:
    return address.startswith(("postgresql://", "postgres://"))


def open_game(data_dir: Path, game_config, server: ServerConfig):
    """The store and the Game on ``data_dir``, seeding its editable files on first start."""
    from .commands.login import CONNECT_SCREEN_FILE, connect_screen
    from .game.testdice import roller_from_environment
    from .game.world import Game

    screen = data_dir / CONNECT_SCREEN_FILE
    example = data_dir / "config.example.yaml"
    if not example.exists():
        example.write_text(default_config_text(), encoding="utf-8")
    store = open_store(data_dir, server, game_config.log_retention())
    from .game.migrate import rows_from_documents

    rows_from_documents(store)  # what older versions kept in growing documents (game/migrate.py)
    game = Game(store, config=game_config, roller=roller_from_environment())  # fixed dice only for e2e tests
    if not screen.exists():
        screen.write_text(connect_screen(game) + "\n", encoding="utf-8")  # the shipped default
    game.data_dir = data_dir
    from .commands.helpcmds import help_library

    help_library(game)  # load RULES/+HELP/NEWS at boot: broken files show in the log now
    return store, game
