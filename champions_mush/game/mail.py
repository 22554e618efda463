"""@mail the PennMUSH way: messages to characters online or not, folders, read and unread,
delete then purge, and a quota per mailbox (docs/player-guide.md, "Mail").

Each character's mailbox is one store document (kind ``mailbox``, key the character's id)
holding its messages, the folder it is looking at and the next message id. Mail is delivered
by writing the recipient's mailbox before anyone is told; a mailbox holding ``mail_quota``
messages (deleted ones count until purged) refuses new mail and nothing is written. So that no
one player can fill another's mailbox, a sender may have at most ``mail_unread_per_sender``
unread messages in it; staff mail (PennMUSH exempts wizards) is always delivered.
Messages are numbered 1, 2, 3 ... by their place in a folder, oldest first, as in PennMUSH.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from ..text.numbers import NumberListError, parse_numbers
from ..values import define, frozen
from . import speech

if TYPE_CHECKING:
    from .objects import Character
    from .world import Game

__all__ = [
    "INBOX",
    "MAX_SUBJECT",
    "Mailbox",
    "MailError",
    "Message",
    "Sent",
    "load",
    "login_notice",
    "parse_list",
    "recipients",
    "save",
    "send",
]

INBOX = "inbox"
MAX_SUBJECT = 60
MAX_FOLDERS = 16
_FOLDER = re.compile(r"[a-z][a-z0-9_-]{0,15}")


class MailError(ValueError):
    """A player's mistake with mail: the message says what to do."""


@frozen
class Message:
    """One message in one mailbox."""

    id: int
    sender_id: int
    sender: str
    to: tuple[str, ...]
    subject: str
    body: str
    time: float
    read: bool = False
    deleted: bool = False
    folder: str = INBOX


@define
class Mailbox:
    """A character's messages, the folder they are looking at, and the next message id."""

    owner: int
    messages: list[Message] = attrs.field(factory=list)
    folder: str = INBOX
    next_id: int = 1

    def in_folder(self, folder: str | None = None) -> list[Message]:
        """The messages of a folder (the current one by default), oldest first."""
        folder = folder or self.folder
        return sorted((m for m in self.messages if m.folder == folder), key=lambda m: m.id)

    def folders(self) -> list[str]:
        return sorted({INBOX, self.folder, *(m.folder for m in self.messages)})

    def unread(self) -> list[Message]:
        return [m for m in self.messages if not m.read and not m.deleted]

    def replace(self, changed: Iterable[Message]) -> None:
        by_id = {m.id: m for m in changed}
        self.messages = [by_id.get(m.id, m) for m in self.messages]


def load(game: Game, char_id: int) -> Mailbox:
    doc = game.store.get("mailbox", str(char_id))
    if doc is None:
        return Mailbox(owner=char_id)
    messages = [Message(**{**m, "to": tuple(m.get("to", ()))}) for m in doc.get("messages", [])]
    return Mailbox(owner=char_id, messages=messages, folder=doc.get("folder", INBOX),
                   next_id=int(doc.get("next_id", 1)))


def save(game: Game, box: Mailbox) -> None:
    doc: dict[str, Any] = {
        "messages": [{**attrs.asdict(m), "to": list(m.to)} for m in box.messages],
        "folder": box.folder, "next_id": box.next_id,
    }
    game.store.put("mailbox", str(box.owner), doc)


# --- sending ------------------------------------------------------------------------------------
def _names(text: str) -> list[str]:
    """``Bob "Jean Grey", Carol`` -> ``["Bob", "Jean Grey", "Carol"]``."""
    return [quoted or plain for quoted, plain in re.findall(r'"([^"]+)"|([^\s,"]+)', text)]


def recipients(game: Game, text: str) -> list[Character]:
    """The characters named in ``text`` (exact names or ``#id``, online or not), each once."""
    found: list[Character] = []
    for name in _names(text):
        char = game.find_character(name)
        if char is None:
            raise MailError(f"There is no character called '{name}'.")
        if char.npc:
            raise MailError(f"{char.name} is an NPC and cannot read mail.")
        if char not in found:
            found.append(char)
    if not found:
        raise MailError("Name at least one character to mail.")
    return found


@frozen
class Sent:
    """What became of a message: who got it (with its number in their inbox), whose box was full,
    and who has too many unread messages from this sender already."""

    delivered: tuple[tuple[Character, int], ...]
    full: tuple[Character, ...]
    waiting: tuple[Character, ...] = ()


def check_text(game: Game, subject: str, body: str) -> tuple[str, str]:
    subject, body = speech.clean(subject), speech.clean_lines(body).strip()
    if not body:
        raise MailError("A message needs some text: @mail <name>=<subject>/<message>")
    if len(subject) > MAX_SUBJECT:
        raise MailError(f"A subject may be at most {MAX_SUBJECT} characters.")
    if len(body) > game.config.mail_max_length:
        raise MailError(f"A message may be at most {game.config.mail_max_length} characters.")
    return subject or "(no subject)", body


def send(game: Game, sender: Character, to: list[Character], subject: str, body: str,
         *, staff: bool = False) -> Sent:
    """Deliver one message to each recipient whose mailbox has room for it, each saved before
    returning; ``staff`` mail goes past both limits."""
    subject, body = check_text(game, subject, body)
    names = tuple(c.name for c in to)
    delivered, full, waiting = [], [], []
    for char in to:
        box = load(game, char.id)
        if not staff and sum(m.sender_id == sender.id for m in box.unread()) >= game.config.mail_unread_per_sender:
            waiting.append(char)
            continue
        if not staff and len(box.messages) >= game.config.mail_quota:
            full.append(char)
            continue
        message = Message(id=box.next_id, sender_id=sender.id, sender=sender.name, to=names,
                          subject=subject, body=body, time=game.clock())
        box.messages.append(message)
        box.next_id += 1
        save(game, box)
        delivered.append((char, len(box.in_folder(INBOX))))
    return Sent(tuple(delivered), tuple(full), tuple(waiting))


# --- choosing messages --------------------------------------------------------------------------
def parse_list(box: Mailbox, spec: str, folder: str | None = None) -> list[Message]:
    """Messages by number in a folder: ``3``, ``1-4``, ``2 5 7``, ``all``, ``unread``."""
    messages = box.in_folder(folder)
    spec = spec.strip().lower()
    if spec == "all":
        chosen = messages
    elif spec == "unread":
        chosen = [m for m in messages if not m.read]
    else:
        try:
            chosen = [messages[n - 1] for n in parse_numbers(spec, len(messages))]
        except NumberListError as error:
            if not error.out_of_range:
                raise MailError(f"'{error.part}' is not a message number (try 3, 1-4, all or unread).") from None
            raise MailError(f"There is no message {error.part} in your {folder or box.folder} folder"
                            f" (it has {len(messages)}).") from None
    if not chosen:
        raise MailError("No messages match that.")
    return chosen


def number_of(box: Mailbox, message: Message) -> int:
    """A message's number in its folder."""
    return [m.id for m in box.in_folder(message.folder)].index(message.id) + 1


def change(box: Mailbox, messages: list[Message], **fields: Any) -> list[Message]:
    changed = [attrs.evolve(m, **fields) for m in messages]
    box.replace(changed)
    return changed


def purge(box: Mailbox) -> int:
    """Remove the messages marked deleted; how many went."""
    before = len(box.messages)
    box.messages = [m for m in box.messages if not m.deleted]
    return before - len(box.messages)


def folder_name(box: Mailbox, name: str) -> str:
    """A valid folder name (a new one counts against :data:`MAX_FOLDERS`)."""
    name = name.strip().lower()
    if not _FOLDER.fullmatch(name):
        raise MailError("A folder name is 1-16 letters, digits, - or _, starting with a letter.")
    if name not in box.folders() and len(box.folders()) >= MAX_FOLDERS:
        raise MailError(f"You have {MAX_FOLDERS} folders already.")
    return name


# --- notices ------------------------------------------------------------------------------------
def login_notice(game: Game, char: Character) -> list[str]:
    """The line shown at login when ``char`` has unread mail (none otherwise)."""
    unread = len(load(game, char.id).unread())
    if not unread:
        return []
    plural = "message" if unread == 1 else "messages"
    return [f"|y[Mail]|n You have {unread} unread {plural}. Type @mail to list them."]
