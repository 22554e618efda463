"""The ``champions-mush`` command: serve, create-admin, import-help, check-help (and the
admin's tools in :mod:`champions_mush.ops`: status, stop, reload, backup, make-cert).

    champions-mush serve [--host H] [--port 4201] [--data-dir ./game-data] [--config FILE]
    champions-mush create-admin NAME [--password PW] [--data-dir ./game-data]
    champions-mush bans | unban PATTERN [--data-dir ./game-data]
"""

from __future__ import annotations

import argparse
import fcntl
import getpass
import logging
import os
import sys
from pathlib import Path

from .configfile import ConfigError, load_config
from .game.accounts import BAN_KIND
from .game.roles import Role
from .opening import DB_FILE, LOCK_FILE, open_game
from .store.base import StoreError

__all__ = ["main", "open_game"]

DEFAULT_DATA_DIR = "game-data"
CONFIG_FILE = "config.yaml"

log = logging.getLogger("champions_mush.server")


class Refusal(Exception):
    """The command cannot go on; the message is one line for the admin."""


#: the data directory holds the password hashes: only the server's user may read it
PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600


def _data_dir(path: str) -> Path:
    """The data directory, made (0700) when missing; a file, or a directory this user cannot
    write, is refused in one line."""
    data_dir = Path(path).expanduser().resolve()
    if data_dir.exists() and not data_dir.is_dir():
        raise Refusal(f"the data directory {data_dir} is a file, not a directory")
    try:
        data_dir.mkdir(mode=PRIVATE_DIR, parents=True, exist_ok=True)
    except OSError as exc:
        raise Refusal(f"cannot make the data directory {data_dir}: {exc.strerror}") from exc
    if not os.access(data_dir, os.W_OK | os.X_OK):
        why = "it is on a read-only file system" if os.statvfs(data_dir).f_flag & os.ST_RDONLY \
            else "check its owner and permissions"
        raise Refusal(f"cannot write in the data directory {data_dir}: {why}")
    _make_private(data_dir)
    return data_dir


def _make_private(data_dir: Path) -> None:
    """Tighten a data directory made before it was private: 0700, and 0600 for the database
    (password hashes), its WAL and SHM files and the logs (docs/admin-guide.md, "Files")."""
    paths = [data_dir, *data_dir.glob(DB_FILE + "*"), *(data_dir / "logs").glob("*.log*")]
    for path in paths:
        wanted = PRIVATE_DIR if path.is_dir() else PRIVATE_FILE
        try:
            if path.stat().st_mode & 0o777 & ~wanted:
                path.chmod(wanted)
        except OSError:
            pass  # not ours to change: the server still runs, the admin's choice stands


def _config_path(data_dir: Path, given: str | None) -> Path | None:
    if given:
        return Path(given)
    default = data_dir / CONFIG_FILE
    return default if default.exists() else None


RUNNING = ("A server is running on {dir}: stop it first, or make admins in the game "
           "with @set NAME=admin.")


def _lock_data_dir(data_dir: Path):  # an open file, or None when already locked
    """Take the data directory's lock: one server (or shell tool) writes a game at a time.

    The lock is an fcntl lock on ``server.lock``, released by the OS however the process ends.
    """
    try:
        handle = open(data_dir / LOCK_FILE, "a+")  # noqa: SIM115 - held for the process lifetime
    except OSError as exc:
        raise Refusal(f"cannot write in the data directory {data_dir}: {exc.strerror}") from exc
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def cmd_serve(args: argparse.Namespace) -> int:
    from .net.memory import load_twisted_lean

    load_twisted_lean()  # first: a resumed server (@reboot) imports net.reload, and Twisted, at once
    data_dir = _data_dir(args.data_dir)
    resume = None
    if args.resume:  # a reload: the old process handed over its lock, sockets and sessions
        from .net.reload import load_state

        resume = load_state(Path(args.resume))
        lock_fd = resume["lock_fd"]
    else:
        lock = _lock_data_dir(data_dir)
        if lock is None:
            raise Refusal(RUNNING.format(dir=data_dir))
        lock_fd = lock.fileno()
    server, game_config = load_config(_config_path(data_dir, args.config), host=args.host, port=args.port)
    from .logfiles import setup_logging  # after Twisted: pickle waits for its first use (net/memory.py)

    setup_logging(data_dir, server)
    from .net.runner import run

    return run(data_dir, server, game_config, lock_fd=lock_fd, argv=args.argv, resume=resume)


def _can_ask() -> bool:
    """True when there is a terminal to ask for a password on."""
    return sys.stdin is not None and sys.stdin.isatty()


def cmd_create_admin(args: argparse.Namespace) -> int:
    from .game.accounts import Accounts, hash_password, password_problem

    data_dir = _data_dir(args.data_dir)
    server, game_config = load_config(_config_path(data_dir, args.config))
    password = args.password
    if password is None and not _can_ask():
        print("champions-mush: no terminal to ask for the password: give it with --password PW",
              file=sys.stderr)
        return 1
    if password is None:
        password = getpass.getpass(f"Password for {args.name}: ")
        if getpass.getpass("Again: ") != password:
            print("The passwords differ; nothing changed.", file=sys.stderr)
            return 1
    problem = password_problem(password)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    lock = _lock_data_dir(data_dir)
    if lock is None:  # the running server keeps characters in memory and would not see this one
        raise Refusal(RUNNING.format(dir=data_dir))
    store, game = open_game(data_dir, game_config, server)
    try:
        char = game.find_character(args.name)
        hashed = hash_password(password, game_config.password_cost)
        if char is None:
            problem = Accounts.of(game).name_problem(args.name)
            if problem:
                print(problem, file=sys.stderr)
                return 1
            char = game.new_character(args.name, password_hash=hashed)
            game.set_role(char, Role.ADMIN, by=None)
            from .game.channels import Channels

            Channels.of(game).join_defaults(char)
            print(f"Created admin {char.name} (#{char.id}).")
        else:
            char.password_hash = hashed
            game.set_role(char, Role.ADMIN, by=None)
            print(f"{char.name} (#{char.id}) is now an admin, with the new password.")
    finally:
        store.close()
    return 0


def cmd_import_hdc(args: argparse.Namespace) -> int:
    """Import a Hero Designer file onto a character's sheet, making the character (``--npc``: a
    non-player character) when there is none (docs/staff-guide.md)."""
    from .game.hdc import HdcError, read_hdc
    from .game.hero_import import place_import

    data_dir = _data_dir(args.data_dir)
    try:
        server, game_config = load_config(_config_path(data_dir, args.config))
        data = Path(args.file).read_bytes() if Path(args.file).stat().st_size <= 4 << 20 else b" " * (4 << 20)
    except (ConfigError, OSError) as exc:
        print(f"champions-mush: {exc}", file=sys.stderr)
        return 2
    try:
        imported = read_hdc(data, 0)
    except HdcError as exc:
        print(f"champions-mush: {exc}", file=sys.stderr)
        return 1
    lock = _lock_data_dir(data_dir)
    if lock is None:
        print(f"champions-mush: {RUNNING.format(dir=data_dir)}", file=sys.stderr)
        return 1
    store, game = open_game(data_dir, game_config, server)
    try:
        char = game.find_character(args.character)
        if char is None:
            char = _new_character(game, args.character, args.npc)
            if char is None:
                return 1
        elif args.npc and not char.npc:
            print(f"champions-mush: {char.name} is a player's character, not an NPC: leave out --npc to import "
                  "onto it.", file=sys.stderr)
            return 1
        placed = place_import(game, char, imported)
        hero = placed.hero
        print(f"Imported '{imported.name}' onto {char.name}: {len(hero.items)} items, {hero.spent} points spent "
              f"of {hero.available}.")
        if placed.pending:
            print("The sheet is approved, so this new version waits for approval (+approve in the game):")
            for line in placed.changes:
                print(f"  {line}")
        for item in hero.unknown:
            print(f"  priced from the file's own figures: {item.text}")
    finally:
        store.close()
    return 0


def _new_character(game, name: str, npc: bool):  # a Game; a Character or None
    """A character made for an imported file: an NPC, or a player's character with no password
    yet (its owner sets one with @newpassword from staff). None, told, when the name is refused."""
    from .game.accounts import Accounts
    from .game.objects import valid_name

    problem = valid_name(name) if npc else Accounts.of(game).name_problem(name)
    if problem:
        print(f"champions-mush: {problem}", file=sys.stderr)
        return None
    char = game.new_character(name, npc=npc)
    if not npc:
        from .game.channels import Channels

        Channels.of(game).join_defaults(char)
    print(f"Created {'NPC' if npc else 'character'} {char.name} (#{char.id}).")
    return char


def cmd_export_hdc(args: argparse.Namespace) -> int:
    """Write a character's sheet as a Hero Designer 5E file (docs/staff-guide.md)."""
    from .game.hdc_export import hdc_bytes
    from .game.hero import get_hero

    data_dir = _data_dir(args.data_dir)
    server, game_config = load_config(_config_path(data_dir, args.config))
    lock = _lock_data_dir(data_dir)
    if lock is None:
        print(f"champions-mush: {RUNNING.format(dir=data_dir)} (In the game, +sheet/export works.)",
              file=sys.stderr)
        return 1
    store, game = open_game(data_dir, game_config, server)
    try:
        char = game.find_character(args.character)
        if char is None:
            print(f"champions-mush: there is no character called {args.character}.", file=sys.stderr)
            return 1
        hero = get_hero(game, char)
        Path(args.file).write_bytes(hdc_bytes(hero, char.name))
        print(f"Wrote {char.name} to {args.file}: {len(hero.items)} items, {hero.spent} points spent of "
              f"{hero.available}.")
    finally:
        store.close()
    return 0


def cmd_import_help(argv: list[str]) -> int:
    from .help.cli import import_help_main

    return int(import_help_main(argv) or 0)


def cmd_check_help(argv: list[str]) -> int:
    from .help.cli import check_help_main

    return int(check_help_main(argv) or 0)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="champions-mush", description="A MUSH server for Champions.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the game server")
    serve.add_argument("--host", help="address to listen on (default 0.0.0.0)")
    serve.add_argument("--port", type=int, help="TCP port (default 4201)")
    serve.add_argument("--data-dir", default=DEFAULT_DATA_DIR, help="database, logs, connect screen")
    serve.add_argument("--config", help=f"YAML config file (default DATA_DIR/{CONFIG_FILE} when present)")
    serve.add_argument("--resume", help=argparse.SUPPRESS)  # a reload's state (docs/reload.md)
    admin = sub.add_parser("create-admin", help="make an admin character (or make one an admin)")
    admin.add_argument("name")
    admin.add_argument("--password", help="the password (asked for when not given)")
    admin.add_argument("--data-dir", default=DEFAULT_DATA_DIR)
    admin.add_argument("--config")
    unban = sub.add_parser("unban", help="lift a site ban (works while the server runs)")
    unban.add_argument("pattern", help="the banned address or pattern, as 'champions-mush bans' lists it")
    unban.add_argument("--data-dir", default=DEFAULT_DATA_DIR)
    bans = sub.add_parser("bans", help="list site bans")
    bans.add_argument("--data-dir", default=DEFAULT_DATA_DIR)
    from . import ops

    ops.add_subcommands(sub, DEFAULT_DATA_DIR)
    hdc = sub.add_parser("import-hdc", help="import a Hero Designer .hdc file onto a character's sheet "
                                            "(making the character when there is none)")
    hdc.add_argument("file")
    hdc.add_argument("--character", required=True)
    hdc.add_argument("--npc", action="store_true", help="make (or import onto) a non-player character")
    hdc.add_argument("--data-dir", default=DEFAULT_DATA_DIR)
    hdc.add_argument("--config")
    export = sub.add_parser("export-hdc", help="write a character's sheet as a Hero Designer 5E .hdc file")
    export.add_argument("--character", required=True)
    export.add_argument("file")
    export.add_argument("--data-dir", default=DEFAULT_DATA_DIR)
    export.add_argument("--config")
    sub.add_parser("import-help", help="import MUSH '& topic' help files (see --help)", add_help=False)
    sub.add_parser("check-help", help="check every help and RULES file", add_help=False)
    mudlet = sub.add_parser("mudlet-package", help="build the game's Mudlet package (served on the web port)")
    mudlet.add_argument("--check", action="store_true",
                        help="write nothing: fail if the package is not what the sources build, or has problems")
    return parser


def cmd_mudlet_package(args: argparse.Namespace) -> int:
    """Build champions_mush/web/champions-mush.xml from web/mudlet/*.lua (net/mudlet.py);
    ``--check`` (CI) only compares and checks it."""
    from .net import mudlet

    built, path = mudlet.build(), mudlet.package_path()
    found = mudlet.problems(built)
    for problem in found:
        print(f"champions-mush: Mudlet package: {problem}", file=sys.stderr)
    if args.check:
        current = path.read_bytes() if path.exists() else b""
        if current != built:
            print(f"champions-mush: {path} is not what the sources build: run champions-mush mudlet-package",
                  file=sys.stderr)
            return 1
        print(f"{path}: current, {len(built)} bytes, {len(mudlet.SCRIPTS)} scripts, no problems" if not found else "")
        return 1 if found else 0
    if found:
        return 1
    path.write_bytes(built)
    print(f"wrote {path} ({len(built)} bytes)")
    return 0


def cmd_unban(args: argparse.Namespace) -> int:
    """Lift a site ban from the shell, even while the server runs (it reads bans from the
    database for every new connection), for an admin who banned their own address."""
    store = _ban_store(args)
    try:
        if store.get(BAN_KIND, args.pattern) is None:
            raise Refusal(f"'{args.pattern}' is not banned (champions-mush bans lists them)")
        store.delete(BAN_KIND, args.pattern)
    finally:
        store.close()
    print(f"Site {args.pattern} unbanned.")
    return 0


def cmd_bans(args: argparse.Namespace) -> int:
    """List site bans from the shell: pattern, then the reason."""
    store = _ban_store(args)
    try:
        bans = store.all(BAN_KIND)
    finally:
        store.close()
    for pattern in sorted(bans):
        reason = bans[pattern].get("reason") or ""
        print(f"{pattern}  {reason}".rstrip())
    if not bans:
        print("No sites are banned.")
    return 0


def _ban_store(args: argparse.Namespace):  # a SqliteStore
    from .store.sqlite import SqliteStore

    data_dir = _data_dir(args.data_dir)
    if not (data_dir / DB_FILE).exists():
        raise Refusal(f"there is no game in {data_dir} (no {DB_FILE})")
    return SqliteStore(data_dir / DB_FILE)


_COMMANDS = {"serve": cmd_serve, "create-admin": cmd_create_admin, "unban": cmd_unban, "bans": cmd_bans,
             "import-hdc": cmd_import_hdc, "export-hdc": cmd_export_hdc, "mudlet-package": cmd_mudlet_package}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "import-help":
        return cmd_import_help(argv[1:])
    if argv and argv[0] == "check-help":
        return cmd_check_help(argv[1:])
    args = _parser().parse_args(argv)
    args.argv = argv
    os.umask(0o077)  # the database, its WAL/SHM and the logs: readable by the server's user alone
    from . import ops

    try:
        if args.command in ops.COMMANDS:
            return ops.run(args)
        return _COMMANDS[args.command](args)
    except ConfigError as exc:
        print(f"champions-mush: {exc}", file=sys.stderr)
        return 2
    except (Refusal, StoreError) as exc:
        print(f"champions-mush: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # a file the server must write (connect screen, logs): disk full, ...
        print(f"champions-mush: cannot write {exc.filename or 'a file'}: {exc.strerror}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
