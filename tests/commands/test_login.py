"""The login screen: connect, create, WHO, QUIT, the connect screen, the throttle."""

from champions_mush.commands import login
from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import NOT_CONNECTED
from champions_mush.game.accounts import Accounts, hash_password, verify_password
from champions_mush.game.world import run_inline

from ..harness import make_world

WRONG = "Either that name does not exist or the password is wrong."


def _created(world, name="Alice", password="secret1"):
    guest = world.guest()
    guest.do(f"create {name} {password}")
    return guest


def test_create_logs_in_and_shows_the_room():
    world = make_world()
    guest = world.guest()
    out = guest.do("create Alice secret1")
    assert out[0] == "Welcome to Champions MUSH, Alice!"
    assert out[1] == "Hero Plaza"
    alice = world.game.find_character("alice")
    assert guest.character_id == alice.id
    assert alice.password_hash.startswith("$argon2id$v=19$m=16,t=3,p=1$")
    assert "secret1" not in alice.password_hash
    assert verify_password("secret1", alice.password_hash)
    assert not verify_password("secret2", alice.password_hash)


def test_new_character_joins_public_as_pub():
    world = make_world()
    _created(world)
    assert world.game.find_character("Alice").settings["channels"] == {"pub": {"channel": "Public", "id": 1, "on": True}}


def test_names_are_unique_whatever_the_case():
    world = make_world()
    _created(world)
    assert world.guest().do("create ALICE other11") == ["That name is already taken."]
    assert len([c for c in world.game.characters.values() if c.name.lower() == "alice"]) == 1


def test_bad_names_and_passwords_are_refused_with_the_reason():
    world = make_world()
    guest = world.guest()
    assert guest.do("create 9lives secret1") == [
        "Names are 2-30 letters and digits, starting with a letter; words are joined by one space or one hyphen."]
    assert guest.do("create here secret1") == ["'here' is reserved."]
    assert guest.do("create Bob abc") == ["Passwords need at least 4 characters."]
    assert guest.do("create Bob") == ["Usage: create <name> <password>"]
    assert world.game.find_character("Bob") is None
    assert guest.character_id is None


def test_connect_with_a_quoted_name_with_spaces():
    world = make_world()
    _created(world, '"Jean Grey"', "phoenix1").do("QUIT")
    guest = world.guest()
    out = guest.do('connect "jean grey" phoenix1')
    assert out[0] == "Welcome to Champions MUSH, Jean Grey!"
    assert guest.character.name == "Jean Grey"


def test_wrong_name_and_wrong_password_read_the_same():
    world = make_world()
    _created(world).do("QUIT")
    guest = world.guest()
    assert guest.do("connect Alice wrongpw") == [WRONG]
    assert guest.do("connect Nobody wrongpw") == [WRONG]
    assert guest.character_id is None


def test_failed_logins_wait_longer_each_time_per_address_and_account_never_a_lockout():
    world = make_world(failed_logins_per_minute=3)
    _created(world).do("QUIT")
    _created(world, "Bob", "bobpass1").do("QUIT")
    guest = world.guest("10.0.0.5")
    for _ in range(3):
        assert guest.do("connect Alice nope1") == [WRONG]
    assert guest.do("connect Alice secret1") == ["Too many failed logins: try again in 1 second."]
    world.clock.advance(1)
    assert guest.do("connect Alice nope1") == [WRONG]
    other = world.guest("10.0.0.6")  # the account waits from any address ...
    assert other.do("connect Alice secret1") == ["Too many failed logins: try again in 2 seconds."]
    assert other.do("connect Bob bobpass1")[0] == "Welcome to Champions MUSH, Bob!"  # ... others do not
    world.clock.advance(2)
    out = guest.do("connect Alice secret1")  # the right password after the wait: in, and told
    assert out[0] == "Welcome to Champions MUSH, Alice!"
    assert ("4 failed login attempts on this character since you last connected "
            "(the last from 10.0.0.5).") in out
    guest.do("QUIT")
    again = world.guest("10.0.0.5")
    out = again.do("connect Alice secret1")
    assert out[0] == "Welcome to Champions MUSH, Alice!"  # a success forgets the count
    assert not any("failed login" in line for line in out)


def _hold_hashes(world):
    """Hashes wait in a list instead of running: as if 25 arrived before any finished."""
    pending = []
    world.game.run_blocking = lambda func, callback, errback=None: pending.append((func, callback))
    return pending


def test_parallel_wrong_passwords_are_counted_when_they_start():
    """25 connections sending ``connect Bob wrongN`` at once: only the free tries are hashed."""
    world = make_world(failed_logins_per_minute=5)
    _created(world, "Bob", "bobpass1").do("QUIT")
    pending = _hold_hashes(world)
    guests = [world.guest(f"10.1.0.{n}") for n in range(25)]
    answers = [guest.do(f"connect Bob wrong{n}") for n, guest in enumerate(guests)]
    assert len(pending) == 5
    assert answers == [[]] * 25  # the last 20 wait for the five being checked: they may be right
    for func, callback in pending:
        callback(func())
    assert [guest.lines[-1] for guest in guests[5:]] == ["Too many failed logins: try again in 1 second."] * 20
    assert len(pending) == 5  # nothing more was hashed
    assert world.game.find_character("Bob").settings["failed_logins"]["count"] == 5


def test_staff_see_failed_logins_in_the_game():
    world = make_world(failed_logins_per_minute=3)
    _created(world).do("QUIT")
    gm = world.login("Gina", role=Role.STAFF)
    guest = world.guest("10.0.0.5")
    for _ in range(3):
        guest.do("connect Alice nope1")
    guest.do("connect Nobody nope1")
    assert gm.lines == [
        "[Login] 1 failed login for Alice from 10.0.0.5.",
        "[Login] 3 failed logins for Alice from 10.0.0.5: further tries wait.",
    ]


def test_at_password_has_the_same_limit_and_is_logged():
    world = make_world(failed_logins_per_minute=3)
    alice = _created(world)
    gm = world.login("Gina", role=Role.STAFF)
    for _ in range(3):
        assert alice.do("@password wrong1=newpass1") == ["That is not your current password."]
    assert alice.do("@password secret1=newpass1") == ["Too many failed logins: try again in 1 second."]
    assert gm.lines == [
        "[Login] 1 failed @password for Alice from 127.0.0.1.",
        "[Login] 3 failed @passwords for Alice from 127.0.0.1: further tries wait.",
    ]
    world.clock.advance(1)
    assert alice.do("@password secret1=newpass1") == ["Password changed."]


def test_the_hashing_queue_is_one_per_session_and_bounded_only_for_safety(monkeypatch):
    monkeypatch.setattr(Accounts, "MAX_PENDING_HASHES", 8)
    world = make_world()
    alice = _created(world)
    pending = _hold_hashes(world)
    assert alice.do("@password secret1=newpass1") == []
    assert alice.do("@password secret1=newpass2") == ["Still checking your last attempt: a moment, please."]
    guests = [world.guest(f"10.2.0.{n}") for n in range(8)]
    answers = [g.do(f"create Hero{chr(97 + n)} secret1") for n, g in enumerate(guests)]
    assert answers == [[]] * 7 + [[Accounts.BUSY]]
    func, callback = pending.pop(0)  # the old password checked: the new one is hashed next
    callback(func())
    assert world.guest("10.3.0.1").do("create Latecomer secret1") == [Accounts.BUSY]
    func, callback = pending.pop()
    callback(func())
    assert alice.lines[-1] == "Password changed."
    assert world.guest("10.3.0.1").do("create Latecomer secret1") == []  # room again


def _storm(world, addresses):
    """500 characters, then 500 connections sending their one ``connect`` before any hash ends."""
    hashed = Accounts.of(world.game)
    from champions_mush.game.accounts import hash_password

    stored = hash_password("secret1", 16)
    for n in range(500):
        world.game.new_character(f"Storm{n}", password_hash=stored)
    pending = _hold_hashes(world)
    guests = [world.guest(addresses(n)) for n in range(500)]
    answers = [guest.do(f"connect Storm{n} secret1") for n, guest in enumerate(guests)]
    assert answers == [[]] * 500  # nobody refused: each waits its turn
    while pending:
        func, callback = pending.pop(0)
        callback(func())
    assert [guest.lines[0] for guest in guests] == [f"Welcome to Champions MUSH, Storm{n}!" for n in range(500)]
    assert hashed._pending == 0


def test_a_storm_of_500_logins_from_many_addresses_all_get_in_on_their_first_connect():
    _storm(make_world(), lambda n: f"10.4.{n // 250}.{n % 250}")


def test_a_storm_of_500_logins_from_one_address_all_get_in_on_their_first_connect():
    """Behind a proxy: one address, the failed-login limit on, every password right."""
    _storm(make_world(failed_logins_per_minute=5), lambda n: "192.0.2.1")


def _legacy_scrypt(password):
    """A hash as the game stored them before Argon2id: ``scrypt$N$r$p$salt$key`` (RFC 7914)."""
    import base64
    import hashlib

    salt = b"SodiumChloride"
    key = hashlib.scrypt(password.encode(), salt=salt, n=16, r=8, p=1, dklen=32)
    return f"scrypt$16$8$1${base64.b64encode(salt).decode()}${base64.b64encode(key).decode()}"


def test_a_legacy_scrypt_hash_becomes_argon2id_at_login_off_the_game_thread():
    world = make_world()
    bob = world.game.new_character("Bob", password_hash=_legacy_scrypt("bobpass1"))
    assert world.guest().do("connect Bob wrongpw1") == [WRONG]
    assert bob.password_hash.startswith("scrypt$")  # a wrong password changes nothing
    pending = _hold_hashes(world)
    guest = world.guest()
    assert guest.do("connect Bob bobpass1") == []
    func, callback = pending.pop()
    callback(func())
    assert guest.lines[0] == "Welcome to Champions MUSH, Bob!"
    assert len(pending) == 1 and bob.password_hash.startswith("scrypt$")  # the new hash is queued
    func, callback = pending.pop()
    callback(func())
    assert bob.password_hash.startswith("$argon2id$v=19$m=16,t=3,p=1$")
    assert world.store.get("character", str(bob.id))["password_hash"] == bob.password_hash
    guest.do("QUIT")
    world.game.run_blocking = run_inline
    assert world.guest().do("connect Bob bobpass1")[0] == "Welcome to Champions MUSH, Bob!"
    assert world.guest().do("connect Bob bobpass2") == [WRONG]


def test_an_unknown_name_is_checked_against_an_argon2id_decoy_made_off_the_game_thread():
    world = make_world()
    accounts = Accounts.of(world.game)
    pending = _hold_hashes(world)
    guest = world.guest()
    assert guest.do("connect Nobody secret1") == []
    assert accounts._decoy == ""  # not hashed on the game's thread
    func, callback = pending.pop()
    callback(func())
    assert guest.lines == [WRONG]
    assert accounts._decoy.startswith("$argon2id$v=19$m=16,t=3,p=1$")


def test_a_hash_below_the_configured_memory_is_redone_and_a_current_one_is_not():
    world = make_world()
    _created(world, "Bob", "bobpass1").do("QUIT")
    bob = world.game.find_character("Bob")
    current = bob.password_hash
    assert world.guest().do("connect Bob bobpass1")[0] == "Welcome to Champions MUSH, Bob!"
    assert bob.password_hash == current  # already at the configured cost: left alone
    world.game.config = type(world.game.config)(password_cost=32)
    world.guest().do("connect Bob bobpass1")
    assert bob.password_hash.startswith("$argon2id$v=19$m=32,t=3,p=1$")


def test_a_password_changed_while_the_upgrade_hashes_wins():
    world = make_world()
    bob = world.game.new_character("Bob", password_hash=_legacy_scrypt("bobpass1"))
    pending = _hold_hashes(world)
    guest = world.guest()
    guest.do("connect Bob bobpass1")
    func, callback = pending.pop()
    callback(func())
    upgrade = pending.pop()
    assert guest.do("@password bobpass1=newpass1") == []
    func, callback = pending.pop()
    callback(func())  # the old password checked; the new one queued
    func, callback = pending.pop()
    callback(func())
    assert guest.lines[-1] == "Password changed."
    changed = bob.password_hash
    upgrade[1](upgrade[0]())  # the upgrade of the old password arrives last
    assert bob.password_hash == changed
    world.game.run_blocking = run_inline
    assert world.guest().do("connect Bob newpass1")[0] == "Welcome to Champions MUSH, Bob!"


def test_an_upgrade_the_disk_refuses_keeps_the_old_hash_for_next_time():
    from champions_mush.store.base import StoreError

    world = make_world()
    bob = world.game.new_character("Bob", password_hash=_legacy_scrypt("bobpass1"))
    old = bob.password_hash
    put = world.store.put

    def refuse_hashes(kind, key, doc):
        if kind == "character" and doc.get("password_hash", "").startswith("$argon2id$"):
            raise StoreError("disk full")
        put(kind, key, doc)

    world.store.put = refuse_hashes
    assert world.guest().do("connect Bob bobpass1") == [
        "Welcome to Champions MUSH, Bob!", "Hero Plaza", "The heart of the city. Heroes gather here.",
        ("[Storage] The game cannot save right now: you can log in, look around and read, "
        "but nothing you change will be kept. Staff have been told.")]
    assert bob.password_hash == old
    world.store.put = put
    world.guest().do("connect Bob bobpass1")
    assert bob.password_hash.startswith("$argon2id$")


def test_commands_before_login_are_refused():
    world = make_world()
    guest = world.guest()
    assert guest.do("say hello") == [NOT_CONNECTED]
    assert guest.do("look") == [NOT_CONNECTED]


def test_who_before_and_after_login_shows_time_on_and_idle():
    world = make_world()
    alice = _created(world)
    world.clock.advance(125)
    bob = _created(world, "Bob", "secret2")
    world.clock.advance(3700)
    bob.last_input = world.clock()
    guest = world.guest()
    assert guest.do("WHO") == [
        "Player Name                On For  Idle  Doing",
        "Alice                       01:03    1h",
        "Bob                         01:01    0s",
        "2 players connected.",
    ]
    assert alice.do("who")[1] == "Alice                       01:03    0s"
    assert alice.do("@doing |rOn patrol") == ["Doing set: On patrol"]
    assert bob.do("WHO")[1] == "Alice                       01:03    0s  On patrol"
    assert alice.do("@doing " + "x" * 41) == ["@doing takes at most 40 characters."]
    assert alice.do("@doing") == ["Doing cleared."]


def test_who_shows_addresses_to_staff_only():
    world = make_world()
    world.login("Alice")
    gm = world.login("Gina", role=login.Role.STAFF)
    assert gm.do("WHO")[0] == "Player Name                On For  Idle  Site"
    assert gm.do("WHO")[1].endswith("127.0.0.1")


def test_quit_says_goodbye_and_the_room_hears():
    world = make_world()
    alice = _created(world)
    bob = _created(world, "Bob", "secret2")
    alice.clear()
    bob.do("QUIT")
    assert bob.closed == "Goodbye! Come back soon."
    assert alice.lines == ["Bob has disconnected."]
    assert bob.id not in world.game.sessions


def test_second_connection_sees_the_same_output_and_no_reconnect_spam():
    world = make_world()
    first = _created(world)
    bob = world.login("Bob")
    bob.clear()
    second = world.guest()
    second.do("connect Alice secret1")
    assert bob.lines == []  # already connected: the room is not told again
    bob.do("say hi")
    assert first.lines[-1] == 'Bob says, "hi"'
    assert second.lines[-1] == 'Bob says, "hi"'


def test_login_waits_for_the_hash_and_refuses_a_second_attempt_meanwhile():
    world = make_world()
    _created(world).do("QUIT")
    pending = _hold_hashes(world)
    guest = world.guest()
    assert guest.do("connect Alice secret1") == []
    assert guest.do("connect Alice secret1") == ["Still checking your last attempt: a moment, please."]
    func, callback = pending.pop()
    callback(func())
    assert guest.lines[1] == "Welcome to Champions MUSH, Alice!"
    assert guest.character.name == "Alice"


def test_a_connection_closed_while_hashing_is_not_logged_in():
    world = make_world()
    _created(world).do("QUIT")
    pending = _hold_hashes(world)
    guest = world.guest()
    guest.do("connect Alice secret1")
    login.logout_session(world.game, guest)
    func, callback = pending.pop()
    callback(func())
    assert guest.character_id is None
    assert not world.game.is_connected(world.game.find_character("Alice"))


def test_connect_screen_comes_from_the_data_dir_and_follows_edits(tmp_path):
    world = make_world()
    guest = world.guest()
    login.welcome(world.game, guest)
    assert "connect <name> <password>" in guest.text
    assert guest.lines[1] == "                          C H A M P I O N S   M U S H"
    world.game.data_dir = tmp_path
    screen = tmp_path / "connect.txt"
    screen.write_text("Welcome to |rOur Game|n\nconnect <name> <password>\n")
    guest.clear()
    login.welcome(world.game, guest)
    assert guest.lines == ["Welcome to Our Game", "connect <name> <password>"]
    screen.write_text("Edited!\n")
    import os

    os.utime(screen, (1, 1))  # a different mtime, as an editor would leave
    guest.clear()
    login.welcome(world.game, guest)
    assert guest.lines == ["Edited!"]


def test_split_login():
    assert login.split_login('"Jean Grey" pw x') == ("Jean Grey", "pw x")
    assert login.split_login("Alice pw") == ("Alice", "pw")
    assert login.split_login("Alice") == ("Alice", "")


def test_duration_formats():
    assert login.format_duration(59) == "00:00"
    assert login.format_duration(3 * 3600 + 7 * 60) == "03:07"
    assert login.format_duration(2 * 86400 + 60) == "2d 00:01"
    assert [login.format_idle(s) for s in (0, 59, 60, 3599, 3600, 86400 * 3)] == ["0s", "59s", "1m", "59m", "1h", "3d"]


def test_accounts_service_is_one_per_game():
    world = make_world()
    assert Accounts.of(world.game) is Accounts.of(world.game)


def test_login_hooks_run_after_login_and_a_broken_one_does_not_stop_it():
    world = make_world()
    seen = []

    def broken(session, char):
        raise RuntimeError("bug in a subsystem")

    world.game.login_hooks[:] = [broken, lambda session, char: seen.append((session.id, char.name))]
    guest = _created(world)
    assert seen == [(guest.id, "Alice")]
    assert guest.character.name == "Alice"


def test_a_failure_while_logging_in_is_one_short_line(caplog):
    world = make_world()
    _created(world).do("QUIT")

    def broken(*args):
        raise RuntimeError("a bug")

    world.game.run_login_hooks = broken
    guest = world.guest()
    assert guest.do("connect Alice secret1") == [
        "Something went wrong logging you in. It has been logged for staff; please try again."]
    assert guest.character_id is None
    assert "login of Alice failed" in caplog.text


def test_a_full_disk_does_not_lock_anyone_out():
    from champions_mush.store.base import StoreError

    world = make_world()
    _created(world).do("QUIT")

    def full_disk(*args):
        raise StoreError("disk full")

    world.store.put = full_disk  # the last_login write fails
    guest = world.guest()
    assert guest.do("connect Alice secret1")[:2] == [
        ("[Storage] The game cannot save right now: you can log in, look around and read, "
        "but nothing you change will be kept. Staff have been told."),
        "Welcome to Champions MUSH, Alice!"]
    assert guest.character.name == "Alice"


def _leave_in_one_turn(count):
    """``count`` players close their connections in one reactor turn; Alice stays."""
    world = make_world()
    alice = _created(world)
    crowd = [world.login(f"Leaver{n}") for n in range(count)]
    alice.clear()
    turn = []
    world.game.batch.defer(lambda: turn.append(True))
    for session in crowd:
        login.logout_session(world.game, session)
    world.game.batch.flush()
    world.game.batch.defer(None)
    return alice.lines


def test_a_few_departures_in_one_turn_are_told_one_by_one():
    assert _leave_in_one_turn(3) == ["Leaver0 has disconnected.", "Leaver1 has disconnected.",
                                     "Leaver2 has disconnected."]


def test_a_network_blip_is_told_in_one_line_not_one_per_departure():
    assert _leave_in_one_turn(500) == ["Leaver0, Leaver1, Leaver2 and 497 others have disconnected."]
    assert _leave_in_one_turn(4) == ["Leaver0, Leaver1, Leaver2 and 1 other have disconnected."]


def _arrive_in_one_turn(count):
    """``count`` players' logins finish in one reactor turn (a reconnect storm); Alice is there."""
    world = make_world()
    alice = _created(world)
    for n in range(count):
        world.game.new_character(f"Comer{n}", password_hash=hash_password("stormpw1", 16))
    guests = [world.guest() for _ in range(count)]
    alice.clear()
    world.game.batch.defer(lambda: None)
    for n, guest in enumerate(guests):
        guest.do(f"connect Comer{n} stormpw1")
    world.game.batch.flush()
    world.game.batch.defer(None)
    return alice.lines, guests


def test_a_few_arrivals_in_one_turn_are_told_one_by_one():
    lines, _ = _arrive_in_one_turn(3)
    assert lines == ["Comer0 has connected.", "Comer1 has connected.", "Comer2 has connected."]


def test_a_reconnect_storm_is_told_in_one_line_not_one_per_arrival():
    lines, guests = _arrive_in_one_turn(40)
    assert lines == ["Comer0, Comer1, Comer2 and 37 others have connected."]
    assert not any("have connected" in line for line in guests[0].lines)  # not told of himself


class _Storm:
    """Alice in the start room; a server's turns (the batch deferred, arrivals paced by a fake
    reactor clock) and characters Comer0, Comer1 ... waiting at the connect screen."""

    def __init__(self, count):
        from twisted.internet.task import Clock

        self.world = make_world()
        self.alice = _created(self.world)
        for n in range(count):
            self.world.game.new_character(f"Comer{n}", password_hash=hash_password("stormpw1", 16))
        self.guests = [self.world.guest() for _ in range(count)]
        self.clock = Clock()
        self.world.game.batch.defer(lambda: None)
        self.world.game.batch.pace(self.clock)
        self.alice.clear()

    def turn(self, *lines):
        """One reactor turn: each (guest number, line) typed, then the turn's end."""
        for n, line in lines:
            self.guests[n].do(line)
        self.world.game.batch.flush()

    def connect(self, *numbers):
        self.turn(*((n, f"connect Comer{n} stormpw1") for n in numbers))

    def later(self, seconds):
        """``seconds`` pass; the turn they end in ends."""
        self.clock.advance(seconds)
        self.world.game.batch.flush()

    def heard(self):
        lines, self.alice.output[:] = self.alice.lines, []
        return lines


def test_arrivals_in_a_storm_are_told_a_line_a_second():
    storm = _Storm(8)
    storm.connect(0)
    assert storm.heard() == ["Comer0 has connected."]  # a lone arrival: at once
    for n in range(1, 5):
        storm.later(0.2)
        storm.connect(n)
    assert storm.heard() == []  # within the second after the last line: held
    storm.later(0.2)
    assert storm.heard() == ["Comer1, Comer2, Comer3 and 1 other have connected."]
    storm.later(0.5)
    storm.connect(5)
    storm.connect(6)
    assert storm.heard() == []
    storm.later(0.5)
    assert storm.heard() == ["Comer5 has connected.", "Comer6 has connected."]
    storm.later(1.0)  # a quiet second: the next one is told at once again
    storm.connect(7)
    assert storm.heard() == ["Comer7 has connected."]
    for guest in storm.guests[1:5]:  # not the line that names them: only those who came after
        assert [line for line in guest.lines if "connected" in line] == [
            "Comer5 has connected.", "Comer6 has connected.", "Comer7 has connected."]


def test_a_held_arrival_who_speaks_is_heard_to_connect_first():
    storm = _Storm(3)
    storm.connect(0)
    storm.connect(1, 2)
    storm.turn((2, "say Back."))
    assert storm.heard() == ["Comer0 has connected.", "Comer1 has connected.", "Comer2 has connected.",
                             'Comer2 says, "Back."']
    storm.later(1.0)  # told once, not again when the held second is over
    assert storm.heard() == []
    assert storm.guests[2].lines[-1] == 'You say, "Back."'


def test_arrivals_and_departures_held_together_are_told_each_kind_in_one_go_first_come_first():
    storm = _Storm(3)
    storm.connect(0)
    storm.connect(1)
    storm.turn((0, "QUIT"))
    storm.connect(2)
    assert storm.heard() == ["Comer0 has connected."]
    storm.later(1.0)
    assert storm.heard() == ["Comer1 has connected.", "Comer2 has connected.", "Comer0 has disconnected."]
    # each hears only what came after it: its look showed it the room as it was
    assert [line for line in storm.guests[1].lines if "connected" in line] == [
        "Comer2 has connected.", "Comer0 has disconnected."]
    assert storm.guests[2].lines[-1] == "Contents: Alice, Comer1"
    assert not any("connected" in line for line in storm.guests[2].lines)
