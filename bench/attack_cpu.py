#!/usr/bin/env python3
"""The CPU of one +attack in process: the game and rules layers without the network.

A fight of 4 (PD/ED 50, so the fight runs steadily) on a SQLite store (``synchronous=OFF``: the
fsync is not CPU), the one whose Phase it is attacking the next with ``+attack <name>=strike``
through the command table, as tests/harness.py drives it. Prints the process CPU per attack,
best of ``--repeat`` runs of ``--attacks`` (docs/performance.md, "Fights"). ``--no-gmcp``: the
connections take no GMCP, as the telnet benchmark's clients (bench/fight_bench.py). ``--profile``:
cProfile's top functions instead. ``--protocol``: each attack typed into the real protocol instead
(``MushProtocol`` on fake transports and a fake reactor clock: telnet parsing, pacing, the
dispatcher, the turn's group commit, the room's batch rendered and written to four connections that
negotiated nothing, as the telnet benchmark's), all but the sockets and the WAL's fsync thread.

    .venv/bin/python bench/attack_cpu.py --attacks 300 --repeat 5 --no-gmcp
    .venv/bin/python bench/attack_cpu.py --attacks 300 --repeat 5 --protocol

Instructions, which a busy machine does not change (each run's setup taken away):

    for n in 400 0; do valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/attack_cpu.py --attacks $n --repeat 1 --no-gmcp 2>&1 | grep Collected; done
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.fight_bench import NAMES, fight_of_four


def _fight(tmp: str):  # a World and its sessions
    from champions_mush.store.sqlite import SqliteStore

    world, _gm, people = fight_of_four(SqliteStore(Path(tmp) / "game.sqlite3", synchronous="OFF"))
    return world, people


class _Wire:
    """A fight of four typed over MushProtocol (``--protocol``): what :func:`_attacks` takes."""

    def __init__(self, tmp: str) -> None:
        from twisted.internet import task
        from twisted.internet.address import IPv4Address
        from twisted.internet.testing import StringTransport

        from champions_mush.commands.base import Role
        from champions_mush.commands.table import build_dispatcher
        from champions_mush.game.config import GameConfig
        from champions_mush.game.world import Game
        from champions_mush.net.server import WELCOME_DELAY, MushFactory
        from champions_mush.rules.dice import RandomRoller
        from champions_mush.store.sqlite import SqliteStore

        self.clock = task.Clock()
        self.clock.advance(1_000_000)
        store = SqliteStore(Path(tmp) / "game.sqlite3", synchronous="OFF")
        self.game = Game(store, roller=RandomRoller(7), config=GameConfig(password_cost=16, command_rate=0),
                         clock=self.clock.seconds)
        factory = MushFactory(self.game, build_dispatcher(), clock=self.clock, coalesce_output=True)
        self.transports = []

        def connect(name: str, role: Role = Role.PLAYER):
            char = self.game.find_character(name) or self.game.new_character(name, role=int(role))
            proto = factory.buildProtocol(None)
            transport = StringTransport(peerAddress=IPv4Address("TCP", "127.0.0.1", 40000))
            proto.makeConnection(transport)
            proto.session.character_id = char.id
            self.transports.append(transport)
            return proto

        gm = connect("Gina", Role.STAFF)
        self.people = {name: connect(name) for name in NAMES}
        self.clock.advance(WELCOME_DELAY)
        for proto in self.people.values():
            self.do(proto, "+stat PD=50")
            self.do(proto, "+stat ED=50")
        for line in ("+combat/start", *(f"+combat/join {name}" for name in NAMES), "+combat/next"):
            self.do(gm, line)

    def do(self, proto, line: str) -> None:
        """A line typed, then the turn's end (the group commit, the room's output written)."""
        proto.dataReceived(line.encode() + b"\r\n")
        self.clock.advance(0)

    def attack(self, name: str, target: str) -> None:
        self.do(self.people[name], f"+attack {target}=strike")

    def clear(self) -> None:
        for transport in self.transports:
            transport.clear()


def _attacks(world, people: dict, count: int) -> float:  # world: tests/harness.py World, or a _Wire
    """Run ``count`` attacks; the process CPU seconds of each, on average."""
    wire = isinstance(world, _Wire)
    by_id = {(one.session if wire else one).character_id: name for name, one in people.items()}
    room = str(world.game.characters[next(iter(by_id))].location)  # Ann's
    spent = 0.0
    for _ in range(count):
        current = by_id[world.game.store.get("combat", room)["current"]]
        target = NAMES[(NAMES.index(current) + 1) % len(NAMES)]
        start = time.process_time()
        if wire:
            world.attack(current, target)
        else:
            people[current].do(f"+attack {target}=strike")
        spent += time.process_time() - start
        if wire:
            world.clear()
        for one in () if wire else people.values():
            one.output.clear()
            one.gmcp.clear()
    return spent / count if count else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--attacks", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-gmcp", action="store_true", help="connections that take no GMCP")
    parser.add_argument("--profile", action="store_true", help="cProfile's top 40 functions by own time")
    parser.add_argument("--protocol", action="store_true", help="typed into the real protocol (MushProtocol)")
    args = parser.parse_args()
    if args.no_gmcp:
        from tests.harness import FakeSession

        FakeSession.wants_gmcp = lambda self, package: False  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory(prefix="attackcpu-") as tmp:
        if args.protocol:
            world = _Wire(tmp)
            people = world.people
        else:
            world, people = _fight(tmp)
        _attacks(world, people, 50)  # warm: every cache and kept document in place
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(_attacks, world, people, args.attacks)
            pstats.Stats(profile).sort_stats("tottime").print_stats(40)
            return
        best = min(_attacks(world, people, args.attacks) for _ in range(args.repeat)) if args.attacks else 0.0
        print(f"CPU per +attack: {best * 1000:.3f} ms (best of {args.repeat} x {args.attacks}, in process, fight of 4"
              f"{', no GMCP' if args.no_gmcp else ''}{', over the protocol' if args.protocol else ''})")


if __name__ == "__main__":
    main()
