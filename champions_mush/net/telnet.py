"""The telnet protocol as a sans-I/O core: bytes in, events out, bytes to send.

:class:`TelnetConnection` never touches a socket, a reactor or a clock (the
h11/wsproto design).  The adapter feeds it what arrived
(:meth:`~TelnetConnection.receive_data`), acts on
:meth:`~TelnetConnection.next_events`, calls the ``send_*`` methods and
writes whatever :meth:`~TelnetConnection.data_to_send` returns.

Options are negotiated with RFC 1143's Q method (:mod:`.qmethod`), the same
for every option; what each option does is its policy record in
:mod:`.options` (NAWS, TTYPE/MTTS, CHARSET, SGA, ECHO, EOR, MCCP2, MSSP,
GMCP), read from the table :data:`.options.OPTIONS`.  IAC NOP keepalives:
:meth:`~TelnetConnection.send_keepalive`.  Payload parsing and text encoding
are plain functions in :mod:`.wire`.

Everything a client sends that makes no sense becomes a
:class:`~.events.ProtocolViolation` event and is otherwise ignored; no
refusal or late answer ever ends a connection.
"""

from __future__ import annotations

import enum
import re
import zlib
from collections.abc import Callable, Collection, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from champions_mush.net import qmethod
from champions_mush.net.capabilities import MTTS, colour_from_mtts, colour_from_names, is_known_client
from champions_mush.net.events import (
    Closed,
    Event,
    HandshakeComplete,
    LineReceived,
    LineTooLong,
    OptionRefused,
    ProtocolViolation,
)
from champions_mush.net.options import OPTIONS, OptionPolicy, gmcp

if TYPE_CHECKING:
    from champions_mush.net.options.charset import CharsetState
from champions_mush.net.wire import (
    AYT,
    CR,
    DO,
    DONT,
    EC,
    EL,
    EOR,
    GA,
    IAC,
    LF,
    NOP,
    NUL,
    SB,
    SE,
    WILL,
    WONT,
    Option,
    charset_name,
    clean_line,
    decode_line,
    encode_text,
    gmcp_payload,
)
from champions_mush.text.format import DEFAULT_HEIGHT, DEFAULT_WIDTH
from champions_mush.text.markup import ColourLevel

__all__ = [
    "DEFAULT_HEIGHT",
    "DEFAULT_WIDTH",
    "EMPTY",
    "LocalProtocolError",
    "MAX_LINE_BYTES",
    "MAX_REFUSALS",
    "MAX_SUBNEG_BYTES",
    "Option",
    "PromptMark",
    "TelnetConnection",
    "clean_line",
]


class PromptMark(enum.Enum):
    """How the end of a prompt is marked for the client."""

    #: IAC EOR (the client agreed to EOR)
    EOR = "eor"
    #: IAC GA (no EOR, and Go-Ahead not suppressed)
    GA = "ga"
    #: nothing
    NONE = "none"


class LocalProtocolError(Exception):
    """Our own code used the connection wrongly (a bug: let it reach the log)."""


#: Longest input line, in bytes, unless the adapter says otherwise.  The
#: game's limit is in characters (``max_line_length``, PennMUSH's
#: BUFFER_LEN of 8,192); a UTF-8 character takes up to four bytes, so the
#: adapter passes four times that and the game counts the characters.  A
#: longer line is thrown away whole and reported as :class:`LineTooLong`.
MAX_LINE_BYTES = 4 * 8192

#: Longest subnegotiation payload.  The largest clients send are GMCP
#: Core.Supports lists and Core.Hello (well under 1 KiB); 8 KiB is generous.
#: Past it the payload is discarded up to IAC SE and a violation reported.
MAX_SUBNEG_BYTES = 8192

#: How often we answer a request for an option we refused before going
#: quiet.  A client repeats a refused request only when broken or hostile;
#: answering each one would turn a flood of 3-byte requests into a flood of
#: replies.
MAX_REFUSALS = 8

#: zlib level for MCCP2: 6 is zlib's own default, most of level 9's gain.
MCCP_LEVEL = 6

#: The MTTS bits the core reads, as plain numbers (an ``int & MTTS`` makes a flag object).
_UTF8, _SCREEN_READER = int(MTTS.UTF8), int(MTTS.SCREEN_READER)

#: A run of plain data: anything but IAC, CR and LF, with IAC IAC as a data byte.
_DATA_RUN = re.compile(rb"(?:[^\xff\r\n]++|\xff\xff)*+")


class _P(enum.Enum):
    """Parser states."""

    #: plain text
    DATA = 0
    #: after a CR: a LF or NUL here belongs to the same line end
    CR = 1
    #: after IAC
    IAC = 2
    #: after IAC WILL/WONT/DO/DONT, waiting for the option
    VERB = 3
    #: after IAC SB, waiting for the option
    SB_OPT = 4
    #: inside a subnegotiation
    SB = 5
    #: after IAC inside a subnegotiation
    SB_IAC = 6


class TelnetConnection:
    """One client connection's telnet state, without any I/O.

    Args:
        mssp: called when a client asks for MSSP; returns the variables
            (``{"NAME": "Champions", "PLAYERS": "3", ...}``, a value may be a
            list).  The protocol flags we really support are added.  None: we
            do not offer MSSP.
        gmcp_supports: GMCP package roots the server sends (``Core`` is always
            there); :meth:`send_gmcp` refuses others.
        offer_mccp: offer MCCP2 compression.
        offer_gmcp: offer GMCP.
        options: the option policies (:data:`.options.OPTIONS`; tests add one).
        max_line_bytes: longest input line in bytes (:data:`MAX_LINE_BYTES`).
    """

    # One per connection: slots keep it small (an instance dictionary of this many keys is
    # not shared between instances; docs/performance.md, "Memory").
    __slots__ = (
        "_charset_override",
        "_closed",
        "_compressor",
        "_discarding_line",
        "_events",
        "_gmcp_supports",
        "_handshake_asked",
        "_handshake_reported",
        "_hide_input",
        "_him",
        "_line",
        "_out",
        "_parser",
        "_peer_closed",
        "_policies",
        "_refusals",
        "_sb",
        "_sb_option",
        "_sb_overflow",
        "_started",
        "_states",
        "_to_compress",
        "_us",
        "_verb",
        "colour_override",
        "height",
        "max_line_bytes",
        "mssp_source",
        "naws",
        "offer_gmcp",
        "offer_mccp",
        "prompt_mark_override",
        "screen_reader_override",
        "violations",
        "width",
    )

    def __init__(
        self,
        *,
        mssp: Callable[[], Mapping[str, str | list[str]]] | None = None,
        gmcp_supports: Collection[str] = ("Core", "Char"),
        offer_mccp: bool = True,
        offer_gmcp: bool = True,
        options: Collection[OptionPolicy] = OPTIONS,
        max_line_bytes: int = MAX_LINE_BYTES,
    ) -> None:
        self.max_line_bytes = max_line_bytes
        #: settings the option policies read
        self.mssp_source = mssp
        self.offer_mccp: bool = offer_mccp
        self.offer_gmcp: bool = offer_gmcp
        roots = frozenset(p.lower() for p in gmcp_supports) | {"core"}
        self._gmcp_supports = gmcp_supports if roots == gmcp_supports else roots  # shared when it can be
        self._policies: Mapping[int, OptionPolicy] = (
            _DEFAULT_POLICIES if options is OPTIONS else {p.code: p for p in options})
        # Containers exist only while they hold something (docs/performance.md, "Memory"): an
        # empty table is the shared EMPTY, empty bytes are b"", no events None.
        self._states: Mapping[int, object] = EMPTY
        self._us: Mapping[int, qmethod.Side] = EMPTY   # shared tables (_table_with)
        self._him: Mapping[int, qmethod.Side] = EMPTY
        self._events: list[Event] | None = None
        self._out: bytes | bytearray = b""          # bytes ready to go out
        self._to_compress: bytes | bytearray = b""  # bytes waiting for the MCCP2 compressor
        self._compressor: zlib._Compress | None = None
        self._closed = False
        self._peer_closed = False
        self._parser = _P.DATA
        self._verb = 0
        self._line: bytes | bytearray = b""
        self._discarding_line = False
        self._sb_option = 0
        self._sb: bytes | bytearray = b""
        self._sb_overflow = False
        self._hide_input = False
        self._refusals: dict[tuple[bool, int], int] | None = None
        self._started = False
        self._handshake_reported = False
        self._handshake_asked = False  # handshake_pending asked once since the start (receive_data)
        #: NAWS width and height (defaults until the client reports them)
        self.width = DEFAULT_WIDTH
        self.height = DEFAULT_HEIGHT
        #: True once the client reported its window size
        self.naws = False
        #: count of client messages that made no sense
        self.violations = 0
        #: per-player overrides (``+client``), None = follow negotiation
        self.colour_override: ColourLevel | None = None
        self._charset_override: str | None = None
        self.screen_reader_override: bool | None = None
        self.prompt_mark_override: PromptMark | None = None

    # ------------------------------------------------------------------ state

    @property
    def client_name(self) -> str:
        """The client's name: first TTYPE answer, else GMCP Core.Hello's, else ""."""
        name = self._ttype().name
        if name and (name != self.terminal_type or is_known_client(name)):
            return name
        # A terminal that only knows its own type (plain telnet sends $TERM).
        return self._gmcp().client

    @property
    def client_version(self) -> str:
        """The client's version from GMCP Core.Hello ("" if not sent)."""
        return self._gmcp().version

    @property
    def terminal_type(self) -> str:
        """The terminal type (second TTYPE answer), "" if not sent."""
        return self._ttype().terminal_type

    @property
    def mtts(self) -> int | None:
        """The MTTS bit field, None if the client sent none."""
        return self._ttype().mtts

    @property
    def gmcp_packages(self) -> frozenset[str]:
        """GMCP packages the client asked for (Core.Supports), lower-case, no version."""
        return self._gmcp().packages

    @property
    def colour(self) -> ColourLevel:
        """The colour level used for this client now."""
        if self.colour_override is not None:
            return self.colour_override
        if self.screen_reader:
            return ColourLevel.NONE
        if self.mtts is not None:
            return colour_from_mtts(self.mtts)
        named = colour_from_names(self.client_name, self.terminal_type)
        if named is not ColourLevel.NONE or self.terminal_type:
            return named
        return ColourLevel.ANSI16 if self._negotiated_anything() else ColourLevel.NONE

    @property
    def screen_reader(self) -> bool:
        """True if the player uses a screen reader (MTTS bit 64, or overridden)."""
        if self.screen_reader_override is not None:
            return self.screen_reader_override
        mtts = self._ttype().mtts
        return mtts is not None and mtts & _SCREEN_READER != 0

    @property
    def charset_override(self) -> str | None:
        """The player's charset choice (``+client``), None to follow negotiation."""
        return self._charset_override

    @charset_override.setter
    def charset_override(self, name: str | None) -> None:
        if name is None:
            self._charset_override = None
            return
        ours = charset_name(name)
        if ours is None:
            raise ValueError(f"{name} is not a charset we speak (try UTF-8, ISO-8859-1 or ASCII)")
        self._charset_override = ours

    @property
    def charset(self) -> str:
        """The charset used both ways: ``UTF-8``, ``ISO-8859-1`` or ``US-ASCII``."""
        override = self._charset_override
        if override is not None:
            return override
        agreed = self._agreed_charset()
        if agreed is not None:
            return agreed
        mtts = self._ttype().mtts
        return "UTF-8" if mtts is not None and mtts & _UTF8 else "US-ASCII"

    @property
    def prompt_mark(self) -> PromptMark:
        """How prompts end: EOR if agreed, else GA unless we suppress Go-Ahead."""
        if self.prompt_mark_override is not None:
            return self.prompt_mark_override
        if self.us_enabled(Option.EOR):
            return PromptMark.EOR
        if self.us_enabled(Option.SGA):
            return PromptMark.NONE
        return PromptMark.GA

    @property
    def mccp(self) -> bool:
        """True while output is MCCP2-compressed."""
        return self._compressor is not None

    @property
    def gmcp(self) -> bool:
        """True when GMCP is on."""
        return self.us_enabled(Option.GMCP)

    @property
    def input_hidden(self) -> bool:
        """True between ``hide_input(True)`` and ``hide_input(False)``."""
        return self._hide_input

    @property
    def closed(self) -> bool:
        """True after :meth:`close` or once the peer closed."""
        return self._closed or self._peer_closed

    @property
    def handshake_pending(self) -> bool:
        """True while an answer that shapes the output is still awaited.

        That is every option whose policy has ``handshake`` (TTYPE for
        colour, NAWS for width, CHARSET for the encoding, EOR for prompts),
        and what such a policy still awaits (TTYPE rounds, a CHARSET
        request).  MCCP2, GMCP and MSSP do not count: some clients never
        answer them (TinTin++ ignores WILL MSSP).  A client that answers
        nothing at all keeps this True forever: the adapter needs its own
        timeout.
        """
        for policy in self._policies.values():
            if policy.handshake and any(
                    table[policy.code].state is qmethod.Q.WANTYES
                    for table in (self._us, self._him) if policy.code in table):
                return True
        return any(policy.awaiting(self) for policy in self._policies.values())

    @property
    def buffered_input(self) -> int:
        """Bytes of partial input held (a line or subnegotiation not yet ended).

        Never more than :attr:`max_line_bytes` + :data:`MAX_SUBNEG_BYTES`.
        """
        return len(self._line) + len(self._sb)

    def us_enabled(self, option: int) -> bool:
        """True if we perform ``option`` (we said WILL and the client DO)."""
        side = self._us.get(option)
        return side is not None and side.enabled

    def him_enabled(self, option: int) -> bool:
        """True if the client performs ``option`` (it said WILL and we DO)."""
        side = self._him.get(option)
        return side is not None and side.enabled

    def gmcp_wanted(self, package: str) -> bool:
        """True if GMCP is on and the client subscribed to ``package`` (or a parent).

        ``Core`` is always wanted.
        """
        side = self._us.get(Option.GMCP)  # (asked for each connection in the room at every Phase)
        return side is not None and side.enabled and gmcp.wanted(self, package)

    # ------------------------------------------------------------- the input

    def start(self) -> None:
        """Queue our opening offers for a new connection."""
        if self._started:
            raise LocalProtocolError("start() called twice")
        self._started = True
        for policy in self._policies.values():
            for ours, offer in ((False, policy.offer_him), (True, policy.offer_us)):
                if offer(self):
                    self._ask(ours, policy.code, True)

    def receive_data(self, data: bytes) -> None:
        """Feed bytes read from the client; ``b""`` means the client closed."""
        if self._peer_closed:
            return
        if not data:
            self._peer_closed = True
            self.emit(Closed())
            return
        if self._closed:
            return
        negotiates = self.negotiates(data)
        self._parse(data)
        if self._started and not self._handshake_reported and (negotiates or not self._handshake_asked):
            # Only the client's negotiation ends the handshake, our own requests never do: a
            # client that answers nothing is not asked again at each line it types.
            self._handshake_asked = True
            if not self.handshake_pending:
                self._handshake_reported = True
                self.emit(HandshakeComplete())

    def negotiates(self, data: bytes) -> bool:
        """True when ``data`` may hold or finish a telnet command (an IAC in it, or one begun
        in the bytes before): only then can what was negotiated change."""
        return self._parser is not _P.DATA and self._parser is not _P.CR or b"\xff" in data

    def next_events(self) -> list[Event]:
        """Return and forget the events produced so far, oldest first."""
        events, self._events = self._events, None
        return [] if events is None else events

    # ------------------------------------------------------------ the output

    def send_text(self, text: str) -> None:
        """Queue a message: markup rendered for this client, CRLF line ends, IAC doubled.

        ``text`` may hold several lines separated by ``\\n``; a line end is
        added after the last one.
        """
        if self.closed:
            return
        self._queue(encode_text(text, self.colour, self.charset) + b"\r\n")

    def send_prompt(self, text: str) -> None:
        """Queue a prompt (no line end), followed by IAC EOR or IAC GA as this client needs."""
        if self.closed:
            return
        mark = {PromptMark.EOR: bytes((IAC, EOR)), PromptMark.GA: bytes((IAC, GA)),
                PromptMark.NONE: b""}[self.prompt_mark]
        self._queue(encode_text(text, self.colour, self.charset) + mark)

    def send_gmcp(self, package: str, data: object = None) -> bool:
        """Queue a GMCP message if GMCP is on; return whether it was queued.

        Raises:
            LocalProtocolError: ``package`` is not in ``gmcp_supports`` or
                ``data`` cannot be written as JSON.
        """
        if package.split(".")[0].lower() not in self._gmcp_supports:
            raise LocalProtocolError(f"GMCP package {package!r} is not one we support")
        try:
            payload = gmcp_payload(package, data)
        except ValueError as exc:
            raise LocalProtocolError(str(exc)) from exc
        if self.closed or not self.gmcp:
            return False
        self.send_sb(Option.GMCP, payload)
        return True

    def send_keepalive(self) -> None:
        """Queue an IAC NOP (keeps NAT routers from dropping an idle connection)."""
        if not self.closed:
            self._queue(bytes((IAC, NOP)))

    def hide_input(self, hidden: bool) -> None:
        """Ask the client to stop (``True``) or resume (``False``) echoing typed input.

        We offer WILL ECHO (we echo, so the client shows nothing) around
        password entry, and WONT ECHO afterwards (RFC 857).
        """
        if self.closed or hidden == self._hide_input:
            return
        self._hide_input = hidden
        self._ask(True, Option.ECHO, hidden, force=True)

    def close(self) -> None:
        """End the connection from our side: finish the MCCP2 stream; queue nothing after."""
        if self._closed:
            return
        self.stop_compression()
        self._closed = True

    def data_to_send(self) -> bytes:
        """Return and forget everything queued for the client (compressed when MCCP2 is on)."""
        if self._compressor is not None and self._to_compress:
            self._out = _joined(self._out, self._compressor.compress(self._to_compress)
                                + self._compressor.flush(zlib.Z_SYNC_FLUSH))
            self._to_compress = b""
        out, self._out = self._out, b""
        return bytes(out)

    # ------------------------------------------------ for the option policies

    def peek(self, option: int) -> object:
        """The option's state if the connection has made one, else a stand-in reporting nothing
        negotiated (reading never makes one: docs/performance.md, "Memory")."""
        return self._states.get(option, _NO_STATE)

    def state(self, option: int) -> object:
        """The option's per-connection state (its policy's ``new_state()``)."""
        found = self._states.get(option)
        if found is None:
            make = self._policies[option].new_state
            if make is None:
                raise KeyError(f"telnet option {option} keeps no state")
            states = self._states if isinstance(self._states, dict) else {}  # the shared EMPTY until now
            found = states[option] = make()
            self._states = states
        return found

    def emit(self, event: Event) -> None:
        """Hand an event to the adapter."""
        if self._events is None:
            self._events = [event]
        else:
            self._events.append(event)

    def violation(self, reason: str) -> None:
        """The client sent something that makes no sense: counted, reported, ignored."""
        self.violations += 1
        self.emit(ProtocolViolation(reason))

    def send_sb(self, option: int, payload: bytes) -> None:
        """Queue ``IAC SB option payload IAC SE`` (IAC in the payload doubled)."""
        self._queue(bytes((IAC, SB, option)) + payload.replace(b"\xff", b"\xff\xff")
                    + bytes((IAC, SE)))

    def ask(self, ours: bool, option: int, enable: bool) -> None:
        """Ask for an option on (or off), on our side (WILL) or the client's (DO)."""
        self._ask(ours, option, enable)

    def start_compression(self) -> None:
        """MCCP2: everything queued from now on is compressed."""
        if self._compressor is None and not self._closed:
            self._queue(bytes((IAC, SB, Option.MCCP2, IAC, SE)))
            self._compressor = zlib.compressobj(MCCP_LEVEL)

    def stop_compression(self) -> None:
        """MCCP2 off: the compressed stream is finished."""
        if self._compressor is None:
            return
        self._out = _joined(self._out, self._compressor.compress(self._to_compress)
                            + self._compressor.flush(zlib.Z_FINISH))
        self._to_compress = b""
        self._compressor = None

    # ------------------------------------------------------------- internals

    def _ttype(self):  # options.ttype.TTypeState
        return self.peek(Option.TTYPE)

    def _gmcp(self):  # options.gmcp.GMCPState
        return self.peek(Option.GMCP)

    def _agreed_charset(self) -> str | None:
        state: CharsetState = self.peek(Option.CHARSET)  # type: ignore[assignment]  # the CHARSET policy's
        return state.agreed

    def _negotiated_anything(self) -> bool:
        return any(s.enabled for s in self._us.values()) or any(
            s.enabled for s in self._him.values())

    def _queue(self, data: bytes) -> None:
        if self._compressor is not None:
            self._to_compress = _joined(self._to_compress, data)
        else:
            self._out = _joined(self._out, data)

    # Negotiation ------------------------------------------------------------

    def _side(self, ours: bool, option: int) -> qmethod.Side:
        """A working copy of one side (the table keeps shared ones: :meth:`_settle` stores it)."""
        kept = (self._us if ours else self._him).get(option)
        return qmethod.Side() if kept is None else qmethod.Side(kept.state, kept.queue)

    def _settle(self, ours: bool, option: int, side: qmethod.Side) -> None:
        """Keep a side's new state: the table becomes the shared one with that content
        (:func:`_table_with`)."""
        if ours:
            self._us = _table_with(self._us, option, side)
        else:
            self._him = _table_with(self._him, option, side)

    def _send_verb(self, ours: bool, positive: bool, option: int) -> None:
        verb = (WILL if positive else WONT) if ours else (DO if positive else DONT)
        self._queue(bytes((IAC, verb, option)))

    def _ask(self, ours: bool, option: int, enable: bool, *, force: bool = False) -> None:
        side = self._side(ours, option)
        if force and side.pending:
            # Some clients never answer ECHO (MUSHclient; TinTin++ ignores
            # WONT ECHO), so strict RFC 1143 would leave the second toggle
            # queued forever.  Sending it anyway cannot loop: a late answer
            # to the first request meets WANTNO/WANTYES and is dropped.
            side.state = qmethod.Q.WANTYES if enable else qmethod.Q.WANTNO
            side.queue = qmethod.Queue.EMPTY
            self._send_verb(ours, enable, option)
            self._settle(ours, option, side)
            return
        step = qmethod.ask(side, enable)
        if step.send is not None:
            self._send_verb(ours, step.send, option)
        self._settle(ours, option, side)

    def _on_verb(self, verb: int, option: int) -> None:
        ours = verb in (DO, DONT)
        positive = verb in (DO, WILL)
        policy = self._policies.get(option)
        accept = policy is not None and (policy.accept_us if ours else policy.accept_him)(self)
        side = self._side(ours, option)
        if positive and not accept and side.state is qmethod.Q.NO and self._refused_too_often(
                ours, option):
            self._settle(ours, option, side)
            return
        step = qmethod.receive(side, positive, accept)
        if step.send is not None:
            self._send_verb(ours, step.send, option)
        self._settle(ours, option, side)
        outcome = step.outcome
        if outcome is qmethod.Outcome.ENABLED and policy is not None:
            policy.on_enable(self, ours, step.send is None)
        elif outcome is qmethod.Outcome.DISABLED and policy is not None:
            policy.on_disable(self, ours)
        elif outcome is qmethod.Outcome.REFUSED:
            self.emit(OptionRefused(option))
            if policy is not None:
                policy.on_refuse(self, ours)
        elif outcome is qmethod.Outcome.VIOLATION and not (policy is not None and policy.late_answers):
            name = {WILL: "WILL", WONT: "WONT", DO: "DO", DONT: "DONT"}[verb]
            self.violation(f"{name} {option} answered a request we never made")

    def _refused_too_often(self, ours: bool, option: int) -> bool:
        if self._refusals is None:
            self._refusals = {}
        count = self._refusals.get((ours, option), 0) + 1
        self._refusals[(ours, option)] = count
        if count == MAX_REFUSALS + 1:
            self.violation(f"option {option} asked for again after {MAX_REFUSALS} refusals")
        return count > MAX_REFUSALS

    # Parser -----------------------------------------------------------------

    def _parse(self, data: bytes) -> None:
        i, n = 0, len(data)
        while i < n:
            state = self._parser
            if state is _P.DATA:
                run = _DATA_RUN.match(data, i)
                assert run is not None  # it matches an empty run too
                end = run.end()
                if end > i:
                    self._add_line_bytes(data[i:end].replace(b"\xff\xff", b"\xff"))
                if end == n:
                    return
                byte, i = data[end], end + 1
                if byte == IAC:
                    self._parser = _P.IAC
                elif byte == CR:
                    self._end_line()
                    self._parser = _P.CR
                else:
                    self._end_line()
                continue
            if state is _P.SB:
                j = data.find(b"\xff", i)
                end = n if j < 0 else j
                self._add_sb_bytes(data[i:end])
                if j >= 0:
                    self._parser = _P.SB_IAC
                i = end + 1 if j >= 0 else n
                continue
            byte = data[i]
            i += 1
            if state is _P.CR:
                self._parser = _P.DATA
                if byte not in (LF, NUL):
                    i -= 1  # CR alone ended the line; this byte is data
            elif state is _P.IAC:
                self._parser = _P.DATA
                self._on_command(byte)
            elif state is _P.VERB:
                self._parser = _P.DATA
                self._on_verb(self._verb, byte)
            elif state is _P.SB_OPT:
                self._sb_option, self._sb_overflow = byte, False
                self._sb = b""
                self._parser = _P.SB
            elif state is _P.SB_IAC:
                self._on_sb_iac(byte)

    def _on_command(self, byte: int) -> None:
        if byte in (WILL, WONT, DO, DONT):
            self._verb, self._parser = byte, _P.VERB
        elif byte == SB:
            self._parser = _P.SB_OPT
        elif byte == IAC:
            self._add_line_bytes(b"\xff")
        elif byte == EC:
            self._erase_char()
        elif byte == EL:
            self._line = b""
        elif byte == AYT:
            self._queue(b"\r\n[Yes]\r\n")
        elif byte == SE:
            self.violation("IAC SE without IAC SB")
        elif byte < SE and byte != EOR:
            self.violation(f"unknown telnet command {byte}")
        # NOP, DM, BRK, IP, AO, GA, EOR: nothing to do for a line-mode server

    def _on_sb_iac(self, byte: int) -> None:
        if byte == SE:
            self._parser = _P.DATA
            if self._sb_overflow:
                self.violation(f"subnegotiation of option {self._sb_option} "
                                f"longer than {MAX_SUBNEG_BYTES} bytes")
            else:
                self._on_subnegotiation(self._sb_option, bytes(self._sb))
            self._sb = b""
        elif byte == IAC:
            self._parser = _P.SB
            self._add_sb_bytes(b"\xff")
        else:
            # RFC 854 allows nothing but IAC IAC and IAC SE here: the client
            # forgot to end the subnegotiation.  Drop it, obey the command.
            self.violation(f"unterminated subnegotiation of option {self._sb_option}")
            self._sb = b""
            self._parser = _P.DATA
            self._on_command(byte)

    def _add_sb_bytes(self, chunk: bytes) -> None:
        if self._sb_overflow:
            return
        if len(self._sb) + len(chunk) > MAX_SUBNEG_BYTES:
            self._sb_overflow = True
            self._sb = b""
            return
        self._sb = _joined(self._sb, chunk)

    # Lines ------------------------------------------------------------------

    def _add_line_bytes(self, chunk: bytes) -> None:
        if self._discarding_line:
            return
        if len(self._line) + len(chunk) > self.max_line_bytes:
            self._discarding_line = True
            self._line = b""
            self.emit(LineTooLong(self.max_line_bytes))
            return
        self._line = _joined(self._line, chunk)

    def _erase_char(self) -> None:
        if not self._line:
            return
        line = self._line = bytearray(self._line)
        while line and 0x80 <= line[-1] < 0xC0:
            line.pop()  # UTF-8 continuation bytes of the same character
        if line:
            line.pop()

    def _end_line(self) -> None:
        raw = bytes(self._line)
        self._line = b""
        if self._discarding_line:
            self._discarding_line = False
            return
        agreed = self._charset_override is not None or self._agreed_charset() is not None
        self.emit(LineReceived(clean_line(decode_line(raw, self.charset, agreed=agreed))))

    # Subnegotiations --------------------------------------------------------

    def _on_subnegotiation(self, option: int, payload: bytes) -> None:
        policy = self._policies.get(option)
        if policy is None or policy.on_subneg is None:
            self.violation(f"unexpected subnegotiation of option {option}")
        else:
            policy.on_subneg(self, payload)


class _NoState:
    """What an option left out of the table reports: nothing negotiated."""

    name = terminal_type = client = version = ""
    mtts = agreed = None
    requested = False
    packages: frozenset[str] = frozenset()


_NO_STATE = _NoState()

class _Empty(Mapping):
    """An empty table, read-only, one for every connection that has nothing to keep (the
    first entry makes a dict of its own), and still the one after a reload (pickled by name)."""

    def __getitem__(self, key: object) -> object:
        raise KeyError(key)

    def __iter__(self):
        return iter(())

    def __len__(self) -> int:
        return 0

    def __contains__(self, key: object) -> bool:
        return False

    def get(self, key: object, default: object = None) -> object:
        return default

    def __reduce__(self) -> str:
        return "EMPTY"


EMPTY = _Empty()


#: the option tables in use, one per content, shared by every connection with that content
#: and never changed (a change makes another): most connections of one kind of client
#: negotiate alike, so they hold no table of their own (docs/performance.md, "Memory")
_TABLES: dict[frozenset, dict[int, qmethod.Side]] = {}
#: distinct tables kept before starting again: a client toggling options at will cannot grow
#: it without bound (the connections keep the tables they hold)
TABLES_KEPT = 1024


def _table_with(table: Mapping[int, qmethod.Side], option: int, side: qmethod.Side) -> Mapping[int, qmethod.Side]:
    """``table`` with ``option``'s side now ``side``: a side back at rest (off, nothing queued)
    is left out, so a refused offer keeps no state, and a table left empty is :data:`EMPTY`."""
    changed = dict(table)
    if side.state is qmethod.Q.NO and side.queue is qmethod.Queue.EMPTY:
        changed.pop(option, None)
    else:
        changed[option] = qmethod.shared(side)
    if not changed:
        return EMPTY
    key = frozenset((code, kept.state, kept.queue) for code, kept in changed.items())
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= TABLES_KEPT:
            _TABLES.clear()
        found = _TABLES[key] = changed
    return found


def _joined(held: bytes | bytearray, more: bytes) -> bytes | bytearray:
    """``held`` followed by ``more``: a first piece is kept as it is (a line read whole, a
    rendering shared with other connections: no copy), later ones gathered in one bytearray."""
    if not held:
        return bytes(more)
    if type(held) is bytes:
        held = bytearray(held)
    held += more
    return held

#: the default option policies by code, one read-only table for every connection (not a dict each)
_DEFAULT_POLICIES: Mapping[int, OptionPolicy] = MappingProxyType({p.code: p for p in OPTIONS})
