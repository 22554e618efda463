"""+request for players and +jobs/+job for staff, as AresMUSH's jobs (the model is game/jobs.py)."""

from __future__ import annotations

from functools import partial

from ..game import jobs
from ..game.jobs import CLOSED, OPEN, Job, JobError
from ..text.format import cell, fit_rule, when, wrap
from ..text.numbers import is_number
from .base import Command, CommandError, ParsedCommand, Role, UsageError, telling
from .context import Context
from .dispatch import permit
from .paging import more, place, remember

__all__ = ["COMMANDS"]


_run = telling(JobError)


def _job(ctx: Context, ref: str, own: bool) -> Job:
    """A job by number: one's own (``own``), or any for staff."""
    ref = ref.strip().lstrip("#")
    if not is_number(ref):
        raise UsageError()
    job = jobs.get(ctx.game, int(ref))
    if job is None or (own and job.opener_id != ctx.actor.id and not permit(ctx, Role.STAFF)):
        raise CommandError(f"You have no request #{ref}. +request lists yours." if own else f"There is no job #{ref}.")
    return job


def _show(ctx: Context, job: Job, staff: bool, offset: int = 0) -> str:
    """The job and its first page of comments, or (``offset``) a later page; the next page's
    place is remembered for ``/next``."""
    lines = [] if offset else [
        fit_rule(f"---- {job.kind.capitalize()} #{job.id}: {job.title} ----", ctx.width),
        f"|hFiled by|n {job.opener} on {when(job.opened)}   |hStatus:|n {job.status}"
        + (f"   |hAssigned:|n {job.assignee}" if staff and job.assignee else ""),
        wrap(job.text, ctx.width)]
    shown, following = jobs.comments(ctx.game, job, offset, staff)
    for comment in shown:
        lines.append(fit_rule("-" * 8, ctx.width))
        mark = "|r[staff only]|n " if comment.staff_only else ""
        lines.append(f"{mark}|h{comment.author}|n, {when(comment.time)}:")
        lines.append(wrap(comment.text, ctx.width))
    lines.append(fit_rule("-" * 8, ctx.width))
    command = "+job" if staff else "+request"
    remember(ctx, command, str(job.id), following)
    return "\n".join([*lines, *more(command, following)])


def _read_on(ctx: Context, parsed: ParsedCommand, staff: bool) -> None:
    """+request/next or +job/next: the next page of the request last read."""
    command = "+job" if staff else "+request"
    number, offset = place(ctx, command, f"{command} <number> reads one")
    ctx.reply(_show(ctx, _job(ctx, number, own=not staff), staff, offset))


def _rows(jobs_: list[Job], staff: bool) -> list[str]:
    header = f"|h{'#':>4}  {'Kind':<8}{'Title':<30}" + (f"{'From':<14}{'Assigned':<12}" if staff else "") + "Status|n"
    rows = [header]
    for job in jobs_:
        who = f"{cell(job.opener, 14, 13)}{cell(job.assignee, 12, 11)}" if staff else ""
        rows.append(f"{job.id:>4}  {job.kind:<8}{cell(job.title, 30, 29)}{who}{job.status}")
    return rows


# --- players ------------------------------------------------------------------------------------
def cmd_request(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if rhs is not None:
        job = _run(lambda: jobs.open_request(ctx.game, ctx.actor, parsed.lhs, rhs))
        ctx.reply(f"Request #{job.id} filed: {job.title}. You will be told when staff answer (+request {job.id}).")
    elif parsed.args.strip():
        job = _job(ctx, parsed.args, own=True)
        text = _show(ctx, job, staff=False)
        if job.opener_id == ctx.actor.id:
            jobs.seen(ctx.game, ctx.actor, job)
        ctx.reply(text)
    else:
        mine = [j for j in jobs.all_jobs(ctx.game) if j.opener_id == ctx.actor.id]
        if not mine:
            ctx.reply("You have filed no requests. +request <title>=<text> files one.")
            return
        ctx.reply("\n".join(_rows(mine, staff=False)))


def _request_comment(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if rhs is None:
        raise UsageError()
    job = _job(ctx, parsed.lhs, own=True)
    if job.status == CLOSED:
        raise CommandError(f"Request #{job.id} is closed: file a new one with +request <title>=<text>.")
    _run(lambda: jobs.add_comment(ctx.game, job, ctx.actor, rhs))
    ctx.reply(f"You add to request #{job.id}. Staff have been told.")


# --- staff --------------------------------------------------------------------------------------
def cmd_jobs(ctx: Context, parsed: ParsedCommand) -> None:
    everything = jobs.all_jobs(ctx.game)
    shown = everything if "all" in parsed.switches else [j for j in everything if j.status == OPEN]
    if not shown:
        ctx.reply("No open jobs." if "all" not in parsed.switches else "No jobs yet.")
        return
    closed = len(everything) - len([j for j in everything if j.status == OPEN])
    footer = f"{len(shown)} shown; {closed} closed (+jobs/all lists them)." if "all" not in parsed.switches else ""
    ctx.reply("\n".join([*_rows(shown, staff=True), *([footer] if footer else [])]))


def cmd_job(ctx: Context, parsed: ParsedCommand) -> None:
    ctx.reply(_show(ctx, _job(ctx, parsed.args, own=False), staff=True))


def _answer(ctx: Context, parsed: ParsedCommand, staff_only: bool) -> None:
    """+job/comment (the opener reads it) or +job/discuss (staff only) <number>=<text>."""
    rhs = parsed.rhs
    job = _job(ctx, parsed.lhs, own=False)
    if not rhs:
        raise UsageError()
    _run(lambda: jobs.add_comment(ctx.game, job, ctx.actor, rhs, staff_only=staff_only))
    ctx.reply(f"You note on #{job.id} for staff only." if staff_only
              else f"You answer #{job.id}; {job.opener} is told.")


def _assign(ctx: Context, parsed: ParsedCommand) -> None:
    game, actor = ctx.game, ctx.actor
    job = _job(ctx, parsed.lhs, own=False)
    name = (parsed.rhs or "").strip()
    staff = actor if name.lower() in ("", "me") else ctx.game.find_character(name)
    if name.lower() == "none":
        jobs.assign(game, job, None)
        ctx.reply(f"#{job.id} is assigned to no one.")
        return
    if staff is None or not game.is_staff(staff):
        raise CommandError(f"'{name}' is not a staff member.")
    jobs.assign(game, job, staff)
    ctx.reply(f"#{job.id} is assigned to {staff.name}.")


def _set_status(ctx: Context, parsed: ParsedCommand, closing: bool) -> None:
    """+job/close <number>[=<last word>] or +job/reopen <number>."""
    rhs = parsed.rhs
    game, actor = ctx.game, ctx.actor
    job = _job(ctx, parsed.lhs, own=False)
    if closing and rhs:
        job = _run(lambda: jobs.add_comment(game, job, actor, rhs))
    _run(lambda: jobs.set_status(game, job, actor, CLOSED if closing else OPEN))
    ctx.reply(f"#{job.id} {'closed' if closing else 'reopened'}; {job.opener} is told.")


COMMANDS = (
    Command("+request", cmd_request, aliases=("+requests",),
            subcommands={"comment": _request_comment, "next": partial(_read_on, staff=False)},
            summary="Ask staff for something and read their answers."),
    Command("+jobs", cmd_jobs, role=Role.STAFF, switches=("all",), help="+job", summary="The open staff requests."),
    Command("+job", cmd_job, role=Role.STAFF,
            subcommands={"comment": partial(_answer, staff_only=False), "discuss": partial(_answer, staff_only=True),
                         "assign": _assign, "close": partial(_set_status, closing=True),
                         "reopen": partial(_set_status, closing=False), "next": partial(_read_on, staff=True)},
            summary="Read, answer, assign, close or reopen a request."),
)
