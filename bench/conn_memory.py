"""Python memory per connected client, by source file (tracemalloc), through the real adapter.

    python bench/conn_memory.py [--clients 1000] [--top 15] [--by lineno] [--login]

Opens N connections on ``StringTransport`` (no sockets: Twisted's TCP objects and the kernel's
buffers are not counted), puts each into its own character in one room, lets the connect
screen go out, and reports the bytes allocated per connection, biggest files first. With
``--login`` each client logs in as a player does (``connect``, its greeting and the room's
"has connected") and pages itself once, as ``loadgen.py --scenario hold``'s clients do.
The resident memory of the real server with N clients: ``loadgen.py --scenario hold``.
"""

from __future__ import annotations

import argparse
import gc
import tracemalloc

from twisted.internet import task
from twisted.internet.address import IPv4Address
from twisted.internet.testing import StringTransport

from champions_mush.commands.table import build_dispatcher
from champions_mush.game.accounts import hash_password
from champions_mush.game.config import GameConfig
from champions_mush.game.world import Game
from champions_mush.net.server import WELCOME_DELAY, MushFactory
from champions_mush.store.memory import MemoryStore


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--clients", type=int, default=1000)
    p.add_argument("--top", type=int, default=15)
    p.add_argument("--by", choices=("filename", "lineno"), default="filename",
                   help="group by file, or by line (where each object is made)")
    p.add_argument("--login", action="store_true", help="log in with connect and page, as a player does")
    a = p.parse_args()
    clock = task.Clock()
    game = Game(MemoryStore(), config=GameConfig(password_cost=16, connects_per_minute=0,
                                                 max_connections=a.clients + 10), clock=clock.seconds)
    factory = MushFactory(game, build_dispatcher(), clock=clock, coalesce_output=True)
    hashed = hash_password("mem-pw", 16) if a.login else ""
    chars = [game.new_character(f"Mem{i}", password_hash=hashed) for i in range(a.clients)]
    gc.collect()
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot()
    for i, char in enumerate(chars):
        proto = factory.buildProtocol(None)
        transport = StringTransport(peerAddress=IPv4Address("TCP", f"10.0.{i // 250}.{i % 250}", 40000))
        proto.makeConnection(transport)
        if not a.login:
            proto.session.character_id = char.id
    clock.advance(WELCOME_DELAY)
    if a.login:
        for proto, char in zip(list(factory.protocols), chars):
            proto.dataReceived(f"connect {char.name} mem-pw\r\npage {char.name}=hello\r\n".encode())
            clock.advance(0)
        assert all(proto.session.character_id is not None for proto in factory.protocols), "a login failed"
    for proto in factory.protocols:
        proto.transport.clear()
    gc.collect()
    after = tracemalloc.take_snapshot()
    stats = after.compare_to(before, a.by)
    total = sum(s.size_diff for s in stats)
    print(f"{a.clients} connections: {total / a.clients / 1024:.1f} KiB of Python objects each")
    for s in stats[:a.top]:
        frame = s.traceback[0]
        where = frame.filename if a.by == "filename" else f"{frame.filename}:{frame.lineno}"
        print(f"  {s.size_diff / a.clients:8.0f} B  {where}")


if __name__ == "__main__":
    main()
