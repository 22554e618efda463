"""MCCP2 and GMCP working with a real client library (telnetlib3) over a loopback socket.

The server here is a few lines of asyncio around our sans-I/O core, written
for this test (the game's Twisted adapter has its own tests).  The test keeps
a transcript of what each side saw.
"""

from __future__ import annotations

import asyncio

import telnetlib3
from telnetlib3.client import TelnetClient

from champions_mush.net.events import LineReceived
from champions_mush.net.telnet import TelnetConnection

from .helpers import MCCP2_START

TIMEOUT = 10


class CoreServer(asyncio.Protocol):
    """Wraps one TelnetConnection: bytes in, events handled, bytes out."""

    def __init__(self, transcript: list[str], done: asyncio.Future) -> None:
        self.transcript = transcript
        self.done = done
        self.conn = TelnetConnection(mssp=lambda: {"NAME": "Champions", "PLAYERS": "1"})
        self.raw_out = bytearray()

    def connection_made(self, transport) -> None:
        self.transport = transport
        self.conn.start()
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.conn.receive_data(data)
        for event in self.conn.next_events():
            self.transcript.append(f"server got {event!r}")
            if isinstance(event, LineReceived) and event.text == "look":
                self.conn.send_text("A |rred|n room.\nExits: north")
            elif isinstance(event, LineReceived) and event.text == "vitals":
                self.conn.send_gmcp("Char.Vitals", {"stun": 30, "body": 10, "end": 50})
                self.conn.send_text("Vitals sent.")
            elif isinstance(event, LineReceived) and event.text == "quit":
                self.conn.send_text("Goodbye.")
                self.conn.close()
                self.flush()
                self.transport.close()
                if not self.done.done():
                    self.done.set_result(self)
                return
        self.flush()

    def flush(self) -> None:
        data = self.conn.data_to_send()
        if data:
            self.raw_out += data
            self.transport.write(data)


async def read_until(reader, text: str) -> str:
    seen = ""
    while text not in seen:
        chunk = await asyncio.wait_for(reader.read(4096), TIMEOUT)
        if not chunk:
            break
        seen += chunk
    return seen


async def session(transcript: list[str]):
    loop = asyncio.get_running_loop()
    done = loop.create_future()
    server = await loop.create_server(lambda: CoreServer(transcript, done), "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    reader, writer = await telnetlib3.open_connection(
        "127.0.0.1", port, client_factory=TelnetClient, encoding="utf8", term="xterm-256color",
        cols=100, rows=40, connect_minwait=0.2, connect_maxwait=2.0)
    writer.write("look\r\n")
    room = await read_until(reader, "Exits: north\r\n")
    transcript.append(f"client read {room!r}")
    writer.write("vitals\r\n")
    vitals = await read_until(reader, "Vitals sent.\r\n")
    transcript.append(f"client read {vitals!r}")
    mccp_seen = writer.mccp2_active
    writer.write("quit\r\n")
    bye = await read_until(reader, "Goodbye.\r\n")
    transcript.append(f"client read {bye!r}")
    core_server = await asyncio.wait_for(done, TIMEOUT)
    gmcp_data = dict(writer.ctx.gmcp_data)
    transcript.append(f"client MCCP2 active before quit: {mccp_seen}, "
                      f"after the stream ended: {writer.mccp2_active}")
    writer.close()
    server.close()
    await server.wait_closed()
    return core_server, room, vitals, bye, gmcp_data, mccp_seen


def test_mccp2_and_gmcp_with_telnetlib3():
    transcript: list[str] = []
    core_server, room, vitals, bye, gmcp_data, mccp_seen = asyncio.run(session(transcript))
    conn = core_server.conn
    # The server compressed: the marker went out, and the client decoded plain text after it.
    assert MCCP2_START in core_server.raw_out
    assert b"room" not in core_server.raw_out.split(MCCP2_START, 1)[1]
    assert mccp_seen
    # GMCP both ways: telnetlib3's Core.Hello reached us, our Char.Vitals reached it.
    assert conn.gmcp and conn.client_name == "telnetlib3"
    assert any(isinstance(e, str) and "GMCPMessage(package='Core.Hello'" in e for e in transcript)
    assert gmcp_data["Char.Vitals"] == {"stun": 30, "body": 10, "end": 50}
    # What the player saw, in the colour the client negotiated.
    assert room == "A \x1b[0;31mred\x1b[0m room.\r\nExits: north\r\n"
    assert (vitals, bye) == ("Vitals sent.\r\n", "Goodbye.\r\n")
    assert (conn.width, conn.height) == (100, 40)
    assert conn.terminal_type.lower() == "xterm-256color"
    assert "server got HandshakeComplete()" in transcript
    print("\n".join(transcript))
