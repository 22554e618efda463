"""Scenes for roleplay: a title, plot and summary; private scenes joined by invitation; sharing a
finished log; the pose order with nudges (on, off, gag); +scene/typo and /undo; OOC lines and
@emits marked in the log; a notice of new activity (game/scenes.py)."""

from champions_mush.commands.base import Role
from champions_mush.game.scenes import Scenes
from champions_mush.game.scenes import login_notice as scenes_login_notice
from champions_mush.game.world import Game

from ..harness import make_world

WHEN = "1970-01-12 13:46"
TURN = "[Scene] Your turn to pose in scene 1 (Docks)."


def _private_scene():
    """Alice runs private scene 1 here; Bob and Cara are invited and join from far away; Dan is not."""
    world = make_world()
    alice, bob, cara, dan = (world.login(n) for n in ("Alice", "Bob", "Cara", "Dan"))
    far = world.game.new_room("Far")
    for other in (bob, cara, dan):
        world.game.move_character(other.character, far)
    alice.do("+scene/start Docks")
    assert alice.do("+scene/private") == ["Scene 1 is private: only those you +scene/invite may join or read it."]
    assert alice.do("+scene/invite Bob") == ["You invite Bob to scene 1."]
    assert bob.lines[-1] == "[Scene] Alice invites you to scene 1 (Docks) in Hero Plaza. +scene/join 1 takes you there."
    alice.do("+scene/invite Cara")
    assert dan.do("+scene/join 1") == ["There is no scene 1. +scene/list shows them."]
    assert bob.do("+scene/join 1")[0] == "Hero Plaza"
    assert alice.lines[-1] == "Bob arrives to join scene 1."
    cara.do("+scene/join 1")
    assert dan.character.location == far and cara.character.location == alice.character.location
    for s in (alice, bob, cara, dan):
        s.clear()
    return world, alice, bob, cara, dan


def test_the_pose_order_nudges_whose_turn_it_is_and_gag_leaves_it():
    _world, alice, bob, cara, _dan = _private_scene()
    alice.do(":looks out to sea.")
    bob.do(":checks his watch.")
    assert alice.lines[-2:] == ["Bob checks his watch.", TURN]  # the pose, then whose turn it is
    assert cara.do('"Boat coming.') == ['You say, "Boat coming."']  # Cara has not posed yet: she is not next
    assert alice.lines[-2:] == ['Cara says, "Boat coming."', TURN]
    assert alice.do("+scene/order") == ["Pose order in scene 1: Alice, Bob, Cara. Next: Alice."]
    assert alice.do("+scene/nudge off") == ["You will not be told when it is your turn to pose."]
    cara.do(":waits.")
    assert alice.lines[-1] == "Cara waits."
    assert bob.do("+scene/nudge gag") == ["You are out of the pose order, and not told of turns."]
    assert alice.do("+scene/order") == ["Pose order in scene 1: Alice, Cara. Next: Alice."]
    alice.do(":nods.")
    assert cara.lines[-2:] == ["Alice nods.", TURN]
    assert bob.do("+scene/nudge loud") == ["Usage: +scene/nudge on|off|gag  (it is gag for you now)"]


def test_a_typo_fix_changes_only_the_log_keeps_the_form_and_can_be_undone():
    _world, alice, bob, _cara, dan = _private_scene()
    alice.do('"Ther boat is late.')
    heard = list(bob.lines)
    assert alice.do("+scene/typo The boat is late.") == [
        'Your last pose in the log now reads: Alice says, "The boat is late."']
    assert bob.lines == heard  # nobody is told
    assert bob.do("+scene/log 1")[7] == '[13:46] Alice says, "The boat is late."'
    assert alice.do("+scene/undo") == ['Your last pose in the log reads again: Alice says, "Ther boat is late."']
    assert alice.do("+scene/undo") == ["Your last pose has no fix to undo."]
    assert dan.do("+scene/typo x") == ["You have posed nothing in a scene here to fix."]
    assert alice.do("+scene/typo") == ["Usage: +scene/typo <text>"]


def test_a_fixed_emit_may_not_pass_for_another_players_line():
    world, alice, _bob, _cara, _dan = _private_scene()
    alice.do("@emit Rain falls.")
    assert alice.do('+scene/typo Bob says, "I did it."') == [
        "An @emit cannot start with another character's name (Bob)."]  # as a new @emit is refused
    assert world.store.rows("scene_line", "1")[-1].data["text"] == "Rain falls."
    assert alice.do("+scene/typo Rain pours.") == ["Your last pose in the log now reads: Rain pours."]


def test_ooc_lines_and_emits_are_marked_in_the_log():
    world, alice, bob, _cara, _dan = _private_scene()
    gina = world.login("Gina", role=Role.STAFF)
    gina.do("@emit The Viper agent sneers.")
    bob.do("+ooc brb")
    rows = world.store.rows("scene_line", "1")
    assert [(r.data["speaker"], r.data.get("form")) for r in rows[-2:]] == [("Gina", "emit"), ("Bob", "ooc")]
    assert alice.do("+scene/log 1")[-3:-1] == ["[13:46] [Gina] The Viper agent sneers.",
                                               '[13:46] <OOC> Bob says, "brb"']


def test_a_private_log_is_shared_once_stopped_and_then_anyone_reads_it():
    world, alice, bob, _cara, dan = _private_scene()
    assert dan.do("+scene/log 1") == ["There is no scene 1. +scene/list shows them."]
    assert bob.do("+scene/share 1") == ["Scene 1 is still running: share it once it has stopped."]
    assert dan.do("+scene/share 1") == ["There is no scene 1. +scene/list shows them."]
    alice.do("+scene/stop")
    assert bob.do("+scene/share 1") == ["Scene 1 is shared: anyone may read it, and the scene archive lists it."]
    assert world.store.get("scene", "1")["shared"] is True
    assert dan.do("+scene/log 1")[1] == f"Scene 1: Docks -- Hero Plaza, started {WHEN} by Alice, stopped {WHEN}"
    assert dan.do("+scene/list")[1] == f"   1  Docks                       Hero Plaza        {WHEN}  shared, private"
    assert alice.do("+scene/unshare 1") == ["Scene 1 is no longer shared."]
    assert dan.do("+scene/log 1") == ["There is no scene 1. +scene/list shows them."]


def test_title_plot_and_summary_are_cleaned_and_shown():
    _world, alice, bob, cara, dan = _private_scene()
    assert alice.do("+scene/title Docks\u2028[GM] at night") == ["Scene 1's title: Docks [GM] at night"]
    assert alice.do("+scene/plot Harbor war") == ["Scene 1's plot: Harbor war"]
    alice.do("+scene/stop")
    assert bob.do("+scene/summary 1=Viper's boat slipped away.") == ["Scene 1's summary: Viper's boat slipped away."]
    assert dan.do("+scene/summary 1=Mine now.") == ["There is no scene 1. +scene/list shows them."]
    assert bob.do("+scene/title 1=") == ["A scene's title is 1-60 characters."]
    assert cara.do("+scene 1") == [
        f"Scene 1: Docks [GM] at night -- Hero Plaza, started {WHEN} by Alice, stopped {WHEN}",
        "Plot: Harbor war", "Summary: Viper's boat slipped away.", "Participants: Alice, Bob, Cara",
        "Invited: Bob, Cara", "Scene is private."]


def test_a_participant_away_hears_once_of_new_activity():
    world, alice, bob, cara, _dan = _private_scene()
    world.game.move_character(bob.character, world.game.new_room("Roof"))
    alice.do(":waves.")
    cara.do(":waves back.")
    assert bob.lines == ["[Scene] New activity in scene 1 (Docks): +scene/join 1 or +scene/log 1."]
    bob.do("+scene/log 1")
    bob.clear()
    alice.do(":sighs.")
    assert bob.lines == ["[Scene] New activity in scene 1 (Docks): +scene/join 1 or +scene/log 1."]


def test_at_login_a_participant_away_hears_of_a_running_scene():
    world, alice, bob, cara, dan = _private_scene()
    world.game.move_character(bob.character, world.game.new_room("Roof"))
    assert scenes_login_notice(world.game, bob.character) == [
        "|c[Scene]|n Scene 1 (Docks) you take part in is running in Hero Plaza: +scene/join 1 or +scene/log 1."]
    assert scenes_login_notice(world.game, cara.character) == []  # she is there
    assert scenes_login_notice(world.game, dan.character) == []  # not his scene
    alice.do("+scene/stop")
    assert scenes_login_notice(world.game, bob.character) == []


def test_the_pose_order_and_a_last_pose_survive_a_restart():
    world, alice, bob, _cara, _dan = _private_scene()
    alice.do(":waves.")
    bob.do(":nods.")
    game = Game(world.store, config=world.game.config, clock=world.clock)
    scenes = Scenes.of(game)
    scene = scenes.running[alice.character.location]
    assert list(scenes.poses[scene.id]) == [alice.character.id, bob.character.id]
    assert scenes.typo(game.characters[bob.character.id], "nods twice.") == "Bob nods twice."
