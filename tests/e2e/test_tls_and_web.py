"""TLS and the WebSocket against the real server: Python's ssl client and ``openssl s_client``,
MCCP and MSSP over TLS, and a WebSocket client (subprotocol telnet) talking to a telnet player."""

import shutil
import socket
import ssl
import subprocess
import urllib.request
import zlib
from pathlib import Path

import pytest

from champions_mush import cli

from .helpers import IAC, SB, SE, TIMEOUT, Server, TlsClient, WebSocketClient, free_port, wait_for_output

pytestmark = pytest.mark.e2e

DO, WILL, MCCP2, MSSP = 253, 251, 86, 70


@pytest.fixture(scope="module")
def secure(tmp_path_factory):
    """One server with TLS (a make-cert certificate) and the web port on."""
    data = tmp_path_factory.mktemp("secure")
    assert cli.main(["make-cert", "--data-dir", str(data)]) == 0
    tls_port, web_port = free_port(), free_port()
    server = Server(data, config=f"password_cost: 1024\ntls_port: {tls_port}\nweb_port: {web_port}\n").start()
    wait_for_output(server, rf"TLS listening on [^:]+:{tls_port}")
    wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")
    server.tls_port, server.web_port, server.cafile = tls_port, web_port, data / "tls" / "cert.pem"
    yield server
    server.__exit__(None, None, None)


def test_make_cert_refuses_to_replace_without_force(tmp_path, capsys):
    assert cli.main(["make-cert", "--data-dir", str(tmp_path)]) == 0
    assert cli.main(["make-cert", "--data-dir", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (f"champions-mush: {tmp_path / 'tls'} already holds a certificate or key: "
                                       "add --force to replace them\n")
    assert oct((tmp_path / "tls" / "key.pem").stat().st_mode & 0o777) == "0o600"


def test_a_tls_player_and_a_telnet_player_talk(secure):
    tess = TlsClient(secure.tls_port, secure.cafile)
    secure.clients.append(tess)
    assert tess.sock.version() in ("TLSv1.2", "TLSv1.3")
    tess.expect("QUIT")
    tess.do("create Tess secret1", "Welcome to Champions MUSH, Tess!")
    tom = secure.login("Tom")
    tess.do("say over TLS", 'You say, "over TLS"')
    assert tom.expect('Tess says, "over TLS"')
    tom.do("WHO", "Tess")
    tess.do("QUIT", "Goodbye!")
    tess.wait_closed()


def _read_until(sock, needle: bytes, data: bytes = b"") -> tuple[bytes, bytes]:
    while needle not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed before {needle!r}; got {data!r}"
        data += chunk
    at = data.index(needle) + len(needle)
    return data[:at], data[at:]


def test_mccp_and_mssp_over_tls(secure):
    context = ssl.create_default_context(cafile=str(secure.cafile))
    sock = context.wrap_socket(socket.create_connection(("127.0.0.1", secure.tls_port), timeout=TIMEOUT),
                               server_hostname="localhost")
    try:
        _, rest = _read_until(sock, bytes((IAC, WILL, MSSP)))
        sock.sendall(bytes((IAC, DO, MSSP)))
        mssp, rest = _read_until(sock, bytes((IAC, SE)), rest)
        assert b"\x01SSL\x02" + str(secure.tls_port).encode() in mssp
        assert b"\x01PORT\x02" + str(secure.port).encode() in mssp
        if bytes((IAC, WILL, MCCP2)) not in mssp + rest:
            _, rest = _read_until(sock, bytes((IAC, WILL, MCCP2)), rest)
        sock.sendall(bytes((IAC, DO, MCCP2)))
        _, compressed = _read_until(sock, bytes((IAC, SB, MCCP2, IAC, SE)), rest)
        inflate = zlib.decompressobj()
        text = inflate.decompress(compressed)
        sock.sendall(b"create Zip secret1\r\n")
        while b"Welcome to Champions MUSH, Zip!" not in text:
            chunk = sock.recv(65536)
            assert chunk, text
            text += inflate.decompress(chunk)
        assert b"QUIT" in text  # the connect screen came compressed too
    finally:
        sock.close()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl program")
def test_openssl_s_client_plays(secure):
    script = b"create Ossl secret1\r\n+nd6 2\r\nQUIT\r\n"
    done = subprocess.run(["openssl", "s_client", "-connect", f"127.0.0.1:{secure.tls_port}", "-quiet",
                           "-verify_return_error", "-CAfile", str(secure.cafile), "-servername", "localhost"],
                          check=False, input=script, capture_output=True, timeout=30)
    out = done.stdout.decode("utf-8", "replace")
    assert "Welcome to Champions MUSH, Ossl!" in out
    assert "[Dice] Ossl rolls 2d6 normal:" in out
    assert "Goodbye! Come back soon." in out


def test_a_renewed_certificate_is_used_after_sigusr1(tmp_path):
    """``make-cert --force`` stands in for a renewal; the relay reads it again on SIGUSR1 (which
    every reload sends) and new TLS clients get the new certificate."""
    import os
    import signal
    import time

    from champions_mush.net.status import read_status

    data = tmp_path / "game"
    assert cli.main(["make-cert", "--data-dir", str(data)]) == 0
    old = tmp_path / "old.pem"
    old.write_bytes((data / "tls" / "cert.pem").read_bytes())
    tls_port = free_port()
    with Server(data, config=f"password_cost: 1024\ntls_port: {tls_port}\n") as server:
        wait_for_output(server, rf"TLS listening on [^:]+:{tls_port}")
        TlsClient(tls_port, old).close()
        assert cli.main(["make-cert", "--data-dir", str(data), "--force"]) == 0
        os.kill(read_status(data)["relay_pid"], signal.SIGUSR1)
        deadline = time.monotonic() + TIMEOUT
        while "certificate read again" not in (data / "logs" / "relay.log").read_text():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        TlsClient(tls_port, data / "tls" / "cert.pem").close()
        with pytest.raises(ssl.SSLCertVerificationError):
            TlsClient(tls_port, old)


def test_a_relay_that_dies_is_started_again(tmp_path):
    import os
    import signal
    import time

    from champions_mush.net.status import read_status

    web_port = free_port()
    with Server(tmp_path, config=f"password_cost: 1024\nweb_port: {web_port}\n") as server:
        wait_for_output(server, rf"web client on http://[^:]+:{web_port}/")

        def relay_pid() -> int | None:
            # the status file is written just after the listening lines are printed
            return (read_status(tmp_path) or {}).get("relay_pid")

        deadline = time.monotonic() + 30
        while (first := relay_pid()) is None:
            assert time.monotonic() < deadline, "the status file never named the relay"
            time.sleep(0.1)
        # no TLS port: the relay runs without pyOpenSSL and cryptography (net/memory.py)
        assert "cryptography" not in Path(f"/proc/{first}/maps").read_text()
        os.kill(first, signal.SIGKILL)
        while relay_pid() in (first, None):
            assert time.monotonic() < deadline, "the relay was not started again"
            time.sleep(0.1)
        page = urllib.request.urlopen(f"http://127.0.0.1:{web_port}/", timeout=TIMEOUT).read().decode()
        assert '<script src="client.js"></script>' in page
        assert f"the relay (pid {first}) stopped" in (tmp_path / "logs" / "server.log").read_text()
        web = WebSocketClient(web_port)
        server.clients.append(web)
        web.expect("QUIT")


def test_the_web_port_serves_the_client(secure):
    base = f"http://127.0.0.1:{secure.web_port}/"
    page = urllib.request.urlopen(base, timeout=TIMEOUT).read().decode()
    assert '<script src="client.js"></script>' in page
    script = urllib.request.urlopen(base + "client.js", timeout=TIMEOUT).read().decode()
    assert 'new WebSocket(url, ["telnet"])' in script
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(base + "nothing-here", timeout=TIMEOUT)
    assert missing.value.code == 404


def test_a_websocket_player_and_a_telnet_player_talk(secure):
    web = WebSocketClient(secure.web_port)
    secure.clients.append(web)
    assert web.ws.subprotocol == "telnet"
    web.expect("QUIT")
    web.do("create Webby secret1", "Welcome to Champions MUSH, Webby!")
    tina = secure.login("Tina")
    web.do("say from the browser", 'You say, "from the browser"')
    tina.expect('Webby says, "from the browser"')
    tina.do('say hi Webby', 'You say, "hi Webby"')
    web.expect('Tina says, "hi Webby"')
    web.do("QUIT", "Goodbye!")
    web.wait_closed()


def test_websocket_gmcp_vitals(secure):
    """A web client that agrees to GMCP and subscribes to Char gets Char.Vitals at login."""
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{secure.web_port}/ws", subprotocols=["telnet"], open_timeout=TIMEOUT) as ws:
        seen = b""
        while bytes((IAC, WILL, 201)) not in seen:
            seen += ws.recv(timeout=TIMEOUT)
        ws.send(bytes((IAC, DO, 201)) + bytes((IAC, SB, 201)) + b'Core.Supports.Set ["Char 1"]' + bytes((IAC, SE)))
        ws.send(b"create Vita secret1\r\n")
        while b"Char.Vitals" not in seen:
            seen += ws.recv(timeout=TIMEOUT)
        vitals = b'Char.Vitals {"stun":20,"maxstun":20,"body":10,"maxbody":10,"end":20,"maxend":20,"conditions":[]}'
        assert bytes((IAC, SB, 201)) + vitals + bytes((IAC, SE)) in seen
