"""API catalogues: the adb commands an agent may call beside UI actions (Mobile-Bench's hybrid action space).

An API is a shell command template with ``{name}`` placeholders (:class:`Api`). An ``api_call`` action names an
API of the catalogue in use and gives its arguments; :func:`call_api` renders the template with every argument
shell-quoted and runs it through :meth:`~pytest_mobileagent.device.base.Device.shell`. Anything else (an unknown
name, a missing or extra argument, a host-side ``adb`` command) is an
:class:`~pytest_mobileagent.actions.InvalidAction`: the step is used and nothing runs.

The catalogue in use (:func:`api_catalog`) is :data:`SIM_APIS` plus Mobile-Bench's ``api_list.json`` when the
datasets folder has it. On a device with the ``sim_shell`` capability (the simulator), an API whose command the
simulated shell cannot run (:func:`simulator_refusal`) is refused as "not on the simulator"; on a phone it runs.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pytest_mobileagent.datasets import dataset_file
from pytest_mobileagent.text import is_encodable

if TYPE_CHECKING:
    from pytest_mobileagent.device.base import Device

#: Where Mobile-Bench's API list lives in the datasets folder.
MOBILEBENCH_API_LIST = "mobilebench/api_list.json"
#: An API list in Mobile-Bench's format to use instead of the datasets folder's (``--ma-api-list`` sets it).
API_LIST_ENV = "MA_API_LIST"
#: What a command's output says when Android's shell tools failed to do it (``am`` prints errors but exits 0).
FAILED = re.compile(r"^(Error|Exception)\b|Unknown command|No activity found|inaccessible or not found", re.MULTILINE)
#: Sample arguments by parameter name, for trying an API on the simulator (:func:`simulator_refusal`); others get "1".
EXAMPLE_ARGS = {"number": "5551234", "phone": "5551234", "text": "hi", "name": "Ada", "url": "https://example.com",
                "enable_or_disable": "enable", "x": "7", "y": "30"}


class InvalidApiCall(ValueError):
    """An API call outside the catalogue or its arguments; :mod:`pytest_mobileagent.actions` turns it into an
    ``InvalidAction`` (this module sits beside it and cannot import it)."""


@dataclass(frozen=True)
class Api:
    """One API of a catalogue: a shell command with ``{name}`` placeholders, and what it does."""

    name: str
    command: str
    description: str

    @property
    def parameters(self) -> list[str]:
        return list(dict.fromkeys(re.findall(r"\{(\w+)\}", self.command)))

    @property
    def on_host(self) -> bool:
        """Whether the command is a host-side ``adb`` command (``adb push``, ``adb logcat | ...``), not a device
        shell command: no device can run it through its shell."""
        return self.command.split(maxsplit=1)[:1] == ["adb"]

    def signature(self) -> str:
        return f"{self.name}({', '.join(self.parameters)}): {self.description}"

    def render(self, values: Mapping[str, Any]) -> str:
        """The command with every value shell-quoted (model output is untrusted)."""
        missing = [p for p in self.parameters if p not in values]
        if missing:
            raise InvalidApiCall(f"{self.name} needs {', '.join(missing)}")
        extra = sorted(set(values) - set(self.parameters))
        if extra:
            raise InvalidApiCall(f"{self.name} takes {', '.join(self.parameters) or 'no arguments'}, not "
                                 f"{', '.join(extra)}")
        return re.sub(r"\{(\w+)\}", lambda m: shlex.quote(str(values[m.group(1)])), self.command)


@dataclass(frozen=True)
class ApiCall:
    """An API call that ran: the shell command as run and what it printed."""

    command: str
    output: str

    def history_entry(self) -> str:
        """The call as Mobile-Bench's history records it (``"<adb cmd>. [Call result]:..."``), which CheckPoints'
        ``api`` field matches."""
        return f"adb shell {self.command}. [Call result]:{self.output.strip()}"


SIM_APIS: dict[str, Api] = {api.name: api for api in (
    Api("dial", "am start -a android.intent.action.DIAL -d tel:{number}", "open the dialer with a number typed in"),
    Api("call", "am start -a android.intent.action.CALL -d tel:{number}", "place a phone call"),
    Api("compose_sms", "am start -a android.intent.action.SENDTO -d sms:{number} --es sms_body {text}",
        "open a new SMS to a number with the text filled in (press send afterwards)"),
    Api("insert_contact", "am start -a android.intent.action.INSERT -t vnd.android.cursor.dir/contact "
        "-e name {name} -e phone {phone}", "open the new-contact form with a name and phone filled in"),
    Api("open_url", "am start -a android.intent.action.VIEW -d {url}", "open a web address in the browser"),
    Api("set_alarm", "am start -a android.intent.action.SET_ALARM --ei android.intent.extra.alarm.HOUR {hour} "
        "--ei android.intent.extra.alarm.MINUTES {minutes}",
        "set an alarm in the Clock app (hour 0-23, minutes 0-59; an alarm at that time is turned on instead)"),
    Api("wifi", "svc wifi {enable_or_disable}", "turn Wi-Fi on ('enable') or off ('disable')"),
    Api("bluetooth", "svc bluetooth {enable_or_disable}", "turn Bluetooth on ('enable') or off ('disable')"),
    Api("back", "input keyevent KEYCODE_BACK", "go back"),
    Api("home", "input keyevent KEYCODE_HOME", "go to the home screen"),
)}


def load_mobilebench_apis(path: Path | str) -> dict[str, Api]:
    """Mobile-Bench's ``api_list.json`` (APIs grouped by app, ``<x>`` placeholders) as a catalogue, named
    ``api_0``, ``api_1``... in the file's order."""
    catalog: dict[str, Api] = {}
    for app, entries in json.loads(Path(path).read_text(encoding="utf-8")).items():
        for entry in entries:
            command = entry.get("ADB Command", "").strip().removeprefix("adb shell ").strip()
            command = re.sub(r"\"?<\s*([A-Za-z_][\w ]*?)\s*>\"?", lambda m: "{" + m.group(1).replace(" ", "_") + "}",
                             command)
            if command:
                name = f"api_{len(catalog)}"
                catalog[name] = Api(name, command, f"{app}: {entry.get('Function Description', '').strip()}"
                                                   f" ({entry.get('Parameter Information', '').strip()})"[:300])
    return catalog


@functools.lru_cache(maxsize=8)
def _catalog(path: str | None) -> dict[str, Api]:
    return {**SIM_APIS, **(load_mobilebench_apis(path) if path else {})}


def api_catalog(path: Path | str | None = None) -> dict[str, Api]:
    """The catalogue in use: :data:`SIM_APIS` plus the Mobile-Bench API list at ``path``, else at ``$MA_API_LIST``
    (``--ma-api-list``), else in the datasets folder (``mobilebench/api_list.json``) when it has one."""
    chosen = path if path is not None else os.environ.get(API_LIST_ENV) or None
    found = Path(chosen) if chosen is not None else dataset_file(MOBILEBENCH_API_LIST)
    return dict(_catalog(str(found.resolve()) if found is not None else None))


@functools.lru_cache(maxsize=1024)
def simulator_refusal(api: Api) -> str | None:
    """Why the simulator cannot run ``api`` (None if it can): its command, with sample arguments, run on a fresh
    scratch device (a backend's with the ``scratch`` capability: the simulator's), fails there."""
    if api.on_host:
        return "a host-side adb command, not a device shell command"
    from pytest_mobileagent.device.backend import installed_backends

    command = api.render({p: EXAMPLE_ARGS.get(p, "1") for p in api.parameters})
    device = installed_backends().scratch_device("api-trial")
    if device is None:
        return "no device backend has scratch devices to try it on"
    try:
        output, status = shell_exit(device, command)
    finally:
        device.close()
    if status != 0 or FAILED.search(output):
        said = output.strip().splitlines()[-1][:200] if output.strip() else f"exit status {status}"
        return f"the simulated shell cannot run it ({said})"
    return None


def shell_exit(device: Device, command: str) -> tuple[str, int]:
    """``command``'s output on ``device`` and its exit status, through the protocol's ``shell`` (the status is
    echoed after a marker line the command's own output cannot end with)."""
    marker = "ma-api-exit-status:"
    output = device.shell(f"{command}\necho; echo {marker}$?")
    body, found, status = output.rpartition(f"\n{marker}")
    if not found or not status.strip().isdigit():
        return output, 1
    return body.removesuffix("\n"), int(status)


def call_api(device: Device, name: str, args: Mapping[str, str], catalog: Mapping[str, Api]) -> ApiCall:
    """Run the API ``name`` of ``catalog`` with ``args`` on ``device``; raise :class:`InvalidApiCall` for a call
    outside the catalogue, one the simulator cannot run, or one whose command failed."""
    api = catalog.get(name)
    if api is None:
        raise InvalidApiCall(f"no API named {name!r} in the catalogue")
    command = api.render(args)
    if not is_encodable(command):
        raise InvalidApiCall(f"{name}'s arguments hold a lone surrogate, which no command line carries")
    if api.on_host:
        raise InvalidApiCall(f"{name} is a host-side adb command ({api.command[:80]}), not an action on the device")
    if "sim_shell" in device.capabilities:
        refusal = simulator_refusal(api)
        if refusal is not None:
            raise InvalidApiCall(f"{name} is not on the simulator: {refusal}")
    output = device.shell(command)
    if FAILED.search(output):
        raise InvalidApiCall(f"the API call failed: {output.strip()[:300]}")
    return ApiCall(command, output)


def support_table(catalog: Mapping[str, Api]) -> str:
    """A Markdown table of ``catalog``: each API's command and whether the simulator runs it."""
    rows = ["| API | command | on the simulator |", "| --- | --- | --- |"]
    for api in catalog.values():
        refusal = simulator_refusal(api)
        command = api.command.replace("|", "\\|")
        rows.append(f"| `{api.name}` | `{command}` | {'yes' if refusal is None else 'no: ' + refusal} |")
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> None:
    """``python -m pytest_mobileagent.apis [api_list.json]``: print the support table of the catalogue in use."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    sys.stdout.write(support_table(api_catalog(args[0] if args else None)))


__all__ = ["EXAMPLE_ARGS", "FAILED", "MOBILEBENCH_API_LIST", "SIM_APIS", "Api", "ApiCall", "InvalidApiCall",
           "api_catalog", "call_api", "load_mobilebench_apis", "simulator_refusal", "support_table"]


if __name__ == "__main__":
    main()
