"""The impersonation attacks of the live test, kept (docs/reliability.md, "Impersonation"):
names that hold a game word or look like another name, text that hides or breaks lines, and
@emits that pass for the game or another player whatever the Unicode; say and pose always lead
with the speaker, and staff narrate for NPCs."""

from __future__ import annotations

import pytest

from champions_mush.game import speech
from champions_mush.game.roles import Role
from champions_mush.game.world import Game

from ..harness import make_world

NAME_RULE = ("Names are 2-30 letters and digits, starting with a letter; words are joined by one "
             "space or one hyphen.")
GAME_START = "An @emit cannot start like a game message ([Dice], <OOC>, ***, Name: ...)."


def _room(watcher="Ada"):
    """Alice and a watcher (Ada unless named) in the start room; the watcher has seen nothing yet."""
    world = make_world()
    other = world.login(watcher)
    alice = world.login("Alice")
    other.clear()
    return world, alice, other


# --- names --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "answer"), [
    ('"Ada says"', "Names cannot hold 'says': the game uses it in its own lines."),
    ('"Ada pages"', "Names cannot hold 'pages': the game uses it in its own lines."),
    ('"From afar"', "Names cannot hold 'afar': the game uses it in its own lines."),
    ('"Bob has"', "Names cannot hold 'has': the game uses it in its own lines."),
    ("Game", "'Game' is reserved."),
    ('"Ada  Lynn"', NAME_RULE),
    ("Ada--Lynn", NAME_RULE),
    ("O'Neil", NAME_RULE),
    ("Under_Score", NAME_RULE),
    ("Ａｄａ", NAME_RULE),
    ("Ad\u200ba", NAME_RULE),
    ("ADA", "That name is already taken."),
    ("AIice", "That name is too like Alice's: choose another."),
    ("A1ice", "That name is too like Alice's: choose another."),
    ("A-da", "That name is too like Ada's: choose another."),
])
def test_new_names_that_could_pass_for_a_game_line_or_another_name_are_refused(name, answer):
    world, _, _ = _room()
    guest = world.guest()
    assert guest.do(f"create {name} secret1") == [answer]
    assert guest.character_id is None


def test_names_with_single_spaces_and_hyphens_are_fine():
    world, _, _ = _room()
    guest = world.guest()
    assert guest.do('create "Jean-Luc Picard2" secret1')[0] == "Welcome to Champions MUSH, Jean-Luc Picard2!"


def test_a_character_named_under_the_old_rule_still_loads_and_connects(world):
    old = world.game.new_character("Old_Timer's Pal", password_hash="")
    reloaded = Game(world.store, config=world.game.config)
    assert reloaded.find_character("old_timer's pal").id == old.id


def test_the_name_key_folds_case_spaces_hyphens_and_look_alikes():
    assert {speech.name_key(n) for n in ("Star-Killer", "starkiller", "Star Killer", "StarKi1ler", "STARKILLER")} \
        == {"starklller"}
    assert speech.name_key("Modern") == speech.name_key("Modem") == speech.name_key("Mode rn")
    assert speech.name_key("Kim") != speech.name_key("Kam")


# --- what others see ------------------------------------------------------------------------------
@pytest.mark.parametrize(("line", "seen"), [
    pytest.param("say one\u2028[GM] two\u2029three\x85four\tfive", 'Alice says, "one [GM] two three four five"',
                 id="line and paragraph separators and controls become spaces"),
    pytest.param(":wa\u200bves\u202e \u2066at\u2069 \u3164you\ufeff\u00ad.", "Alice waves at you.",
                 id="zero width, bidi and invisible fillers are removed"),
    pytest.param(":waves." + " " * 80 + 'Ada says, "I quit."', 'Alice waves. Ada says, "I quit."',
                 id="runs of spaces cannot wrap a pose into a fake line"),
    pytest.param("say Z" + "\u0301" * 40 + "a", 'Alice says, "Z\u0301\u0301a"',
                 id="stacked combining marks are cut to two"),
])
def test_text_that_hides_or_breaks_lines_is_cleaned(line, seen):
    _world, alice, ada = _room()
    alice.do(line)
    assert ada.lines == [seen]


def test_colours_that_hide_text_are_dropped_and_others_kept():
    _world, alice, ada = _room()
    alice.do("say |xhidden|n |[rred on red|n |#101010dark|n |rred|n ||x")
    assert ada.output == ['Alice says, "hidden|n red on red|n dark|n |rred|n ||x"']


def test_a_message_of_nothing_visible_is_refused():
    _world, alice, ada = _room()
    assert alice.do("say \u200b\u2028\u200d") == ["Usage: say <message>", '       "<message>']
    assert ada.lines == []


def test_pages_ooc_and_channels_are_cleaned_too():
    _world, alice, ada = _room()
    alice.do("addcom pub=Public")
    ada.do("addcom pub=Public")
    ada.clear()
    alice.do("page Ada=hi\u2028[GM]    you   lost")
    alice.do("+ooc brb\u200b\u2029now")
    alice.do("pub hello\u2028*** Ada    quits ***")
    assert ada.lines == ["Alice pages: hi [GM] you lost", '<OOC> Alice says, "brb now"',
                         "[Public] Alice: hello *** Ada quits ***"]


# --- @emit ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("fake", [
    "Ａｄａ says, \"I give up.\"",
    "Ádá says, \"I give up.\"",
    "［GM］ Ada takes 40 STUN",
    "\u200b[GM] Ada takes 40 STUN",
    "|x.|n[GM] Ada takes 40 STUN",
    "\u3164[Dice] Ada rolls 10d6",
    "From afar, Ada waves.",
    "*** Ada is shutting the game down ***",
    "Long distance to Alice: Ada waves",
])
def test_emits_passing_for_the_game_or_another_are_refused_whatever_the_unicode(fake):
    _world, alice, ada = _room()
    answer = alice.do(f"@emit {fake}")
    assert answer in ([GAME_START], ["An @emit cannot start with another character's name (Ada)."])
    assert ada.lines == []


def test_an_emit_naming_another_player_is_shown_with_its_sender():
    _world, alice, ada = _room()
    alice.do("@emit The crowd parts for ada.")
    alice.do("@emit Thunder rolls over the city.")
    assert ada.lines == ["[Alice] The crowd parts for ada.", "Thunder rolls over the city."]


def test_an_honest_emit_reaches_the_room_and_nospoof_names_the_sender_of_every_emit():
    _world, alice, bob = _room("Bob")
    alice.do("@emit The wind howls; Bobby's cape snaps.")  # "Bobby" is not "Bob"
    assert bob.lines == ["The wind howls; Bobby's cape snaps."]
    bob.do("+nospoof on")
    bob.clear()
    alice.do("@emit Thunder rolls over the city.")
    alice.do("@emit Alice's own name may lead.")
    assert bob.lines == ["[Alice] Thunder rolls over the city.", "[Alice] Alice's own name may lead."]


def test_an_emit_naming_a_word_that_contains_a_name_is_not_tagged():
    _world, alice, ada = _room()
    alice.do("@emit The cadaver stirs.")
    assert ada.lines == ["The cadaver stirs."]


def test_emit_cannot_start_with_another_characters_name():
    _world, alice, bob = _room("Bob")
    assert alice.do("@emit Bob says, \"I give up.\"") == [
        "An @emit cannot start with another character's name (Bob)."]
    assert alice.do("@emit   |rbob|n waves.") == ["An @emit cannot start with another character's name (Bob)."]
    assert bob.lines == []


def test_emit_cannot_look_like_a_game_message():
    _world, alice, bob = _room("Bob")
    for fake in ("[Dice] Bob rolls 10d6 normal: 60 STUN, 20 BODY (6 6 6) [r9]",
                 "<OOC> Bob says, \"ok\"", "[Public] Bob: hi", "Game: the server is shutting down",
                 "|r[GM]|n Bob takes 40 STUN"):
        assert alice.do(f"@emit {fake}") == [GAME_START]
    assert bob.lines == []


def test_staff_narrate_for_npcs():
    world, _alice, bob = _room("Bob")
    world.game.new_character("Viper", npc=True)
    gm = world.login("Gina", role=Role.STAFF)
    bob.clear()
    gm.do("@emit Viper snarls and draws a blaster.")
    assert bob.lines == ["Viper snarls and draws a blaster."]


def test_say_and_pose_always_lead_with_the_speaker():
    """(Raw escape sequences never get this far: the telnet layer strips them from input,
    tests/net/test_fuzz.py.)"""
    _world, alice, bob = _room("Bob")
    alice.do("say [Dice] Bob rolls 60 STUN")
    alice.do(":[GM] clears the screen")
    alice.do(";Bob says hi")
    assert bob.lines == ['Alice says, "[Dice] Bob rolls 60 STUN"', "Alice [GM] clears the screen", "AliceBob says hi"]
