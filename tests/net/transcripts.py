"""Opening handshakes of real MUD clients, reconstructed byte for byte.

Each transcript lists the packets a client sends after our opening offers
(``OPENING`` in helpers: DO TTYPE, DO NAWS, WILL CHARSET, WILL EOR,
WILL GMCP, WILL MSSP, WILL MCCP2), in the order it sends them, each packet
answering what the server had sent so far.  TinTin++ and telnet were
recorded from the real programs (Debian packages) talking to this core;
Mudlet, MUSHclient, BeipMU and Potato were reconstructed by reading their
telnet code.  The source is named on
each one; window sizes and version strings are typical values.
"""

from __future__ import annotations

import attrs

from champions_mush.net.telnet import PromptMark
from champions_mush.text.markup import ColourLevel

from .helpers import (
    CHARSET,
    DO,
    DONT,
    EOR_OPT,
    GMCP,
    MCCP2,
    MSSP,
    NAWS,
    TTYPE,
    WILL,
    WONT,
    cmd,
    gmcp,
    naws,
    sb,
    ttype_is,
)


@attrs.frozen
class Expected:
    """What the server must know once the handshake is over."""

    client_name: str
    terminal_type: str
    mtts: int | None
    width: int
    height: int
    colour: ColourLevel
    charset: str
    mccp: bool
    gmcp: bool
    prompt: PromptMark
    refused: tuple[int, ...] = ()
    gmcp_packages: frozenset[str] = frozenset()


@attrs.frozen(kw_only=True)
class Transcript:
    """A client's opening packets, the command it then sends (``look`` and a telnet CR LF unless
    it says otherwise) and what the server must know by then."""

    name: str
    source: str
    packets: tuple[bytes, ...]
    command: bytes = b"look\r\n"
    expected: Expected


MUDLET = Transcript(
    name="Mudlet 4.17",
    source="Mudlet/Mudlet src/ctelnet.cpp: processTelnetCommand (WILL EOR -> DO EOR, WILL "
           "CHARSET -> DO CHARSET, DO NAWS -> WILL NAWS + size), TTYPE cycle mCycleCountMTTS "
           "(getNewEnvironClientName 'MUDLET', getNewEnvironTerminalType 'ANSI-TRUECOLOR', "
           "getNewEnvironMTTS: ANSI|256|OSC palette|truecolour|SSL, +UTF-8 once UTF-8 is the "
           "encoding = 2349); GMCP Core.Hello/Supports sent on DO GMCP",
    packets=(
        cmd(WILL, TTYPE) + cmd(WILL, NAWS) + naws(100, 40) + cmd(DO, CHARSET) + cmd(DO, EOR_OPT)
        + cmd(DO, GMCP)
        + gmcp('Core.Hello {"client":"Mudlet","version":"4.17.2"}')
        + gmcp('Core.Supports.Set ["Char 1","Char.Skills 1","Char.Items 1","Room 1",'
               '"IRE.Rift 1","IRE.Composer 1"]')
        + cmd(DO, MSSP) + cmd(DO, MCCP2),
        ttype_is("MUDLET") + sb(CHARSET, b"\x02UTF-8"),
        ttype_is("ANSI-TRUECOLOR"),
        ttype_is("MTTS 2349"),
    ),
    expected=Expected(
        client_name="MUDLET", terminal_type="ANSI-TRUECOLOR", mtts=2349, width=100, height=40,
        colour=ColourLevel.TRUECOLOUR, charset="UTF-8", mccp=True, gmcp=True,
        prompt=PromptMark.EOR,
        gmcp_packages=frozenset({"char", "char.skills", "char.items", "room", "ire.rift",
                                 "ire.composer"})),
)

MUSHCLIENT = Transcript(
    name="MUSHclient 5",
    source="nickgammon/mushclient telnet_phases.cpp: Phase_WILL answers DONT to CHARSET, GMCP, "
           "MSSP (no plugin) and to EOR unless 'convert GA to newline' is set, DO to COMPRESS2; "
           "Phase_DO answers WILL to TTYPE, CHARSET, NAWS (+ size); Handle_TELOPT_TERMINAL_TYPE "
           "always sends m_strTerminalIdentification; Handle_TELOPT_CHARSET accepts 'UTF-8'",
    packets=(
        cmd(WILL, TTYPE) + cmd(WILL, NAWS) + naws(80, 30) + cmd(DONT, CHARSET)
        + cmd(DONT, EOR_OPT) + cmd(DONT, GMCP) + cmd(DONT, MSSP) + cmd(DO, MCCP2),
        cmd(WILL, CHARSET) + ttype_is("mushclient"),
        sb(CHARSET, b"\x02UTF-8") + ttype_is("mushclient"),
    ),
    expected=Expected(
        client_name="mushclient", terminal_type="mushclient", mtts=None, width=80, height=30,
        colour=ColourLevel.XTERM256, charset="UTF-8", mccp=True, gmcp=False,
        prompt=PromptMark.GA, refused=(CHARSET, EOR_OPT, GMCP, MSSP)),
)

TINTIN = Transcript(
    name="TinTin++ 2.02",
    source="RECORDED 2026-11-29: Debian tintin++ 2.02.20 (TERM=xterm-256color, UTF-8, "
           "118x40 tmux pane) against this core, one packet per TCP read.  It refuses GMCP, "
           "ignores WILL MSSP, accepts UTF-8 and sends MTTS 271 (ANSI, VT100, UTF-8, 256, "
           "truecolour).  (scandum/tintin src/telopt_client.c shows the same logic.)",
    packets=(
        cmd(WILL, TTYPE) + cmd(WILL, NAWS) + naws(118, 40) + cmd(DO, CHARSET) + cmd(DO, EOR_OPT)
        + cmd(DONT, GMCP) + cmd(DO, MCCP2),
        ttype_is("TINTIN++"),
        sb(CHARSET, b"\x02UTF-8"),
        ttype_is("xterm-256color"),
        ttype_is("MTTS 271"),
    ),
    expected=Expected(
        client_name="TINTIN++", terminal_type="xterm-256color", mtts=271, width=118, height=40,
        colour=ColourLevel.TRUECOLOUR, charset="UTF-8", mccp=True, gmcp=False,
        prompt=PromptMark.EOR, refused=(GMCP,)),
)

BEIPMU = Transcript(
    name="BeipMU",
    source="BeipDev/BeipMU src/Telnet.cpp: WILL CHARSET/EOR/GMCP -> DO (GMCP then Core.Hello "
           "and Core.Supports.Set), WILL MSSP and WILL MCCP2 unanswered, DO NAWS -> WILL NAWS + "
           "size, DO TTYPE -> WILL TTYPE, TTYPE SEND -> the same configured name each time, "
           "CHARSET REQUEST -> ACCEPTED UTF-8 (nothing at all when no name fits)",
    packets=(
        cmd(WILL, TTYPE) + cmd(WILL, NAWS) + naws(132, 50) + cmd(DO, CHARSET) + cmd(DO, EOR_OPT)
        + cmd(DO, GMCP) + gmcp('Core.Hello {"client":"Beip", "version":"383"}')
        + gmcp('Core.Supports.Set [ "WebView 1", "Beip.Stats 1", "Beip.Tilemap 1", '
               '"Beip.Id 1", "Client.Media 1" ]'),
        ttype_is("BeipMU") + sb(CHARSET, b"\x02UTF-8"),
        ttype_is("BeipMU"),
    ),
    expected=Expected(
        client_name="BeipMU", terminal_type="BeipMU", mtts=None, width=132, height=50,
        colour=ColourLevel.XTERM256, charset="UTF-8", mccp=False, gmcp=True,
        prompt=PromptMark.EOR,
        gmcp_packages=frozenset({"webview", "beip.stats", "beip.tilemap", "beip.id",
                                 "client.media"})),
)

POTATO = Transcript(
    name="Potato 2",
    source="potatomushclient/potato potato.vfs/lib/potato-telnet.tcl: process_sub_2 answers "
           "DO/WILL from its option table (TTYPE, NAWS, CHARSET, MSSP, SGA: yes; EOR, GMCP, "
           "MCCP2: no) and nothing to DONT/WONT; do_NAWS sends the wrap column and height 24; "
           "TTYPE SEND -> 'Potato' each time; CHARSET REQUEST -> ACCEPTED the first name Tcl "
           "knows; only IAC GA marks prompts",
    packets=(
        cmd(WILL, TTYPE) + cmd(WILL, NAWS) + naws(80, 24) + cmd(DO, CHARSET) + cmd(DONT, EOR_OPT)
        + cmd(DONT, GMCP) + cmd(DO, MSSP) + cmd(DONT, MCCP2),
        ttype_is("Potato") + sb(CHARSET, b"\x02UTF-8"),
        ttype_is("Potato"),
    ),
    expected=Expected(
        client_name="Potato", terminal_type="Potato", mtts=None, width=80, height=24,
        colour=ColourLevel.XTERM256, charset="UTF-8", mccp=False, gmcp=False,
        prompt=PromptMark.GA, refused=(EOR_OPT, GMCP, MCCP2)),
)

TELNET = Transcript(
    name="telnet (Debian inetutils)",
    source="RECORDED 2026-11-29: Debian inetutils-telnet 2.4 (TERM=xterm-256color, 100x30 "
           "tmux pane) against this core, one packet per TCP read: WILL TTYPE and WILL NAWS + "
           "size, DONT to everything else, the upper-cased $TERM twice, line mode with CR LF",
    packets=(
        cmd(WILL, TTYPE) + cmd(WILL, NAWS) + naws(100, 30) + cmd(DONT, CHARSET)
        + cmd(DONT, EOR_OPT) + cmd(DONT, GMCP) + cmd(DONT, MSSP) + cmd(DONT, MCCP2),
        ttype_is("XTERM-256COLOR") + cmd(WONT, CHARSET),
        ttype_is("XTERM-256COLOR"),
    ),
    expected=Expected(
        client_name="", terminal_type="XTERM-256COLOR", mtts=None, width=100, height=30,
        colour=ColourLevel.XTERM256, charset="US-ASCII", mccp=False, gmcp=False,
        prompt=PromptMark.GA, refused=(CHARSET, EOR_OPT, GMCP, MSSP, MCCP2, CHARSET)),
)

NETCAT = Transcript(
    name="raw socket (nc)",
    source="a client that negotiates nothing and ends lines with LF",
    packets=(),
    command=b"look\n",
    expected=Expected(
        client_name="", terminal_type="", mtts=None, width=78, height=24,
        colour=ColourLevel.NONE, charset="US-ASCII", mccp=False, gmcp=False,
        prompt=PromptMark.GA),
)

ALL = (MUDLET, MUSHCLIENT, TINTIN, BEIPMU, POTATO, TELNET, NETCAT)
