"""+team: members, a leader, a channel and a board of their own (game/teams.py)."""

from champions_mush.commands.base import Role
from champions_mush.game import teams

from ..harness import make_world


def _titans():
    world = make_world()
    gina = world.login("Gina", role=Role.STAFF)
    dick, raven, eve = world.login("Dick"), world.login("Raven"), world.login("Eve")
    assert gina.do("+team/create Titans=Dick") == ["Team Titans made, led by Dick, with its channel and board."]
    assert dick.lines[-1] == "You lead the team Titans. Its channel is on your alias titans."
    for s in (gina, dick, raven, eve):
        s.clear()
    return world, gina, dick, raven, eve


def test_the_leader_adds_members_who_hear_the_team_channel_and_others_cannot():
    world, _gina, dick, raven, eve = _titans()
    assert eve.do("+team/add Titans=Eve") == ["Only the leader of Titans or staff may change its members."]
    eve.clear()
    assert dick.do("+team/add Titans=Raven") == ["Raven joins Titans."]
    assert raven.lines[-1] == "You are now on the team Titans. Its channel is on your alias titans."
    dick.do("titans Meeting at the tower!")
    assert raven.lines[-1] == "[Titans] Dick: Meeting at the tower!"
    assert eve.lines == []
    assert eve.do("addcom t=Titans") == ["Only members of Titans may join Titans."]
    assert dick.do("+team Titans") == ["Team Titans", "  Leader:  Dick", "  Members: Dick, Raven",
                                       "  Channel: Titans (members: addcom <alias>=Titans)",
                                       "  Board:   Titans (+bbread Titans)"]
    assert teams.team_view(world.game, teams.find(world.game, "tit"))["members"] == ["Dick", "Raven"]
    assert raven.do("+team/remove Titans=Raven") == ["Raven is no longer on Titans."]
    raven.clear()
    dick.do("titans Where did Raven go?")
    assert raven.lines == []


def test_the_team_board_is_read_by_members_and_staff_only():
    _world, gina, dick, raven, eve = _titans()
    dick.do("+team/add Titans=Raven")
    assert dick.do("+bbpost Titans/Plans=We strike at dawn.") == ["You post 'Plans' on Titans as 1/1."]
    assert raven.lines[-1] == "[Boards] New post on Titans (1/1) by Dick: Plans"
    assert eve.lines == []
    assert eve.do("+bbread Titans") == ["There is no board 'titans' you can read. +bbread lists them."]
    assert gina.do("+team") == ["Teams:", "  Titans               led by Dick, 2 members"]
    assert dick.do("+team/leader Titans=Raven") == ["Permission denied."]
