"""Approval and experience through the command layer: +sheet/submit, +approve (queue, balance,
/force), +unapprove, +vote and its rules, +xp and staff awards, SPEND XP, +DISADS, +finishing."""

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED
from champions_mush.game.hero import get_hero
from champions_mush.game.sheets import get_sheet


def _balanced(player):
    """A 200-point character with 20 points of Disadvantages: 220 spent of 220."""
    player.do("+stat DEX=20")                                         # 30
    player.do("+power Fire Blast=eb 30d6")                            # 150
    player.do("+power Wings=flight 20")                               # 40
    player.do("+disad Hunted=20 VIPER, 11-")


def test_submit_queue_balance_and_approval(world, alice, gm):
    alice.do("+stat DEX=20")
    assert alice.do("+sheet/submit") == [
        ("Your sheet is in the approval queue; staff will look at it. Before they do, note: Points do not balance: "
        "30 spent of 200 base + 0 disadvantages + 0 XP = 200 (170 left unspent).")]
    assert gm.lines[-1] == "[Approval] Alice asks for approval (+sheet Alice, +approve Alice)."
    assert alice.do("+sheet/submit") == ["Your sheet is already waiting for staff."]
    assert alice.do("+approve Alice") == [PERMISSION_DENIED]
    queue = gm.do("+approve")
    assert queue[0].split() == ["Character", "Asked", "(UTC)", "Check"]
    assert queue[2] == "Alice      1970-01-12 13:46  Points do not balance: 30 spent of 200 base + 0"
    assert gm.do("+approve Alice") == [
        ("Alice's sheet: Points do not balance: 30 spent of 200 base + 0 disadvantages + 0 XP = 200 "
        "(170 left unspent). Fix it with the player, or +approve/force Alice.")]
    assert not get_sheet(world.game, alice.character).approved
    _balanced(alice)
    alice.do("+stat DEX=10")
    alice.do("+stat DEX=20")
    assert gm.do("+approve Alice") == ["Alice's sheet is approved."]
    assert alice.lines[-1] == "Gina has approved your sheet."
    assert gm.do("+approve") == ["No sheets are waiting for approval."]
    assert alice.do("+power Claws=hka 1d6") == ["Your sheet is approved: ask staff to unapprove it before changing it."]
    assert gm.do("+unapprove Alice=powerup: 5 XP on Flight") == [
        "Alice's sheet is no longer approved; they may change it again."]
    assert alice.lines[-1] == ("Gina has unapproved your sheet: powerup: 5 XP on Flight. You may change it (and "
                               "SPEND XP in the Character Finishing Room), then +sheet/submit.")
    assert gm.do("+unapprove Alice=again") == ["Alice's sheet is not approved."]
    assert [e.data["what"] for e in world.store.tail("approval", 5)] == ["approved", "unapproved"]


def test_votes_count_only_by_the_rules(world):
    alice, bob, carol = world.login("Alice"), world.login("Bob"), world.login("Carol")
    gm = world.login("Gina", role=Role.STAFF)
    assert bob.do("+vote Alice") == ["You vote for Alice. Thank you for playing."]
    assert alice.lines[-1] == "Someone you played with voted for you: +1/4 XP."
    assert carol.do("+vote Alice") == ["You vote for Alice. Thank you for playing."]
    assert alice.do("+vote Alice") == ["You cannot vote for yourself."]
    assert bob.do("+vote Alice") == [
        "You voted for Alice less than a day ago: one vote for the same character in that time."]
    world.clock.advance(86400)
    gm.do("+xp/alt Alice=Bob")
    assert bob.do("+vote Alice") == ["Alice is one of your own characters: vote for the people you played with."]
    assert alice.do("+xp") == [
        "Alice: 1/2 XP earned, 0 spent, 1/2 to spend.",
        "When (UTC)        XP    What  By        Why",
        "----------------  ----  ----  --------  ---",
        "1970-01-12 13:46  +1/4  vote  a player",
        "1970-01-12 13:46  +1/4  vote  a player",
    ]
    staff_view = gm.do("+xp Alice")
    assert staff_view[3:5] == ["1970-01-12 13:46  +1/4  vote  Bob", "1970-01-12 13:46  +1/4  vote  Carol"]
    assert staff_view[-1] == "Voters: Bob, Carol."
    assert alice.do("+xp Bob") == ["You may read only your own XP; staff read anyone's."]


def test_a_voter_who_was_not_there_is_refused(world):
    alice, dave = world.login("Alice"), world.login("Dave")
    gm = world.login("Gina", role=Role.STAFF)
    gm.do("@dig Elsewhere")
    room = max(world.game.rooms)
    world.game.move_character(dave.character, room)
    world.clock.advance(4 * 3600)
    alice.do("look")
    assert dave.do("+vote Alice") == [
        "Alice has not been in a room with you in the last 3 hours: vote for the people you played with."]
    world.game.move_character(dave.character, alice.character.location)
    dave.do("look")
    world.game.move_character(dave.character, room)
    assert dave.do("+vote Alice") == ["You vote for Alice. Thank you for playing."]


def test_awards_spend_xp_and_disads_balance(world, alice, gm):
    _balanced(alice)
    gm.do("+approve Alice")
    assert gm.do("+xp/award Alice=5 the Viper raid") == ["You award 5 XP to Alice (the Viper raid): 5 to spend."]
    assert alice.lines[-1] == "Gina awarded you 5 XP: the Viper raid."
    assert gm.do("+xp/remove Alice=6 oops") == ["Alice has spent 0 XP: at most 5 can be taken away."]
    assert gm.do("+xp/award Alice=lots fun") == ["An amount of XP is a number like 2, 1/2, 1 1/4 or 0.25."]
    assert gm.do("+xp/award Alice=2") == [
        "Give a reason, so the history says why. Usage: +XP/AWARD <name>=<amount> <reason>"]
    assert alice.do("+xp/award Alice=5 me") == [PERMISSION_DENIED]
    assert alice.do("SPEND XP 5") == ["SPEND XP works only in the Character Finishing Room: ask staff where it is."]
    assert gm.do("+finishing on") == ["Hero Plaza is now a Character Finishing Room."]
    assert alice.do("SPEND XP 5") == [
        "Your sheet is approved: staff set it unapproved for a powerup before you spend XP."]
    gm.do("+unapprove Alice=powerup")
    assert alice.do("+stat DEX=21")[0] == "DEX is now 21 (33 points; -3 left)."   # 223 of 220
    alice.do("+power Wings=flight 21")
    assert alice.do("SPEND XP 9") == ["You have 5 XP to spend, not 9."]
    assert alice.do("SPEND XP 5") == [
        "You spend 5 XP on your sheet: 0 left to spend. Your sheet now has 5 XP in it.",
        "Base 200 + Disadvantages 20 + XP 5 = 225; the character costs 225: balances."]
    assert alice.do("+disads") == [
        "Disadvantages of Alice:",
        "Pts  Disadvantage",
        "---  ------------------",
        "20   Hunted: VIPER, 11-",
        "Base 200 + Disadvantages 20 + XP 5 = 225; the character costs 225: balances."]
    assert alice.do("SPEND XP") == ["Usage: SPEND XP <amount>"]
    assert alice.do("+sheet/submit") == ["Your sheet is in the approval queue; staff will look at it."]
    assert gm.do("+approve Alice") == ["Alice's sheet is approved."]
    assert get_hero(world.game, alice.character).experience == 5
    kinds = [(e.data["kind"], e.data["amount"]) for e in world.store.tail("xp", 10)]
    assert kinds == [("award", "5"), ("spend", "-5")]


def test_an_award_with_a_zero_denominator_or_unicode_digits_is_refused(alice, gm):
    assert gm.do("+xp/award Alice=1/0 test zero denominator") == [
        "1/0 is not an amount: a fraction's bottom number is 1 to 9."]
    assert gm.do("+xp/award Alice=\u0663 arabic") == ["An amount of XP is a number like 2, 1/2, 1 1/4 or 0.25."]
    assert gm.do("+xp/award Alice=\u0663.\u0665 arabic") == ["An amount of XP is a number like 2, 1/2, 1 1/4 or 0.25."]
    assert alice.do("+xp")[0] == "Alice: 0 XP earned, 0 spent, 0 to spend."


def test_a_voter_is_remembered_in_the_last_sixteen_rooms_they_were_active_in(world):
    """Presence is kept for the 16 rooms a character was last active in (game/xp.py): Dave
    met Alice in the first of 17 rooms and Carol in the second; only Carol's meeting still counts."""
    alice, carol, dave = world.login("Alice"), world.login("Carol"), world.login("Dave")
    rooms = [world.game.new_room(f"Room {n}") for n in range(17)]
    for room in rooms:
        world.game.move_character(dave.character, room)
        dave.do("look")
        if room == rooms[0]:
            world.game.move_character(alice.character, room)
            alice.do("look")
        if room == rooms[1]:
            world.game.move_character(carol.character, room)
            carol.do("look")
    world.game.move_character(alice.character, world.game.start_room)
    world.game.move_character(carol.character, world.game.start_room)
    assert dave.do("+vote Alice") == [
        "Alice has not been in a room with you in the last 3 hours: vote for the people you played with."]
    assert dave.do("+vote Carol") == ["You vote for Carol. Thank you for playing."]
