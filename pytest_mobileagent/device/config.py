"""A device's configuration as B-MoCA varies it: model, screen size, density, locale, dark mode.

Read once per device through the ``Device`` protocol (``getprop``, ``wm density`` and ``settings``), recorded
on every episode, and used to break success down by configuration.
"""

from __future__ import annotations

import re

from pytest_mobileagent.device.base import Device


def read_config(device: Device) -> dict[str, str]:
    """The configuration attributes of ``device``; empty strings where the device does not say."""
    width, height = device.window_size()

    def prop(name: str) -> str:
        return device.shell(f"getprop {name}").strip()

    # ro.sf.lcd_density is fixed at boot, so it misses a profile's density
    density = shown_density(device.shell("wm density"))
    night = device.settings_get("secure", "ui_night_mode")
    return {"model": prop("ro.product.model"), "size": f"{width}x{height}",
            "density": str(density) if density else prop("ro.sf.lcd_density"),
            "locale": prop("persist.sys.locale"), "dark_mode": "on" if night == "2" else "off"}


def shown_density(wm_density: str) -> int | None:
    """The density in use from what ``wm density`` printed (WindowManagerShellCommand: an override beside the
    physical density), or None if it printed neither."""
    found = re.search(r"Override density: (\d+)", wm_density) or re.search(r"Physical density: (\d+)", wm_density)
    return int(found.group(1)) if found else None


def config_label(config: dict[str, str]) -> str:
    """One line naming a configuration: ``Pixel 6 1080x2400 420dpi en-US light``, and for a B-MoCA environment
    (``--ma-configs``) its id first and its wallpaper last: ``108 Pixel 6 1080x2400 700dpi ur-PK dark 05_doughnut``."""
    if not config:
        return "-"
    label = (f"{config.get('model') or '?'} {config.get('size', '?')} {config.get('density') or '?'}dpi "
             f"{config.get('locale') or '?'} {'dark' if config.get('dark_mode') == 'on' else 'light'}")
    return f"{config['config']} {label} {config.get('wallpaper', '')}".rstrip() if config.get("config") else label


__all__ = ["config_label", "read_config", "shown_density"]
