"""A client for the Android emulator console (what ``adb emu`` talks to).

The console is a telnet-style line protocol on ``localhost:<console port>``
(the ``5554`` of ``emulator-5554``). It greets with a banner ending in ``OK``;
if the banner asks for authentication, the client sends ``auth <token>`` with
the token from ``~/.emulator_console_auth_token``. Every command answers with
lines ending in ``OK`` or ``KO: <reason>``.
"""

from __future__ import annotations

import contextlib
import re
import socket
from collections.abc import Iterable, Iterator
from pathlib import Path

from pytest_mobileagent.device.base import DeviceError

TOKEN_PATH = Path("~/.emulator_console_auth_token")


class ConsoleError(DeviceError):
    """The console refused a command (``KO: ...``) or could not be reached."""


def console_port_of(serial: str) -> int | None:
    """The console port encoded in an emulator serial (``emulator-5554`` → 5554), else None."""
    m = re.fullmatch(r"emulator-(\d+)", serial)
    return int(m.group(1)) if m else None


def reply_lines(lines: Iterable[str]) -> list[str]:
    """The lines of a console reply before its ``OK``; :class:`ConsoleError` on ``KO`` or a reply cut short."""
    found: list[str] = []
    for line in lines:
        if line == "OK":
            return found
        if line.startswith("KO"):
            raise ConsoleError(f"emulator console: {line}")
        found.append(line)
    raise ConsoleError("emulator console closed the connection")


class EmulatorConsole:
    """One authenticated console session; use as a context manager."""

    def __init__(self, port: int, host: str = "127.0.0.1", token: str | None = None, timeout: float = 120.0):
        try:
            self._sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as e:
            raise ConsoleError(f"emulator console {host}:{port} unreachable: {e}") from e
        self._lines = self._sock.makefile("rb")
        try:
            banner = self._reply()
            if any("Authentication required" in line for line in banner):
                self.command(f"auth {token if token is not None else self._read_token()}")
        except BaseException:
            self.close()
            raise

    @staticmethod
    def _read_token() -> str:
        path = TOKEN_PATH.expanduser()
        try:
            return path.read_text().strip()
        except OSError as e:
            raise ConsoleError(f"the emulator console wants a token and {path} is unreadable: {e}") from e

    def _reply(self) -> list[str]:
        return reply_lines(self._received())

    def _received(self) -> Iterator[str]:
        while True:
            try:
                raw = self._lines.readline()
            except OSError as e:
                raise ConsoleError(f"emulator console: {e}") from e
            if not raw:
                return
            yield raw.decode("utf-8", errors="replace").rstrip("\r\n")

    def command(self, line: str) -> list[str]:
        """Send one command line; return the lines before ``OK`` (raise :class:`ConsoleError` on ``KO``)."""
        if "\n" in line or "\r" in line:
            raise ValueError("a console command is a single line")
        try:
            self._sock.sendall(line.encode() + b"\r\n")
        except OSError as e:
            raise ConsoleError(f"emulator console: {e}") from e
        return self._reply()

    def close(self) -> None:
        with contextlib.suppress(OSError):  # already gone: nothing to say goodbye to
            self._sock.sendall(b"quit\r\n")
        self._lines.close()
        self._sock.close()

    def __enter__(self) -> EmulatorConsole:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
