"""Text for many listeners, batched per reactor turn and rendered once per kind of client.

A ``say`` in a room of N players used to cost N calls to queue one line. Here a message for a
room, a channel, the staff or everyone is appended once to this turn's batch (O(1)); when the
turn ends, :meth:`Batch.flush` visits only the sessions that hear something this turn (the
index of game/listeners.py: by room, by character, staff, everyone), and every group of
listeners that hear the same messages and render text the same way
(:meth:`Session.render_kind`) shares one block of bytes, rendered once. So a turn costs
O(messages + listeners), not O(messages x listeners), and a crowd idling elsewhere costs
nothing (docs/performance.md, "Fan-out per turn").

Order is kept per connection: before a session is sent anything of its own (its ``You say``, a
page, a prompt) it first takes what the batch holds for it so far (:meth:`Batch.catch_up`),
and a session excluded from a message (the speaker) is caught up and then moved past it. Each
session has a cursor (the first entry it has not had); a session is in a message's audience by
where its character is when the batch is delivered, so :meth:`Game.move_character` and a change
of character catch the session up first.
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any

from .listeners import Listeners

#: paced keys remembered before the ones told more than :data:`_PAUSE_KEPT` seconds ago go
_TOLD_AT_KEPT, _PAUSE_KEPT = 256, 60.0

if TYPE_CHECKING:
    from .objects import Character
    from .session import Session
    from .world import Game

__all__ = ["EVERYONE", "STAFF", "Audience", "Batch", "for_characters", "for_room"]

#: Who hears a message: ``("room", id)`` (everyone whose character is there),
#: ``("chars", frozenset of ids)`` (a channel's listeners), :data:`STAFF` or :data:`EVERYONE`.
Audience = tuple
#: Every connected staff member.
STAFF: Audience = ("staff",)
#: Every logged-in connection.
EVERYONE: Audience = ("all",)


def for_room(room_id: int) -> Audience:
    return ("room", room_id)


def for_characters(chars: Iterable[Character]) -> Audience:
    return ("chars", frozenset(c.id for c in chars))


class _Entries:
    """One audience's messages this turn: turn-wide sequence numbers, texts, and per kind of
    client the texts rendered one after another into one buffer (rendered once each)."""

    __slots__ = ("rendered", "seqs", "texts")

    def __init__(self) -> None:
        self.seqs: list[int] = []
        self.texts: list[str] = []
        #: kind -> (bytes of the first n texts, where each of them starts)
        self.rendered: dict[Hashable, tuple[bytearray, list[int]]] = {}

    def index(self, seq: int) -> int:
        """Where the first entry numbered ``seq`` or later is."""
        return bisect.bisect_left(self.seqs, seq) if seq else 0

    def buffer(self, session: Session, kind: Hashable) -> tuple[bytearray, list[int]]:
        """Every text so far rendered for ``kind`` (by ``session``, one of that kind)."""
        found = self.rendered.get(kind)
        if found is None:
            found = self.rendered[kind] = (bytearray(), [])
        buf, starts = found
        for text in self.texts[len(starts):]:
            starts.append(len(buf))
            buf += session.render(text)
        return found

    def since(self, session: Session, kind: Hashable, seq: int) -> bytes:
        """The bytes of every entry from ``seq`` on, for ``kind``: one slice."""
        buf, starts = self.buffer(session, kind)
        i = self.index(seq)
        if i >= len(starts):
            return b""
        with memoryview(buf) as view:
            return bytes(view[starts[i]:])

    def pieces(self, session: Session, kind: Hashable, seq: int) -> list[tuple[int, bytes]]:
        """(sequence number, bytes) of every entry from ``seq`` on, for merging audiences."""
        buf, starts = self.buffer(session, kind)
        ends = [*starts[1:], len(buf)]
        i = self.index(seq)
        return [(self.seqs[j], bytes(buf[starts[j]:ends[j]])) for j in range(i, len(starts))]


class _Held:
    """A paced key's items waiting for its pause to be over, and the call that ends it."""

    __slots__ = ("call", "every", "items", "tell")

    def __init__(self, items: list, tell: Callable[[list], None], every: float, call: Any) -> None:
        self.items, self.tell, self.every, self.call = items, tell, every, call


class Batch:
    """This turn's broadcast messages, delivered at :meth:`flush`.

    Args:
        game: whose sessions and characters decide who hears what.

    Until :meth:`defer` is given a scheduler, every message is delivered at once (tools, tests
    of the game alone); the server defers delivery to the end of each reactor turn.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        #: who hears each audience (kept right by the Game)
        self.listeners = Listeners(game)
        self._schedule: Callable[[], None] | None = None
        self._scheduled = False
        #: items gathered this turn, by key, with the function that tells them and the key's
        #: pace (:meth:`gather`)
        self._gathered: dict[Hashable, tuple[list, Callable[[list], None], float]] = {}
        #: the reactor's clock (``seconds()``, ``callLater``) once :meth:`pace` is given one
        self._clock: Any = None
        #: when each paced key was last told, and the items held until its pause is over
        self._told_at: dict[Hashable, float] = {}
        self._held: dict[Hashable, _Held] = {}
        self._reset()

    def _reset(self) -> None:
        #: entries appended this turn (the next entry's sequence number)
        self._end = 0
        self._by_audience: dict[Audience, _Entries] = {}
        #: session id -> first entry it has not had (sessions not here start at 0)
        self._cursor: dict[int, int] = {}

    def defer(self, schedule: Callable[[], None] | None) -> None:
        """Deliver at the end of the turn: ``schedule()`` is called once per turn with messages
        and must arrange for :meth:`flush` to run then. None delivers at once again."""
        self.flush()
        self._schedule = schedule

    # --- producing ------------------------------------------------------------------------------
    def send(self, audience: Audience, text: str, exclude: Iterable[Character] = ()) -> None:
        """Queue ``text`` for ``audience``; the sessions of ``exclude`` do not get it."""
        skipped = [s for char in exclude for s in self.game.sessions_of(char)]
        for session in skipped:
            self.catch_up(session)
        entries = self._by_audience.get(audience)
        if entries is None:
            entries = self._by_audience[audience] = _Entries()
        entries.seqs.append(self._end)
        entries.texts.append(text)
        self._end += 1
        for session in skipped:
            self._cursor[session.id] = self._end
        if self._schedule is None:
            self.flush()
        elif not self._scheduled:
            self._scheduled = True
            self._schedule()

    def deliver_after(self, work: Callable[[], None]) -> None:
        """``work()`` (the turn's group commit, sending what its commands said), then this turn's
        batch delivered: what ``work`` sends goes with it, asking the scheduler for no turn of its own."""
        self._scheduled = True
        try:
            work()
        finally:
            self.flush()

    def pace(self, clock: Any) -> None:  # an IReactorTime: seconds(), callLater()
        """Let :meth:`gather` hold a paced key's items until its pause is over (``clock``: the
        reactor's); None: every key is told at the end of its turn again."""
        self._clock = clock

    def gather(self, key: Hashable, item: object, tell: Callable[[list], None], every: float = 0.0) -> None:
        """Collect ``item`` under ``key`` for this turn; when the turn ends, ``tell(items)``
        says them, as one line or a few (the departures of a network blip: hundreds of
        "has disconnected" lines for each player still there would be output that grows with
        the square of the crowd, held at once). Without a scheduler, told at once.

        ``every`` paces the key: told at most once every ``every`` seconds (with :meth:`pace`'s
        clock). Items coming less than that after the key was last told are held, and told
        together at the end of the turn in which the pause is over (a reconnect storm: one line
        of arrivals a second to a crowded room, not one a turn)."""
        if self._schedule is None:
            tell([item])
            return
        found = self._gathered.get(key)
        if found is not None:
            found[0].append(item)
            return
        held = self._held.get(key)
        if held is not None:
            held.items.append(item)
            return
        clock = self._clock
        if every > 0 and clock is not None:
            wait = self._told_at.get(key, float("-inf")) + every - clock.seconds()
            if wait > 0:
                self._held[key] = _Held([item], tell, every, clock.callLater(wait, self._release, key))
                return
        self._gathered[key] = ([item], tell, every)
        self._wake()

    @property
    def holding(self) -> bool:
        """True while some paced key holds items (:meth:`gather`)."""
        return bool(self._held)

    def hurry(self, key: Hashable, item: object) -> None:
        """Tell what ``key`` holds now if ``item`` is among it (a player held in a storm's
        arrivals who speaks is heard to arrive first), before anything said after."""
        held = self._held.get(key)
        if held is None or item not in held.items:
            return
        del self._held[key]
        held.call.cancel()
        if self._clock is not None:
            self._told_at[key] = self._clock.seconds()
        held.tell(held.items)

    def _wake(self) -> None:
        if not self._scheduled and self._schedule is not None:
            self._scheduled = True
            self._schedule()

    def _release(self, key: Hashable) -> None:
        """``key``'s pause is over: what it held is told at the end of this turn (at once
        without a scheduler)."""
        held = self._held.pop(key, None)
        if held is None:
            return
        if self._schedule is None:
            held.tell(held.items)
            return
        self._gathered[key] = (held.items, held.tell, held.every)
        self._wake()

    def _tell_gathered(self) -> None:
        gathered, self._gathered = self._gathered, {}
        told_at = self._told_at
        now = self._clock.seconds() if self._clock is not None else 0.0
        for key, (items, tell, every) in gathered.items():
            if every > 0:
                told_at[key] = now
            tell(items)
        if len(told_at) > _TOLD_AT_KEPT:  # rooms told of long ago need no pause
            for key in [k for k, at in told_at.items() if now - at > _PAUSE_KEPT]:
                del told_at[key]

    # --- delivering -----------------------------------------------------------------------------
    def catch_up(self, session: Session) -> None:
        """Give ``session`` what this turn's batch holds for it so far (call before sending it
        anything of its own, so its lines stay in the order they were produced)."""
        if not self._end:
            return
        start = self._cursor.get(session.id, 0)
        if start >= self._end:
            return
        self._cursor[session.id] = self._end
        hears = self.listeners.hears
        heard = tuple(a for a in self._by_audience if hears(a, session))
        if heard:
            _deliver(session, self._by_audience, heard, start, session.render_kind())

    def flush(self) -> None:
        """Deliver this turn's batch to the sessions that hear it; the sessions that hear the
        same messages with the same kind of client are handed one shared bytes object."""
        self._scheduled = False
        if self._gathered:
            self._scheduled = True  # what they say joins this batch, not a new one
            self._tell_gathered()
            self._scheduled = False
        if not self._end:
            return
        end, cursors, audiences = self._end, self._cursor, self._by_audience
        self._reset()  # anything sent while delivering belongs to the next batch
        shared: dict[tuple, bytes] = {}
        for session, heard in self._hearing(audiences):
            start = cursors.get(session.id, 0)
            if start >= end:
                continue
            kind = session.render_kind()
            if kind is None or start:
                _deliver(session, audiences, heard, start, kind)
                continue
            key = (heard, kind)
            data = shared.get(key)
            if data is None:
                data = shared[key] = _bytes(session, kind, audiences, heard, 0)
            session.send_rendered(data)

    def _hearing(self, audiences: dict[Audience, _Entries]) -> list[tuple[Session, tuple[Audience, ...]]]:
        """(session, the audiences it is in, in the batch's order) for every session that hears
        any of ``audiences``: one step per listener of each audience."""
        sessions = self.listeners.sessions
        if len(audiences) == 1:
            (audience,) = audiences
            heard = (audience,)
            return [(session, heard) for session in sessions(audience)]
        found: dict[int, list] = {}
        for audience in audiences:
            for session in sessions(audience):
                entry = found.get(session.id)
                if entry is None:
                    found[session.id] = [session, audience]
                else:
                    entry.append(audience)
        return [(entry[0], tuple(entry[1:])) for entry in found.values()]


def _bytes(session: Session, kind: Hashable, audiences: dict[Audience, _Entries],
           heard: tuple[Audience, ...], start: int) -> bytes:
    """What ``heard`` said from sequence ``start`` on, rendered for ``kind``, in production order."""
    if len(heard) == 1:
        return audiences[heard[0]].since(session, kind, start)
    merged = heapq.merge(*(audiences[a].pieces(session, kind, start) for a in heard))
    return b"".join(data for _, data in merged)


def _deliver(session: Session, audiences: dict[Audience, _Entries], heard: tuple[Audience, ...],
             start: int, kind: Hashable | None) -> None:
    """Hand one session its share from sequence ``start`` on (by :meth:`Session.send`, one
    message at a time, when it has no kind)."""
    if kind is not None:
        data = _bytes(session, kind, audiences, heard, start)
        if data:
            session.send_rendered(data)
        return
    entries = [audiences[a] for a in heard]
    for _, text in heapq.merge(*(zip(e.seqs[e.index(start):], e.texts[e.index(start):]) for e in entries)):
        session.send(text)
