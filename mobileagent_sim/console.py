"""The emulator console (``telnet localhost 5554``, ``adb emu``) of a simulated phone: the line protocol the
emulator speaks, for the commands the plugin and AndroidWorld send (``auth``, ``avd snapshot``, ``sms send``).
The adb server serves it on a port; :meth:`SimDevice.console` answers in process."""

from __future__ import annotations

import re
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

from mobileagent_sim.kernel import power_console

if TYPE_CHECKING:
    from mobileagent_sim.device import SimDevice

#: Longest command line the console takes, its newline included (bytes): ample for any ``sms send`` text
#: (an emulator's own line buffer is far shorter); a longer one is refused and the connection closed.
LINE_MAX = 64 * 1024


class ConsoleSession:
    """One emulator console session: ``auth``, ``avd snapshot save|load|list``, ``avd name`` and ``sms send``.

    With a ``token`` the session wants ``auth <token>`` first, as an emulator whose
    ``~/.emulator_console_auth_token`` holds one; with None it needs none, as an emulator whose token file is
    empty (the banner then only says to type ``help``; ``auth`` is still answered ``OK``)."""

    BANNER = ("Android Console: Authentication required\r\n"
              "Android Console: type 'auth <auth_token>' to authenticate\r\n"
              "Android Console: you can find your <auth_token> in \r\n"
              "'~/.emulator_console_auth_token'\r\nOK\r\n")
    OPEN_BANNER = "Android Console: type 'help' for a list of commands\r\nOK\r\n"
    _NAME = re.compile(r"^[A-Za-z0-9._-]{1,128}$")

    def __init__(self, device: SimDevice, token: str | None, authed: bool = False,
                 before: Callable[[], None] = lambda: None):
        self.device = device
        self.token = token
        self.authed = authed or token is None
        #: Called before each command (a served phone's clock catches up with real time).
        self.before = before

    def serve(self, conn: socket.socket) -> None:
        """Answer command lines until ``quit``/``exit`` or the client closes; a line over :data:`LINE_MAX` bytes
        is refused with a ``KO:`` and the connection closed (never held whole: the reader stops at the cap)."""
        conn.sendall((self.BANNER if self.token is not None else self.OPEN_BANNER).encode())
        with conn.makefile("rb") as lines:
            while raw := lines.readline(LINE_MAX + 1):
                if len(raw) > LINE_MAX:
                    conn.sendall(f"KO: command line too long (more than {LINE_MAX} bytes)\r\n".encode())
                    return
                line = raw.decode("utf-8", errors="replace").strip()
                if line in ("quit", "exit"):
                    return
                self.before()
                conn.sendall(self.answer(line).encode())

    def answer(self, line: str) -> str:
        """The console's reply to one command line, ``OK``/``KO:`` terminated."""
        words = line.split()
        if not words:
            return "KO: unknown command, try 'help'\r\n"
        if words[0] == "auth":
            given = line[len("auth"):].strip()
            if self.token is not None and given != self.token:
                return "KO: authentication token does not match ~/.emulator_console_auth_token\r\n"
            self.authed = True
            return "Android Console: type 'help' for a list of commands\r\nOK\r\n"
        if words[0] == "help":
            return ("Android console commands:\r\n    avd    control virtual device execution\r\n"
                    "    power  power related commands\r\n    sms    SMS related commands\r\nOK\r\n")
        if not self.authed:
            return "KO: unknown command, try 'help'\r\n"
        if words[:2] == ["avd", "snapshot"] and len(words) >= 3:
            return self._snapshot(words[2], words[3] if len(words) > 3 else "")
        if words[:2] == ["avd", "name"]:
            return f"{self.device.serial}\r\nOK\r\n"
        if words[:2] == ["sms", "send"]:
            return self._sms(line)
        if words[0] == "power":
            return power_console(self.device.system, words[1:])
        return "KO: unknown command, try 'help'\r\n"

    def _sms(self, line: str) -> str:
        """``sms send <number> <text>``: the modem receives a text (the rest of the line)."""
        m = re.fullmatch(r"sms\s+send\s+(\S+)\s+(.+)", line)
        if m is None:
            return "KO: missing argument, try 'sms send <phonenumber> <text message>'\r\n"
        if not re.fullmatch(r"\+?[0-9]+", m.group(1)):
            return f"KO: bad phone number '{m.group(1)}'\r\n"
        self.device.receive_sms(m.group(1), m.group(2))
        return "OK\r\n"

    def _snapshot(self, verb: str, name: str) -> str:
        if verb == "list":
            names = self.device.snapshots()
            return "".join(f"{n}\r\n" for n in names) + "OK\r\n"
        if verb not in ("save", "load"):
            return f"KO: unsupported snapshot command '{verb}'\r\n"
        if not self._NAME.match(name):
            return "KO: bad snapshot name\r\n"
        try:
            if verb == "save":
                self.device.snapshot_save(name)
            else:
                self.device.snapshot_load(name)
        except KeyError:
            return f"KO: snapshot '{name}' does not exist\r\n"
        return "OK\r\n"


__all__ = ["LINE_MAX", "ConsoleSession"]
