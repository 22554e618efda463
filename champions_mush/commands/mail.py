"""@mail, PennMUSH's commands: send, list, read, reply, forward, delete, purge, folders, and
staff's @mail/all (the model and its rules are in game/mail.py)."""

from __future__ import annotations

from functools import partial

from ..game import blocking, mail
from ..game.mail import Mailbox, MailError, Message
from ..game.objects import Character
from ..text.format import cell, fit_rule, when, wrap
from .base import Command, CommandError, ParsedCommand, Role, Subcommand, UsageError, telling
from .context import Context

__all__ = ["COMMANDS"]



_run = telling(MailError)


def _box(ctx: Context) -> Mailbox:
    return mail.load(ctx.game, ctx.actor.id)


def _split(text: str) -> tuple[str, str]:
    """``subject/message`` (the first ``/`` divides them, as in PennMUSH)."""
    subject, slash, body = text.partition("/")
    return (subject, body) if slash else ("", subject)


# --- listing and reading ------------------------------------------------------------------------
def _listing(ctx: Context, box: Mailbox) -> str:
    messages = box.in_folder()
    width = ctx.width
    lines = [fit_rule(f"---- Mail: {box.folder} ----", width),
             f"|h{'#':>3}  {'':2}{'From':<16}{'Date':<18}Subject|n"]
    for number, message in enumerate(messages, 1):
        flag = "D" if message.deleted else ("U" if not message.read else "")
        subject = message.subject[: max(10, width - 42)]
        lines.append(f"{number:>3}  {flag:<2}{cell(message.sender, 16, 15)}{when(message.time):<18}{subject}")
    unread = sum(1 for m in messages if not m.read)
    lines.append(f"{len(messages)} message{'s' if len(messages) != 1 else ''} here, {unread} unread. "
                 f"Mailbox: {len(box.messages)}/{ctx.game.config.mail_quota}.")
    return "\n".join(lines)


def _show(ctx: Context, box: Mailbox, message: Message) -> str:
    rule = fit_rule("-" * 8, ctx.width)
    return "\n".join([
        rule,
        (f"|hMessage {mail.number_of(box, message)}|n ({message.folder})   |hFrom:|n {message.sender}"
        f"   {when(message.time)}"),
        f"|hTo:|n {', '.join(message.to)}",
        f"|hSubject:|n {message.subject}",
        rule,
        wrap(message.body, ctx.width),
        rule,
    ])


def _read(ctx: Context, spec: str) -> None:
    box = _box(ctx)
    chosen = _run(lambda: mail.parse_list(box, spec))
    shown = [_show(ctx, box, m) for m in chosen]
    unread = [m for m in chosen if not m.read]
    if unread:
        mail.change(box, unread, read=True)
        mail.save(ctx.game, box)
    ctx.reply("\n".join(shown))


# --- sending ------------------------------------------------------------------------------------
def _deliver(ctx: Context, to: list[Character], subject: str, body: str) -> None:
    """Send, then tell: the sender, and each recipient who is online."""
    subject, body = _run(lambda: mail.check_text(ctx.game, subject, body))
    refused = [] if ctx.is_staff else blocking.blocked_by(ctx.game, ctx.actor, to, "mail")
    if refused and len(refused) == len(to):
        raise CommandError(f"{', '.join(c.name for c in refused)} {'is' if len(refused) == 1 else 'are'} "
                           "not accepting mail from you: nothing was sent.")
    to = [c for c in to if c not in refused]
    sent = mail.send(ctx.game, ctx.actor, to, subject, body, staff=ctx.is_staff)
    refusals = _refusals(ctx, sent)
    if not sent.delivered:
        raise CommandError(" ".join(f"{line}: nothing was sent." for line in refusals))
    for char, number in sent.delivered:
        if char.id != ctx.actor.id:
            ctx.game.msg(char, f"|y[Mail]|n You have new mail (#{number}) from {ctx.actor.name}: {subject}")
    lines = [f"You sent your message '{subject}' to {', '.join(c.name for c, _ in sent.delivered)}."]
    lines.extend(f"{line}, so they did not get it." for line in refusals)
    lines.extend(f"{c.name} is not accepting mail from you, so they did not get it." for c in refused)
    ctx.reply("\n".join(lines))


def _refusals(ctx: Context, sent: mail.Sent) -> list[str]:
    """Why some recipients did not get a message (one clause each reason)."""
    lines = []
    if sent.full:
        lines.append(f"The mailbox of {', '.join(c.name for c in sent.full)} is full "
                     f"({ctx.game.config.mail_quota} messages)")
    if sent.waiting:
        lines.append(f"{', '.join(c.name for c in sent.waiting)} already has "
                     f"{ctx.game.config.mail_unread_per_sender} unread messages from you (wait until they read some)")
    return lines


def _one(ctx: Context, spec: str) -> Message:
    if not spec.strip():
        raise UsageError()
    box = _box(ctx)
    chosen = _run(lambda: mail.parse_list(box, spec))
    if len(chosen) != 1:
        raise UsageError()
    return chosen[0]


def _re(prefix: str, subject: str) -> str:
    return subject if subject.lower().startswith(prefix.lower()) else f"{prefix} {subject}"[: mail.MAX_SUBJECT]


def _reply(ctx: Context, parsed: ParsedCommand, everyone: bool) -> None:
    if parsed.rhs is None:
        raise UsageError()
    message = _one(ctx, parsed.lhs)
    names = [f"#{message.sender_id}"]
    if everyone:
        names += [f'"{n}"' for n in message.to if n.lower() != ctx.actor.name.lower()]
    to = _run(lambda: _known(ctx, names))
    _deliver(ctx, to, _re("Re:", message.subject), parsed.rhs)


def _known(ctx: Context, names: list[str]) -> list[Character]:
    """Recipients of a reply who still exist (a deleted sender is skipped)."""
    found = []
    for name in names:
        try:
            found.extend(mail.recipients(ctx.game, name))
        except MailError:
            continue
    if not found:
        raise MailError("No one who wrote or received that message is still here.")
    return list({c.id: c for c in found}.values())


def _forward(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if not rhs:
        raise UsageError(switch="fwd")
    message = _one(ctx, parsed.lhs)
    to = _run(lambda: mail.recipients(ctx.game, rhs))
    body = f"---- Forwarded from {message.sender} ({when(message.time)}) ----\n{message.body}"
    _deliver(ctx, to, _re("Fwd:", message.subject), body)


def _mail_all(ctx: Context, parsed: ParsedCommand) -> None:
    subject, body = _split(parsed.args)
    if not body.strip():
        raise UsageError()
    everyone = [c for c in ctx.game.characters.values() if not c.npc and c.id != ctx.actor.id]
    if not everyone:
        raise CommandError("There is no one else to mail.")
    _deliver(ctx, sorted(everyone, key=lambda c: c.id), subject, body)


# --- managing -----------------------------------------------------------------------------------
def _change(ctx: Context, parsed: ParsedCommand, **change: bool) -> str:
    """Mark the messages a list names (``1-3``, ``all``) and save: "2 messages" were changed."""
    spec = parsed.args
    if not spec.strip():
        raise UsageError()
    box = _box(ctx)
    changed = mail.change(box, _run(lambda: mail.parse_list(box, spec)), **change)
    mail.save(ctx.game, box)
    return f"{len(changed)} message{'s' if len(changed) != 1 else ''}"


def _mark(ctx: Context, parsed: ParsedCommand, deleted: bool) -> None:
    count = _change(ctx, parsed, deleted=deleted)
    ctx.reply(f"{count} marked for deletion: @mail/purge removes them." if deleted else f"{count} undeleted.")


def _unread(ctx: Context, parsed: ParsedCommand) -> None:
    ctx.reply(f"{_change(ctx, parsed, read=False)} marked unread.")


def _purge(ctx: Context, parsed: ParsedCommand) -> None:
    box = _box(ctx)
    gone = mail.purge(box)
    if gone:
        mail.save(ctx.game, box)
    ctx.reply(f"{gone} deleted message{'s' if gone != 1 else ''} purged." if gone else "No messages are marked for deletion.")


def _file(ctx: Context, parsed: ParsedCommand) -> None:
    rhs = parsed.rhs
    if not rhs or not parsed.lhs:
        raise UsageError()
    box = _box(ctx)
    chosen = _run(lambda: mail.parse_list(box, parsed.lhs))
    folder = _run(lambda: mail.folder_name(box, rhs))
    mail.change(box, chosen, folder=folder)
    mail.save(ctx.game, box)
    ctx.reply(f"{len(chosen)} message{'s' if len(chosen) != 1 else ''} filed in {folder}.")


def _folder(ctx: Context, parsed: ParsedCommand) -> None:
    name = parsed.args
    box = _box(ctx)
    if not name.strip():
        lines = ["|hFolders:|n"]
        for folder in box.folders():
            here = box.in_folder(folder)
            unread = sum(1 for m in here if not m.read)
            mark = "  (current)" if folder == box.folder else ""
            lines.append(f"  {folder:<16} {len(here):>3} messages, {unread} unread{mark}")
        ctx.reply("\n".join(lines))
        return
    box.folder = _run(lambda: mail.folder_name(box, name))
    mail.save(ctx.game, box)
    ctx.reply(f"Your current mail folder is now {box.folder}.")


# --- the command --------------------------------------------------------------------------------
def _read_switch(ctx: Context, parsed: ParsedCommand) -> None:
    if not parsed.args.strip():
        raise UsageError()
    _read(ctx, parsed.args)


def cmd_mail(ctx: Context, parsed: ParsedCommand) -> None:
    """@mail: the list; @mail <list> reads; @mail <names>=<subject>/<message> sends (the rest are subcommands)."""
    if parsed.rhs is None and parsed.args.strip():
        _read(ctx, parsed.args)
    elif parsed.rhs is not None:
        if not parsed.lhs.strip():
            raise UsageError()
        to = _run(lambda: mail.recipients(ctx.game, parsed.lhs))
        _deliver(ctx, to, *_split(parsed.rhs))
    else:
        ctx.reply(_listing(ctx, _box(ctx)))


COMMANDS = (
    Command("@mail", cmd_mail, aliases=("mail",),
            subcommands={"read": _read_switch, "reply": partial(_reply, everyone=False),
                         "replyall": partial(_reply, everyone=True), "fwd": _forward, "forward": _forward,
                         "delete": partial(_mark, deleted=True), "undelete": partial(_mark, deleted=False),
                         "unread": _unread, "purge": _purge, "file": _file, "folder": _folder,
                         "all": Subcommand(_mail_all, Role.STAFF)},
            summary="Send and read mail, online or off."),
)
