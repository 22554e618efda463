"""Staff requests as AresMUSH's jobs: +request for players, +jobs/+job for staff, answers told
at once or at the next login, and the open_request API other commands file jobs with."""

import pytest

from champions_mush.commands.base import Role
from champions_mush.commands.dispatch import PERMISSION_DENIED
from champions_mush.game import jobs

from ..harness import make_world

WHEN = "1970-01-12 13:46"
RULE = "-" * 78


def _world():
    world = make_world()
    alice = world.login("Alice")
    gina, hal = world.login("Gina", role=Role.STAFF), world.login("Hal", role=Role.STAFF)
    return world, alice, gina, hal


def test_a_request_is_filed_answered_and_read():
    world, alice, gina, hal = _world()
    assert alice.do("+request Power change=May I swap Flight for Teleport?") == [
        "Request #1 filed: Power change. You will be told when staff answer (+request 1)."]
    assert hal.lines == ["[Jobs] New request #1 from Alice: Power change"]
    assert gina.do("+jobs") == [
        "   #  Kind    Title                         From          Assigned    Status",
        "   1  request Power change                  Alice                     open",
        "1 shown; 0 closed (+jobs/all lists them).",
    ]
    assert gina.do("+job/discuss 1=Seems fine.")[-1] == "You note on #1 for staff only."
    assert gina.do("+job/comment 1=Yes, at the next approval.") == ["You answer #1; Alice is told."]
    assert alice.lines[-1] == "[Jobs] Gina answered your request #1 (Power change): Yes, at the next approval.  (+request 1)"
    assert jobs.login_notice(world.game, alice.character) == [
        "|y[Jobs]|n Staff have answered your request #1 (Power change). Type +request 1."]
    assert alice.do("+request 1") == [
        "-" * 26 + " Request #1: Power change " + "-" * 26,
        f"Filed by Alice on {WHEN}   Status: open",
        "May I swap Flight for Teleport?",
        RULE, f"Gina, {WHEN}:", "Yes, at the next approval.", RULE,
    ]
    assert jobs.login_notice(world.game, alice.character) == []
    staff_view = gina.do("+job 1")
    assert staff_view[3:5] == [RULE, f"[staff only] Gina, {WHEN}:"]


def test_comments_assign_close_and_reopen():
    _, alice, gina, hal = _world()
    alice.do("+request Power change=Please?")
    assert alice.do("+request/comment 1=Also my cape.") == ["You add to request #1. Staff have been told."]
    assert hal.lines[-1] == "[Jobs] Alice added to #1 (Power change): Also my cape."
    assert gina.do("+job/assign 1=Hal") == ["#1 is assigned to Hal."]
    assert gina.do("+job/assign 1=Alice") == ["'Alice' is not a staff member."]
    assert gina.do("+job/close 1=Done.") == ["#1 closed; Alice is told."]
    assert alice.lines[-2:] == ["[Jobs] Gina answered your request #1 (Power change): Done.  (+request 1)",
                                "[Jobs] Gina closed your request #1 (Power change).  (+request 1)"]
    assert alice.do("+request/comment 1=x") == [
        "Request #1 is closed: file a new one with +request <title>=<text>."]
    assert gina.do("+jobs") == ["No open jobs."]
    assert gina.do("+jobs/all")[1] == "   1  request Power change                  Alice         Hal         closed"
    assert gina.do("+job/close 1") == ["#1 is already closed."]
    assert gina.do("+job/reopen 1") == ["#1 reopened; Alice is told."]
    assert alice.do("+request") == ["   #  Kind    Title                         Status",
                                    "   1  request Power change                  open"]


def test_players_see_only_their_own_requests_and_no_staff_notes():
    world, alice, gina, _hal = _world()
    bob = world.login("Bob")
    alice.do("+request Secret=My real name is Dana.")
    gina.do("+job/discuss 1=Noted.")
    assert bob.do("+request 1") == ["You have no request #1. +request lists yours."]
    assert bob.do("+request") == ["You have filed no requests. +request <title>=<text> files one."]
    assert "Noted." not in alice.do("+request 1")
    before = world.store.all("job")
    for line in ("+jobs", "+job 1", "+job/comment 1=hi", "+job/close 1", "+job/assign 1=me"):
        assert bob.do(line) == [PERMISSION_DENIED]
    assert world.store.all("job") == before


def test_bad_requests_are_refused_and_nothing_is_filed():
    world, alice, gina, _hal = _world()
    assert alice.do("+request =text") == ["A request needs a title of 1-60 characters."]
    assert alice.do("+request Title=") == ["The request needs some text."]
    assert alice.do(f"+request Title={'x' * 8001}") == ["The request may be at most 8000 characters."]
    assert alice.do("+request x") == [
        "Usage: +request <title>=<text>", "       +request", "       +request <number>"]
    assert gina.do("+job/comment 9=hi") == ["There is no job #9."]
    assert gina.do("+job/comment x=hi") == ["Usage: +job/comment <number>=<text>"]
    assert world.store.all("job") == {}


def test_open_request_files_jobs_of_other_kinds():
    world, alice, gina, hal = _world()
    job = jobs.open_request(world.game, alice.character, "Sheet: Alice", "Please approve.", kind="sheet")
    assert (job.id, job.kind, job.opener, job.status) == (1, "sheet", "Alice", "open")
    assert hal.lines == ["[Jobs] New sheet #1 from Alice: Sheet: Alice"]
    assert gina.do("+jobs")[1] == "   1  sheet   Sheet: Alice                  Alice                     open"
    with pytest.raises(jobs.JobError):
        jobs.open_request(world.game, alice.character, "x", "y", kind="bribe")


def test_an_answer_given_while_offline_is_told_at_login(world):
    guest = world.guest()
    guest.do("create Alice secret1")
    guest.do("+request Help=Please.")
    guest.do("QUIT")
    gina = world.login("Gina", role=Role.STAFF)
    gina.do("+job/comment 1=Sure.")
    again = world.guest()
    out = again.do("connect Alice secret1")
    assert out[-1] == "[Jobs] Staff have answered your request #1 (Help). Type +request 1."
