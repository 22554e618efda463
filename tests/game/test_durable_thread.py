"""The thread that makes commits durable off the game's loop (store/durable.py): one hand-back a batch."""

from __future__ import annotations

import queue
import threading

from champions_mush.store.base import StoreError
from champions_mush.store.durable import DurableThread


class Gated(DurableThread):
    """Each durable step waits for ``gate``; ``error`` is what it reports."""

    def __init__(self, hand_back) -> None:
        self.gate = threading.Semaphore(0)
        self.started = threading.Semaphore(0)
        self.error: StoreError | None = None
        super().__init__(hand_back, "test-durable")

    def _make_durable(self) -> StoreError | None:
        self.started.release()
        self.gate.acquire()
        return self.error


def test_the_commits_waiting_during_a_step_are_handed_back_together_in_order():
    handed: queue.Queue = queue.Queue()
    said: list[str] = []
    thread = Gated(handed.put)
    thread.add(lambda: said.append("first"), lambda exc: said.append("first lost"))
    assert thread.started.acquire(timeout=10)  # the first is being made durable; two more wait meanwhile

    def broken() -> None:
        raise RuntimeError("a bug in what waited")

    thread.add(broken, lambda exc: None)
    thread.add(lambda: said.append("third"), lambda exc: said.append("third lost"))
    thread.gate.release()
    thread.gate.release()
    handed.get(timeout=10)()
    assert said == ["first"]
    handed.get(timeout=10)()  # one hand-back for both; the bug in one does not keep the other from being told
    assert said == ["first", "third"]
    assert handed.empty()
    thread.error = StoreError("disk gone")
    thread.add(lambda: said.append("fourth"), lambda exc: said.append(f"fourth lost: {exc}"))
    thread.gate.release()
    handed.get(timeout=10)()
    assert said == ["first", "third", "fourth lost: disk gone"]
    assert thread.close()
