"""+identity and +outfit: secret identities (game/identities.py)."""

from champions_mush.commands.base import Role

from ..harness import make_world


def _room():
    world = make_world()
    gina = world.login("Gina", role=Role.STAFF)
    alice, bob = world.login("Alice"), world.login("Bob")
    assert alice.do("+identity/add Nightshade") == [
        "Identity Nightshade made. +identity Nightshade puts it on; then @desc me=... and +finger/set describe it."]
    for s in (gina, alice, bob):
        s.clear()
    return world, gina, alice, bob


def test_the_room_sees_the_identity_and_staff_see_the_character_behind_it():
    _world, gina, alice, bob = _room()
    assert alice.do("+identity nightshade") == ["You are now seen as Nightshade."]
    assert bob.lines == [] and gina.lines == []
    assert alice.do("say Halt.") == ['You say, "Halt."']
    assert bob.lines == ['Nightshade says, "Halt."']
    assert gina.lines == ['Nightshade(Alice) says, "Halt."']
    alice.do(":draws her cloak close.")
    assert bob.lines[-1] == "Nightshade draws her cloak close."
    assert gina.lines[-1] == "Nightshade(Alice) draws her cloak close."
    assert [line for line in bob.do("look") if line.startswith("Contents:")] == ["Contents: Gina, Nightshade"]
    assert [line for line in gina.do("look") if line.startswith("Contents:")] == ["Contents: Bob, Nightshade(Alice)"]
    assert [line.split()[0] for line in bob.do("WHO")[1:-1]] == ["Gina", "Nightshade", "Bob"]
    assert [line.split()[0] for line in gina.do("WHO")[1:-1]] == ["Gina", "Nightshade(Alice)", "Bob"]
    assert alice.do("+identity Alice") == ["You are now seen as yourself, Alice."]
    alice.do("say Hi.")
    assert bob.lines[-1] == 'Alice says, "Hi."'


def test_each_identity_has_its_description_finger_fields_and_outfits():
    _world, gina, alice, bob = _room()
    alice.do("@desc me=A student in a hoodie.")
    alice.do("+finger/set quote=Just a student.")
    alice.do("+finger/set timezone=Europe/Paris")
    alice.do("+identity Nightshade")
    alice.do("@desc me=A figure in a dark cloak.")
    assert alice.do("+outfit/save cloak") == ["Your description is kept as the outfit cloak."]
    alice.do("@desc me=Armour of black scales.")
    alice.do("+outfit/save armour")
    assert alice.do("+finger/set quote=The night has eyes.") == ["Quote set."]
    assert bob.do("look nightshade") == ["Nightshade", "Armour of black scales."]
    assert alice.do("+outfit cloak") == ["You put on your cloak outfit."]
    assert bob.do("look night") == ["Nightshade", "A figure in a dark cloak."]
    finger = bob.do("+finger Nightshade")
    assert finger[0].strip("-") == " Nightshade "
    assert [line for line in finger if line.startswith(("Quote", "Time zone"))] == [
        "Time zone:      Europe/Paris", "Quote:          The night has eyes."]
    assert gina.do("+finger Nightshade")[0].strip("-") == " Nightshade(Alice) "
    alice.do("+identity Alice")
    assert bob.do("look alice") == ["Alice", "A student in a hoodie."]
    assert alice.do("+outfit") == ["You have no outfits for this identity: +outfit/save <name> keeps your description as one."]


def test_identity_names_are_checked():
    _world, _gina, alice, bob = _room()
    assert alice.do("+identity/add Bob") == ["The name Bob is taken."]
    assert bob.do("+identity/add Nightshade") == ["The name Nightshade is taken."]
    assert alice.do("+identity Nobody") == ["You have no identity called 'Nobody'. +identity lists yours."]
    assert alice.do("+identity") == ["You are seen as Alice.", "Your identities: Alice, Nightshade."]
    assert alice.do("+finger/set timezone=Mars/Olympus") == [
        ("'Mars/Olympus' is not a time zone: give a name from the time zone database, "
        "such as America/New_York, Europe/London or UTC.")]


def test_gmcp_room_panels_show_the_identity_and_follow_a_switch():
    _world, _gina, alice, bob = _room()
    bob.gmcp.clear()
    alice.do("+identity Nightshade")
    assert bob.gmcp == [("Room.RemovePlayer", "Alice"),
                        ("Room.AddPlayer", {"name": "Nightshade", "fullname": "Nightshade"})]
    bob.gmcp.clear()
    alice.do("+identity Nobody")
    assert bob.gmcp == [("Room.RemovePlayer", "Nightshade"),
                        ("Room.AddPlayer", {"name": "Nightshade", "fullname": "Nightshade"})]


def test_a_scene_log_names_the_identities_worn_and_staff_see_the_characters():
    world, gina, alice, bob = _room()
    alice.do("+identity Nightshade")
    bob.do("+scene/start Alley")
    alice.do(":melts out of the shadows.")
    alice.do("@emit A streetlight flickers.")
    alice.do("+identity Alice")
    alice.do("say Bob? It's me.")
    bob.do("+scene/stop")
    for reader in (bob, alice):
        assert reader.do("+scene/text 1")[2:] == [
            "Participants: Bob, Gina, Nightshade, Alice",
            f"[{_time(world)}] [Scene] Bob starts scene 1: Alley. Everything said here is logged until +scene/stop.",
            f"[{_time(world)}] Nightshade melts out of the shadows.",
            f"[{_time(world)}] [Nightshade] A streetlight flickers.",
            f"[{_time(world)}] Alice says, \"Bob? It's me.\"",
            f"[{_time(world)}] [Scene] Bob stops scene 1: Alley. +scene/log 1 reads it back.",
            "-- end scene 1 --"]
    staff_view = gina.do("+scene/text 1")
    assert staff_view[2] == "Participants: Bob, Gina, Nightshade(Alice), Alice"
    assert staff_view[5] == f"[{_time(world)}] [Nightshade(Alice)] A streetlight flickers."


def _time(world) -> str:
    from champions_mush.text.format import when

    return when(world.game.clock(), date=False)


def test_paging_an_identity_reaches_the_character_behind_it_without_naming_it():
    _world, gina, alice, bob = _room()
    alice.do("+identity Nightshade")
    assert bob.do("page nightshade=Nice cloak.") == ["You paged Nightshade with 'Nice cloak.'."]
    assert alice.lines[-1] == "Bob pages: Nice cloak."
    assert alice.do("reply Thanks.") == ["You paged Bob with 'Thanks.'."]
    assert bob.lines[-1] == "Nightshade pages: Thanks."
    assert gina.do("page Nightshade=Staff here.") == ["You paged Nightshade(Alice) with 'Staff here.'."]
    assert alice.lines[-1] == "Gina pages: Staff here."
    assert bob.do("page Nightshade, Gina=Both of you.") == ["You paged Nightshade, Gina with 'Both of you.'."]
    assert alice.lines[-1] == "Bob pages (to Nightshade(Alice), Gina): Both of you."  # she knows who she is
    assert gina.lines[-1] == "Bob pages (to Nightshade(Alice), Gina): Both of you."
    assert bob.do("page =Again.") == ["You paged Nightshade, Gina with 'Again.'."]
    assert bob.do("page Nightshade=:waves.") == ["Long distance to Nightshade: Bob waves."]
    assert alice.lines[-1] == "From afar, Bob waves."
    bob.do("+block Nightshade=page")
    alice.do("+block Bob=page")
    assert bob.do("page Nightshade=Hello?") == ["Nightshade is not accepting pages from you."]
