"""The Prometheus metrics page on a real server, scraped as Prometheus would
(docs/admin-guide.md, "Metrics")."""

import socket
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from .helpers import Server, free_port, read_line, wait_for_output


def _scrape(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        assert answer.headers["Content-Type"].startswith("text/plain; version=")
        text = answer.read().decode()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def test_the_metrics_page_counts_players_commands_writes_and_failed_logins(tmp_path):
    port = free_port()
    with Server(tmp_path, f"password_cost: 1024\nmetrics_port: {port}\n") as server:
        wait_for_output(server, f"metrics on http://127.0.0.1:{port}/metrics")
        before = _scrape(port)
        assert before[("champions_players_online", ())] == 0
        assert before[("champions_failed_logins_total", ())] == 0
        alice = server.login("Alice")
        alice.do("say Hello.", 'You say, "Hello."')
        alice.send("+nd6 3")
        read_line(alice, "[Dice] Alice rolls 3d6 normal:")
        guest = server.client()
        guest.expect("QUIT")
        guest.do("connect Alice wrong99", "Either that name does not exist or the password is wrong.")
        seen = _scrape(port)
    assert seen[("champions_players_online", ())] == 1
    assert seen[("champions_connections", ())] == 2
    assert seen[("champions_failed_logins_total", ())] == 1
    assert seen[("champions_reloads_total", ())] == 0
    assert seen[("champions_output_queued_bytes", ())] == 0
    assert seen[("champions_commands_total", (("family", "social"),))] == 1
    assert seen[("champions_commands_total", (("family", "dice"),))] == 1
    assert seen[("champions_commands_total", (("family", "login"),))] == 2  # create, the wrong connect
    assert seen[("champions_command_seconds_count", ())] == 4
    assert 0 < seen[("champions_command_seconds_sum", ())] < 4
    assert seen[("champions_command_seconds_bucket", (("le", "+Inf"),))] == 4
    assert seen[("champions_store_write_seconds_count", ())] >= 3  # the character, its login, the roll
    assert seen[("process_resident_memory_bytes", ())] > 10 << 20


def test_the_metrics_port_answers_nothing_else_and_caps_a_request(tmp_path):
    port = free_port()
    with Server(tmp_path, f"password_cost: 1024\nmetrics_port: {port}\n") as server:
        wait_for_output(server, f"metrics on http://127.0.0.1:{port}/metrics")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10)
            raise AssertionError("/ answered")
        except urllib.error.HTTPError as exc:
            assert (exc.code, exc.read()) == (404, b"the metrics are at /metrics\n")
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /metrics HTTP/1.1\r\nX-Pad: " + b"a" * 9000)
            answer = sock.recv(4096)
        assert answer.startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\n")


def test_the_metrics_page_is_off_unless_asked_for(tmp_path):
    port = free_port()
    with Server(tmp_path) as server:
        server.login("Alice")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
            raise AssertionError("something listens on the metrics port")
        except ConnectionRefusedError:
            pass
