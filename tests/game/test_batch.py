"""Broadcasts batched per turn (game/batch.py): every connection still gets its lines in the
order they were produced, and each message is rendered once per kind of client."""

from __future__ import annotations

from typing import ClassVar

from champions_mush.text import markup

from ..harness import FakeSession, World, make_world


class KindSession(FakeSession):
    """A connection of one kind of client: renders like the server's sessions do (private
    lines after catching up on the batch) and records the byte blocks it is handed."""

    renders: ClassVar[list[tuple[str, str]]] = []

    def __init__(self, world: World, kind: str) -> None:
        super().__init__(world)
        self.kind = kind
        self.blocks: list[bytes] = []

    def render_kind(self) -> str:
        return self.kind

    def render(self, text: str) -> bytes:
        KindSession.renders.append((text, self.kind))
        return f"{self.kind}:{markup.strip(text)}\n".encode()

    def send_rendered(self, data: bytes) -> None:
        self.blocks.append(data)

    def send(self, text: str) -> None:
        self.take_broadcasts()
        self.blocks.append(self.render(text))

    @property
    def received(self) -> list[str]:
        return b"".join(self.blocks).decode().splitlines()


class Turn:
    """A world whose broadcasts wait for the end of the turn, as on the server."""

    def __init__(self) -> None:
        self.world = make_world()
        self.game = self.world.game
        self.scheduled = 0
        self.game.batch.defer(self._schedule)
        KindSession.renders.clear()

    def _schedule(self) -> None:
        self.scheduled += 1

    def login(self, name: str, kind: str = "plain") -> KindSession:
        char = self.game.find_character(name) or self.game.new_character(name)
        session = KindSession(self.world, kind)
        self.game.add_session(session)
        session.character_id = char.id
        return session

    def end(self) -> None:
        self.game.batch.flush()


def test_room_text_waits_for_the_end_of_the_turn_and_is_scheduled_once():
    turn = Turn()
    alice, bob = turn.login("Alice"), turn.login("Bob")
    alice.do("say one")
    alice.do("say two")
    assert bob.blocks == []
    assert turn.scheduled == 1
    turn.end()
    assert bob.received == ['plain:Alice says, "one"', 'plain:Alice says, "two"']
    assert alice.received == ['plain:You say, "one"', 'plain:You say, "two"']
    bob.do("say three")
    assert turn.scheduled == 2


def test_own_echo_a_page_and_room_lines_arrive_in_production_order_for_each_kind():
    turn = Turn()
    alice = turn.login("Alice", "ansi")
    bob = turn.login("Bob", "utf8")
    carol = turn.login("Carol", "ascii")
    dave = turn.login("Dave", "ansi")
    carol.do("say first")
    bob.do("page Alice=psst")
    alice.do("say second")
    carol.do("say third")
    turn.end()
    assert alice.received == [
        'ansi:Carol says, "first"',
        "ansi:Bob pages: psst",
        'ansi:You say, "second"',
        'ansi:Carol says, "third"',
    ]
    assert bob.received == [
        'utf8:Carol says, "first"',
        "utf8:You paged Alice with 'psst'.",
        'utf8:Alice says, "second"',
        'utf8:Carol says, "third"',
    ]
    assert carol.received == [
        'ascii:You say, "first"',
        'ascii:Alice says, "second"',
        'ascii:You say, "third"',
    ]
    assert dave.received == [
        'ansi:Carol says, "first"', 'ansi:Alice says, "second"', 'ansi:Carol says, "third"']


def test_each_message_is_rendered_once_per_kind_and_listeners_share_the_bytes():
    turn = Turn()
    speaker = turn.login("Speaker", "ansi")
    listeners = [turn.login(f"L{i}", ("ansi", "plain")[i % 2]) for i in range(10)]
    speaker.do("say hello")
    KindSession.renders.clear()
    turn.end()
    assert sorted(KindSession.renders) == [
        ('Speaker says, "hello"', "ansi"), ('Speaker says, "hello"', "plain")]
    blocks = {id(s.blocks[0]) for s in listeners if s.kind == "ansi"}
    assert len(blocks) == 1  # one bytes object handed to every ANSI listener


def test_a_character_moving_mid_turn_hears_the_old_room_before_and_the_new_room_after():
    turn = Turn()
    game = turn.game
    far = game.new_room("Far")
    alice, bob = turn.login("Alice"), turn.login("Bob")
    carol = turn.login("Carol")
    game.move_character(carol.character, far)
    carol.do("say before you came")
    bob.do("say goodbye")
    game.move_character(alice.character, far)
    carol.do("say welcome")
    bob.do("say she left")
    turn.end()
    assert alice.received == ['plain:Bob says, "goodbye"', 'plain:Carol says, "welcome"']


def test_a_connection_logging_out_mid_turn_gets_what_was_said_while_it_was_in():
    turn = Turn()
    alice, bob = turn.login("Alice"), turn.login("Bob")
    bob.do("say still here?")
    alice.character_id = None
    bob.do("say gone")
    turn.end()
    assert alice.received == ['plain:Bob says, "still here?"']


def test_channel_and_room_lines_interleave_in_production_order():
    turn = Turn()
    game = turn.game
    alice, bob = turn.login("Alice", "ansi"), turn.login("Bob", "ansi")
    far = game.new_room("Far")
    carol = turn.login("Carol", "ansi")
    game.move_character(carol.character, far)
    game.msg_room(game.start_room, "room 1")
    game.msg_characters([alice.character, carol.character], "channel 1")
    game.msg_room(game.start_room, "room 2")
    game.msg_staff("staff only")
    game.msg_all("everyone")
    turn.end()
    assert alice.received == ["ansi:room 1", "ansi:channel 1", "ansi:room 2", "ansi:everyone"]
    assert bob.received == ["ansi:room 1", "ansi:room 2", "ansi:everyone"]
    assert carol.received == ["ansi:channel 1", "ansi:everyone"]


def test_every_connection_of_an_excluded_character_is_skipped():
    turn = Turn()
    a1, a2 = turn.login("Alice"), turn.login("Alice")
    bob = turn.login("Bob")
    turn.game.msg_room(turn.game.start_room, "before")
    a1.do("say hi")
    turn.end()
    assert a1.received == a2.received == ["plain:before", 'plain:You say, "hi"']
    assert bob.received == ["plain:before", 'plain:Alice says, "hi"']


def test_sessions_without_a_kind_get_text_one_message_at_a_time_in_order():
    turn = Turn()
    plain = turn.world.login("Alice")  # the harness's recording session
    bob = turn.login("Bob")
    bob.do("say one")
    turn.game.msg_room(turn.game.start_room, "|rtwo|n")
    assert plain.output == []
    turn.end()
    assert plain.output == ['Bob says, "one"', "|rtwo|n"]


def test_without_a_scheduler_delivery_is_immediate():
    world = make_world()
    alice, bob = world.login("Alice"), world.login("Bob")
    alice.do("say now")
    assert bob.lines == ['Alice says, "now"']
