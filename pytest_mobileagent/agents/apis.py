"""API catalogs for agents that call adb commands as well as act on the UI (Mobile-Bench's hybrid space).

An API is a shell command template with ``{name}`` placeholders (:class:`~pytest_mobileagent.agents.parsing.Api`);
an agent's call is rendered with every argument shell-quoted and performed as an ``api_call`` action, which
:func:`~pytest_mobileagent.actions.execute` runs only for the command families in ``API_COMMANDS``.
:data:`SIM_APIS` covers intents the simulated apps (and their real counterparts) handle;
:func:`load_mobilebench_apis` reads Mobile-Bench's ``api_list.json``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pytest_mobileagent.agents.parsing import Api

SIM_APIS: dict[str, Api] = {api.name: api for api in (
    Api("dial", "am start -a android.intent.action.DIAL -d tel:{number}", "open the dialer with a number typed in"),
    Api("call", "am start -a android.intent.action.CALL -d tel:{number}", "place a phone call"),
    Api("compose_sms", "am start -a android.intent.action.SENDTO -d sms:{number} --es sms_body {text}",
        "open a new SMS to a number with the text filled in (press send afterwards)"),
    Api("insert_contact", "am start -a android.intent.action.INSERT -t vnd.android.cursor.dir/contact "
        "-e name {name} -e phone {phone}", "open the new-contact form with a name and phone filled in"),
    Api("open_url", "am start -a android.intent.action.VIEW -d {url}", "open a web address in the browser"),
    Api("wifi", "svc wifi {enable_or_disable}", "turn Wi-Fi on ('enable') or off ('disable')"),
    Api("bluetooth", "svc bluetooth {enable_or_disable}", "turn Bluetooth on ('enable') or off ('disable')"),
    Api("back", "input keyevent KEYCODE_BACK", "go back"),
    Api("home", "input keyevent KEYCODE_HOME", "go to the home screen"),
)}


def load_mobilebench_apis(path: Path | str) -> dict[str, Api]:
    """Mobile-Bench's ``api_list.json`` (APIs grouped by app, ``<x>`` placeholders) as a catalog."""
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


__all__ = ["SIM_APIS", "load_mobilebench_apis"]
