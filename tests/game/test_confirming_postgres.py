"""The thread that confirms a PostgreSQL game's commits durable (store/confirming.py) answers
in the order asked, or each with the error when the server is gone. Run on a real PostgreSQL
server."""

import queue
import threading

import pytest

from champions_mush.store.confirming import Confirmer

psycopg = pytest.importorskip("psycopg")


def _game_tables(url: str) -> None:
    from champions_mush.store.postgres import PostgresStore

    PostgresStore(url).close()


def test_answers_come_back_in_the_order_asked(postgres_url):
    _game_tables(postgres_url)
    handed: queue.Queue = queue.Queue()
    confirmer = Confirmer(postgres_url, handed.put)
    answered: list[int] = []
    try:
        for n in range(200):
            confirmer.add(lambda n=n: answered.append(n), lambda error: answered.append(-1))
            if n % 7 == 0:
                threading.Event().wait(0.002)  # some in a batch of their own
        while len(answered) < 200:
            handed.get(timeout=20)()
    finally:
        assert confirmer.close()
    assert answered == list(range(200))


def test_a_server_it_cannot_reach_answers_each_with_the_error(tmp_path):
    handed: queue.Queue = queue.Queue()
    confirmer = Confirmer(f"postgresql://nobody@/nowhere?host={tmp_path}", handed.put)
    told: list[str] = []
    try:
        for _ in range(3):
            confirmer.add(lambda: told.append("durable"), lambda error: told.append(str(error)))
        while len(told) < 3:
            handed.get(timeout=20)()
    finally:
        confirmer.close()
    assert len(set(told)) == 1
    assert told[0].startswith("The database did not confirm a write: connection is bad: connection to server on socket")
