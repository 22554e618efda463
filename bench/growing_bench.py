"""One player makes the largest request, board and scene the limits allow, then reads them all
back page by page, while a bystander in the same room says a line every 0.1 s.

    python bench/growing_bench.py

Runs the real server (``champions-mush serve``) on a scratch data directory with the default
limits, except that the attacker's command rate is not limited and the per-day caps are raised
to the per-item caps (so one item reaches its own cap: the largest one player can make). Prints
what each add and each page cost the attacker and how long the bystander's ``say`` waited
(docs/performance.md, "Requests, boards and scene logs").

A second table times the same commands inside one process (the test harness on a SQLite store,
no network, no other process): what each costs the game's thread itself, which on a loaded
machine the round trips above hide.
"""

from __future__ import annotations

import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from champions_mush.commands.base import Role
from champions_mush.game.config import GameConfig
from champions_mush.store import SqliteStore
from tests.e2e.helpers import Client, Server, create_admin
from tests.harness import World

DEFAULTS = GameConfig()
CONFIG = (f"password_cost: 1024\nconnects_per_minute: 0\ncommand_rate: 0\n"
          f"comments_per_day: {DEFAULTS.comments_per_request}\nposts_per_day: {DEFAULTS.posts_per_board}\n"
          f"scene_lines_per_day: {DEFAULTS.scene_lines_per_scene}\n")
#: the longest text each door takes: a post or comment, and a typed line (say) with room to spare
BODY = DEFAULTS.post_max_length
LINE = DEFAULTS.max_line_length - 20


def _bystander(port: int, stop, results) -> None:
    """In its own process: log in, then say ``ping <n>`` every 0.1 s and time each until its own
    echo comes back, looking for it with a byte search (the attacker's lines it also hears are
    not parsed, so the client's own work does not count as the server's wait)."""
    client = Client(port)
    client.expect("QUIT")
    client.send("create Bystander secret1")
    client.expect("Heroes gather here.\n")
    sock, waits, n = client.sock, [], 0
    sock.settimeout(30)
    while not stop.is_set():
        n += 1
        echo, seen = f'You say, "ping {n}"'.encode(), b""
        start = time.perf_counter()
        sock.sendall(f"say ping {n}\r\n".encode())
        while echo not in seen:
            seen = seen[-len(echo):] + sock.recv(1 << 20)
        waits.append(time.perf_counter() - start)
        time.sleep(0.1)
    results.put(waits)


def _timed(client, line: str, needle: str) -> float:
    start = time.perf_counter()
    client.send(line)
    client.expect(needle, timeout=30)
    return time.perf_counter() - start


def _read_all(client, first: str, following: str) -> list[float]:
    """Read ``first`` then ``following`` (a /next) until nothing follows; the time of each page
    (an unknown command after each marks where its page ends: the game answers in order)."""
    times, line = [], first
    while True:
        start = time.perf_counter()
        client.send(line)
        client.send("end-of-page")
        seen = client.expect('Huh? (Type "+help" for help.)', timeout=30)
        times.append(time.perf_counter() - start)
        if "More follows:" not in seen:
            return times
        line = following


def _row(what: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (f"| {what} | {len(ms)} | {statistics.median(ms):.2f} | {ms[int(len(ms) * 0.99) - 1 if len(ms) > 1 else 0]:.2f} "
            f"| {ms[-1]:.2f} |")


def _in_process(scratch: Path) -> list[str]:
    """The same adds and reads through the dispatcher on a SQLite store, timed on the thread."""
    config = GameConfig(password_cost=16, comments_per_day=DEFAULTS.comments_per_request,
                        posts_per_day=DEFAULTS.posts_per_board, scene_lines_per_day=DEFAULTS.scene_lines_per_scene)
    world = World(config=config, store=SqliteStore(scratch / "inprocess.sqlite3"))
    gina, mallory = world.login("Gina", role=Role.STAFF), world.login("Mallory")
    world.login("Bystander")
    gina.do("+bbnewgroup General")
    mallory.do("+request Big=" + "r" * BODY)

    def timed(lines: list[str]) -> list[float]:
        found = []
        for line in lines:
            start = time.perf_counter()
            mallory.do(line)
            found.append(time.perf_counter() - start)
        return found

    def pages(first: str, following: str) -> list[float]:
        found = []
        line = first
        while True:
            start = time.perf_counter()
            shown = mallory.do(line)
            found.append(time.perf_counter() - start)
            if not shown or not shown[-1].startswith("More follows"):
                return found
            line = following

    rows = [_row("`+request/comment`", timed([f"+request/comment 1={n:04d}" + "c" * (BODY - 4)
                                              for n in range(DEFAULTS.comments_per_request)])),
            _row("`+bbpost`", timed([f"+bbpost 1/Post {n}=" + "p" * BODY for n in range(DEFAULTS.posts_per_board)]))]
    mallory.do("+scene/start Flood")
    rows.append(_row("`say` in a scene", timed([f"say {n:05d}" + "s" * (LINE - 5)
                                                for n in range(DEFAULTS.scene_lines_per_scene - 1)])))
    rows.append(_row("a page of `+request 1`", pages("+request 1", "+request/next")))
    rows.append(_row(f"a page of `+bbread 1/1-{DEFAULTS.posts_per_board}`",
                     pages(f"+bbread 1/1-{DEFAULTS.posts_per_board}", "+bbread/next")))
    rows.append(_row("a page of `+scene/log 1`", pages("+scene/log 1", "+scene/next")))
    return rows


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        inside = _in_process(Path(scratch))
        server = Server(Path(scratch) / "game", CONFIG)
        create_admin(server, "Gina", "secret1")
        with server:
            gina = server.client()
            gina.expect("QUIT")
            gina.send("connect Gina secret1")
            gina.expect("Heroes gather here.\n")
            gina.send("+bbnewgroup General")
            gina.expect("Board General made")
            mallory = server.login("Mallory")
            stop, results = multiprocessing.Event(), multiprocessing.Queue()
            watcher = multiprocessing.Process(target=_bystander, args=(server.port, stop, results))
            watcher.start()
            time.sleep(1.0)  # logged in and saying
            rows = []
            mallory.send("+request Big=" + "r" * BODY)
            mallory.expect("Request #1 filed")
            rows.append(_row(f"`+request/comment` ({BODY:,} characters)", [
                _timed(mallory, f"+request/comment 1={n:04d}" + "c" * (BODY - 4), "You add to request #1")
                for n in range(DEFAULTS.comments_per_request)]))
            rows.append(_row(f"`+bbpost` ({BODY:,} characters)", [
                _timed(mallory, f"+bbpost 1/Post {n}=" + "p" * BODY, "You post 'Post")
                for n in range(DEFAULTS.posts_per_board)]))
            mallory.send("+scene/start Flood")
            mallory.expect("starts scene 1")
            rows.append(_row(f"`say` in a scene ({LINE:,} characters)", [
                _timed(mallory, f"say {n:05d}" + "s" * (LINE - 5), f'You say, "{n:05d}')
                for n in range(DEFAULTS.scene_lines_per_scene - 1)]))
            rows.append(_row("`+request 1`, then each `/next` page", _read_all(mallory, "+request 1", "+request/next")))
            rows.append(_row("`+bbread 1`, then each `/next` page", _read_all(mallory, "+bbread 1", "+bbread/next")))
            rows.append(_row(f"`+bbread 1/1-{DEFAULTS.posts_per_board}`, then each `/next` page",
                             _read_all(mallory, f"+bbread 1/1-{DEFAULTS.posts_per_board}", "+bbread/next")))
            rows.append(_row("`+scene/log 1`, then each `/next` page", _read_all(mallory, "+scene/log 1", "+scene/next")))
            stop.set()
            rows.append(_row("bystander's `say` (while all of the above ran)", results.get(timeout=60)))
            watcher.join(10)
    header = "| what | count | median ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|"
    print(f"Over telnet, round trips:\n\n{header}\n" + "\n".join(rows))
    print(f"\nOn the game's thread (in one process):\n\n{header}\n" + "\n".join(inside))


if __name__ == "__main__":
    main()
